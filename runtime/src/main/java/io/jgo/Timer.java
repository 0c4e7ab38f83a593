package io.jgo;

import io.jgo.internal.sched.RuntimeTimer;
import java.time.Duration;
import java.util.Objects;

/**
 * A timer made by {@link Go#afterFunc} (Go's {@code time.Timer} from {@code time.AfterFunc}), with
 * Go 1.23's semantics: {@link #stop} and {@link #reset} report whether the timer was active. A
 * stopped timer holds no runtime resource: it is garbage as soon as nothing references it.
 */
public final class Timer {

    private final RuntimeTimer timer;

    Timer(RuntimeTimer timer) {
        this.timer = timer;
    }

    /**
     * Prevents the function from running; true if that stopped it, false if it already ran (it
     * then runs, or ran, as a goroutine of its own) or the timer was stopped before.
     */
    public boolean stop() {
        return timer.stop();
    }

    /**
     * Makes the function run after {@code d} from now: true if the timer was active (this
     * reschedules it), false if it had expired or been stopped (the function runs again).
     */
    public boolean reset(Duration d) {
        return timer.reset(Go.saturatedNanos(Objects.requireNonNull(d, "d")));
    }
}
