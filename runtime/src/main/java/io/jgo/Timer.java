package io.jgo;

import io.jgo.internal.sched.Runtimes;
import io.jgo.internal.sched.Timers;
import java.lang.ref.WeakReference;
import java.time.Duration;
import java.time.Instant;

/**
 * Go's {@code time.Timer} with Go 1.23 semantics: the current time is delivered on {@link #c} once,
 * after the duration. {@link #stop} and {@link #reset} report whether the timer was still active,
 * and after either no stale value is received from {@link #c} (a value that fired but was not yet
 * received is taken back: then the timer counts as stopped while active). The channel has one
 * slot but reports {@code len() == cap() == 0}, as Go's. A timer nobody references (neither it
 * nor its channel) is garbage, stopped or not: the armed task holds it only weakly.
 *
 * <p>Timers run on the timer facility of the runtime that created them (the calling goroutine's,
 * or the default runtime's).
 */
public final class Timer {

    private final Chan<Instant> c;
    private final Timers timers;
    /** Guards {@link #armed} and {@link #seq}; held by a firing task while it sends (never across a park). */
    private final Object lock = new Object();
    private Timers.Handle armed;
    /** Bumped by every stop and reset: a task armed under an older value does nothing. */
    private long seq;
    /** Ticker period in nanos, 0 for a one-shot timer. */
    private long period;

    Timer(Duration d, long periodNanos) {
        this.c = Chan.makeTimer();
        this.c.owner = this;
        this.timers = Runtimes.current().timers();
        this.period = periodNanos;
        synchronized (lock) {
            arm(Go.saturatedNanos(d));
        }
    }

    /** The channel the time is delivered on. */
    public Chan<Instant> c() {
        return c;
    }

    /**
     * Stops the timer. Returns true when it was active: armed, or fired with the value still
     * unreceived (which is then discarded).
     */
    public boolean stop() {
        boolean active;
        synchronized (lock) {
            active = disarm();
        }
        // Drain after the lock: a task that fired before disarm has put its value in by now (it sends holding the lock).
        return c.core.drain() || active;
    }

    /** Stops the timer and arms it again for {@code d}; returns what {@link #stop} would have. */
    public boolean reset(Duration d) {
        boolean active;
        synchronized (lock) {
            active = disarm();
        }
        active |= c.core.drain();
        synchronized (lock) {
            arm(Go.saturatedNanos(d));
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
        Timers.Handle h = armed;
        armed = null;
        return h != null && h.stop();
    }

    /** Lock held. */
    private void arm(long nanos) {
        armed = timers.start(nanos, new Fire(new WeakReference<>(this), seq));
    }

    /** The timer thread: deliver the time if this arming is still current; a ticker re-arms. */
    private void fire(long armedSeq) {
        synchronized (lock) {
            if (armedSeq != seq) {
                return; // stopped or reset since: deliver nothing
            }
            armed = null;
            c.core.timerSend(Instant.now());
            if (period > 0) {
                arm(period);
            }
        }
    }

    /** The armed task: holds the timer weakly, so an unreferenced timer is collectable. */
    private static final class Fire implements Runnable {
        private final WeakReference<Timer> timer;
        private final long seq;

        Fire(WeakReference<Timer> timer, long seq) {
            this.timer = timer;
            this.seq = seq;
        }

        @Override
        public void run() {
            Timer t = timer.get();
            if (t != null) {
                t.fire(seq);
            }
        }
    }
}
