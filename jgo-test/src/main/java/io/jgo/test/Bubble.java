package io.jgo.test;

import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.internal.proc.Bubbles;
import java.time.Duration;

/**
 * The bubble a {@link GoTest} body runs in, seen from inside it (Go's {@code testing/synctest}).
 * Call these from the test body or a goroutine it started; elsewhere they throw
 * {@link IllegalStateException}.
 */
public final class Bubble {

    /** Polls that yield only, before each poll also gives outside parties a moment (a socket, a plain thread). */
    private static final int YIELDING_POLLS = 1_000;

    private Bubble() {
    }

    /**
     * Go's {@code synctest.Wait}: returns once every other goroutine of the bubble is durably
     * blocked (on a channel, a select, a lock, a sleep or a timer of the bubble) or has ended. The
     * virtual clock does not move meanwhile: the caller is not blocked. A goroutine waiting on
     * something outside the bubble (a socket, a future, a primitive a plain thread has used) is not
     * durably blocked, so {@code await} waits for it to come back.
     */
    @Goroutine
    public static void await() {
        settle("Bubble.await", Long.MAX_VALUE);
    }

    /**
     * {@link #await} for at most {@code realNanos} of real time (the leak check's bound, so that a
     * goroutine stuck outside the bubble is reported rather than waited for forever). True when
     * the others are durably blocked or ended.
     */
    @Goroutine
    static boolean settle(String caller, long realNanos) {
        long start = System.nanoTime();
        for (int polls = 0; !Bubbles.othersDurablyBlocked(caller); polls++) {
            Go.gosched(); // the others run; with one carrier nothing else could
            if (polls >= YIELDING_POLLS) {
                if (System.nanoTime() - start > realNanos) {
                    return false;
                }
                Bubbles.pauseBriefly();
            }
        }
        return true;
    }

    /** The virtual time since the bubble started (real time in a {@code virtualTime = false} bubble). */
    public static Duration elapsed() {
        return Duration.ofNanos(Bubbles.elapsedNanos("Bubble.elapsed"));
    }

    /** The seed of the bubble's schedule. */
    public static long seed() {
        return Bubbles.seed("Bubble.seed");
    }
}
