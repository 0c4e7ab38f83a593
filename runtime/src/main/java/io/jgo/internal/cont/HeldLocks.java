package io.jgo.internal.cont;

import java.lang.StackWalker.StackFrame;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * The thread-owned locks a goroutine holds, as {@code io.jgo.internal.blocking.OwnedLocks} counts them for
 * rewritten code: while one is held, every suspension pins ({@link Continuation#suspendLeaf}).
 *
 * <h2>The record, and who touches it</h2>
 * {@link Continuation#ownedLocks} ({@link Held}, made at the goroutine's first thread-owned lock) holds
 * one entry per hold, in acquisition order, and how many; it belongs to the goroutine (its stack), not to the
 * carrier. Only the thread running the goroutine reads or writes them, and while the count is not
 * zero that is always the same thread (the goroutine never leaves it); otherwise the run queues
 * publish them to the next carrier with the rest of the stack. Plain threads and g0 record nothing:
 * they never suspend.
 */
public final class HeldLocks {

    private static final int FIRST_CAPACITY = 4;

    private HeldLocks() {
    }

    /**
     * A goroutine's thread-owned locks: {@code locks[0 .. count)}, one entry per hold, in acquisition
     * order; kept (empty) once made, so a goroutine that locks in a loop allocates once.
     */
    static final class Held {
        Object[] locks = new Object[FIRST_CAPACITY];
        int count;
    }

    /** {@code s}'s goroutine acquired {@code lock}, a thread-owned lock. Its own thread. */
    public static void add(Continuation s, Object lock) {
        Held h = s.ownedLocks;
        if (h == null) {
            h = s.ownedLocks = new Held();
        }
        int n = h.count;
        if (n == h.locks.length) {
            h.locks = java.util.Arrays.copyOf(h.locks, 2 * n);
        }
        h.locks[n] = lock;
        h.count = n + 1;
    }

    /** {@code s}'s goroutine released {@code lock}: removes its innermost entry, if any (none: taken where nobody counted). */
    public static void remove(Continuation s, Object lock) {
        Held h = s.ownedLocks;
        if (h != null && h.count != 0) {
            released(h, lock, h.count);
        }
    }

    /** Does {@code s}'s goroutine count a thread-owned lock (some may have been released uncounted: see {@link #stillHeld})? */
    static boolean counted(Continuation s) {
        Held h = s.ownedLocks;
        return h != null && h.count != 0;
    }

    private static void released(Held h, Object lock, int n) {
        Object[] held = h.locks;
        for (int i = n - 1; i >= 0; i--) {
            if (held[i] == lock) {
                System.arraycopy(held, i + 1, held, i, n - 1 - i);
                held[n - 1] = null;
                h.count = n - 1;
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
        Held h = s.ownedLocks;
        Object[] held = h.locks;
        int kept = 0;
        for (int i = 0, n = h.count; i < n; i++) {
            Object lock = held[i];
            held[i] = null;
            if (!knownReleased(lock)) {
                held[kept++] = lock;
            }
        }
        h.count = kept;
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
        Held h = s.ownedLocks;
        Object innermost = h.locks[h.count - 1];
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
        Held h = s.ownedLocks;
        if (h == null) {
            return;
        }
        if (h.count != 0 && stillHeld(s)) {
            String lockClass = h.locks[h.count - 1].getClass().getName();
            Warnings.once("ownedlock-ended:" + lockClass, () -> "a goroutine ended holding " + lockClass
                    + ": its carrier thread still owns it, and the next goroutine that runs there may re-enter it");
        }
        java.util.Arrays.fill(h.locks, null);
        h.count = 0;
    }
}