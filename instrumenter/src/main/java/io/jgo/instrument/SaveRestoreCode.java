package io.jgo.instrument;

import static io.jgo.instrument.RuntimeNames.*;

import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * The out-of-line save and restore code of one rewritten method ({@link MethodRewriter} lays it
 * out and decides where it goes): at a suspension point, drop the dummy result and call the frame's
 * save helper (or pin, when a monitor is held), then return a dummy value; on a resume, restore the
 * live locals and the operand stack from the record and call again. Also the dummy return of a
 * preemption and a loop poll. One per method rewrite, made once its extra locals are allocated.
 */
final class SaveRestoreCode {

    private final String owner;
    private final MethodNode method;
    private final Helpers helpers;
    private final int me;
    private final boolean resumable;
    /** The locals of the prologue: {@code s} (the Stack), {@code via} (the call site taken), {@code recv} (the callee). */
    private final int stackVar;
    private final int viaVar;
    private final int recvVar;

    SaveRestoreCode(String owner, MethodNode method, Helpers helpers, int me, boolean resumable, int stackVar, int viaVar, int recvVar) {
        this.owner = owner;
        this.method = method;
        this.helpers = helpers;
        this.me = me;
        this.resumable = resumable;
        this.stackVar = stackVar;
        this.viaVar = viaVar;
        this.recvVar = recvVar;
    }

    void emitSave(InsnList out, SuspensionSite site) {
        out.add(site.save);
        Type result = Type.getReturnType(site.call.desc);
        if (result.getSize() == 1) {
            out.add(new InsnNode(Opcodes.POP));
        } else if (result.getSize() == 2) {
            out.add(new InsnNode(Opcodes.POP2));
        }
        if (site.holdsMonitor) {
            // Unwinding would release the monitor: save nothing, park the carrier, call again.
            out.add(new VarInsnNode(Opcodes.ALOAD, stackVar));
            out.add(new LdcInsnNode(site.where));
            out.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, STACK, PIN_HERE, PIN_HERE_DESC, false));
            if (!site.spills()) { // the call is made again; the callee restores its arguments from its record
                emitDefaultArguments(out, site);
            }
            out.add(new JumpInsnNode(Opcodes.GOTO, site.setSite));
            return;
        }
        // The helper pins (and returns false) when the frame may not unwind: then restore and call again.
        emitHelperCall(out, site.label, site.plan.stack, site.plan, UNWIND_OR_PIN);
        out.add(new JumpInsnNode(Opcodes.IFEQ, site.restore));
        emitDummyReturn(out);
    }

    /** Pushes a default value for each argument of a static call (its callee restores the real ones from its own record). */
    static void emitDefaultArguments(InsnList out, SuspensionSite site) {
        for (Type t : site.argTypes) {
            out.add(defaultValue(t));
        }
    }

    /**
     * Calls the frame's out-of-line save helper, leaving its boolean on the stack. The operand-stack
     * values to save are already on the stack (bottom first); the live locals are loaded after them.
     * A frame whose values take more parameter slots than one helper has calls a chain of helpers
     * instead, the last of which leaves the boolean ({@link Helpers#split}).
     */
    void emitHelperCall(InsnList out, int label, List<SavePlan.Value> onStack, SavePlan plan, String verdict) {
        List<SavePlan.Value> locals = new ArrayList<>();
        for (SavePlan.Value v : plan.locals) {
            if (v.kind != 'N') {
                locals.add(v);
            }
        }
        List<Helpers.Part> parts = Helpers.split(onStack, locals);
        for (int i = 0; i < parts.size(); i++) {
            Helpers.Part part = parts.get(i);
            boolean first = i == 0;
            boolean last = i == parts.size() - 1;
            for (SavePlan.Value v : part.locals) {
                out.add(new VarInsnNode(v.loadOpcode(), v.var));
            }
            out.add(new VarInsnNode(Opcodes.ALOAD, stackVar));
            if (last) {
                out.add(new VarInsnNode(Opcodes.LLOAD, viaVar));
                out.add(new VarInsnNode(Opcodes.ALOAD, recvVar));
            }
            List<SavePlan.Value> passed = part.values();
            String name = helpers.addPart(me, label, plan, passed, verdict, resumable, first, last);
            out.add(new MethodInsnNode(Opcodes.INVOKESTATIC, owner, name, Helpers.descriptor(passed, last),
                    helpers.ownerIsInterface()));
        }
    }

    void emitRestore(InsnList out, SuspensionSite site) {
        if (site.holdsMonitor) {
            return;
        }
        out.add(site.restore);
        emitRestoreLocals(out, site.plan);
        for (SavePlan.Value v : site.plan.stack) {
            emitRestoreValue(out, v);
        }
        if (!site.spills()) {
            emitDefaultArguments(out, site);
        } else if (!site.isVirtual()) { // virtual sites restored their arguments with the locals
            for (int a = 0; a < site.argTypes.length; a++) {
                out.add(defaultValue(site.argTypes[a]));
                out.add(new VarInsnNode(site.argTypes[a].getOpcode(Opcodes.ISTORE), site.argTemps[a]));
            }
        }
        out.add(new JumpInsnNode(Opcodes.GOTO, site.setSite));
    }

    void emitRestoreLocals(InsnList out, SavePlan plan) {
        for (SavePlan.Value v : plan.locals) {
            emitRestoreValue(out, v);
            out.add(new VarInsnNode(v.kind == 'N' ? Opcodes.ASTORE : v.storeOpcode(), v.var));
        }
    }

    void emitRestoreValue(InsnList out, SavePlan.Value v) {
        if (v.kind == 'N') {
            out.add(new InsnNode(Opcodes.ACONST_NULL));
            return;
        }
        out.add(new VarInsnNode(Opcodes.ALOAD, stackVar));
        out.add(Helpers.pushInt(v.slot));
        out.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, STACK, restoreName(v.kind), restoreDesc(v.kind), false));
        if (v.kind == 'A' && !v.type.getDescriptor().equals("Ljava/lang/Object;")) {
            out.add(new TypeInsnNode(Opcodes.CHECKCAST, v.type.getSort() == Type.ARRAY ? v.type.getDescriptor() : v.type.getInternalName()));
        }
    }

    void emitDummyReturn(InsnList out) {
        Type ret = Type.getReturnType(method.desc);
        if (ret.getSort() == Type.VOID) {
            out.add(new InsnNode(Opcodes.RETURN));
        } else if (ret.getSort() == Type.OBJECT && Wrappers.isWrapper(ret.getInternalName())) {
            // A forwarder between this frame and its caller may unbox the result: give it a zero to unbox.
            out.add(Wrappers.boxedZero(ret.getInternalName()));
            out.add(new InsnNode(Opcodes.ARETURN));
        } else {
            out.add(defaultValue(ret));
            out.add(new InsnNode(ret.getOpcode(Opcodes.IRETURN)));
        }
    }

    static AbstractInsnNode defaultValue(Type t) {
        switch (t.getSort()) {
            case Type.LONG:
                return new InsnNode(Opcodes.LCONST_0);
            case Type.FLOAT:
                return new InsnNode(Opcodes.FCONST_0);
            case Type.DOUBLE:
                return new InsnNode(Opcodes.DCONST_0);
            case Type.ARRAY:
            case Type.OBJECT:
                return new InsnNode(Opcodes.ACONST_NULL);
            default:
                return new InsnNode(Opcodes.ICONST_0);
        }
    }
}
