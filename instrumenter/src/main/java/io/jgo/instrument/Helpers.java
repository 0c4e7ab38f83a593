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
 * small (the JIT's inlining budget counts every byte, even of code that never runs).
 *
 * <h2>Frames wider than one helper</h2>
 * A method descriptor takes at most 255 parameter slots (a {@code long} or {@code double} takes
 * two), so one helper saves at most {@link #VALUE_SLOTS} slots of values. A frame with more live
 * values saves through a chain of helpers ({@link #split}), called one after the other in the
 * save block: the first pushes the record, each saves its part, the last answers the verdict.
 * <pre>
 * $jgo$save$N(values of part 1..., Stack s)V                        pushFrame; saveX...
 * $jgo$save$N+1(values of part 2..., Stack s)V                      saveX...
 * $jgo$save$N+k(values of the last part..., Stack s, long via, Object recv)Z   saveX...; verdict
 * </pre>
 * The values already on the operand stack (the frame's stack below the call) are consumed from
 * the top: the first part takes the topmost of them, so each call finds its own on top. Saving
 * writes slots of the record pushed by the first part (the record stays the top one until the
 * verdict: nothing in between pushes one). A frame that fits in one helper, nearly every one, is
 * saved exactly as before, by one call. Why a chain rather than saving the overflow inline: the
 * suspending method stays as small as with one helper (a few loads and a call per part), and
 * nothing changes for the common case.
 */
final class Helpers {

    /**
     * Parameter slots one helper gives to values: the JVM's 255 per descriptor, less the
     * {@code Stack} (1), the {@code long via} (2) and the {@code Object recv} (1) of the last part
     * (every part keeps the same budget, so a split never depends on which part is last).
     */
    static final int VALUE_SLOTS = ClassLimits.MAX_PARAMETER_SLOTS - 4;

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

    /**
     * Descriptor of a helper taking {@code values}: primitives as themselves, references as Object.
     * The {@code last} part of a save (or a whole save) also takes via and recv and answers the verdict.
     */
    static String descriptor(List<SavePlan.Value> values, boolean last) {
        StringBuilder d = new StringBuilder("(");
        for (SavePlan.Value v : values) {
            d.append(parameterType(v).getDescriptor());
        }
        return d.append(STACK_DESC).append(last ? "JLjava/lang/Object;)Z" : ")V").toString();
    }

    private static Type parameterType(SavePlan.Value v) {
        return v.kind == 'A' || v.kind == 'N' ? Type.getObjectType("java/lang/Object") : SavePlan.type(v.kind);
    }

    /** One helper of a save: the values already on the operand stack that it takes (bottom first), and the locals it is given. */
    static final class Part {
        final List<SavePlan.Value> fromStack = new ArrayList<>();
        final List<SavePlan.Value> locals = new ArrayList<>();

        /** Its values in parameter order: those already on the stack, then the locals loaded above them. */
        List<SavePlan.Value> values() {
            List<SavePlan.Value> all = new ArrayList<>(fromStack);
            all.addAll(locals);
            return all;
        }
    }

    /**
     * The parts of a save, in call order, each within {@link #VALUE_SLOTS}: a save of
     * {@code onStack} (the values on the operand stack, bottom first) and {@code locals}. A save
     * that fits answers one part; otherwise the topmost stack values go first, then the deeper
     * ones, then the locals.
     */
    static List<Part> split(List<SavePlan.Value> onStack, List<SavePlan.Value> locals) {
        List<Part> parts = new ArrayList<>();
        Part part = new Part();
        int used = 0;
        for (int i = onStack.size() - 1; i >= 0; i--) {
            SavePlan.Value v = onStack.get(i);
            int size = parameterType(v).getSize();
            if (used + size > VALUE_SLOTS) {
                parts.add(part);
                part = new Part();
                used = 0;
            }
            part.fromStack.add(0, v); // taken top first, passed bottom first
            used += size;
        }
        for (SavePlan.Value v : locals) {
            int size = parameterType(v).getSize();
            if (used + size > VALUE_SLOTS) {
                parts.add(part);
                part = new Part();
                used = 0;
            }
            part.locals.add(v);
            used += size;
        }
        parts.add(part);
        return parts;
    }

    /**
     * Makes one helper of a save, a part of it ({@link #split}) or all of it; returns its name. The
     * {@code first} part pushes the record, the {@code last} answers the verdict: {@code verdict} is
     * {@code unwindOrPin} or {@code startPreempt}. With {@code resumable}, the record names the
     * class's resumer (the frame can be re-entered alone); otherwise none (g0 re-enters it from its caller).
     */
    String addPart(int me, int label, SavePlan plan, List<SavePlan.Value> passed, String verdict, boolean resumable,
                   boolean first, boolean last) {
        String name = HELPER_PREFIX + methods.size();
        MethodNode m = new MethodNode(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC,
                name, descriptor(passed, last), null, null);
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
        if (first) {
            code.add(new VarInsnNode(Opcodes.ALOAD, stackVar));
            code.add(pushInt(me));
            code.add(pushInt(label));
            code.add(pushInt(plan.prims));
            code.add(pushInt(plan.refs));
            code.add(resumable ? ResumeEntry.loadResumer(owner, ownerIsInterface) : new InsnNode(Opcodes.ACONST_NULL));
            code.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, STACK, PUSH_FRAME, PUSH_FRAME_DESC, false));
        }
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
        if (last) {
            code.add(new VarInsnNode(Opcodes.ALOAD, stackVar));
            code.add(new VarInsnNode(Opcodes.LLOAD, viaVar));
            code.add(pushInt(me));
            code.add(new VarInsnNode(Opcodes.ALOAD, recvVar));
            code.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, STACK, verdict, VIA_ME_DESC, false));
            code.add(new InsnNode(Opcodes.IRETURN));
            m.maxLocals = recvVar + 1;
        } else {
            code.add(new InsnNode(Opcodes.RETURN));
            m.maxLocals = stackVar + 1;
        }
        m.maxStack = 8;
        methods.add(m);
        return name;
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
