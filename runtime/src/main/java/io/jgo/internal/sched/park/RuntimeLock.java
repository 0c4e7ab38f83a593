package io.jgo.internal.sched.park;

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
 * a {@code WaitList} lock across a rewritten call that answered a preemption did). Releasing it is one release store unless a waiter has gone to sleep:
 * it does not wake a thread that is only spinning or yielding, which a {@code ReentrantLock} does with
 * a futex call whenever a thread parked on it (the prime
 * sieve spent more than half its time in that wake-up, under carriers on two Ps passing values along
 * a chain of channels). Not reentrant; nobody takes a channel's lock twice (a select locks each
 * distinct channel once).
 *
 * <p>Acquiring waits in three stages: {@link #SPINS} busy polls (a holder is usually done within a
 * few hundred nanoseconds), then {@link #YIELDS} {@code Thread.yield}s (a holder descheduled by the
 * OS, or unwinding a deep goroutine stack, gets the CPU), then a sleep that the unlock ends, as Go's
 * {@code lock_futex} does (a holder that stays off CPU costs no CPU, and the lock is taken as soon
 * as it is free).
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
    /**
     * The longest single sleep of a waiter. A sleeper is woken by the unlock that frees the lock
     * ({@link #unlock} sees {@link #HELD_SLEEPERS}), so this only bounds the rare wake-up an unlock
     * can miss (see {@link #unlock}), not the ordinary wait.
     */
    static final long MAX_SLEEP_NANOS = 5_000_000;

    private static final int FREE = 0;
    private static final int HELD = 1;
    /** Held, and a waiter may be asleep ({@link #sleepers}): the unlock wakes them (Go's {@code mutex_sleeping}). */
    private static final int HELD_SLEEPERS = 2;

    /** Acquisitions that found the lock held; any thread. */
    static final LongAdder CONTENDED = new LongAdder();
    /** {@code Thread.yield}s of waiting acquisitions; any thread. */
    static final LongAdder YIELDED = new LongAdder();
    /** Sleeps of waiting acquisitions; any thread. */
    static final LongAdder SLEPT = new LongAdder();

    /** The contention counts on one line, for {@code -Djgo.counts=true}. */
    public static String countsText() {
        return "chanlock-contended=" + CONTENDED.sum() + " chanlock-yields=" + YIELDED.sum() + " chanlock-sleeps=" + SLEPT.sum();
    }

    /** {@link #FREE}, {@link #HELD} or {@link #HELD_SLEEPERS}. */
    private volatile int state;
    /** Waiters that may be asleep (a Treiber stack); pushed by a waiter, taken whole by the unlock that wakes them. */
    private volatile Sleeper sleepers;

    public void lock() {
        if (!STATE.compareAndSet(this, FREE, HELD)) {
            lockSlow();
        }
    }

    private void lockSlow() {
        CONTENDED.increment();
        for (int tries = 0; tries < SPINS + YIELDS; tries++) {
            if (state == FREE && STATE.compareAndSet(this, FREE, HELD)) {
                return;
            }
            if (tries < SPINS) {
                Thread.onSpinWait();
            } else {
                YIELDED.increment();
                Thread.yield();
            }
        }
        sleepUntilAcquired();
    }

    /**
     * The sleeping stage (Go's {@code lock2} after its spins): this thread puts itself on
     * {@link #sleepers}, marks the lock {@link #HELD_SLEEPERS} and parks until the unlock wakes it.
     * It was a blind sleep of growing length (1 µs doubling to 100 µs, each at least the timer
     * slack, ~50 µs on Linux), so a lock freed just after a waiter fell asleep stayed unused for
     * the rest of that sleep: buffered-pipe at GOMAXPROCS 2, its two ends on different Ps, took
     * 37–95 such sleeps per run (-Djgo.counts). A waiter in this stage acquires with
     * {@link #HELD_SLEEPERS}, not {@link #HELD}, as Go's does, so that other sleepers are woken
     * when it lets go.
     *
     * <p>No lost wake-up (but for the one race {@link #unlock} describes): the waiter pushes itself,
     * then writes or reads {@link #state} (volatile RMW, volatile read); the waking unlock swaps
     * {@link #state} to {@link #FREE}, then takes the stack (two volatile RMWs). Either the unlock's
     * take sees this waiter's push, and unparks it (a permit, if it has not parked yet), or the
     * push came after the take, so the waiter's read of {@link #state} comes after the unlock's
     * swap and finds the lock free (or held by a newer holder, whose unlock sees HELD_SLEEPERS).
     */
    private void sleepUntilAcquired() {
        Thread me = Thread.currentThread();
        Sleeper node = null;
        long sleep = 1_000;
        for (;;) {
            if (node == null || !node.queued) { // not on the stack (first time, or taken by an unlock): push
                node = new Sleeper(me);
                Sleeper head;
                do {
                    head = sleepers;
                    node.next = head;
                } while (!SLEEPERS.compareAndSet(this, head, node));
            }
            int s = state;
            if (s == FREE) {
                if (STATE.compareAndSet(this, FREE, HELD_SLEEPERS)) {
                    node.done = true; // an unlock that takes it later skips it (a stray permit at worst)
                    return;
                }
                continue;
            }
            if (s == HELD && (!STATE.compareAndSet(this, HELD, HELD_SLEEPERS) || state == FREE)) {
                continue; // freed or marked meanwhile, or freed by an unlock that read HELD before the mark: look again
            }
            SLEPT.increment();
            LockSupport.parkNanos(this, sleep); // until the unlock's unpark; the bound covers a missed one
            sleep = Math.min(MAX_SLEEP_NANOS, sleep * 2);
        }
    }

    /**
     * Releases the lock; the caller holds it. Uncontended, or with waiters only spinning or
     * yielding, one volatile read and one release store (no fence, no wake-up). With
     * {@link #HELD_SLEEPERS} the state is swapped to {@link #FREE} and every waiter on
     * {@link #sleepers} is unparked (they race for the lock again; the losers push themselves back).
     *
     * <p>The one race left open, so that the common unlock stays a plain release store: a waiter
     * marks {@link #HELD_SLEEPERS} between this read of {@link #HELD} and the store, and parks after
     * reading the state before the store lands. Its sleep then ends by its bound (its current one:
     * 1 µs doubling per sleep up to {@link #MAX_SLEEP_NANOS}, so up to 5 ms for a waiter that has
     * slept before) rather than by a wake-up; waiters that parked on that lost mark wait the same way.
     */
    public void unlock() {
        if (state != HELD_SLEEPERS) {
            STATE.setRelease(this, FREE);
            return;
        }
        STATE.getAndSet(this, FREE);
        Sleeper s = (Sleeper) SLEEPERS.getAndSet(this, null);
        while (s != null) {
            Sleeper next = s.next;
            s.queued = false; // before the unpark: a woken waiter that loses the race pushes a new node
            if (!s.done) {
                LockSupport.unpark(s.thread);
            }
            s = next;
        }
    }

    /** A waiter in the sleeping stage, on {@link #sleepers}. */
    private static final class Sleeper {
        final Thread thread;
        /** Below this one on the stack; written before the push's CAS publishes the node. */
        Sleeper next;
        /** On the stack until an unlock takes it (it clears this before its unpark). */
        volatile boolean queued = true;
        /** Its waiter acquired the lock: an unlock that takes the node later does not unpark it. */
        volatile boolean done;

        Sleeper(Thread thread) {
            this.thread = thread;
        }
    }

    /** Held by anyone right now? Racy; for assertions and tests. */
    public boolean isLocked() {
        return state != FREE;
    }

    private static final VarHandle STATE;
    private static final VarHandle SLEEPERS;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(RuntimeLock.class, "state", int.class);
            SLEEPERS = MethodHandles.lookup().findVarHandle(RuntimeLock.class, "sleepers", Sleeper.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
