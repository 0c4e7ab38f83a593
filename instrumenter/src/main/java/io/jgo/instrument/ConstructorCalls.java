package io.jgo.instrument;

import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
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
 *   NEW C; DUP; args; INVOKESPECIAL C.&lt;init&gt;(A)V   ->   args; INVOKESTATIC C.jgo$new(A)LC;
 * </pre>
 * The value left on the stack is the same object, initialised. Only javac's shape is taken (the
 * {@code DUP} right after the {@code NEW}, the receiver of the constructor call exactly that
 * {@code DUP}'s copy); any other shape keeps the constructor, and a suspension in it pins as before.
 * One pipeline step, run on every method the rewrite takes up, before suspension points are found.
 * The class {@code C} is initialised after the arguments are evaluated instead of before (as when
 * {@link NewMover} moves a {@code NEW}).
 */
final class ConstructorCalls {

    private ConstructorCalls() {
    }

    /** Redirects the constructions of split constructors in {@code m}, a method of class {@code owner}; returns how many. */
    static int apply(String owner, MethodNode m, SplitConstructors splits) {
        List<MethodInsnNode> inits = new ArrayList<>();
        for (AbstractInsnNode insn : m.instructions) {
            if (insn.getOpcode() == Opcodes.INVOKESPECIAL && insn instanceof MethodInsnNode call && call.name.equals("<init>")
                    && !call.owner.startsWith("[") && splits.callSplits(call.owner, call.desc)) {
                inits.add(call);
            }
        }
        return inits.isEmpty() ? 0 : redirect(owner, m, inits);
    }

    private static int redirect(String owner, MethodNode m, List<MethodInsnNode> inits) {
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
            insns.set(call, new MethodInsnNode(Opcodes.INVOKESTATIC, call.owner, ConstructorSplit.FACTORY,
                    ConstructorSplit.factoryDesc(call.owner, call.desc), false));
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
