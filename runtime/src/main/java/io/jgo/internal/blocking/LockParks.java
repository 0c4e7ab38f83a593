package io.jgo.internal.blocking;

import io.jgo.internal.Stack;
import io.jgo.internal.cont.LeafPark;
import io.jgo.internal.cont.MethodIds;
import io.jgo.internal.sched.park.WaitReason;
import io.jgo.internal.sched.park.Parking;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;

/**
 * The leaf steps of {@link ParkingReentrantLock}'s waits ({@link LeafPark}: {@code start} tries
 * and, if it must wait, queues and prepares the park; {@code resume} reads the outcome the waker
 * left). One {@link Acquire} per leaf method: the lock's own {@code lock}, {@code lockInterruptibly}
 * and timed {@code tryLock}, and {@link OwnedLocks}' statics that rewritten code calls in their
 * place, which hand any other {@code Lock} to {@link #otherLock}.
 *
 * <p>A plain thread (or a goroutine's frame stepped without a scheduler) waits inside
 * {@code start}, as a thread; a goroutine parks, and its resumed leaf gets no arguments back when
 * it is a static one, so all a wait needs afterwards is in its {@link LockWait}.
 */
class LockParks {

    private static final String LOCK_CLASS = "io.jgo.internal.blocking.ParkingReentrantLock";

    static final Acquire LOCK = new Acquire(MethodIds.of(LOCK_CLASS, "lock", "()V"), false, false);
    static final Acquire LOCK_INTERRUPTIBLY = new Acquire(MethodIds.of(LOCK_CLASS, "lockInterruptibly", "()V"), true, false);
    static final Acquire TRY_LOCK = new Acquire(MethodIds.of(LOCK_CLASS, "tryLock",
            "(JLjava/util/concurrent/TimeUnit;)Z"), true, true);

    LockParks() {
    }

    /**
     * Takes a {@link ParkingReentrantLock} ({@code a}), waiting if it must: for ever
     * ({@code lock}), until interrupted ({@code lockInterruptibly}) or for {@code n} nanoseconds
     * too (timed {@code tryLock}: {@code n} nanoseconds, or {@code n} of the {@code TimeUnit} in
     * {@code b}). Answers {@code Boolean.TRUE} when taken, {@code FALSE} when the
     * time ran out; throws {@code InterruptedException} (status cleared) when interrupted.
     */
    static class Acquire extends LeafPark<Stack, InterruptedException> {
        private final boolean interruptible;
        private final boolean timed;

        Acquire(int leaf, boolean interruptible, boolean timed) {
            super(leaf, Stack.YIELD_PARK);
            this.interruptible = interruptible;
            this.timed = timed;
        }

        /** A lock of another class (only {@link OwnedLocks}' leaves see one). */
        protected Object otherLock(Lock lock, Object b, long n) throws InterruptedException {
            throw new IllegalStateException("not a ParkingReentrantLock: " + lock);
        }

        /** The lock was taken without parking (OwnedLocks counts it for a frame stepped without a scheduler). */
        protected void acquiredWithoutPark(ParkingReentrantLock lock) {
        }

        @Override
        protected final Object start(Stack s, Object a, Object b, Object c, long nanos) throws InterruptedException {
            Object r = first(s, a, b, nanos);
            if (r == Boolean.TRUE && a instanceof ParkingReentrantLock) {
                acquiredWithoutPark((ParkingReentrantLock) a);
            }
            return r;
        }

        private Object first(Stack s, Object a, Object b, long nanos) throws InterruptedException {
            if (!(a instanceof ParkingReentrantLock)) {
                return otherLock((Lock) a, b, nanos);
            }
            if (b instanceof TimeUnit) {
                nanos = ((TimeUnit) b).toNanos(nanos); // OwnedLocks' timed tryLock passes the time and its unit
            }
            ParkingReentrantLock lock = (ParkingReentrantLock) a;
            if (interruptible && Thread.interrupted()) {
                throw new InterruptedException();
            }
            Object me = ParkingReentrantLock.self();
            if (lock.tryAcquire(me, lock.isFairLock())) {
                return Boolean.TRUE;
            }
            if (timed && nanos <= 0) {
                return Boolean.FALSE;
            }
            LockWait w = new LockWait(lock, me, interruptible, timed ? LockWait.deadlineAfter(nanos) : LockWait.NONE);
            w.holds = 1;
            return queueAndWait(lock, w, WaitReason.LOCK);
        }

        @Override
        protected final Object resume(Stack s, Object a, Object b, Object c, long nanos) throws InterruptedException {
            LockWait w = LockWait.afterPark(Parking.goroutineOf(s));
            return outcome(w.lock, w, w.state);
        }
    }

    /**
     * Under the lock's guard: the last attempt, then the queue and the park (a goroutine: returns
     * {@link LeafPark#PARK}) or the wait (a plain thread: returns the outcome).
     */
    static Object queueAndWait(ParkingReentrantLock lock, LockWait w, WaitReason why) throws InterruptedException {
        lock.guard.lock();
        int r = lock.acquireOrQueueUnderGuard(w, lock.isFairLock());
        if (r != ParkingReentrantLock.QUEUED) {
            LockWait next = w.wakeAfterPark; // a condition wait released the lock before
            w.wakeAfterPark = null;
            lock.guard.unlock();
            if (next != null) {
                next.wake();
            }
            if (r == ParkingReentrantLock.INTERRUPTED) {
                Thread.interrupted();
                throw new InterruptedException();
            }
            return Boolean.TRUE;
        }
        if (w.goroutine() != null) {
            w.prepareGoroutinePark(why); // g0 releases the guard once the goroutine is parked
            return LeafPark.PARK;
        }
        return outcome(lock, w, w.awaitAsThread());
    }

    /** What a finished wait for the lock answers: see {@link Acquire}. */
    static Object outcome(ParkingReentrantLock lock, LockWait w, int state) throws InterruptedException {
        switch (state) {
            case LockWait.GRANTED:
                lock.granted(w);
                return Boolean.TRUE;
            case LockWait.TIMED_OUT:
                return Boolean.FALSE;
            case LockWait.INTERRUPTED:
                Thread.interrupted(); // a goroutine's interrupt was put on this thread as it resumed
                throw new InterruptedException();
            default:
                throw new IllegalStateException("lock wait ended in state " + state);
        }
    }
}
