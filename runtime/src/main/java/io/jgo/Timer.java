package io.jgo;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * Go's {@code time.Timer} with Go 1.23 semantics. One made by {@link Go#newTimer} or {@link Go#after}
 * delivers the time on {@link #c} once, after the duration; one made by {@link Go#afterFunc} has no
 * channel ({@link #c} is null) and starts its function as a goroutine instead.
 *
 * <ul>
 *   <li>{@link #stop} and {@link #reset} return true when the timer was running: armed, or fired
 *       with its value not yet received (that value is then taken back, so no stale value is ever
 *       received after either). So {@code if (!t.stop()) t.c().recv();} never hangs; for a timer
 *       nobody else receives from, stop of an unreceived timer is always true. For an afterFunc
 *       timer, false means the function has been started.</li>
 *   <li>The channel reports {@code len() == cap() == 0}, as Go's.</li>
 *   <li>A timer nobody references (neither it nor its channel) is garbage at once, stopped or not:
 *       it sits on a timer heap only while a receiver waits on its channel (or, for an afterFunc
 *       timer, while it runs). Waiting costs no thread.</li>
 * </ul>
 * Timers belong to the runtime that made them (the calling goroutine's, or the default runtime's)
 * and work from plain threads as well.
 */
public final class Timer {

    /** Package-private for the tests' stand-in for a timer heap (TimerProbe). */
    final TimerCore core;

    Timer(TimerCore core) {
        this.core = core;
    }

    /** The channel the time is delivered on; null for a timer of {@link Go#afterFunc}. */
    public Chan<Instant> channel() {
        return core.channel();
    }

    /** Go's name for {@link #channel()} (the field {@code t.C}). */
    public Chan<Instant> c() {
        return channel();
    }

    /**
     * Stops the timer. Returns true when it was running: armed, or fired with the value still
     * unreceived (which is then discarded). For an {@link Go#afterFunc} timer: true if this stopped
     * the function from starting, false if it has been started.
     */
    public boolean stop() {
        return core.stop();
    }

    /**
     * Stops the timer and runs it again {@code d} from now; returns what {@link #stop} would have.
     * No value of the earlier run is received afterwards.
     */
    public boolean reset(Duration d) {
        return core.reset(Go.saturatedNanos(Objects.requireNonNull(d, "d")), 0);
    }
}
