package io.jgo.instrument;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.analysis.BasicValue;

/** A suspension point and what its frame saves there. */
final class SuspensionSite {
    final MethodInsnNode call;
    final int label;
    final SavePlan plan = new SavePlan();
    final boolean holdsMonitor;
    final String where;
    final Type[] argTypes;
    final int[] argTemps;
    final BasicValue[] argValues;
    int receiverTemp = -1;
    BasicValue receiverValue;
    final LabelNode setSite = new LabelNode();
    final LabelNode save = new LabelNode();
    final LabelNode restore = new LabelNode();
    /** Right after the call's unwinding test: where the code goes on with the call's result on the stack. */
    final LabelNode afterCall = new LabelNode();
    /** Out of line: the frame re-entered alone with its callee's result (see {@code io.jgo.internal.cont.Entry}). */
    final LabelNode resumeAfter = new LabelNode();
    final LabelNode handedStart = new LabelNode();
    final LabelNode handedEnd = new LabelNode();

    SuspensionSite(MethodInsnNode call, int label, boolean holdsMonitor, String where) {
        this.call = call;
        this.label = label;
        this.holdsMonitor = holdsMonitor;
        this.where = where;
        this.argTypes = Type.getArgumentTypes(call.desc);
        this.argTemps = new int[argTypes.length];
        this.argValues = new BasicValue[argTypes.length];
    }

    boolean hasReceiver() {
        return call.getOpcode() != Opcodes.INVOKESTATIC;
    }

    /** Dispatched on the receiver's class: what runs first may be a forwarder, an override, a wrapper. */
    boolean isVirtual() {
        return call.getOpcode() == Opcodes.INVOKEVIRTUAL || call.getOpcode() == Opcodes.INVOKEINTERFACE;
    }

    /**
     * Are the receiver and arguments moved to locals around the handshake? Only where the
     * handshake needs the receiver (virtual and interface sites store it in {@code s.callee}
     * and save their arguments) or the restore path must rebuild a receiver (special sites); a
     * static call keeps its arguments on the operand stack.
     */
    boolean spills() {
        return call.getOpcode() != Opcodes.INVOKESTATIC;
    }
}
