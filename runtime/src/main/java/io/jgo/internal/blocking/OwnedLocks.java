package io.jgo.internal.blocking;

import io.jgo.Goroutine;
import io.jgo.internal.Stack;
import io.jgo.internal.cont.Leaf;
import io.jgo.internal.cont.MethodIds;
import io.jgo.internal.cont.StackAccess;
import io.jgo.internal.cont.HeldLocks;
import io.jgo.internal.sched.park.Parking;
import io.jgo.internal.sched.Syscalls;
import java.util.Date;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * Thread-owned locks held by a goroutine. Rewritten code calls these helpers instead of
 * {@link Lock}'s {@code lock}, {@code lockInterruptibly}, {@code tryLock} and {@code unlock} (the
 * instrumenter's {@code OwnedLockCalls} step substitutes the calls); each calls the original and
 * records, per goroutine, which owned locks the goroutine holds. While it holds one, the goroutine
 * does not suspend away from its carrier: a leaf's suspension pins instead (the carrier
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
 * <h2>The record</h2>
 * Which owned locks the goroutine holds is kept with its stack, by {@code io.jgo.internal.cont.HeldLocks}
 * (which says who reads and writes it).
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
 * rewritten, so the goroutine pins there ({@code Adjacency}).
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
 * when that fails wait inside a syscall ({@code Syscalls.Policy.RETAKE_IF_IT_LASTS}), so sysmon
 * hands the P to another carrier if the wait lasts, as for any blocking call. A {@code Lock} of another class is
 * called as written (its carrier's P is retaken like that of any carrier that stops answering).
 *
 * <h2>Cost</h2>
 * Taking a free lock: the attempt {@code lock()} makes first (see {@link #tryAtOnce}), then the current stack
 * (the carrier's field), a class compare, an array store. Releasing: the current stack, the count.
 * {@code Condition.await} of a JDK lock needs nothing here: it releases and re-takes the lock on the
 * same thread before it returns (its leaf here waits for it in a syscall), so the entries stay true.
 *
 * <h2>Locks jgo makes</h2>
 * {@code new ReentrantLock([fair])} in rewritten code comes here ({@link #newReentrantLock}) and gets a
 * {@link ParkingReentrantLock}, which the goroutine owns: it is never counted. So that a goroutine
 * waiting for one parks instead of blocking its carrier, the waiting helpers ({@code lock},
 * {@code lockInterruptibly}, timed {@code tryLock}, and {@code Condition}'s waits) are leaves
 * ({@link LockParks}, {@link ParkingCondition}); for any other lock or condition their first step
 * does what the helper did before, without parking.
 */
public final class OwnedLocks {

    /** Lock classes whose holds belong to a thread, beyond the three checked inline. */
    private static final ClassValue<Boolean> OWNED_BY_THREAD = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            return !type.getName().startsWith("java.util.concurrent.locks.StampedLock$");
        }
    };

    private OwnedLocks() {
    }

    private static final String CLASS = "io.jgo.internal.blocking.OwnedLocks";

    /** {@code new ReentrantLock()} in rewritten code: a lock its goroutine owns (see {@link ParkingReentrantLock}). */
    public static ReentrantLock newReentrantLock() {
        return new ParkingReentrantLock();
    }

    /** {@code new ReentrantLock(fair)} in rewritten code. */
    public static ReentrantLock newReentrantLock(boolean fair) {
        return new ParkingReentrantLock(fair);
    }

    /** {@code lock.lock()} from rewritten code: a {@link ParkingReentrantLock} parks the goroutine while it waits. */
    @Goroutine
    @Leaf
    public static void lock(Lock lock) {
        try {
            LOCK.$jgo$park(Stack.current(), lock, null, null, 0);
        } catch (InterruptedException e) {
            throw new AssertionError(e); // lock() is not interruptible
        }
    }

    /** {@code lock.lockInterruptibly()} from rewritten code. */
    @Goroutine
    @Leaf
    public static void lockInterruptibly(Lock lock) throws InterruptedException {
        LOCK_INTERRUPTIBLY.$jgo$park(Stack.current(), lock, null, null, 0);
    }

    /** {@code lock.tryLock(time, unit)} from rewritten code. */
    @Goroutine
    @Leaf
    public static boolean tryLock(Lock lock, long time, TimeUnit unit) throws InterruptedException {
        Object r = lock == null ? TRY_LOCK.$jgo$park(Stack.current(), null, null, null, 0) // a resume passes no arguments
                : TRY_LOCK.$jgo$park(Stack.current(), lock, unit, null, time);
        return r == Boolean.TRUE;
    }

    /** {@link LockParks.Acquire} that counts a lock taken without a park as held by the goroutine ({@link #acquired}). */
    private abstract static class OwnedAcquire extends LockParks.Acquire {
        OwnedAcquire(int leaf, boolean interruptible, boolean timed) {
            super(leaf, interruptible, timed);
        }

        @Override
        protected void acquiredWithoutPark(ParkingReentrantLock lock) {
            acquired(lock);
        }
    }

    private static final OwnedAcquire LOCK = new OwnedAcquire(
            MethodIds.of(CLASS, "lock", "(Ljava/util/concurrent/locks/Lock;)V"), false, false) {
        @Override
        protected Object otherLock(Lock lock, Object b, long n) {
            lockOther(lock);
            return null;
        }
    };

    private static final OwnedAcquire LOCK_INTERRUPTIBLY = new OwnedAcquire(
            MethodIds.of(CLASS, "lockInterruptibly", "(Ljava/util/concurrent/locks/Lock;)V"), true, false) {
        @Override
        protected Object otherLock(Lock lock, Object b, long n) throws InterruptedException {
            lockInterruptiblyOther(lock);
            return null;
        }
    };

    /**
     * The timed {@code tryLock}: a {@link ParkingReentrantLock}'s steps take nanoseconds, so the
     * unit goes in {@code b} and is applied here; another lock gets the time and unit as written.
     */
    private static final OwnedAcquire TRY_LOCK = new OwnedAcquire(
            MethodIds.of(CLASS, "tryLock", "(Ljava/util/concurrent/locks/Lock;JLjava/util/concurrent/TimeUnit;)Z"), true, true) {
        @Override
        protected Object otherLock(Lock lock, Object unit, long time) throws InterruptedException {
            return tryLockOther(lock, time, (TimeUnit) unit);
        }
    };

    // ------------------------------------------------------------------ Condition's waits

    /** {@code c.await()} from rewritten code: a {@link ParkingCondition} parks the goroutine; another waits in a syscall. */
    @Goroutine
    @Leaf
    public static void await(Condition c) throws InterruptedException {
        AWAIT.$jgo$park(Stack.current(), c, null, null, 0);
    }

    /** {@code c.awaitUninterruptibly()} from rewritten code. */
    @Goroutine
    @Leaf
    public static void awaitUninterruptibly(Condition c) {
        try {
            AWAIT_UNINTERRUPTIBLY.$jgo$park(Stack.current(), c, null, null, 0);
        } catch (InterruptedException e) {
            throw new AssertionError(e); // not interruptible
        }
    }

    /** {@code c.awaitNanos(nanos)} from rewritten code. */
    @Goroutine
    @Leaf
    public static long awaitNanos(Condition c, long nanos) throws InterruptedException {
        Object r = AWAIT_NANOS.$jgo$park(Stack.current(), c, null, null, nanos);
        return r instanceof Long ? (Long) r : 0;
    }

    /** {@code c.await(time, unit)} from rewritten code. */
    @Goroutine
    @Leaf
    public static boolean await(Condition c, long time, TimeUnit unit) throws InterruptedException {
        Object r = c == null ? AWAIT_TIMED.$jgo$park(Stack.current(), null, null, null, 0) // a resume passes no arguments
                : AWAIT_TIMED.$jgo$park(Stack.current(), c, Objects.requireNonNull(unit), null, time);
        return r == Boolean.TRUE;
    }

    /** {@code c.awaitUntil(deadline)} from rewritten code. */
    @Goroutine
    @Leaf
    public static boolean awaitUntil(Condition c, Date deadline) throws InterruptedException {
        Object r = AWAIT_UNTIL.$jgo$park(Stack.current(), c, deadline, null, 0);
        return r == Boolean.TRUE;
    }

    private static final ParkingCondition.Await AWAIT = new ParkingCondition.Await(
            MethodIds.of(CLASS, "await", "(Ljava/util/concurrent/locks/Condition;)V"), ParkingCondition.PLAIN) {
        @Override
        protected Object otherCondition(Condition c, Object b, long n) throws InterruptedException {
            boolean entered = Blocking.enter(c, Blocking.ALWAYS);
            try {
                c.await();
                return null;
            } finally {
                Blocking.exit(entered);
            }
        }
    };

    private static final ParkingCondition.Await AWAIT_UNINTERRUPTIBLY = new ParkingCondition.Await(
            MethodIds.of(CLASS, "awaitUninterruptibly", "(Ljava/util/concurrent/locks/Condition;)V"),
            ParkingCondition.UNINTERRUPTIBLE) {
        @Override
        protected Object otherCondition(Condition c, Object b, long n) {
            boolean entered = Blocking.enter(c, Blocking.ALWAYS);
            try {
                c.awaitUninterruptibly();
                return null;
            } finally {
                Blocking.exit(entered);
            }
        }
    };

    private static final ParkingCondition.Await AWAIT_NANOS = new ParkingCondition.Await(
            MethodIds.of(CLASS, "awaitNanos", "(Ljava/util/concurrent/locks/Condition;J)J"), ParkingCondition.NANOS) {
        @Override
        protected Object otherCondition(Condition c, Object b, long n) throws InterruptedException {
            boolean entered = Blocking.enter(c, Blocking.ALWAYS);
            try {
                return c.awaitNanos(n);
            } finally {
                Blocking.exit(entered);
            }
        }
    };

    private static final ParkingCondition.Await AWAIT_TIMED = new ParkingCondition.Await(
            MethodIds.of(CLASS, "await", "(Ljava/util/concurrent/locks/Condition;JLjava/util/concurrent/TimeUnit;)Z"),
            ParkingCondition.TIMED) {
        @Override
        protected Object otherCondition(Condition c, Object unit, long time) throws InterruptedException {
            boolean entered = Blocking.enter(c, Blocking.ALWAYS);
            try {
                return c.await(time, (TimeUnit) unit);
            } finally {
                Blocking.exit(entered);
            }
        }
    };

    private static final ParkingCondition.Await AWAIT_UNTIL = new ParkingCondition.Await(
            MethodIds.of(CLASS, "awaitUntil", "(Ljava/util/concurrent/locks/Condition;Ljava/util/Date;)Z"),
            ParkingCondition.UNTIL) {
        @Override
        protected Object otherCondition(Condition c, Object deadline, long n) throws InterruptedException {
            boolean entered = Blocking.enter(c, Blocking.ALWAYS);
            try {
                return c.awaitUntil((Date) deadline);
            } finally {
                Blocking.exit(entered);
            }
        }
    };

    /** A lock of the JDK's (or the application's) own, not one jgo made: the calls of old, counted for pinning. */
    private static void lockOther(Lock lock) {
        if (!knownClass(lock)) {
            lock.lock();
        } else if (tryAtOnce(lock)) {
            // taken without waiting: the common case
        } else {
            boolean entered = Syscalls.enter(Syscalls.Policy.RETAKE_IF_IT_LASTS); // it may wait: sysmon hands the P on if it lasts
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

    private static void lockInterruptiblyOther(Lock lock) throws InterruptedException {
        if (!knownClass(lock)) {
            lock.lockInterruptibly();
        } else if (!lock.tryLock(0, TimeUnit.NANOSECONDS)) { // throws as lockInterruptibly does when interrupted
            boolean entered = Syscalls.enter(Syscalls.Policy.RETAKE_IF_IT_LASTS);
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

    private static boolean tryLockOther(Lock lock, long time, TimeUnit unit) throws InterruptedException {
        boolean got;
        if (!knownClass(lock) || time <= 0) {
            got = lock.tryLock(time, unit);
        } else if (!(got = lock.tryLock(0, TimeUnit.NANOSECONDS))) {
            boolean entered = Syscalls.enter(Syscalls.Policy.RETAKE_IF_IT_LASTS); // got is false here
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
        HeldLocks.remove(Stack.current(), lock);
    }

    private static void acquired(Lock lock) {
        Stack s = Stack.current();
        if (StackAccess.owner(s) == null || !ownedByThread(lock, s)) {
            return; // a plain thread or g0 never suspends; a stamp-held view may move; a goroutine owns jgo's locks
        }
        HeldLocks.add(s, lock);
    }

    /**
     * Does {@code lock}, just taken on stack {@code s}, tie the frame to its thread? A
     * {@link ParkingReentrantLock} belongs to a goroutine, but a frame stepped without a scheduler
     * (a coroutine) takes it as its thread's, like a JDK lock: it must not suspend away from it.
     */
    private static boolean ownedByThread(Lock lock, Stack s) {
        if (lock.getClass() == ParkingReentrantLock.class) {
            return Parking.goroutineOf(s) == null;
        }
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

}
