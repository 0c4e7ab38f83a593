package io.jgo.internal.blocking;

import io.jgo.Goroutine;
import io.jgo.internal.Stack;
import io.jgo.internal.cont.Leaf;
import io.jgo.internal.cont.LeafPark;
import io.jgo.internal.cont.MethodIds;
import io.jgo.internal.sched.park.WaitReason;
import io.jgo.internal.sched.park.Parking;
import io.jgo.internal.sched.park.WaitQueue;
import io.jgo.internal.sched.park.Waiter;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;

/**
 * The {@link Condition} of a {@link ParkingReentrantLock}, with {@code AbstractQueuedSynchronizer}'s
 * semantics: an {@code await} by the owner (else {@code IllegalMonitorStateException}) releases every
 * hold at once, waits for a {@code signal} (FIFO), a {@code signalAll}, its time or an interrupt,
 * then takes the lock back with the same hold count before it returns or throws. An interrupt before
 * the signal throws {@code InterruptedException} once the lock is held again; one after it stays set.
 * A goroutine parks in both phases (its carrier runs others); a plain thread blocks.
 *
 * <h2>Atomic release</h2>
 * The waiter is queued on {@link #waiters} under the lock's guard before the lock is released, and a
 * signal needs the lock: so no signal can come between the release and the queueing. Both phases
 * use one {@link LockWait} ({@link LockWait#rearm}); its {@code conditionOutcome} says which phase a
 * resumed leaf is in.
 */
public final class ParkingCondition implements Condition {

    private static final String CLASS = "io.jgo.internal.blocking.ParkingCondition";

    final ParkingReentrantLock lock;
    /** The waiters for a signal. Guarded by the lock's guard. */
    private final WaitQueue waiters = new WaitQueue();
    /** How many are on {@link #waiters}. Guarded by the lock's guard. */
    private int count;

    ParkingCondition(ParkingReentrantLock lock) {
        this.lock = lock;
    }

    @Override
    @Goroutine
    @Leaf
    public void await() throws InterruptedException {
        AWAIT.$jgo$park(Stack.current(), this, null, null, 0);
    }

    @Override
    @Goroutine
    @Leaf
    public void awaitUninterruptibly() {
        try {
            AWAIT_UNINTERRUPTIBLY.$jgo$park(Stack.current(), this, null, null, 0);
        } catch (InterruptedException e) {
            throw new AssertionError(e); // not interruptible
        }
    }

    @Override
    @Goroutine
    @Leaf
    public long awaitNanos(long nanosTimeout) throws InterruptedException {
        Object r = AWAIT_NANOS.$jgo$park(Stack.current(), this, null, null, nanosTimeout);
        return r instanceof Long ? (Long) r : 0;
    }

    @Override
    @Goroutine
    @Leaf
    public boolean await(long time, TimeUnit unit) throws InterruptedException {
        Object r = AWAIT_TIMED.$jgo$park(Stack.current(), this, null, null, unit.toNanos(time));
        return r == Boolean.TRUE;
    }

    @Override
    @Goroutine
    @Leaf
    public boolean awaitUntil(Date deadline) throws InterruptedException {
        Object r = AWAIT_UNTIL.$jgo$park(Stack.current(), this, deadline, null, 0);
        return r == Boolean.TRUE;
    }

    /** Wakes the longest waiter, which then takes the lock back. The owner only. */
    @Override
    public void signal() {
        checkOwner();
        LockWait w = null;
        lock.guard.lock();
        try {
            Waiter first = waiters.dequeue();
            if (first != null) {
                count--;
                w = (LockWait) first.elem;
                w.dequeued(LockWait.GRANTED);
            }
        } finally {
            lock.guard.unlock();
        }
        if (w != null) {
            w.wake();
        }
    }

    /** Wakes every waiter. The owner only. */
    @Override
    public void signalAll() {
        checkOwner();
        List<LockWait> woken = new ArrayList<>();
        lock.guard.lock();
        try {
            for (Waiter first; (first = waiters.dequeue()) != null; ) {
                LockWait w = (LockWait) first.elem;
                w.dequeued(LockWait.GRANTED);
                woken.add(w);
            }
            count = 0;
        } finally {
            lock.guard.unlock();
        }
        for (LockWait w : woken) {
            w.wake();
        }
    }

    private void checkOwner() {
        if (!lock.isOwner(ParkingReentrantLock.self())) {
            throw new IllegalMonitorStateException();
        }
    }

    /** For {@code getWaitQueueLength}: the lock's owner only (the lock checked it). */
    int waitQueueLength() {
        lock.guard.lock();
        try {
            return count;
        } finally {
            lock.guard.unlock();
        }
    }

    /** A waiter left {@link #waiters} on its own (timeout, interrupt). Guard held. */
    void left() {
        count--;
    }

    // ------------------------------------------------------------------ the leaves' steps

    static final int UNINTERRUPTIBLE = 0;
    static final int PLAIN = 1;
    static final int NANOS = 2;
    static final int TIMED = 3;
    static final int UNTIL = 4;

    private static final Await AWAIT = new Await(MethodIds.of(CLASS, "await", "()V"), PLAIN);
    private static final Await AWAIT_UNINTERRUPTIBLY = new Await(MethodIds.of(CLASS, "awaitUninterruptibly", "()V"), UNINTERRUPTIBLE);
    private static final Await AWAIT_NANOS = new Await(MethodIds.of(CLASS, "awaitNanos", "(J)J"), NANOS);
    private static final Await AWAIT_TIMED = new Await(MethodIds.of(CLASS, "await", "(JLjava/util/concurrent/TimeUnit;)Z"), TIMED);
    private static final Await AWAIT_UNTIL = new Await(MethodIds.of(CLASS, "awaitUntil", "(Ljava/util/Date;)Z"), UNTIL);

    /**
     * The steps of one await kind: {@code a} the condition, {@code b} the date of
     * {@code awaitUntil} (or the {@code TimeUnit} of {@code n}), {@code n} the nanoseconds of a
     * timed one. Answers what the method returns (null, a {@code Long}, a {@code Boolean}).
     * {@link OwnedLocks}' leaves, which rewritten code calls for every {@code Condition}, hand a
     * condition of another class to {@link #otherCondition}.
     */
    static class Await extends LeafPark<Stack, InterruptedException> {
        private final int kind;

        Await(int leaf, int kind) {
            super(leaf, Stack.YIELD_PARK);
            this.kind = kind;
        }

        /** A condition of another class (only {@link OwnedLocks}' leaves see one). */
        protected Object otherCondition(Condition c, Object b, long n) throws InterruptedException {
            throw new IllegalStateException("not a ParkingCondition: " + c);
        }

        @Override
        protected final Object start(Stack s, Object a, Object b, Object c, long nanos) throws InterruptedException {
            if (!(a instanceof ParkingCondition)) {
                return otherCondition((Condition) a, b, nanos);
            }
            if (b instanceof TimeUnit) {
                nanos = ((TimeUnit) b).toNanos(nanos);
            }
            ParkingCondition cond = (ParkingCondition) a;
            ParkingReentrantLock lock = cond.lock;
            Object me = ParkingReentrantLock.self();
            if (kind == UNTIL && b == null) {
                throw new NullPointerException();
            }
            if (!lock.isOwner(me)) {
                throw new IllegalMonitorStateException();
            }
            if (kind != UNINTERRUPTIBLE && Thread.interrupted()) {
                throw new InterruptedException();
            }
            long deadline = kind == NANOS || kind == TIMED ? LockWait.deadlineAfter(nanos)
                    : kind == UNTIL ? LockWait.deadlineAfter(millisToNanos(((Date) b).getTime() - System.currentTimeMillis()))
                    : LockWait.NONE;
            LockWait w = new LockWait(lock, me, kind != UNINTERRUPTIBLE, deadline);
            w.holds = lock.ownerHolds();
            lock.guard.lock();
            if (!w.enqueue(cond.waiters)) { // a goroutine interrupted: it keeps the lock
                lock.guard.unlock();
                Thread.interrupted();
                throw new InterruptedException();
            }
            cond.count++;
            w.condition = cond;
            w.wakeAfterPark = lock.releaseAllUnderGuard(); // woken once the guard is released
            if (w.goroutine() != null) {
                w.prepareGoroutinePark(WaitReason.CONDITION_AWAIT);
                return PARK;
            }
            return reacquire(w, w.awaitAsThread());
        }

        @Override
        protected final Object resume(Stack s, Object a, Object b, Object c, long nanos) throws InterruptedException {
            LockWait w = LockWait.afterPark(Parking.goroutineOf(s));
            if (w.conditionOutcome == LockWait.WAITING) {
                return reacquire(w, w.state); // the signal (or time, or interrupt) came
            }
            LockParks.outcome(w.lock, w, w.state); // the lock is ours again
            return result(w);
        }

        private static long millisToNanos(long millis) {
            return millis >= Long.MAX_VALUE / 1_000_000L ? Long.MAX_VALUE : Math.max(millis, -1) * 1_000_000L;
        }

        /** The first phase ended with {@code outcome}: takes the lock back (parks for it, a goroutine). */
        private Object reacquire(LockWait w, int outcome) throws InterruptedException {
            w.conditionOutcome = outcome;
            w.rearm();
            ParkingReentrantLock lock = w.lock;
            if (lock.tryAcquire(w.party, false)) {
                lock.granted(w);
                return result(w);
            }
            Object r = LockParks.queueAndWait(lock, w, WaitReason.LOCK);
            return r == PARK ? PARK : result(w);
        }

        /** The lock is held again: what the await returns, or its interrupt. */
        private Object result(LockWait w) throws InterruptedException {
            if (w.conditionOutcome == LockWait.INTERRUPTED) {
                Thread.interrupted(); // a goroutine's interrupt was put on its thread as it resumed
                throw new InterruptedException();
            }
            switch (kind) {
                case NANOS:
                    return w.deadline() - System.nanoTime();
                case TIMED:
                case UNTIL:
                    return w.conditionOutcome != LockWait.TIMED_OUT;
                default:
                    return null;
            }
        }
    }
}
