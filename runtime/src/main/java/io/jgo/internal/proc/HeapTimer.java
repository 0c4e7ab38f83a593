package io.jgo.internal.proc;

import io.jgo.internal.sched.timer.VirtualClock;
import io.jgo.internal.sched.timer.TimerFunc;
import io.jgo.internal.sched.timer.RuntimeTimer;
import io.jgo.internal.sched.Runtimes;
import io.jgo.internal.sched.Sched;

/**
 * The scheduler's side of a timer of the API ({@code io.jgo.TimerCore}, Go's {@code time.Timer}):
 * the runtime it was made on, and its runtime timer on that runtime's heaps, made on first need.
 * A superclass rather than a field, so a timer costs no object more than before; the API's timer
 * itself imports nothing of the scheduler. Each method says which thread calls it.
 */
public abstract class HeapTimer implements TimerFunc {

    private final Sched sched;
    /** Made by the first {@link #heapAt}; guarded by the subclass's monitor, which its callers hold. */
    private RuntimeTimer rt;

    /** A timer of the runtime of the calling goroutine, or of the default runtime. Any thread. */
    protected HeapTimer() {
        this.sched = Runtimes.current();
    }

    /**
     * When a timer set now for {@code delayNanos} is due, on this runtime's clock ({@link #now}),
     * saturated. Any thread.
     */
    protected final long deadline(long delayNanos) {
        return RuntimeTimer.deadline(sched.timeNow(), delayNanos);
    }

    /** This runtime's clock: {@code System.nanoTime}, or a test bubble's virtual one. Any thread. */
    protected final long now() {
        return sched.timeNow();
    }

    /**
     * The wall-clock time {@code due} (a reading of {@link #now}) stands for, read against a fresh
     * reading of the clock; in a test bubble, the bubble's virtual wall clock. Any thread.
     */
    protected final java.time.Instant instantOf(long due) {
        VirtualClock v = sched.virtualClock();
        return v == null ? java.time.Instant.now().minusNanos(System.nanoTime() - due) : v.instantOf(due);
    }

    /** Puts the runtime timer on a heap for {@code when}, or moves it there. The subclass's monitor held. */
    protected final void heapAt(long when) {
        if (rt == null) {
            rt = sched.newTimer(this);
        }
        rt.resetAt(when);
    }

    /** Takes the runtime timer off its heap, if it has one. The subclass's monitor held. */
    protected final void offHeap() {
        if (rt != null) {
            rt.stop();
        }
    }

    /** Starts {@code body} as a goroutine of this timer's runtime. Any thread. */
    protected final void go(Runnable body) {
        sched.newproc(body);
    }

    /** {@link TimerFunc}: a heap fired the runtime timer (an M's g0 or sysmon); see {@link #fired}. */
    @Override
    public final void fire(RuntimeTimer t) {
        fired();
    }

    /** The runtime timer fired. An M's g0 or sysmon, no lock held. */
    protected abstract void fired();
}
