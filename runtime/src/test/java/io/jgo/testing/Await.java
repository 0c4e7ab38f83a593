package io.jgo.testing;

import io.jgo.Go;
import io.jgo.Goroutine;
import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Waits for the runtime to reach a state: polls, and yields between polls ({@code Go.gosched},
 * later {@code Go.sleep(1 ms)} so a long wait does not burn a shared core) so that the goroutines
 * awaited can run even at GOMAXPROCS 1. Called from a goroutine it watches that goroutine's runtime;
 * from a plain thread, the default runtime (and the yields act on the thread). No clock decides the outcome: the
 * deadline ({@link #DEADLINE}, far beyond any healthy wait) only turns a hang into a failure that says
 * what was awaited and shows the last state seen. Keep a test's {@code @Timeout} above it.
 */
public final class Await {

    /** How long a wait may take before it is reported as a hang. */
    public static final Duration DEADLINE = Duration.ofSeconds(30);

    private static final int GOSCHED_ROUNDS = 1_000;

    private Await() {
    }

    /** Until {@code Go.dumpGoroutines()} satisfies {@code shows}; returns that dump. */
    @Goroutine
    public static String dumpShows(String what, Predicate<String> shows) {
        return dumpShows(what, shows, DEADLINE);
    }

    /** {@link #dumpShows(String, Predicate)} with another deadline (for this package's own tests). */
    @Goroutine
    public static String dumpShows(String what, Predicate<String> shows, Duration deadline) {
        long end = System.nanoTime() + deadline.toNanos();
        String dump = Go.dumpGoroutines();
        for (int round = 0; !shows.test(dump); round++) {
            if (System.nanoTime() - end > 0) {
                throw new AssertionError("waited " + deadline.toMillis() + " ms for the goroutine dump to show "
                        + what + "; the last dump:\n" + dump);
            }
            pause(round);
            dump = Go.dumpGoroutines();
        }
        return dump;
    }

    /** Until {@code condition} holds; on a hang the failure shows {@code state} (e.g. recorded events) and the dump. */
    @Goroutine
    public static void until(String what, BooleanSupplier condition, Supplier<String> state) {
        until(what, condition, state, DEADLINE);
    }

    /** {@link #until(String, BooleanSupplier, Supplier)} with another deadline (for this package's own tests). */
    @Goroutine
    public static void until(String what, BooleanSupplier condition, Supplier<String> state, Duration deadline) {
        long end = System.nanoTime() + deadline.toNanos();
        for (int round = 0; !condition.getAsBoolean(); round++) {
            if (System.nanoTime() - end > 0) {
                throw new AssertionError("waited " + deadline.toMillis() + " ms for " + what + "; last seen: "
                        + state.get() + "\ngoroutine dump:\n" + Go.dumpGoroutines());
            }
            pause(round);
        }
    }

    @Goroutine
    private static void pause(int round) {
        if (round < GOSCHED_ROUNDS) {
            Go.gosched();
        } else {
            Go.sleep(Duration.ofMillis(1));
        }
    }
}
