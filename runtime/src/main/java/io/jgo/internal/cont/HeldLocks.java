package io.jgo.internal.cont;

import java.lang.StackWalker.StackFrame;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * The thread-owned locks a goroutine holds, as {@code io.jgo.internal.blocking.OwnedLocks} counts them for
 * rewritten code: while one is held, every suspension pins ({@link Continuation#suspendLeaf}).
 *
 * <h2>The record, and who touches it</h2>
 * {@link Continuation#ownedLocks} holds one entry per hold, in acquisition order, and
 * {@link Continuation#ownedLockCount} how many; both belong to the goroutine (its stack), not to the
 * carrier. Only the thread running the goroutine reads or writes them, and while the count is not
 * zero that is always the same thread (the goroutine never leaves it); otherwise the run queues
 * publish them to the next carrier with the rest of the stack. Plain threads and g0 record nothing:
 * they never suspend.
 */
public final class HeldLocks {

    private static final int FIRST_CAPACITY = 4;

    private HeldLocks() {
    }

    /** {@code s}'s goroutine acquired {@code lock}, a thread-owned lock. Its own thread. */
    public static void add(Continuation s, Object lock) {
        int n = s.ownedLockCount;
        Object[] held = s.ownedLocks;
        if (held == null || n == held.length) {
            held = grow(s, n);
        }
        held[n] = lock;
        s.ownedLockCount = n + 1;
    }

    /** {@code s}'s goroutine released {@code lock}: removes its innermost entry, if any (none: taken where nobody counted). */
    public static void remove(Continuation s, Object lock) {
        int n = s.ownedLockCount;
        if (n != 0) {
            released(s, lock, n);
        }
    }

    private static Object[] grow(Continuation s, int n) {
        Object[] bigger = new Object[n == 0 ? FIRST_CAPACITY : 2 * n];
        if (n != 0) {
            System.arraycopy(s.ownedLocks, 0, bigger, 0, n);
        }
        s.ownedLocks = bigger;
        return bigger;
    }

    private static void released(Continuation s, Object lock, int n) {
        Object[] held = s.ownedLocks;
        for (int i = n - 1; i >= 0; i--) {
            if (held[i] == lock) {
                System.arraycopy(held, i + 1, held, i, n - 1 - i);
                held[n - 1] = null;
                s.ownedLockCount = n - 1;
                return;
            }
        }
    }

    /**
     * A suspension of {@code s}'s goroutine, whose count is not zero, is about to start: drops the
     * entries of locks the thread no longer holds, and returns whether one is still held (the
     * goroutine must then pin). The goroutine's own thread.
     */
    static boolean stillHeld(Continuation s) {
        Object[] held = s.ownedLocks;
        int kept = 0;
        for (int i = 0, n = s.ownedLockCount; i < n; i++) {
            Object lock = held[i];
            held[i] = null;
            if (!knownReleased(lock)) {
                held[kept++] = lock;
            }
        }
        s.ownedLockCount = kept;
        return kept != 0;
    }

    private static boolean knownReleased(Object lock) {
        if (lock instanceof ReentrantLock) {
            return !((ReentrantLock) lock).isHeldByCurrentThread();
        }
        if (lock instanceof ReentrantReadWriteLock.WriteLock) {
            return !((ReentrantReadWriteLock.WriteLock) lock).isHeldByCurrentThread();
        }
        return false; // a read lock cannot say which thread holds it; other kinds are taken at their word
    }

    /**
     * The leaf {@code me} pins because the goroutine holds an owned lock: says so once per (lock
     * class, leaf), not once per acquisition, as every other pin warning is once per site.
     */
    static void warnPinned(Continuation s, int me) {
        Object innermost = s.ownedLocks[s.ownedLockCount - 1];
        String lockClass = innermost.getClass().getName();
        if (PinReport.ENABLED) {
            PinReport.pinned(whereSuspended() + " (" + pinReason(lockClass) + ")");
        }
        PinSites.pinned("ownedlock:" + lockClass + ":" + me, () -> whereSuspended() + " (" + pinReason(lockClass) + ")",
                () -> "goroutine pinned: it suspended in "
                + whereSuspended() + " while " + pinReason(lockClass)
                + "; the carrier blocks until it can go on (release the lock before suspending, or use io.jgo.Mutex)");
    }

    /** The pin reason: a goroutine holding {@code lockClass} keeps its thread. */
    private static String pinReason(String lockClass) {
        return "holding " + lockClass + " (thread-owned)";
    }

    /** The primitive that suspended and its caller, the first frame outside jgo on this thread. */
    private static String whereSuspended() {
        return StackWalker.getInstance().walk(frames -> {
            StackFrame leaf = null;
            for (StackFrame f : (Iterable<StackFrame>) frames::iterator) {
                if (!isRuntime(f.getClassName())) {
                    return (leaf == null ? "?" : leaf.getClassName() + "." + leaf.getMethodName()) + " at " + describe(f);
                }
                leaf = f;
            }
            return "?";
        });
    }

    /** The runtime's own classes: {@code io.jgo} itself and everything under {@code io.jgo.internal}. */
    private static boolean isRuntime(String className) {
        return className.startsWith("io.jgo.internal.")
                || className.startsWith("io.jgo.") && className.indexOf('.', "io.jgo.".length()) < 0;
    }

    private static String describe(StackFrame f) {
        return f.getClassName() + "." + f.getMethodName() + " (" + f.getFileName() + ":" + f.getLineNumber() + ")";
    }

    /** The goroutine ended: forget its entries; a lock still held stays with the carrier thread, so say so. */
    static void forget(Continuation s) {
        if (s.ownedLockCount != 0 && stillHeld(s)) {
            String lockClass = s.ownedLocks[s.ownedLockCount - 1].getClass().getName();
            Warnings.once("ownedlock-ended:" + lockClass, () -> "a goroutine ended holding " + lockClass
                    + ": its carrier thread still owns it, and the next goroutine that runs there may re-enter it");
        }
        if (s.ownedLocks != null) {
            java.util.Arrays.fill(s.ownedLocks, null);
        }
        s.ownedLockCount = 0;
    }
}