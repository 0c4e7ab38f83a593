package io.jgo.instrument;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

/**
 * Can a constructor be split at its {@code super(...)} call ({@link ConstructorSplit})? A pure
 * function of the class's bytes, so that a caller reading the class file and the class's own
 * rewrite answer alike. The constructor qualifies when:
 * <ul>
 *   <li>its class is a plain class (not an interface, an enum, a record or a class of the JDK);</li>
 *   <li>its first constructor call on {@code this} is its superclass's (a {@code this(...)}
 *       delegation is not split: the delegate's own body would run inside it);</li>
 *   <li>the code before that call (the <em>prefix</em>: the super call's arguments) stores no local,
 *       jumps only within itself, and no exception handler covers any of it, so that a constructor
 *       of its own can run it and the rest can start afresh from the parameters;</li>
 *   <li>the code after it (the <em>body</em>) jumps only within itself and writes no {@code static
 *       final} field; the instance fields of the class it writes that are {@code final} lose that
 *       flag ({@link #finalFieldsWritten}), since a method may not write them;</li>
 *   <li>the class declares neither the prefix constructor, the body method nor the factory already.</li>
 * </ul>
 * Whether the body may suspend is not asked here ({@link SplitConstructors} asks it).
 */
final class ConstructorShape {

    /** What was found: the index of the super call in the constructor's instructions, or why not. */
    record Verdict(int superCall, String reason) {
        boolean splittable() {
            return reason == null;
        }
    }

    private ConstructorShape() {
    }

    /** The verdict on constructor {@code init} of {@code cn}. */
    static Verdict of(ClassNode cn, MethodNode init) {
        if ((cn.access & (Opcodes.ACC_INTERFACE | Opcodes.ACC_ENUM)) != 0 || "java/lang/Record".equals(cn.superName)
                || "java/lang/Enum".equals(cn.superName) || cn.superName == null) {
            return no("its class is an interface, an enum or a record");
        }
        if (isJdk(cn.name)) {
            return no("its class is the JDK's");
        }
        if (declares(cn, "<init>", ConstructorSplit.prefixDesc(init.desc))
                || declares(cn, ConstructorSplit.BODY, ConstructorSplit.bodyDesc(init.desc))
                || declares(cn, ConstructorSplit.FACTORY, ConstructorSplit.factoryDesc(cn.name, init.desc))) {
            return no("its class already declares " + ConstructorSplit.prefixDesc(init.desc) + " or a member named jgo$new or jgo$init");
        }
        // The prefix constructor takes one more parameter (a Void) than init: past the JVM's 255
        // parameter slots (this included) its class would not load (ClassFormatError).
        if ((Type.getArgumentsAndReturnSizes(init.desc) >> 2) + 1 > 255) {
            return no("its parameters fill the JVM's 255 slots, and the prefix constructor needs one more");
        }
        AbstractInsnNode[] code = init.instructions.toArray();
        int superCall = firstInitOfThis(code);
        if (superCall < 0) {
            return no("no constructor call on this was found");
        }
        MethodInsnNode call = (MethodInsnNode) code[superCall];
        if (call.owner.equals(cn.name)) {
            return no("it delegates to this(...)");
        }
        if (!call.owner.equals(cn.superName)) {
            return no("its first constructor call on this is not its superclass's");
        }
        Set<LabelNode> prefixLabels = new HashSet<>();
        for (int i = 0; i < superCall; i++) {
            if (code[i] instanceof LabelNode label) {
                prefixLabels.add(label);
            }
        }
        for (TryCatchBlockNode tcb : init.tryCatchBlocks) {
            if (prefixLabels.contains(tcb.start) || prefixLabels.contains(tcb.handler)) {
                return no("an exception handler covers its super(...) call or the code before it");
            }
        }
        for (int i = 0; i < code.length; i++) {
            AbstractInsnNode insn = code[i];
            boolean inPrefix = i < superCall;
            int op = insn.getOpcode();
            if (inPrefix && (op >= Opcodes.ISTORE && op <= Opcodes.ASTORE || op == Opcodes.IINC || op == Opcodes.RET)) {
                return no("the code before its super(...) call stores a local");
            }
            for (LabelNode target : targets(insn)) {
                if (prefixLabels.contains(target) != inPrefix) {
                    return no("a jump crosses its super(...) call");
                }
            }
            if (!inPrefix && op == Opcodes.PUTSTATIC && isFinal(cn, ((FieldInsnNode) insn).name, true)
                    && ((FieldInsnNode) insn).owner.equals(cn.name)) {
                return no("it writes a static final field");
            }
        }
        return new Verdict(superCall, null);
    }

    /** The {@code final} instance fields of {@code cn} that the body (after {@code superCall}) writes. */
    static Set<String> finalFieldsWritten(ClassNode cn, MethodNode init, int superCall) {
        Set<String> names = new HashSet<>();
        AbstractInsnNode[] code = init.instructions.toArray();
        for (int i = superCall + 1; i < code.length; i++) {
            if (code[i].getOpcode() == Opcodes.PUTFIELD && code[i] instanceof FieldInsnNode f && f.owner.equals(cn.name)
                    && isFinal(cn, f.name, false)) {
                names.add(f.name);
            }
        }
        return names;
    }

    /**
     * The index of the first {@code INVOKESPECIAL <init>} that is not the construction of an object
     * made by a {@code NEW} before it (javac's argument constructions nest as {@code NEW ... <init>} pairs).
     */
    private static int firstInitOfThis(AbstractInsnNode[] code) {
        int pendingNews = 0;
        for (int i = 0; i < code.length; i++) {
            if (code[i].getOpcode() == Opcodes.NEW) {
                pendingNews++;
            } else if (code[i].getOpcode() == Opcodes.INVOKESPECIAL && ((MethodInsnNode) code[i]).name.equals("<init>")) {
                if (pendingNews == 0) {
                    return i;
                }
                pendingNews--;
            } else if (targets(code[i]).size() > 0 && pendingNews > 0) {
                return -1; // a branch among unfinished constructions: too clever for this count
            }
        }
        return -1;
    }

    private static List<LabelNode> targets(AbstractInsnNode insn) {
        List<LabelNode> out = new ArrayList<>();
        if (insn instanceof JumpInsnNode jump) {
            out.add(jump.label);
        } else if (insn instanceof TableSwitchInsnNode table) {
            out.add(table.dflt);
            out.addAll(table.labels);
        } else if (insn instanceof LookupSwitchInsnNode lookup) {
            out.add(lookup.dflt);
            out.addAll(lookup.labels);
        }
        return out;
    }

    private static boolean isFinal(ClassNode cn, String field, boolean isStatic) {
        for (FieldNode f : cn.fields) {
            if (f.name.equals(field) && ((f.access & Opcodes.ACC_STATIC) != 0) == isStatic) {
                return (f.access & Opcodes.ACC_FINAL) != 0;
            }
        }
        return false;
    }

    private static boolean declares(ClassNode cn, String name, String desc) {
        for (MethodNode m : cn.methods) {
            if (m.name.equals(name) && m.desc.equals(desc)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isJdk(String owner) {
        return owner.startsWith("java/") || owner.startsWith("javax/") || owner.startsWith("jdk/")
                || owner.startsWith("sun/") || owner.startsWith("com/sun/");
    }

    private static Verdict no(String reason) {
        return new Verdict(-1, reason);
    }
}
