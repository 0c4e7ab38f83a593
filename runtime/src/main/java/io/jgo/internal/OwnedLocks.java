package io.jgo.internal;

import io.jgo.internal.sched.Syscalls;
import java.lang.StackWalker.StackFrame;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * Thread-owned locks held by a goroutine. Rewritten code calls these helpers instead of
 * {@link Lock}'s {@code lock}, {@code lockInterruptibly}, {@code tryLock} and {@code unlock} (the
 * instrumenter's {@code OwnedLockCalls} step substitutes the calls); each calls the original and
 * records, per goroutine, which owned locks the goroutine holds. While it holds one, the goroutine
 * does not suspend away from its carrier: {@link Stack#suspendLeaf} pins instead (the carrier
 * blocks, its P is handed off as in a syscall), exactly as for a held monitor, and a preemption
 * request is let pass ({@link Stack#startPreempt}; sysmon retakes the P as for any carrier that
 * does not answer).
 *
 * <h2>Why pin, rather than let ownership follow the goroutine</h2>
 * A {@code ReentrantLock} (and the write lock of a {@code ReentrantReadWriteLock}) is owned by a
 * {@link Thread}: the synchronizer's private owner field, and for read locks hold counts kept per
 * thread (the first reader's {@code Thread}, a cached counter keyed by thread id, a
 * {@code ThreadLocal}). A goroutine that unwound and resumed elsewhere would leave all of that on
 * the carrier: another goroutine on the same carrier re-enters the lock it does not hold, and the
 * holder's {@code unlock} on another carrier throws {@code IllegalMonitorStateException}. Nothing
 * public can move that state to another thread, and moving it through the JDK's internals would
 * break with every change to them; a goroutine that holds a lock for the length of a park is the
 * uncommon case, so it keeps its thread instead.
 *
 * <h2>The record, and who touches it</h2>
 * {@link Stack#ownedLocks} holds one entry per hold, in acquisition order, and
 * {@link Stack#ownedLockCount} how many; both belong to the goroutine (its stack), not to the
 * carrier. Only the thread running the goroutine reads or writes them, and while the count is not
 * zero that is always the same thread (the goroutine never leaves it); otherwise the run queues
 * publish them to the next carrier with the rest of the stack. Plain threads and g0 record nothing:
 * they never suspend.
 *
 * <h2>Exactness</h2>
 * An entry is added only once the call returned with the lock acquired (an exception, an interrupt,
 * a {@code tryLock} that failed add nothing), and removed only once {@code unlock} returned; an
 * unlock that matches no entry (the lock was taken in code nobody rewrote, or the unlock is
 * unbalanced and threw) removes nothing, so the count never goes below zero. A lock acquired in one
 * rewritten method and released in another is one entry like any other. An entry whose lock the
 * thread no longer holds (released in code nobody rewrote) is dropped when a suspension looks at
 * the list, for the locks that can say so ({@code ReentrantLock}, the write lock): it never keeps a
 * goroutine pinned for good. What this cannot see is a lock taken by code nobody rewrote that
 * returned while holding it; code the rewrite does not see is left as it was. A lock held by a
 * library frame that calls back into rewritten code is covered anyway: that frame is not
 * rewritten, so the goroutine pins there ({@link Adjacency}).
 *
 * <h2>Which locks count</h2>
 * Every {@link Lock} except the views of a {@code StampedLock} ({@code asReadLock()},
 * {@code asWriteLock()}), which a stamp holds and not a thread: any thread may release them, so a
 * goroutine holding one may move. ({@code io.jgo.Mutex} is not a {@code Lock}; it parks the
 * goroutine and may be held across suspensions.) A {@code Lock} of unknown kind counts: pinning is
 * always safe.
 *
 * <h2>Waiting for a lock</h2>
 * A lock that is busy blocks the carrier (a {@code java.util.concurrent} lock knows nothing of
 * goroutines); and its holder, if pinned in a park, has handed its own P off. So for the JDK's own
 * owned locks, {@code lock}, {@code lockInterruptibly} and a timed {@code tryLock} first try
 * without waiting ({@code tryLock(0, ns)}: it honours fairness as {@code lock()} does), and only
 * when that fails wait inside a syscall ({@code Syscalls.enter(false)}), so sysmon hands the P to
 * another carrier if the wait lasts, as for any blocking call. A {@code Lock} of another class is
 * called as written (its carrier's P is retaken like that of any carrier that stops answering).
 *
 * <h2>Cost</h2>
 * Taking a free lock: the attempt {@code lock()} makes first (see {@link #tryAtOnce}), then the current stack
 * (the carrier's field), a class compare, an array store. Releasing: the current stack, the count.
 * {@code Condition.await} needs nothing here: it releases and re-takes the lock on the same thread
 * before it returns (the instrumenter wraps it as a blocking call), so the entries stay true.
 */
public final class OwnedLocks {

    /** Lock classes whose holds belong to a thread, beyond the three checked inline. */
    private static final ClassValue<Boolean> OWNED_BY_THREAD = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            return !type.getName().startsWith("java.util.concurrent.locks.StampedLock$");
        }
    };

    private static final int FIRST_CAPACITY = 4;

    private OwnedLocks() {
    }

    /** {@code lock.lock()} from rewritten code. */
    public static void lock(Lock lock) {
        if (!knownClass(lock)) {
            lock.lock();
        } else if (tryAtOnce(lock)) {
            // taken without waiting: the common case
        } else {
            boolean entered = Syscalls.enter(false); // it may wait: sysmon hands the P on if it lasts
            boolean got = false;
            try {
                lock.lock();
                got = true;
            } finally {
                endWait(entered, lock, got);
            }
        }
        acquired(lock);
    }

    /** {@code lock.lockInterruptibly()} from rewritten code. */
    public static void lockInterruptibly(Lock lock) throws InterruptedException {
        if (!knownClass(lock)) {
            lock.lockInterruptibly();
        } else if (!lock.tryLock(0, TimeUnit.NANOSECONDS)) { // throws as lockInterruptibly does when interrupted
            boolean entered = Syscalls.enter(false);
            boolean got = false;
            try {
                lock.lockInterruptibly();
                got = true;
            } finally {
                endWait(entered, lock, got);
            }
        }
        acquired(lock);
    }

    /**
     * Leaves the syscall a wait for {@code lock} entered. Leaving throws only when the runtime has
     * stopped meanwhile (the goroutine is being dropped): then a lock just taken is released first,
     * since the caller's {@code finally} that would release it is not entered yet.
     */
    private static void endWait(boolean entered, Lock lock, boolean got) {
        if (!entered) {
            return;
        }
        try {
            Syscalls.exit();
        } catch (RuntimeException | Error dropped) {
            if (got) {
                lock.unlock();
            }
            throw dropped;
        }
    }

    /** {@code lock.tryLock()} from rewritten code. */
    public static boolean tryLock(Lock lock) {
        boolean got = lock.tryLock();
        if (got) {
            acquired(lock);
        }
        return got;
    }

    /** {@code lock.tryLock(time, unit)} from rewritten code. */
    public static boolean tryLock(Lock lock, long time, TimeUnit unit) throws InterruptedException {
        boolean got;
        if (!knownClass(lock) || time <= 0) {
            got = lock.tryLock(time, unit);
        } else if (!(got = lock.tryLock(0, TimeUnit.NANOSECONDS))) {
            boolean entered = Syscalls.enter(false); // got is false here
            try {
                got = lock.tryLock(time, unit);
            } finally {
                endWait(entered, lock, got);
            }
        }
        if (got) {
            acquired(lock);
        }
        return got;
    }

    /** {@code lock.unlock()} from rewritten code. */
    public static void unlock(Lock lock) {
        lock.unlock();
        Stack s = Stack.current();
        int n = s.ownedLockCount;
        if (n != 0) {
            released(s, lock, n);
        }
    }

    private static void acquired(Lock lock) {
        Stack s = Stack.current();
        if (s.owner() == null || !ownedByThread(lock)) {
            return; // a plain thread or g0 never suspends; a stamp-held view may move
        }
        int n = s.ownedLockCount;
        Object[] held = s.ownedLocks;
        if (held == null || n == held.length) {
            held = grow(s, n);
        }
        held[n] = lock;
        s.ownedLockCount = n + 1;
    }

    private static boolean ownedByThread(Lock lock) {
        return knownClass(lock) || OWNED_BY_THREAD.get(lock.getClass());
    }

    /** The JDK's own owned locks (exactly: a subclass may change what their methods do). */
    private static boolean knownClass(Lock lock) {
        Class<?> c = lock.getClass();
        return c == ReentrantLock.class || c == ReentrantReadWriteLock.WriteLock.class
                || c == ReentrantReadWriteLock.ReadLock.class;
    }

    /**
     * The first attempt of {@code lock()}, without waiting. For a non-fair {@code ReentrantLock} that
     * is {@code tryLock()}, the very attempt {@code lock()} makes first. Otherwise {@code tryLock(0, ns)},
     * which honours fairness and a read lock's deference to a queued writer as {@code lock()} does
     * (the untimed {@code tryLock()} barges); it throws when the thread is interrupted, so an
     * interrupted thread waits the slow way, and an interrupt that arrives meanwhile is put back, as
     * {@code lock()} would keep it.
     */
    private static boolean tryAtOnce(Lock lock) {
        if (lock.getClass() == ReentrantLock.class && !((ReentrantLock) lock).isFair()) {
            return lock.tryLock();
        }
        if (Thread.currentThread().isInterrupted()) {
            return false;
        }
        try {
            return lock.tryLock(0, TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static Object[] grow(Stack s, int n) {
        Object[] bigger = new Object[n == 0 ? FIRST_CAPACITY : 2 * n];
        if (n != 0) {
            System.arraycopy(s.ownedLocks, 0, bigger, 0, n);
        }
        s.ownedLocks = bigger;
        return bigger;
    }

    /** Removes the innermost entry of {@code lock}, if any (none: taken where nobody counted). */
    private static void released(Stack s, Lock lock, int n) {
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
    static boolean stillHeld(Stack s) {
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
    static void warnPinned(Stack s, int me) {
        Object innermost = s.ownedLocks[s.ownedLockCount - 1];
        String lockClass = innermost.getClass().getName();
        if (PinReport.ENABLED) {
            PinReport.pinned(whereSuspended() + " (" + pinReason(lockClass) + ")");
        }
        Warnings.once("ownedlock:" + lockClass + ":" + me, () -> "goroutine pinned: it suspended in "
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
    static void forget(Stack s) {
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
