package io.jgo.instrument;

import static io.jgo.instrument.RuntimeNames.*;

import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * The out-of-line save code of one class: for each suspension point (and each preemptible
 * prologue) a private static synthetic method {@code $jgo$save$N(values..., Stack s, long via, Object recv)}
 * that pushes the frame's record, saves the values into it and returns whether the frame may
 * unwind. The suspending method itself only loads the values and calls it, so its bytecode stays
 * small (the JIT's inlining budget counts every byte, even of code that never runs). A save whose
 * values would take more than a method's 255 parameter slots (a deep operand stack, many live
 * locals) cannot have a helper: the same code is emitted inline instead ({@link #saveInline}).
 */
final class Helpers {

    private final String owner;
    private final boolean ownerIsInterface;
    private final List<MethodNode> methods = new ArrayList<>();

    Helpers(String owner, boolean ownerIsInterface) {
        this.owner = owner;
        this.ownerIsInterface = ownerIsInterface;
    }

    boolean ownerIsInterface() {
        return ownerIsInterface;
    }

    /** The helpers made so far, to be added to the class. */
    List<MethodNode> methods() {
        return methods;
    }

    /** Descriptor of a helper taking {@code values}: primitives as themselves, references as Object. */
    static String descriptor(List<SavePlan.Value> values) {
        StringBuilder d = new StringBuilder("(");
        for (SavePlan.Value v : values) {
            d.append(parameterType(v).getDescriptor());
        }
        return d.append(STACK_DESC).append("JLjava/lang/Object;)Z").toString();
    }

    private static Type parameterType(SavePlan.Value v) {
        return v.kind == 'A' || v.kind == 'N' ? Type.getObjectType("java/lang/Object") : SavePlan.type(v.kind);
    }

    /**
     * Makes the helper for one save; returns its name. {@code verdict} is {@code unwindOrPin} or
     * {@code startPreempt}. With {@code resumable}, the record names the class's resumer (the frame
     * can be re-entered alone); otherwise none (g0 re-enters it from its caller).
     */
    String add(int me, int label, SavePlan plan, List<SavePlan.Value> passed, String verdict, boolean resumable) {
        String name = HELPER_PREFIX + methods.size();
        MethodNode m = new MethodNode(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC,
                name, descriptor(passed), null, null);
        int var = 0;
        int[] vars = new int[passed.size()];
        for (int i = 0; i < passed.size(); i++) {
            vars[i] = var;
            var += parameterType(passed.get(i)).getSize();
        }
        int stackVar = var;
        int viaVar = var + 1;
        int recvVar = var + 3;
        InsnList code = m.instructions;
        code.add(new VarInsnNode(Opcodes.ALOAD, stackVar));
        code.add(pushInt(me));
        code.add(pushInt(label));
        code.add(pushInt(plan.prims));
        code.add(pushInt(plan.refs));
        code.add(resumable ? ResumeEntry.loadResumer(owner, ownerIsInterface) : new InsnNode(Opcodes.ACONST_NULL));
        code.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, STACK, PUSH_FRAME, PUSH_FRAME_DESC, false));
        for (int i = 0; i < passed.size(); i++) {
            SavePlan.Value v = passed.get(i);
            if (v.kind == 'N') {
                continue; // the null constant: restored as such, nothing to keep
            }
            code.add(new VarInsnNode(parameterType(v).getOpcode(Opcodes.ILOAD), vars[i]));
            code.add(new VarInsnNode(Opcodes.ALOAD, stackVar));
            code.add(pushInt(v.slot));
            code.add(new MethodInsnNode(Opcodes.INVOKESTATIC, STACK, saveName(v.kind), saveDesc(v.kind), false));
        }
        code.add(new VarInsnNode(Opcodes.ALOAD, stackVar));
        code.add(new VarInsnNode(Opcodes.LLOAD, viaVar));
        code.add(pushInt(me));
        code.add(new VarInsnNode(Opcodes.ALOAD, recvVar));
        code.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, STACK, verdict, VIA_ME_DESC, false));
        code.add(new InsnNode(Opcodes.IRETURN));
        m.maxLocals = recvVar + 1;
        m.maxStack = 8;
        methods.add(m);
        return name;
    }

    /** The JVM's limit on the parameter slots of a method (JVMS 4.3.3; a long or double takes two). */
    static final int MAX_PARAMETER_SLOTS = 255;

    /** Can a helper take {@code values}, besides its stack, call-site id and receiver? */
    static boolean fitsParameters(List<SavePlan.Value> values) {
        int slots = 1 + 2 + 1; // Stack s, long via, Object recv
        for (SavePlan.Value v : values) {
            slots += parameterType(v).getSize();
        }
        return slots <= MAX_PARAMETER_SLOTS;
    }

    /**
     * The helper's code emitted in the suspending method itself, for a save whose values a helper
     * cannot take ({@link #fitsParameters}): the record is pushed with the values still on the
     * operand stack, which are then saved top first, then the live locals; leaves the verdict's
     * boolean on the stack, as the helper call would. Larger than a call, so kept for these frames.
     */
    static void saveInline(InsnList out, int me, int label, SavePlan plan, List<SavePlan.Value> onStack, String verdict,
            boolean resumable, String owner, boolean ownerIsInterface, int stackVar, int viaVar, int recvVar) {
        out.add(new VarInsnNode(Opcodes.ALOAD, stackVar));
        out.add(pushInt(me));
        out.add(pushInt(label));
        out.add(pushInt(plan.prims));
        out.add(pushInt(plan.refs));
        out.add(resumable ? ResumeEntry.loadResumer(owner, ownerIsInterface) : new InsnNode(Opcodes.ACONST_NULL));
        out.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, STACK, PUSH_FRAME, PUSH_FRAME_DESC, false));
        for (int i = onStack.size() - 1; i >= 0; i--) {
            SavePlan.Value v = onStack.get(i);
            if (v.kind == 'N') {
                out.add(new InsnNode(Opcodes.POP)); // the null constant: restored as such
            } else {
                saveTop(out, v, stackVar);
            }
        }
        for (SavePlan.Value v : plan.locals) {
            if (v.kind != 'N') {
                out.add(new VarInsnNode(v.loadOpcode(), v.var));
                saveTop(out, v, stackVar);
            }
        }
        out.add(new VarInsnNode(Opcodes.ALOAD, stackVar));
        out.add(new VarInsnNode(Opcodes.LLOAD, viaVar));
        out.add(pushInt(me));
        out.add(new VarInsnNode(Opcodes.ALOAD, recvVar));
        out.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, STACK, verdict, VIA_ME_DESC, false));
    }

    /** Saves the value on top of the operand stack into its slot of the record being saved. */
    private static void saveTop(InsnList out, SavePlan.Value v, int stackVar) {
        out.add(new VarInsnNode(Opcodes.ALOAD, stackVar));
        out.add(pushInt(v.slot));
        out.add(new MethodInsnNode(Opcodes.INVOKESTATIC, STACK, saveName(v.kind), saveDesc(v.kind), false));
    }

    /** The shortest instruction that pushes {@code n}. */
    static AbstractInsnNode pushInt(int n) {
        if (n >= -1 && n <= 5) {
            return new InsnNode(Opcodes.ICONST_0 + n);
        }
        if (n >= Byte.MIN_VALUE && n <= Byte.MAX_VALUE) {
            return new IntInsnNode(Opcodes.BIPUSH, n);
        }
        if (n >= Short.MIN_VALUE && n <= Short.MAX_VALUE) {
            return new IntInsnNode(Opcodes.SIPUSH, n);
        }
        return new LdcInsnNode(n);
    }
}
