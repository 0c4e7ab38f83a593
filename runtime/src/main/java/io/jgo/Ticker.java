package io.jgo;

import java.time.Duration;
import java.time.Instant;

/**
 * Go's {@code time.Ticker}: delivers the time on {@link #c} every period; a slow receiver misses
 * ticks rather than queueing them (one slot): after many periods without a receive it gets one
 * stale tick, and the receive that takes it moves the next tick past every one that fell due
 * meanwhile, even while that receive itself was slow. {@link #stop} ends the ticks (no stale tick is
 * received afterwards, Go 1.23); {@link #reset} changes the period. Unreferenced, it is garbage even
 * when not stopped: it sits on a timer heap only while a receiver waits on its channel.
 */
public final class Ticker {

    /** Package-private for tests ({@code TimerProbe}). */
    final TimerCore core;

    Ticker(Duration period) {
        long p = Go.saturatedNanos(period);
        if (p <= 0) {
            throw new IllegalArgumentException("non-positive interval for Go.newTicker: " + period);
        }
        this.core = new TimerCore(p, p);
    }

    /** The channel the ticks are delivered on. */
    public Chan<Instant> channel() {
        return core.channel();
    }

    /** Go's name for {@link #channel()} (the field {@code t.C}). */
    public Chan<Instant> c() {
        return channel();
    }

    /** Stops the ticks. */
    public void stop() {
        core.stop();
    }

    /** Stops the ticker and restarts it with period {@code d}; the next tick comes {@code d} from now. */
    public void reset(Duration d) {
        long p = Go.saturatedNanos(d);
        if (p <= 0) {
            throw new IllegalArgumentException("non-positive interval for Ticker.reset: " + d);
        }
        core.reset(p, p);
    }
}
