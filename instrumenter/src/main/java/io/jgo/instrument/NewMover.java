package io.jgo.instrument;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.SourceInterpreter;
import org.objectweb.asm.tree.analysis.SourceValue;

/**
 * An object under construction cannot be saved ({@code new Box(f())} leaves an uninitialized
 * reference on the operand stack while {@code f} runs). When a suspension point lies between a
 * {@code NEW T; DUP} pair and its {@code INVOKESPECIAL T.<init>}, this step moves the {@code NEW;
 * DUP} to just before the constructor call, spilling the already evaluated arguments to fresh
 * locals. Observable difference: class {@code T} is initialised after the arguments are evaluated
 * instead of before (the same trade every bytecode-continuation library makes).
 */
final class NewMover {

    private NewMover() {
    }

    /** Returns the number of constructions moved. Throws if an uninitialized value of another shape would cross a suspension point. */
    static int apply(String owner, MethodNode method, Predicate<MethodInsnNode> isSuspensionPoint) throws AnalyzerException {
        InsnList insns = method.instructions;
        boolean any = false;
        for (AbstractInsnNode insn : insns) {
            if (insn.getOpcode() == Opcodes.NEW) {
                any = true;
                break;
            }
        }
        if (!any) {
            return 0;
        }
        int moved = move(owner, method, isSuspensionPoint);
        rejectUninitializedAcrossSuspension(owner, method, isSuspensionPoint);
        return moved;
    }

    private static int move(String owner, MethodNode method, Predicate<MethodInsnNode> isSuspensionPoint) throws AnalyzerException {
        InsnList insns = method.instructions;
        Frame<SourceValue>[] frames = new Analyzer<>(new SourceInterpreter()).analyze(owner, method);
        List<MethodInsnNode[]> moves = new ArrayList<>();
        List<AbstractInsnNode[]> news = new ArrayList<>();
        for (int i = 0; i < insns.size(); i++) {
            AbstractInsnNode insn = insns.get(i);
            if (!(insn instanceof MethodInsnNode) || frames[i] == null) {
                continue;
            }
            MethodInsnNode call = (MethodInsnNode) insn;
            if (call.getOpcode() != Opcodes.INVOKESPECIAL || !call.name.equals("<init>")) {
                continue;
            }
            Frame<SourceValue> f = frames[i];
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
            if (suspensionBetween(newInsn, call, isSuspensionPoint)) {
                news.add(new AbstractInsnNode[] {newInsn, dup});
                moves.add(new MethodInsnNode[] {call});
            }
        }
        for (int k = 0; k < moves.size(); k++) {
            MethodInsnNode call = moves.get(k)[0];
            AbstractInsnNode newInsn = news.get(k)[0];
            AbstractInsnNode dup = news.get(k)[1];
            insns.remove(newInsn);
            insns.remove(dup);
            InsnList before = new InsnList();
            Type[] argTypes = Type.getArgumentTypes(call.desc);
            int[] temps = new int[argTypes.length];
            for (int a = 0; a < argTypes.length; a++) {
                temps[a] = method.maxLocals;
                method.maxLocals += argTypes[a].getSize();
            }
            for (int a = argTypes.length - 1; a >= 0; a--) {
                before.add(new VarInsnNode(argTypes[a].getOpcode(Opcodes.ISTORE), temps[a]));
            }
            before.add(newInsn);
            before.add(new InsnNode(Opcodes.DUP));
            for (int a = 0; a < argTypes.length; a++) {
                before.add(new VarInsnNode(argTypes[a].getOpcode(Opcodes.ILOAD), temps[a]));
            }
            insns.insertBefore(call, before);
        }
        return moves.size();
    }

    /**
     * Any other shape (a NEW without the DUP pattern) left on the stack across a suspension point is
     * refused: an object is under construction between its NEW and the constructor call that consumes it.
     */
    private static void rejectUninitializedAcrossSuspension(String owner, MethodNode method,
                                                            Predicate<MethodInsnNode> isSuspensionPoint) throws AnalyzerException {
        InsnList insns = method.instructions;
        Frame<SourceValue>[] frames = new Analyzer<>(new SourceInterpreter()).analyze(owner, method);
        java.util.Map<AbstractInsnNode, Integer> constructedAt = new java.util.HashMap<>();
        for (int i = 0; i < insns.size(); i++) {
            AbstractInsnNode insn = insns.get(i);
            if (frames[i] != null && insn.getOpcode() == Opcodes.INVOKESPECIAL && ((MethodInsnNode) insn).name.equals("<init>")) {
                Frame<SourceValue> f = frames[i];
                int args = Type.getArgumentTypes(((MethodInsnNode) insn).desc).length;
                for (AbstractInsnNode source : f.getStack(f.getStackSize() - 1 - args).insns) {
                    constructedAt.put(origin(source), i);
                }
            }
        }
        for (int i = 0; i < insns.size(); i++) {
            AbstractInsnNode insn = insns.get(i);
            if (!(insn instanceof MethodInsnNode) || frames[i] == null || !isSuspensionPoint.test((MethodInsnNode) insn)) {
                continue;
            }
            Frame<SourceValue> f = frames[i];
            for (int k = 0; k < f.getStackSize(); k++) {
                for (AbstractInsnNode source : f.getStack(k).insns) {
                    AbstractInsnNode origin = origin(source);
                    Integer initAt = constructedAt.get(origin);
                    if (origin.getOpcode() == Opcodes.NEW && (initAt == null || initAt > i) && insns.indexOf(origin) < i) {
                        throw new InstrumentationException(owner, method.name, method.desc, Lines.lineOf(insn),
                                "an object under construction (" + ((TypeInsnNode) origin).desc.replace('/', '.')
                                        + ") is on the operand stack across a suspension point in a shape the rewrite cannot move");
                    }
                }
            }
        }
    }

    /** The NEW behind a DUP of it, or the instruction itself. */
    private static AbstractInsnNode origin(AbstractInsnNode source) {
        if (source.getOpcode() == Opcodes.DUP) {
            AbstractInsnNode p = previousReal(source);
            if (p != null && p.getOpcode() == Opcodes.NEW) {
                return p;
            }
        }
        return source;
    }

    private static boolean suspensionBetween(AbstractInsnNode from, AbstractInsnNode to, Predicate<MethodInsnNode> isSuspensionPoint) {
        for (AbstractInsnNode i = from.getNext(); i != null && i != to; i = i.getNext()) {
            if (i instanceof MethodInsnNode && isSuspensionPoint.test((MethodInsnNode) i)) {
                return true;
            }
        }
        return false;
    }

    private static AbstractInsnNode previousReal(AbstractInsnNode insn) {
        AbstractInsnNode p = insn.getPrevious();
        while (p != null && p.getOpcode() < 0) {
            p = p.getPrevious();
        }
        return p;
    }
}
