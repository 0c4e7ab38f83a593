package io.jgo.internal.sched;

/**
 * A runtime's timer facility: the timers hook of findRunnable (Go's {@code checkTimers}) and the one
 * interface through which everything time-based arms a timer ({@code Go.sleep}, {@code Go.after},
 * {@code Timer}, {@code Ticker}, timeouts in a select). {@link SleepTimers} (a timer thread per
 * runtime) implements it until the per-P 4-ary heaps replace it; nothing outside this package
 * depends on which. {@link #pending} keeps the deadlock check from firing while a timer can still
 * ready a G.
 */
public interface Timers {

    /** Runs the expired timers of {@code p}; holder of p only. */
    void check(P p);

    /** Is any timer of this runtime still armed? Any thread. */
    boolean pending();

    /**
     * Runs {@code fire} once, about {@code nanos} from now, on the timer facility (not on a
     * goroutine: {@code fire} must not block; readying a G from it goes through the global queue).
     * Any thread.
     */
    Handle start(long nanos, Runnable fire);

    /** An armed timer. */
    interface Handle {
        /** Disarms it; true when this call stopped it before it fired (Go's {@code timer.stop}). */
        boolean stop();
    }
}
