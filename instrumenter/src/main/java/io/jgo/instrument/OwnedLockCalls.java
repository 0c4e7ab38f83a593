package io.jgo.instrument;

import java.util.HashSet;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Calls that take or release a thread-owned {@code java.util.concurrent.locks.Lock}, redirected to
 * the runtime's {@code io.jgo.internal.OwnedLocks}, which calls the original and keeps, per
 * goroutine, the locks it holds (a goroutine holding one pins at every suspension instead of
 * leaving its carrier, which owns the lock). One pipeline step, run with {@link BlockingCalls} on
 * every {@code @Goroutine} method and lambda body, the code where a suspension can happen between a
 * {@code lock()} and its {@code unlock()}:
 * <pre>
 *   invokeinterface Lock.lock()V                       -> invokestatic OwnedLocks.lock(Lock)V
 *   invokevirtual   ReentrantLock.tryLock(JTimeUnit)Z  -> invokestatic OwnedLocks.tryLock(Lock, J, TimeUnit)Z
 * </pre>
 * for {@code lock}, {@code lockInterruptibly}, both {@code tryLock}s and {@code unlock}, declared on
 * {@code Lock}, {@code ReentrantLock}, {@code ReentrantReadWriteLock.ReadLock}/{@code WriteLock}, or
 * a class of the application that implements {@code Lock} (as far as the class path tells). The
 * static helper takes the receiver as its first argument, so the operand stack is the same before
 * and after: nothing else in the method changes. {@code invokespecial} (a subclass calling
 * {@code super.lock()}) is left alone: the outer call was counted already. {@code StampedLock}'s
 * own methods are not matched (a stamp, not a thread, holds it; its {@code Lock} views are told
 * apart at run time), nor is {@code io.jgo.Mutex}, which is not a {@code Lock}.
 */
final class OwnedLockCalls {

    static final String RUNTIME_CLASS = RuntimeNames.OWNED_LOCKS;
    private static final String LOCK = "java/util/concurrent/locks/Lock";
    private static final String LOCK_ARG = "(L" + LOCK + ";";
    private static final Set<String> JDK_OWNERS = Set.of(LOCK, "java/util/concurrent/locks/ReentrantLock",
            "java/util/concurrent/locks/ReentrantReadWriteLock$ReadLock",
            "java/util/concurrent/locks/ReentrantReadWriteLock$WriteLock");
    /** name + descriptor of the methods redirected. */
    private static final Set<String> METHODS = Set.of("lock()V", "lockInterruptibly()V", "tryLock()Z",
            "tryLock(JLjava/util/concurrent/TimeUnit;)Z", "unlock()V");

    private final ClassInfoCache classes;

    OwnedLockCalls(ClassInfoCache classes) {
        this.classes = classes;
    }

    /** Redirects the lock calls of {@code m} in place; returns how many. */
    int apply(MethodNode m) {
        int redirected = 0;
        for (AbstractInsnNode insn : m.instructions) {
            if (insn instanceof MethodInsnNode && matches((MethodInsnNode) insn)) {
                MethodInsnNode call = (MethodInsnNode) insn;
                m.instructions.set(call, new MethodInsnNode(Opcodes.INVOKESTATIC, RUNTIME_CLASS, call.name,
                        LOCK_ARG + call.desc.substring(1), false));
                redirected++;
            }
        }
        return redirected;
    }

    private boolean matches(MethodInsnNode call) {
        int op = call.getOpcode();
        return (op == Opcodes.INVOKEINTERFACE || op == Opcodes.INVOKEVIRTUAL)
                && METHODS.contains(call.name + call.desc) && isLock(call.owner, new HashSet<>());
    }

    /** Is {@code type} a {@code Lock}? A class that cannot be found is taken as not one (its calls stay as written). */
    private boolean isLock(String type, Set<String> seen) {
        if (JDK_OWNERS.contains(type)) {
            return true;
        }
        if (type == null || type.startsWith("java/") || type.startsWith("[") || !seen.add(type)) {
            return false;
        }
        ClassInfo info = classes.get(type);
        if (info == null) {
            return false;
        }
        if (isLock(info.superName, seen)) {
            return true;
        }
        for (String itf : info.interfaces) {
            if (isLock(itf, seen)) {
                return true;
            }
        }
        return false;
    }
}
