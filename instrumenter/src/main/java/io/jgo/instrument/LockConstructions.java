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
 * {@code new ReentrantLock()} and {@code new ReentrantLock(fair)} in a rewritten class become the
 * runtime's {@code OwnedLocks.newReentrantLock([fair])}, which returns a {@code ReentrantLock}
 * subclass owned by a goroutine instead of a thread ({@code io.jgo.internal.blocking.ParkingReentrantLock}):
 * a goroutine holding it may park and move to another carrier, so it no longer pins. One pipeline
 * step, run on every method of a class the rewrite takes up (constructors and static initializers
 * too: a lock is most often a field's initial value):
 * <pre>
 *   NEW ReentrantLock; DUP; [ILOAD fair]; INVOKESPECIAL ReentrantLock.&lt;init&gt;(Z)V
 *     -> [ILOAD fair]; INVOKESTATIC OwnedLocks.newReentrantLock(Z)Ljava/util/concurrent/locks/ReentrantLock;
 * </pre>
 * The value left on the stack has the same type, so nothing else in the method changes. A
 * subclass's construction ({@code new MyLock()}, {@code super()} in it) is another owner and is left
 * alone, as is every construction in the runtime's own classes and in code nobody rewrites (the JDK,
 * libraries outside the rewrite).
 */
final class LockConstructions {

    private static final String REENTRANT_LOCK = "java/util/concurrent/locks/ReentrantLock";
    private static final String FACTORY = "newReentrantLock";

    private LockConstructions() {
    }

    /** Redirects the lock constructions of {@code m}, a method of class {@code owner}; returns how many. */
    static int apply(String owner, MethodNode m) {
        if (RuntimeNames.isRuntimeClass(owner)) {
            return 0;
        }
        List<MethodInsnNode> inits = new ArrayList<>();
        for (AbstractInsnNode insn : m.instructions) {
            if (insn.getOpcode() == Opcodes.INVOKESPECIAL) {
                MethodInsnNode call = (MethodInsnNode) insn;
                if (call.owner.equals(REENTRANT_LOCK) && call.name.equals("<init>")
                        && (call.desc.equals("()V") || call.desc.equals("(Z)V"))) {
                    inits.add(call);
                }
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
                continue; // super() of a subclass, or a shape other than NEW; DUP: left as written
            }
            AbstractInsnNode newInsn = previousReal(dup);
            if (newInsn == null || newInsn.getOpcode() != Opcodes.NEW || !((TypeInsnNode) newInsn).desc.equals(REENTRANT_LOCK)) {
                continue;
            }
            found.add(new AbstractInsnNode[] {newInsn, dup, call});
        }
        for (AbstractInsnNode[] f : found) {
            MethodInsnNode call = (MethodInsnNode) f[2];
            insns.remove(f[0]);
            insns.remove(f[1]);
            String desc = call.desc.substring(0, call.desc.length() - 1) + 'L' + REENTRANT_LOCK + ';';
            insns.set(call, new MethodInsnNode(Opcodes.INVOKESTATIC, RuntimeNames.OWNED_LOCKS, FACTORY, desc, false));
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
