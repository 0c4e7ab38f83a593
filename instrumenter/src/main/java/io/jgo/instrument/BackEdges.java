package io.jgo.instrument;

import java.util.BitSet;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;

/**
 * Loop heads: the targets of jumps that go backwards in the code. javac lays every loop out with
 * its head before the jump that closes it, so each loop has one; polling there catches every
 * iteration (any other cycle in the graph also contains a backward jump).
 */
final class BackEdges {

    private BackEdges() {
    }

    static boolean hasLoop(MethodNode m) {
        return !heads(m.instructions).isEmpty();
    }

    /** Indexes (in {@code insns}) of the labels that some later jump or switch goes back to. */
    static BitSet heads(InsnList insns) {
        BitSet heads = new BitSet();
        for (int index = 0; index < insns.size(); index++) {
            final int i = index;
            AbstractInsnNode insn = insns.get(i);
            if (insn instanceof JumpInsnNode) {
                mark(heads, insns, i, ((JumpInsnNode) insn).label);
            } else if (insn instanceof TableSwitchInsnNode) {
                TableSwitchInsnNode s = (TableSwitchInsnNode) insn;
                mark(heads, insns, i, s.dflt);
                s.labels.forEach(l -> mark(heads, insns, i, l));
            } else if (insn instanceof LookupSwitchInsnNode) {
                LookupSwitchInsnNode s = (LookupSwitchInsnNode) insn;
                mark(heads, insns, i, s.dflt);
                s.labels.forEach(l -> mark(heads, insns, i, l));
            }
        }
        return heads;
    }

    private static void mark(BitSet heads, InsnList insns, int from, LabelNode target) {
        int to = insns.indexOf(target);
        if (to <= from) {
            heads.set(to);
        }
    }
}
