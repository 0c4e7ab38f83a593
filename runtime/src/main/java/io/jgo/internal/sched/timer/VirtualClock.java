package io.jgo.internal.sched.timer;

import java.time.Instant;

/**
 * A bubble's clock (Go's {@code testing/synctest} fake time): the runtime's timers read it instead
 * of {@code System.nanoTime}, and it moves only by jumps, to the earliest timer's deadline, when
 * every goroutine of the runtime is durably blocked ({@code sched.Quiescence}). So a goroutine that sleeps
 * an hour wakes at once, in the order a real clock would give, and time never passes while any
 * goroutine can still run.
 *
 * <h2>Who advances it</h2>
 * The M holding a P that found nothing to run, in {@code findRunnable} just before it would drop
 * its P and park ({@code Quiescence.advanceClockIfQuiet}): it checks that the runtime is quiet, moves the clock to
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
    public static final long IDLE_POLL_NANOS = 10_000_000L;

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
     * Moves the clock to {@code when} if that is later than now (a jump); the caller checked that the
     * runtime is quiet ({@code sched.Quiescence#advanceClockIfQuiet}). The advancing M only.
     */
    public void advanceTo(long when) {
        if (when > now) {
            now = when;
            advances++;
        }
    }
}
