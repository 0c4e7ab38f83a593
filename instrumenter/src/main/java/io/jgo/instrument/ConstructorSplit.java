package io.jgo.instrument;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.LocalVariableNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Splits a constructor that may suspend after its {@code super(...)} call into parts a goroutine can
 * unwind through. A constructor's frame can never be saved and resumed (its object is not initialised
 * until it returns, and the JVM lets no other method finish that), so for a constructor
 * {@code <init>(A)} that {@link ConstructorShape} accepts the rewrite adds:
 * <pre>
 *   private synthetic &lt;init&gt;(A, Void)          the prefix: the code up to and including super(...), then return
 *   private synthetic void jgo$init(A)           the body: the code after super(...), rewritten like any method
 *   [access] static synthetic C jgo$new(A)       new C(a, null); c.jgo$init(a); [release fence]; return c
 * </pre>
 * and rewritten call sites call {@code jgo$new} instead of {@code new C(a)} ({@link ConstructorCalls}).
 * Their names do not start with {@code $jgo$}, the prefix of the rewrite's machinery, which the runtime
 * skips when it walks a goroutine's frames: these are the constructor's own frames, which unwind and
 * show in stack traces with the constructor's lines.
 * The original {@code <init>(A)} stays as it was, for reflection, code nobody rewrote and subclasses'
 * {@code super(...)} calls: suspending there still pins.
 *
 * <p>Final fields: the body writes the class's {@code final} instance fields, which a method other than a
 * constructor may not (an {@code IllegalAccessError} since class version 53). Those fields lose the
 * flag, in this class only. What {@code final} gave them and what takes its place: the JVM's freeze at
 * the end of a constructor, which makes them visible to a thread that gets the object through a data
 * race, becomes a release fence at the end of the factory and before each {@code return} of the class's
 * constructors; HotSpot trusts no instance {@code final} field of an application class for constant
 * folding anyway (only records', hidden classes' and the JDK's own), so no code gets slower; reflection
 * sees the field without {@code Modifier.FINAL} (and {@code Field.set} on it works without
 * {@code setAccessible} if it is accessible). Records, enums, interfaces, the JDK and a
 * {@code Serializable} class without a {@code serialVersionUID} are never split ({@link SplitConstructors}).
 */
final class ConstructorSplit {

    static final String FACTORY = "jgo$new";
    static final String BODY = "jgo$init";
    /** The prefix constructor's extra parameter, always null: it only tells it apart from the original. */
    static final String MARKER = "Ljava/lang/Void;";
    private static final String FENCE_OWNER = "java/lang/invoke/VarHandle";

    private ConstructorSplit() {
    }

    static String prefixDesc(String initDesc) {
        return initDesc.substring(0, initDesc.indexOf(')')) + MARKER + ")V";
    }

    static String bodyDesc(String initDesc) {
        return initDesc;
    }

    static String factoryDesc(String owner, String initDesc) {
        return initDesc.substring(0, initDesc.indexOf(')') + 1) + "L" + owner + ";";
    }

    /**
     * Adds the prefix constructor, the body method and the factory of {@code init} to {@code cn} and
     * answers the body and the factory (to be rewritten). {@code superCall}: from {@link ConstructorShape}.
     */
    static List<MethodNode> split(ClassNode cn, MethodNode init, int superCall) {
        AbstractInsnNode[] code = init.instructions.toArray();
        Set<String> finals = ConstructorShape.finalFieldsWritten(cn, init, superCall);
        MethodNode prefix = new MethodNode(Opcodes.ACC_PRIVATE | Opcodes.ACC_SYNTHETIC, "<init>", prefixDesc(init.desc), null,
                exceptions(init));
        prefix.instructions = copy(code, 0, superCall + 1, new LabelNode(), new LabelNode(), null);
        prefix.instructions.add(new InsnNode(Opcodes.RETURN));
        prefix.maxLocals = init.maxLocals + 1;
        prefix.maxStack = init.maxStack;

        MethodNode body = new MethodNode(Opcodes.ACC_PRIVATE | Opcodes.ACC_SYNTHETIC, BODY, bodyDesc(init.desc), null, exceptions(init));
        LabelNode start = new LabelNode();
        LabelNode end = new LabelNode();
        Map<LabelNode, LabelNode> labels = new HashMap<>();
        body.instructions = copy(code, superCall + 1, code.length, start, end, labels);
        for (TryCatchBlockNode tcb : init.tryCatchBlocks) {
            body.tryCatchBlocks.add(new TryCatchBlockNode(labels.get(tcb.start), labels.get(tcb.end), labels.get(tcb.handler), tcb.type));
        }
        if (init.localVariables != null) {
            body.localVariables = new ArrayList<>();
            for (LocalVariableNode lv : init.localVariables) {
                if (labels.containsKey(lv.end)) { // a variable whose scope ends in the prefix is not the body's
                    body.localVariables.add(new LocalVariableNode(lv.name, lv.desc, lv.signature,
                            labels.getOrDefault(lv.start, start), labels.get(lv.end), lv.index));
                }
            }
        }
        body.maxLocals = init.maxLocals;
        body.maxStack = init.maxStack;

        MethodNode factory = factory(cn, init, !finals.isEmpty(), true);
        if (!finals.isEmpty()) {
            stripFinal(cn, finals);
        }
        cn.methods.add(prefix);
        cn.methods.add(body);
        cn.methods.add(factory);
        return List.of(body, factory);
    }

    /**
     * The factory of {@code init} without a split: {@code return new C(a)}. Added when the class's
     * rewrite failed after callers may already call {@code jgo$new}: they link, and pin as before.
     */
    static MethodNode plainFactory(ClassNode cn, MethodNode init) {
        return factory(cn, init, false, false);
    }

    private static MethodNode factory(ClassNode cn, MethodNode init, boolean fence, boolean split) {
        int access = (init.access & (Opcodes.ACC_PUBLIC | Opcodes.ACC_PROTECTED | Opcodes.ACC_PRIVATE))
                | Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC;
        MethodNode f = new MethodNode(access, FACTORY, factoryDesc(cn.name, init.desc), null, exceptions(init));
        Type[] params = Type.getArgumentTypes(init.desc);
        int slots = 0;
        for (Type p : params) {
            slots += p.getSize();
        }
        InsnList out = f.instructions;
        out.add(new TypeInsnNode(Opcodes.NEW, cn.name));
        out.add(new InsnNode(Opcodes.DUP));
        loadParams(out, params);
        if (split) {
            out.add(new InsnNode(Opcodes.ACONST_NULL));
            out.add(new MethodInsnNode(Opcodes.INVOKESPECIAL, cn.name, "<init>", prefixDesc(init.desc), false));
            out.add(new VarInsnNode(Opcodes.ASTORE, slots));
            out.add(new VarInsnNode(Opcodes.ALOAD, slots));
            loadParams(out, params);
            out.add(new MethodInsnNode(Opcodes.INVOKESPECIAL, cn.name, BODY, bodyDesc(init.desc), false));
            if (fence) {
                out.add(new MethodInsnNode(Opcodes.INVOKESTATIC, FENCE_OWNER, "releaseFence", "()V", false));
            }
            out.add(new VarInsnNode(Opcodes.ALOAD, slots));
        } else {
            out.add(new MethodInsnNode(Opcodes.INVOKESPECIAL, cn.name, "<init>", init.desc, false));
        }
        out.add(new InsnNode(Opcodes.ARETURN));
        f.maxLocals = slots + 1;
        f.maxStack = slots + 3;
        return f;
    }

    /** The fields lose {@code final}; every constructor of the class ends with a release fence instead of the freeze. */
    private static void stripFinal(ClassNode cn, Set<String> finals) {
        for (FieldNode field : cn.fields) {
            if ((field.access & Opcodes.ACC_STATIC) == 0 && finals.contains(field.name)) {
                field.access &= ~Opcodes.ACC_FINAL;
            }
        }
        for (MethodNode m : cn.methods) {
            if (m.name.equals("<init>")) {
                for (AbstractInsnNode insn : m.instructions.toArray()) {
                    if (insn.getOpcode() == Opcodes.RETURN) {
                        m.instructions.insertBefore(insn, new MethodInsnNode(Opcodes.INVOKESTATIC, FENCE_OWNER, "releaseFence", "()V", false));
                    }
                }
            }
        }
    }

    private static void loadParams(InsnList out, Type[] params) {
        int slot = 0;
        for (Type p : params) {
            out.add(new VarInsnNode(p.getOpcode(Opcodes.ILOAD), slot));
            slot += p.getSize();
        }
    }

    /**
     * Copies {@code code[from, to)} between fresh labels {@code start} and {@code end}; line numbers whose
     * label lies outside the range are dropped. {@code labels} (optional) receives the map of labels copied.
     */
    private static InsnList copy(AbstractInsnNode[] code, int from, int to, LabelNode start, LabelNode end,
                                 Map<LabelNode, LabelNode> labels) {
        Map<LabelNode, LabelNode> map = labels != null ? labels : new HashMap<>();
        Set<LabelNode> inRange = new HashSet<>();
        for (int i = from; i < to; i++) {
            if (code[i] instanceof LabelNode label) {
                inRange.add(label);
                map.put(label, new LabelNode());
            }
        }
        InsnList out = new InsnList();
        out.add(start);
        for (int i = from; i < to; i++) {
            AbstractInsnNode insn = code[i];
            if (insn instanceof LineNumberNode line && !inRange.contains(line.start)) {
                continue;
            }
            if (insn.getType() == AbstractInsnNode.FRAME) {
                continue;
            }
            out.add(insn.clone(map));
        }
        out.add(end);
        return out;
    }

    private static String[] exceptions(MethodNode init) {
        return init.exceptions == null ? null : init.exceptions.toArray(new String[0]);
    }
}
