package io.jgo;

import io.jgo.internal.sched.RuntimeTimer;
import io.jgo.internal.sched.Runtimes;
import io.jgo.internal.sched.Sched;
import io.jgo.internal.sched.TimerFunc;
import java.lang.ref.WeakReference;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * Go's {@code time.Timer} with Go 1.23 semantics. One made by {@link Go#newTimer} or {@link Go#after}
 * delivers the current time on {@link #c} once, after the duration; one made by {@link Go#afterFunc}
 * has no channel ({@link #c} is null) and starts its function as a goroutine instead. {@link #stop} and {@link #reset} report whether the timer was still active,
 * and after either no stale value is received from {@link #c} (a value that fired but was not yet
 * received is taken back: then the timer counts as stopped while active). The channel has one
 * slot but reports {@code len() == cap() == 0}, as Go's. A timer nobody references (neither it
 * nor its channel) is garbage, stopped or not: the armed task holds it only weakly.
 *
 * <p>Timers sit on the per-P timer heaps of the runtime that created them (the calling goroutine's,
 * or the default runtime's): waiting costs no thread. Each arming is its own {@link RuntimeTimer}
 * tagged with {@link #seq}, so a firing that raced with a stop or a reset delivers nothing.
 */
public final class Timer {

    /** Where the time goes; null for a timer of {@link Go#afterFunc}. */
    private final Chan<Instant> c;
    /** What an {@link Go#afterFunc} timer starts as a goroutine; null for a channel timer. */
    private final Runnable func;
    private final Sched sched;
    /** Guards {@link #armed} and {@link #seq}; held by a firing task while it sends (never across a park). */
    private final Object lock = new Object();
    private RuntimeTimer armed;
    /** Bumped by every stop and reset: a task armed under an older value does nothing. */
    private long seq;
    /** Ticker period in nanos, 0 for a one-shot timer. */
    private long period;

    Timer(Duration d, long periodNanos) {
        this.c = Chan.makeTimer();
        this.c.owner = this;
        this.func = null;
        this.sched = Runtimes.current();
        this.period = periodNanos;
        synchronized (lock) {
            arm(Go.saturatedNanos(d));
        }
    }

    /** A timer of {@link Go#afterFunc}: starts {@code f} as a goroutine after {@code d}. */
    Timer(Duration d, Runnable f) {
        this.c = null;
        this.func = f;
        this.sched = Runtimes.current();
        synchronized (lock) {
            arm(Go.saturatedNanos(d));
        }
    }

    /** The channel the time is delivered on; null for a timer of {@link Go#afterFunc}. */
    public Chan<Instant> channel() {
        return c;
    }

    /** Go's name for {@link #channel()} (the field {@code t.C}). */
    public Chan<Instant> c() {
        return channel();
    }

    /**
     * Stops the timer. Returns true when it was active: armed, or fired with the value still
     * unreceived (which is then discarded). For an {@link Go#afterFunc} timer: true if this stopped
     * the function from starting.
     */
    public boolean stop() {
        boolean active;
        synchronized (lock) {
            active = disarm();
        }
        // Drain after the lock: a task that fired before disarm has put its value in by now (it sends holding the lock).
        return drained() || active;
    }

    /** Takes back a fired, unreceived value; false for an afterFunc timer. */
    private boolean drained() {
        return c != null && c.core.drain();
    }

    /** Stops the timer and arms it again for {@code d}; returns what {@link #stop} would have. */
    public boolean reset(Duration d) {
        boolean active;
        synchronized (lock) {
            active = disarm();
        }
        active |= drained();
        synchronized (lock) {
            arm(Go.saturatedNanos(Objects.requireNonNull(d, "d")));
        }
        return active;
    }

    /** Ticker reset: new period, next tick one period from now. */
    void resetPeriod(long nanos) {
        synchronized (lock) {
            disarm();
            period = nanos;
        }
        c.core.drain();
        synchronized (lock) {
            arm(nanos);
        }
    }

    /** Lock held. */
    private boolean disarm() {
        seq++;
        RuntimeTimer t = armed;
        armed = null;
        return t != null && t.stop();
    }

    /**
     * Lock held. An afterFunc timer's arming holds the timer strongly (its function must run even
     * if nobody keeps the Timer); a channel timer's only weakly (see the class comment).
     */
    private void arm(long nanos) {
        RuntimeTimer t = new RuntimeTimer(sched, func != null ? new StartFunc(this, seq)
                : new Fire(new WeakReference<>(this), seq));
        armed = t;
        t.reset(nanos);
    }

    /** The timer's firing (an M's g0 or sysmon): deliver the time if this arming is still current; a ticker re-arms. */
    private void fire(long armedSeq) {
        synchronized (lock) {
            if (armedSeq != seq) {
                return; // stopped or reset since: deliver nothing
            }
            armed = null;
            if (func != null) {
                sched.newproc(func);
                return;
            }
            c.core.timerSend(Instant.now());
            if (period > 0) {
                arm(period);
            }
        }
    }

    /** The arming of an afterFunc timer. */
    private static final class StartFunc implements TimerFunc {
        private final Timer timer;
        private final long seq;

        StartFunc(Timer timer, long seq) {
            this.timer = timer;
            this.seq = seq;
        }

        @Override
        public void fire(RuntimeTimer t) {
            timer.fire(seq);
        }
    }

    /** The arming of a channel timer: holds the timer weakly, so an unreferenced timer is collectable. */
    private static final class Fire implements TimerFunc {
        private final WeakReference<Timer> timer;
        private final long seq;

        Fire(WeakReference<Timer> timer, long seq) {
            this.timer = timer;
            this.seq = seq;
        }

        @Override
        public void fire(RuntimeTimer rt) {
            Timer t = timer.get();
            if (t != null) {
                t.fire(seq);
            }
        }
    }
}
