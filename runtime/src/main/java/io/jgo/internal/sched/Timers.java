package io.jgo.internal.sched;

/**
 * The timers hook of findRunnable (Go's {@code checkTimers}); the timer heaps come with a later
 * issue ({@link SleepTimers} stands in meanwhile). {@link #pending} keeps the deadlock check from firing while a timer can still ready a G.
 */
interface Timers {

    /** Runs the expired timers of {@code p}; holder of p only. */
    void check(P p);

    /** Is any timer of this runtime still armed? Any thread. */
    boolean pending();
}
