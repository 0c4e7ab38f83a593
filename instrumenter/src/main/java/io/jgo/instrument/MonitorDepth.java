package io.jgo.instrument;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Deque;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.InsnList;

/**
 * Forward analysis: how many monitors ({@code synchronized} blocks) may be held at each
 * instruction. A suspension point inside one cannot unwind (the monitor belongs to the carrier
 * thread), so the rewrite makes it pin instead and reports it.
 */
final class MonitorDepth {

    private final int[] depth;

    MonitorDepth(InsnList instructions, FlowGraph graph) {
        int n = instructions.size();
        depth = new int[n];
        Arrays.fill(depth, -1);
        if (n == 0) {
            return;
        }
        Deque<Integer> work = new ArrayDeque<>();
        depth[0] = 0;
        work.add(0);
        while (!work.isEmpty()) {
            int i = work.poll();
            int opcode = instructions.get(i).getOpcode();
            int after = depth[i] + (opcode == Opcodes.MONITORENTER ? 1 : opcode == Opcodes.MONITOREXIT ? -1 : 0);
            BitSet succ = graph.successorsOf(i);
            for (int s = succ.nextSetBit(0); s >= 0; s = succ.nextSetBit(s + 1)) {
                int d = Math.min(64, Math.max(0, after)); // capped: guarantees termination on odd code
                if (d > depth[s]) {
                    depth[s] = d;
                    work.add(s);
                }
            }
        }
    }

    /** May a monitor be held at instruction {@code i}? */
    boolean holdsMonitor(int i) {
        return depth[i] > 0;
    }
}
