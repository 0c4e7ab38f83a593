package io.jgo.instrument;

import java.util.HashSet;
import java.util.Set;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Calls that take or release a thread-owned {@code java.util.concurrent.locks.Lock}, redirected to
 * the runtime's {@code io.jgo.internal.blocking.OwnedLocks}, which calls the original and keeps, per
 * goroutine, the locks it holds (a goroutine holding one pins at every suspension instead of
 * leaving its carrier, which owns the lock). One pipeline step, run with {@link BlockingCalls} on
 * every {@code @Goroutine} method and lambda body, the code where a suspension can happen between a
 * {@code lock()} and its {@code unlock()}:
 * <pre>
 *   invokeinterface Lock.lock()V                       -> invokestatic OwnedLocks.lock(Lock)V
 *   invokevirtual   ReentrantLock.tryLock(JTimeUnit)Z  -> invokestatic OwnedLocks.tryLock(Lock, J, TimeUnit)Z
 * </pre>
 * and {@code Condition}'s waits ({@code await}, {@code awaitUninterruptibly}, {@code awaitNanos},
 * {@code awaitUntil}), which park the goroutine for a condition of a lock jgo made and otherwise wait
 * in a syscall (the wrap {@link BlockingCalls} gave them before);
 * for {@code lock}, {@code lockInterruptibly}, both {@code tryLock}s and {@code unlock}, declared on
 * {@code Lock}, {@code ReentrantLock}, {@code ReentrantReadWriteLock.ReadLock}/{@code WriteLock}, or
 * a class of the application that implements {@code Lock} (as far as the class path tells). The
 * static helper takes the receiver as its first argument, so the operand stack is the same before
 * and after: nothing else in the method changes. Method references to them ({@code lock::unlock})
 * get the helper as their implementation. {@code invokespecial} (a subclass calling
 * {@code super.lock()}) is left alone: the outer call was counted already. {@code StampedLock}'s
 * own methods are not matched (a stamp, not a thread, holds it; its {@code Lock} views are told
 * apart at run time), nor is {@code io.jgo.Mutex}, which is not a {@code Lock}.
 */
final class OwnedLockCalls {

    static final String RUNTIME_CLASS = RuntimeNames.OWNED_LOCKS;
    private static final String LOCK = "java/util/concurrent/locks/Lock";
    private static final String LOCK_ARG = "(L" + LOCK + ";";
    private static final String LAMBDA_METAFACTORY = "java/lang/invoke/LambdaMetafactory";
    private static final Set<String> JDK_OWNERS = Set.of(LOCK, "java/util/concurrent/locks/ReentrantLock",
            "java/util/concurrent/locks/ReentrantReadWriteLock$ReadLock",
            "java/util/concurrent/locks/ReentrantReadWriteLock$WriteLock");
    /** name + descriptor of the methods redirected. */
    private static final Set<String> METHODS = Set.of("lock()V", "lockInterruptibly()V", "tryLock()Z",
            "tryLock(JLjava/util/concurrent/TimeUnit;)Z", "unlock()V");

    private static final String CONDITION = "java/util/concurrent/locks/Condition";
    private static final Set<String> CONDITION_OWNERS = Set.of(CONDITION,
            "java/util/concurrent/locks/AbstractQueuedSynchronizer$ConditionObject",
            "java/util/concurrent/locks/AbstractQueuedLongSynchronizer$ConditionObject");
    /** name + descriptor of {@code Condition}'s waits, redirected to the static of the same name (the condition first). */
    static final Set<String> CONDITION_METHODS = Set.of("await()V", "awaitUninterruptibly()V", "awaitNanos(J)J",
            "await(JLjava/util/concurrent/TimeUnit;)Z", "awaitUntil(Ljava/util/Date;)Z");

    private final ClassInfoCache classes;

    OwnedLockCalls(ClassInfoCache classes) {
        this.classes = classes;
    }

    /** Redirects the lock calls and method references of {@code m} in place; returns how many. */
    int apply(MethodNode m) {
        int redirected = 0;
        for (AbstractInsnNode insn : m.instructions) {
            if (insn instanceof MethodInsnNode && isConditionWait((MethodInsnNode) insn)) {
                MethodInsnNode call = (MethodInsnNode) insn;
                m.instructions.set(call, new MethodInsnNode(Opcodes.INVOKESTATIC, RUNTIME_CLASS, call.name,
                        "(L" + CONDITION + ";" + call.desc.substring(1), false));
                redirected++;
            } else if (insn instanceof MethodInsnNode && matches((MethodInsnNode) insn)) {
                MethodInsnNode call = (MethodInsnNode) insn;
                m.instructions.set(call, new MethodInsnNode(Opcodes.INVOKESTATIC, RUNTIME_CLASS, call.name,
                        helperDesc(call.desc), false));
                redirected++;
            } else if (insn instanceof InvokeDynamicInsnNode && redirectMethodReference((InvokeDynamicInsnNode) insn)) {
                redirected++;
            }
        }
        return redirected;
    }

    /** {@code Condition}'s waits: a goroutine parks in a condition of a lock jgo made, and waits in a syscall in any other. */
    private static boolean isConditionWait(MethodInsnNode call) {
        int op = call.getOpcode();
        return (op == Opcodes.INVOKEINTERFACE || op == Opcodes.INVOKEVIRTUAL)
                && CONDITION_OWNERS.contains(call.owner) && CONDITION_METHODS.contains(call.name + call.desc);
    }

    private boolean matches(MethodInsnNode call) {
        int op = call.getOpcode();
        return (op == Opcodes.INVOKEINTERFACE || op == Opcodes.INVOKEVIRTUAL)
                && METHODS.contains(call.name + call.desc) && isLock(call.owner, new HashSet<>());
    }

    /**
     * {@code lock::unlock} (or {@code Lock::lock}): a {@code LambdaMetafactory} call site whose
     * implementation is one of the methods; its forwarder would call the lock directly. The
     * implementation becomes the static helper, whose first parameter takes the receiver the
     * forwarder captured (then typed {@code Lock} at the site too) or was passed.
     */
    private boolean redirectMethodReference(InvokeDynamicInsnNode indy) {
        // metafactory only: altMetafactory makes serializable references too, whose deserialization
        // compares the implementation with the one the source named.
        if (!indy.bsm.getOwner().equals(LAMBDA_METAFACTORY) || !indy.bsm.getName().equals("metafactory")
                || indy.bsmArgs.length < 3
                || !(indy.bsmArgs[1] instanceof Handle)) {
            return false;
        }
        Handle impl = (Handle) indy.bsmArgs[1];
        int tag = impl.getTag();
        if ((tag != Opcodes.H_INVOKEINTERFACE && tag != Opcodes.H_INVOKEVIRTUAL)
                || !METHODS.contains(impl.getName() + impl.getDesc()) || !isLock(impl.getOwner(), new HashSet<>())) {
            return false;
        }
        indy.bsmArgs[1] = new Handle(Opcodes.H_INVOKESTATIC, RUNTIME_CLASS, impl.getName(), helperDesc(impl.getDesc()), false);
        Type[] captured = Type.getArgumentTypes(indy.desc);
        if (captured.length > 0) {
            // A bound reference captures the receiver, and the metafactory wants a captured value's type
            // to be exactly the parameter's: the site now captures it as a Lock (which it is).
            captured[0] = Type.getObjectType(LOCK);
            indy.desc = Type.getMethodDescriptor(Type.getReturnType(indy.desc), captured);
        }
        return true;
    }

    /** The helper's descriptor: the lock first, then the method's own parameters. */
    private static String helperDesc(String methodDesc) {
        return LOCK_ARG + methodDesc.substring(1);
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
