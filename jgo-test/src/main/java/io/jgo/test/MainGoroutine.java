package io.jgo.test;

import io.jgo.Goroutine;
import io.jgo.internal.proc.Bubbles;

/**
 * The main goroutine of one bubble run: calls the test body, then waits for the other goroutines
 * to settle ({@link Bubble#await}) and records those still alive as leaks. Written by the main
 * goroutine, read by the JUnit thread after the run has returned (the run's end orders them).
 */
final class MainGoroutine {

    /** How long, in real time, the leak check waits for goroutines blocked outside the bubble (a socket, a syscall). */
    static final long SETTLE_NANOS = 5_000_000_000L;

    private final Body body;
    /** What the test body threw, or null. */
    Throwable failure;
    /** The number of goroutines left alive once the others settled, and their dump. */
    int leaked;
    String leakDump;

    MainGoroutine(Body body) {
        this.body = body;
    }

    /** The main goroutine's body. */
    Runnable asRunnable() {
        return () -> run();
    }

    @Goroutine
    private void run() {
        try {
            body.run();
        } catch (Throwable t) {
            failure = t; // the test's result, not a panic of the runtime
            return;
        }
        Bubble.settle("the leak check", SETTLE_NANOS); // a goroutine still outside the bubble after that is a leak too
        int n = Bubbles.others("the leak check");
        if (n > 0) {
            leaked = n;
            leakDump = Bubbles.dumpOthers("the leak check");
        }
    }
}
