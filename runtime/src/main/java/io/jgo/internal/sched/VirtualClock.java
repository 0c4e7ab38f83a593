package io.jgo.internal.sched;

import java.time.Instant;

/**
 * A bubble's clock (Go's {@code testing/synctest} fake time): the runtime's timers read it instead
 * of {@code System.nanoTime}, and it moves only by jumps, to the earliest timer's deadline, when
 * every goroutine of the runtime is durably blocked ({@link Quiescence}). So a goroutine that sleeps
 * an hour wakes at once, in the order a real clock would give, and time never passes while any
 * goroutine can still run.
 *
 * <h2>Who advances it</h2>
 * The M holding a P that found nothing to run, in {@code findRunnable} just before it would drop
 * its P and park ({@link #advanceIfQuiet}): it checks that the runtime is quiet, moves the clock to
 * the earliest deadline on any heap and loops, so the top of {@code findRunnable} runs the timers
 * now due (their goroutines go to its own P's queue: no other M is woken, which keeps a
 * single-carrier schedule deterministic). An idle M parked as the timer waiter polls every
 * {@link #IDLE_POLL_NANOS} of real time and wakes an M when the runtime has become quiet while
 * nobody held a P (a goroutine left a socket wait, a plain thread released one).
 *
 * <p>Threads: {@link #now} is volatile, written only by an M holding a P while every other P is
 * idle (a bubble has one P), read by any thread. Not a {@code System.nanoTime}: the clock starts at
 * the real reading of its creation and then stands still between jumps.
 */
public final class VirtualClock {

    /** How often, in real time, the timer waiter of a bubble looks whether the clock may move. */
    static final long IDLE_POLL_NANOS = 10_000_000L;

    private final long start = System.nanoTime();
    private final Instant wallStart = Instant.now();
    /** The virtual nanoTime; only ever grows. Written by the advancing M (see the class comment). */
    private volatile long now = start;
    /** Jumps taken, for tests and benchmarks; written with {@link #now}. */
    private volatile long advances;

    /** The virtual {@code System.nanoTime}. Any thread. */
    public long now() {
        return now;
    }

    /** Virtual nanoseconds since the clock was made. Any thread. */
    public long elapsedNanos() {
        return now - start;
    }

    /** How many times the clock has jumped. Any thread. */
    public long advances() {
        return advances;
    }

    /** The wall-clock instant the virtual nanoTime {@code nanos} stands for. Any thread. */
    public Instant instantOf(long nanos) {
        return wallStart.plusNanos(nanos - start);
    }

    /**
     * {@code findRunnable}'s last resort in a bubble: {@code m} holds {@code pp} and found nothing to
     * run. If the runtime is quiet and a timer is armed, moves the clock to the earliest deadline
     * and returns true (the caller loops, and its timer check fires what is due). g0 holding pp.
     */
    boolean advanceIfQuiet(Sched sched, P pp) {
        if (sched.stopping || !sched.timers.pending()) {
            return false;
        }
        long epoch = sched.externalEvents.get(); // volatile read: a ready from outside during the scan is seen below
        if (!Quiescence.allQuiet(sched, pp)) {
            return false;
        }
        long earliest = sched.timers.earliest();
        if (earliest == Long.MAX_VALUE || sched.externalEvents.get() != epoch) {
            return false; // a firing timer (off its heap) readies someone soon, or an outside ready came in
        }
        if (earliest > now) {
            now = earliest;
            advances++;
        }
        return true;
    }

    /**
     * The timer waiter's poll, without a P: has the runtime become quiet with a timer armed while
     * nobody looked? Then an M is woken to take the idle P and advance. Any thread.
     */
    static void nudgeIfQuiet(Sched sched) {
        if (!sched.stopping && sched.timers.pending() && Quiescence.allQuiet(sched, null)) {
            sched.ms.wakep();
        }
    }
}
