package io.jgo.instrument;

import java.util.BitSet;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Backward may-liveness of local variables over a {@link FlowGraph}: a local is live at an
 * instruction when some path from it reads the local before writing it. Only live locals are saved
 * at a suspension point. A two-slot value is tracked by its first slot.
 */
final class Liveness {

    private final BitSet[] liveIn;
    private final FlowGraph graph;

    Liveness(InsnList instructions, FlowGraph graph) {
        this.graph = graph;
        int n = instructions.size();
        liveIn = new BitSet[n];
        BitSet[] use = new BitSet[n];
        BitSet[] def = new BitSet[n];
        for (int i = 0; i < n; i++) {
            liveIn[i] = new BitSet();
            use[i] = new BitSet();
            def[i] = new BitSet();
            AbstractInsnNode insn = instructions.get(i);
            if (insn instanceof VarInsnNode) {
                VarInsnNode v = (VarInsnNode) insn;
                if (v.getOpcode() >= Opcodes.ILOAD && v.getOpcode() <= Opcodes.ALOAD || v.getOpcode() == Opcodes.RET) {
                    use[i].set(v.var);
                } else {
                    def[i].set(v.var);
                }
            } else if (insn instanceof IincInsnNode) {
                use[i].set(((IincInsnNode) insn).var);
            }
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int i = n - 1; i >= 0; i--) {
                BitSet out = liveOut(i, graph);
                out.andNot(def[i]);
                out.or(use[i]);
                if (!out.equals(liveIn[i])) {
                    liveIn[i] = out;
                    changed = true;
                }
            }
        }
    }

    private BitSet liveOut(int i, FlowGraph g) {
        BitSet out = new BitSet();
        BitSet succ = g.successorsOf(i);
        for (int s = succ.nextSetBit(0); s >= 0; s = succ.nextSetBit(s + 1)) {
            out.or(liveIn[s]);
        }
        return out;
    }

    /** Locals live right after instruction {@code i} (for a call: live across it). */
    BitSet liveAfter(int i) {
        return liveOut(i, graph);
    }

    /** Locals live on entry to instruction {@code i}. */
    BitSet liveAt(int i) {
        return (BitSet) liveIn[i].clone();
    }
}
