package io.jgo.instrument;

import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LineNumberNode;

/** Source lines of bytecode, read from its {@link LineNumberNode}s: for messages, dumps and the lines of emitted code. */
final class Lines {

    private Lines() {
    }

    /**
     * The line of the code that starts at {@code label}: a line number right at it (before its first
     * instruction, where javac puts the line of a loop's condition), else the line in effect there.
     */
    static int lineAt(LabelNode label) {
        for (AbstractInsnNode p = label; p != null && p.getOpcode() < 0; p = p.getNext()) {
            if (p instanceof LineNumberNode) {
                return ((LineNumberNode) p).line;
            }
        }
        return lineOf(label);
    }

    static int firstLine(InsnList insns) {
        for (AbstractInsnNode p = insns.getFirst(); p != null; p = p.getNext()) {
            if (p instanceof LineNumberNode) {
                return ((LineNumberNode) p).line;
            }
        }
        return 0;
    }

    static int lastLine(InsnList insns) {
        return insns.getLast() == null ? 0 : lineOf(insns.getLast());
    }

    static int lineOf(AbstractInsnNode insn) {
        for (AbstractInsnNode p = insn; p != null; p = p.getPrevious()) {
            if (p instanceof LineNumberNode) {
                return ((LineNumberNode) p).line;
            }
        }
        return 0;
    }
}
