package io.jgo.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jgo.internal.Stack;

/**
 * Counts the suspensions that pinned their carrier instead of unwinding ({@link Stack#pinCount()},
 * process-wide) while a block runs. A pin leaves the program's result intact, so a test that claims
 * goroutines unwind has to ask this: without it a wrong rewrite (or a test in a package the agent
 * skips) passes silently. The JVM runs one test at a time, so the delta is the block's.
 */
public final class Pins {

    private Pins() {
    }

    /** Runs {@code body} and asserts that no suspension pinned meanwhile. */
    public static void none(Runnable body) {
        exactly(0, body);
    }

    /** Runs {@code body} and asserts that exactly {@code expected} suspensions pinned meanwhile. */
    public static void exactly(long expected, Runnable body) {
        long pins = count(body);
        assertEquals(expected, pins, expected == 0
                ? pins + " suspension(s) pinned their carrier instead of unwinding (stderr names the frame)"
                : "suspensions that pinned their carrier");
    }

    /** Runs {@code body}; returns how many suspensions pinned meanwhile. */
    public static long count(Runnable body) {
        long before = Stack.pinCount();
        body.run();
        return Stack.pinCount() - before;
    }
}
