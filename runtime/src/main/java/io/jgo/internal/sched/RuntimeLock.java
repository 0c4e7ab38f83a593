package io.jgo.internal.sched;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

/**
 * The runtime's one lock for a guard held across an unwind (a channel's, a sync primitive's
 * {@code WaitList}, a {@code park.Park}): a test-and-test-and-set word, as Go's runtime {@code lock}
 * (spin, then yield, then sleep), not a queue lock. It has no owner thread: a goroutine that took it
 * may unwind and be released by g0, or be preempted and go on on another carrier, and still release
 * it, where a {@code ReentrantLock} throws {@code IllegalMonitorStateException} (a goroutine holding
 * a {@code WaitList} lock across a rewritten call that answered a preemption did). Releasing it is one release store: it never wakes a waiting thread,
 * which a {@code ReentrantLock} does with a futex call whenever a thread parked on it (the prime
 * sieve spent more than half its time in that wake-up, under carriers on two Ps passing values along
 * a chain of channels). Not reentrant; nobody takes a channel's lock twice (a select locks each
 * distinct channel once).
 *
 * <p>Acquiring waits in three stages: {@link #SPINS} busy polls (a holder is usually done within a
 * few hundred nanoseconds), then {@link #YIELDS} {@code Thread.yield}s (a holder descheduled by the
 * OS, or unwinding a deep goroutine stack, gets the CPU), then sleeps of growing length up to
 * {@link #MAX_SLEEP_NANOS} (a holder that stays off CPU longer costs that much latency at most, and
 * no CPU).
 *
 * <p>Memory effects: {@link #lock} is a volatile CAS (acquire), {@link #unlock} a release store, so
 * everything written under the lock happens-before the next holder's reads, as with any lock.
 *
 * <p>{@link #CONTENDED}, {@link #YIELDED} and {@link #SLEPT} count, process-wide, the acquisitions
 * that found the lock held, and the yields and sleeps they took (cross-core contention on a channel
 * shows there; the benchmark harness prints them with {@code -Djgo.counts=true}). Only the slow path counts: striped adders,
 * so waiters on different cores do not contend on the counters too.
 */
public final class RuntimeLock {

    static final int SPINS = 100;
    static final int YIELDS = 20;
    static final long MAX_SLEEP_NANOS = 100_000;

    /** Acquisitions that found the lock held; any thread. */
    static final LongAdder CONTENDED = new LongAdder();
    /** {@code Thread.yield}s of waiting acquisitions; any thread. */
    static final LongAdder YIELDED = new LongAdder();
    /** Sleeps of waiting acquisitions; any thread. */
    static final LongAdder SLEPT = new LongAdder();

    /** The contention counts on one line, for {@code -Djgo.counts=true}. */
    public static String countsText() {
        return "chanlock-contended=" + CONTENDED.sum() + " chanlock-yields=" + YIELDED.sum() + " chanlock-sleeps=" + SLEPT.sum(); // names kept: the benchmark reports read them
    }

    /** 0 free, 1 held. */
    private volatile int state;

    public void lock() {
        if (!STATE.compareAndSet(this, 0, 1)) {
            lockSlow();
        }
    }

    private void lockSlow() {
        CONTENDED.increment();
        long sleep = 1_000;
        for (int tries = 0; ; tries++) {
            if (state == 0 && STATE.compareAndSet(this, 0, 1)) {
                return;
            }
            if (tries < SPINS) {
                Thread.onSpinWait();
            } else if (tries < SPINS + YIELDS) {
                YIELDED.increment();
                Thread.yield();
            } else {
                SLEPT.increment();
                LockSupport.parkNanos(this, sleep);
                sleep = Math.min(MAX_SLEEP_NANOS, sleep * 2);
            }
        }
    }

    /** Releases the lock; the caller holds it. */
    public void unlock() {
        STATE.setRelease(this, 0);
    }

    /** Held by anyone right now? Racy; for assertions and tests. */
    public boolean isLocked() {
        return state != 0;
    }

    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(RuntimeLock.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
