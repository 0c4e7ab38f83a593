package io.jgo.instrument;

import static io.jgo.instrument.RuntimeNames.*;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * What makes the frames of a class re-enterable alone by g0 (the lazy resume, see
 * {@code io.jgo.internal.cont.Entry}):
 * <pre>
 * private static Resumer $jgo$resumer;           // synthetic; made on first use:
 * private static Resumer $jgo$resumer() {
 *     Resumer r = $jgo$resumer;
 *     return r != null ? r : ($jgo$resumer = Resumers.of(MethodHandles.lookup(), "ID_1,ID_2,..."));
 * }
 * private static void $jgo$resume(Stack s, int me) {
 *     switch (me) {
 *     case ID_k: s.callSite = LAZY_VIA;
 *                [r =] invokespecial/invokestatic M_k((Owner) s.peekRef(0), default arguments...);
 *                Stack.handX(r, s);  return;   // hands nothing while M_k unwinds
 *     ...
 *     default:   throw new IllegalStateException(...);
 *     }
 * }
 * </pre>
 * The call is {@code invokespecial} (never virtual: an override must not run instead of the saved
 * frame's method), with default arguments: the method's prologue sees the resume, pops its own
 * record and restores its locals, arguments included, from it. Why one entry per class with a
 * switch, rather than one per method: one resumer object per class, and one more small method.
 * Why made on first use, not in {@code <clinit>}: adding a static initializer to a class that has
 * none changes its default {@code serialVersionUID}, and objects serialized before the rewrite
 * would no longer deserialize (private static members do not count). Two threads racing to make it
 * make two resumers; either is right (a record names the one it was saved with, see
 * {@code io.jgo.internal.Resumers}). An interface can hold no private mutable field, and a public
 * one would show to every framework that enumerates its fields or constants (serializers, DI
 * containers): there the getter is all that is added, a private static method (allowed in
 * interfaces since class files of Java 8) that asks {@code Resumers.of} each time, which keeps the
 * resumer in the interface's own {@code ClassValue} map. Nothing the rewrite adds to a class or an
 * interface is public. A class whose resumer cannot be linked gets null (its frames are re-entered
 * the eager way).
 */
final class ResumeEntry {

    private ResumeEntry() {
    }

    /** Method ids that two of {@code targets} share (a hash collision); of the rewrite's targets, those methods are not re-entered alone. */
    static Set<Integer> collidingIds(String owner, List<MethodNode> targets) {
        Set<Integer> seen = new HashSet<>();
        Set<Integer> colliding = new HashSet<>();
        for (MethodNode m : targets) {
            int id = methodId(owner, m.name, m.desc);
            if (!seen.add(id)) {
                colliding.add(id);
            }
        }
        return colliding;
    }

    /** Adds the field, the resume entry and the initialization, if a method of the class can be re-entered alone. */
    static void add(ClassNode cn, List<MethodRewriter> rewriters) {
        List<MethodRewriter> resumable = new ArrayList<>();
        for (MethodRewriter r : rewriters) {
            if (r.resumable()) {
                resumable.add(r);
            }
        }
        if (resumable.isEmpty()) {
            return;
        }
        boolean isInterface = (cn.access & Opcodes.ACC_INTERFACE) != 0;
        cn.methods.add(entry(cn.name, isInterface, resumable));
        StringBuilder ids = new StringBuilder();
        for (MethodRewriter r : resumable) {
            ids.append(ids.length() == 0 ? "" : ",").append(Integer.toHexString(r.id()));
        }
        if (isInterface) {
            cn.methods.add(interfaceGetter(ids.toString()));
        } else {
            cn.fields.add(new FieldNode(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC,
                    RESUMER_FIELD, RESUMER_DESC, null, null));
            cn.methods.add(getter(cn.name, ids.toString()));
        }
    }

    /** Pushes the class's resumer (the save helpers' first step). */
    static org.objectweb.asm.tree.AbstractInsnNode loadResumer(String owner, boolean isInterface) {
        return new MethodInsnNode(Opcodes.INVOKESTATIC, owner, RESUMER_FIELD, "()" + RESUMER_DESC, isInterface);
    }

    /** A class's {@code $jgo$resumer()}: the field, made on first use. */
    private static MethodNode getter(String owner, String ids) {
        MethodNode m = new MethodNode(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC,
                RESUMER_FIELD, "()" + RESUMER_DESC, null, null);
        LabelNode made = new LabelNode();
        InsnList code = m.instructions;
        code.add(new FieldInsnNode(Opcodes.GETSTATIC, owner, RESUMER_FIELD, RESUMER_DESC));
        code.add(new InsnNode(Opcodes.DUP));
        code.add(new org.objectweb.asm.tree.JumpInsnNode(Opcodes.IFNONNULL, made));
        code.add(new InsnNode(Opcodes.POP));
        code.add(makeResumer(ids));
        code.add(new InsnNode(Opcodes.DUP));
        code.add(new FieldInsnNode(Opcodes.PUTSTATIC, owner, RESUMER_FIELD, RESUMER_DESC));
        code.add(made);
        code.add(new InsnNode(Opcodes.ARETURN));
        m.maxLocals = 0;
        m.maxStack = 3;
        return m;
    }

    /** {@code Resumers.of(MethodHandles.lookup(), ids)}. */
    private static InsnList makeResumer(String ids) {
        InsnList make = new InsnList();
        make.add(new MethodInsnNode(Opcodes.INVOKESTATIC, "java/lang/invoke/MethodHandles", "lookup",
                "()Ljava/lang/invoke/MethodHandles$Lookup;", false));
        make.add(new LdcInsnNode(ids));
        make.add(new MethodInsnNode(Opcodes.INVOKESTATIC, RESUMERS, RESUMERS_OF, RESUMERS_OF_DESC, false));
        return make;
    }

    private static MethodNode entry(String owner, boolean isInterface, List<MethodRewriter> methods) {
        MethodNode entry = new MethodNode(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC,
                RESUME_ENTRY, RESUME_ENTRY_DESC, null, null);
        methods = new ArrayList<>(methods);
        methods.sort((a, b) -> Integer.compare(a.id(), b.id())); // lookupswitch keys ascend
        int[] keys = new int[methods.size()];
        LabelNode[] cases = new LabelNode[methods.size()];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = methods.get(i).id();
            cases[i] = new LabelNode();
        }
        LabelNode unknown = new LabelNode();
        InsnList code = entry.instructions;
        code.add(new VarInsnNode(Opcodes.ILOAD, 1));
        code.add(new LookupSwitchInsnNode(unknown, keys, cases));
        for (int i = 0; i < keys.length; i++) {
            code.add(cases[i]);
            call(code, owner, isInterface, methods.get(i).method());
        }
        code.add(unknown);
        code.add(new TypeInsnNode(Opcodes.NEW, "java/lang/IllegalStateException"));
        code.add(new InsnNode(Opcodes.DUP));
        code.add(new LdcInsnNode("jgo: " + owner.replace('/', '.') + " has no resume entry for this method id"));
        code.add(new MethodInsnNode(Opcodes.INVOKESPECIAL, "java/lang/IllegalStateException", "<init>", "(Ljava/lang/String;)V", false));
        code.add(new InsnNode(Opcodes.ATHROW));
        entry.maxLocals = 2;
        entry.maxStack = 8; // recomputed by the class writer
        return entry;
    }

    private static void call(InsnList code, String owner, boolean isInterface, MethodNode m) {
        code.add(new VarInsnNode(Opcodes.ALOAD, 0));
        code.add(new LdcInsnNode(LAZY_VIA));
        code.add(new FieldInsnNode(Opcodes.PUTFIELD, STACK, CALL_SITE, "J"));
        boolean isStatic = (m.access & Opcodes.ACC_STATIC) != 0;
        if (!isStatic) {
            code.add(new VarInsnNode(Opcodes.ALOAD, 0));
            code.add(Helpers.pushInt(SavePlan.RECEIVER_SLOT));
            code.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, STACK, PEEK_REF, "(I)Ljava/lang/Object;", false));
            code.add(new TypeInsnNode(Opcodes.CHECKCAST, owner));
        }
        for (Type t : Type.getArgumentTypes(m.desc)) {
            code.add(SaveRestoreCode.defaultValue(t));
        }
        code.add(new MethodInsnNode(isStatic ? Opcodes.INVOKESTATIC : Opcodes.INVOKESPECIAL, owner, m.name, m.desc, isInterface));
        Type result = Type.getReturnType(m.desc);
        code.add(new VarInsnNode(Opcodes.ALOAD, 0));
        code.add(new MethodInsnNode(Opcodes.INVOKESTATIC, STACK, handName(result), handDesc(result), false));
        code.add(new InsnNode(Opcodes.RETURN));
    }

    /** An interface's {@code private static Resumer $jgo$resumer() { return Resumers.of(MethodHandles.lookup(), ids); }}. */
    private static MethodNode interfaceGetter(String ids) {
        MethodNode m = new MethodNode(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC,
                RESUMER_FIELD, "()" + RESUMER_DESC, null, null);
        m.instructions.add(new MethodInsnNode(Opcodes.INVOKESTATIC, "java/lang/invoke/MethodHandles", "lookup",
                "()Ljava/lang/invoke/MethodHandles$Lookup;", false));
        m.instructions.add(new LdcInsnNode(ids));
        m.instructions.add(new MethodInsnNode(Opcodes.INVOKESTATIC, RESUMERS, RESUMERS_OF, RESUMERS_OF_DESC, false));
        m.instructions.add(new InsnNode(Opcodes.ARETURN));
        m.maxLocals = 0;
        m.maxStack = 2;
        return m;
    }
}
