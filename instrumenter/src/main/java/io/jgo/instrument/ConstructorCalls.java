package io.jgo.instrument;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.SourceInterpreter;
import org.objectweb.asm.tree.analysis.SourceValue;

/**
 * A construction of a class whose constructor is split ({@link SplitConstructors}) calls its factory,
 * which is a suspension point like any call of a rewritten method:
 * <pre>
 *   NEW C; DUP; args; INVOKESPECIAL C.&lt;init&gt;(A)V   ->   args; INVOKEDYNAMIC new(A)LC; [Constructions.factoryOrConstructor]
 * </pre>
 * The value left on the stack is the same object, initialised. The call goes through an
 * {@code invokedynamic} whose bootstrap ({@code io.jgo.internal.Constructions}) links {@code C.jgo$new(A)}
 * if {@code C} has it and the constructor otherwise, because a caller cannot know from {@code C}'s
 * bytes whether {@code C} will be transformed where it is loaded (under the whole-application rule
 * the agent meets classes it never transforms: a test runner's, loaded before it; an excluded
 * package). While the method is rewritten the site is an {@code INVOKESTATIC C.jgo$new(A)} (the same
 * stack effect, so the suspension-point analysis, the save and the restore treat it as any static
 * call); {@link #linkThroughBootstrap} turns the sites this step made into the {@code invokedynamic}
 * once the class is rewritten. A class file older than Java 7 cannot hold an {@code invokedynamic}:
 * there only the constructions of a package named in {@code suspendable=} are redirected, directly,
 * as before. Only javac's shape is taken (the
 * {@code DUP} right after the {@code NEW}, the receiver of the constructor call exactly that
 * {@code DUP}'s copy); any other shape keeps the constructor, and a suspension in it pins as before.
 * One pipeline step, run on every method the rewrite takes up, before suspension points are found.
 * The class {@code C} is initialised after the arguments are evaluated instead of before (as when
 * {@link NewMover} moves a {@code NEW}).
 */
final class ConstructorCalls {

    private ConstructorCalls() {
    }

    /**
     * Redirects the constructions of split constructors in {@code m}, a method of class {@code owner}; returns how
     * many. {@code made} receives the factory calls made, for {@link #linkThroughBootstrap}; {@code indy}: the class
     * file may hold an {@code invokedynamic} (Java 7 or later).
     */
    static int apply(String owner, MethodNode m, SplitConstructors splits, Set<AbstractInsnNode> made, boolean indy) {
        List<MethodInsnNode> inits = new ArrayList<>();
        for (AbstractInsnNode insn : m.instructions) {
            if (insn.getOpcode() == Opcodes.INVOKESPECIAL && insn instanceof MethodInsnNode call && call.name.equals("<init>")
                    && !call.owner.startsWith("[") && (indy || splits.inNamedPackage(call.owner))
                    && splits.callSplits(call.owner, call.desc)) {
                inits.add(call);
            }
        }
        return inits.isEmpty() ? 0 : redirect(owner, m, inits, made);
    }

    /**
     * Turns each factory call {@link #apply} made in {@code cn}'s methods into the {@code invokedynamic} of the
     * same descriptor, after the rewrite (which took it for a static call). Returns how many.
     */
    static int linkThroughBootstrap(ClassNode cn, Set<AbstractInsnNode> made) {
        if (made.isEmpty() || (cn.version & 0xFFFF) < Opcodes.V1_7) {
            return 0;
        }
        Handle bootstrap = new Handle(Opcodes.H_INVOKESTATIC, RuntimeNames.CONSTRUCTIONS, RuntimeNames.CONSTRUCTIONS_BOOTSTRAP,
                RuntimeNames.CONSTRUCTIONS_BOOTSTRAP_DESC, false);
        int linked = 0;
        for (MethodNode m : cn.methods) {
            for (AbstractInsnNode insn = m.instructions.getFirst(); insn != null; insn = insn.getNext()) {
                if (made.contains(insn)) {
                    MethodInsnNode call = (MethodInsnNode) insn;
                    InvokeDynamicInsnNode indy = new InvokeDynamicInsnNode(INDY_NAME, call.desc, bootstrap);
                    m.instructions.set(call, indy);
                    insn = indy;
                    linked++;
                }
            }
        }
        return linked;
    }

    /** The name of a construction's {@code invokedynamic} (its bootstrap reads only the descriptor). */
    static final String INDY_NAME = "new";

    private static int redirect(String owner, MethodNode m, List<MethodInsnNode> inits, Set<AbstractInsnNode> made) {
        Frame<SourceValue>[] frames;
        try {
            frames = new Analyzer<>(new SourceInterpreter()).analyze(owner, m);
        } catch (AnalyzerException e) {
            return 0; // left to the later steps, which report what is wrong with the method
        }
        InsnList insns = m.instructions;
        List<AbstractInsnNode[]> found = new ArrayList<>();
        for (MethodInsnNode call : inits) {
            Frame<SourceValue> f = frames[insns.indexOf(call)];
            if (f == null) {
                continue;
            }
            int args = Type.getArgumentTypes(call.desc).length;
            SourceValue receiver = f.getStack(f.getStackSize() - 1 - args);
            if (receiver.insns.size() != 1) {
                continue;
            }
            AbstractInsnNode dup = receiver.insns.iterator().next();
            if (dup.getOpcode() != Opcodes.DUP) {
                continue;
            }
            AbstractInsnNode newInsn = previousReal(dup);
            if (newInsn == null || newInsn.getOpcode() != Opcodes.NEW || !((TypeInsnNode) newInsn).desc.equals(call.owner)) {
                continue;
            }
            found.add(new AbstractInsnNode[] {newInsn, dup, call});
        }
        for (AbstractInsnNode[] f : found) {
            MethodInsnNode call = (MethodInsnNode) f[2];
            insns.remove(f[0]);
            insns.remove(f[1]);
            MethodInsnNode factory = new MethodInsnNode(Opcodes.INVOKESTATIC, call.owner, ConstructorSplit.FACTORY,
                    ConstructorSplit.factoryDesc(call.owner, call.desc), false);
            insns.set(call, factory);
            made.add(factory);
        }
        return found.size();
    }

    private static AbstractInsnNode previousReal(AbstractInsnNode insn) {
        AbstractInsnNode p = insn.getPrevious();
        while (p != null && p.getOpcode() < 0) {
            p = p.getPrevious();
        }
        return p;
    }
}
