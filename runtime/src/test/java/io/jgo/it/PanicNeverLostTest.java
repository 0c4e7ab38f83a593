package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.PanicException;
import io.jgo.WaitGroup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An exception that ends a goroutine is never lost, even when it is still unwinding as main
 * returns: its {@code finally} readies main, main returns and the runtime stops, and the exception
 * reaches the scheduler only afterwards. {@code Go.run} waits for it and throws it, as a Go program
 * waits for a panicking goroutine before it exits.
 */
@Timeout(60)
class PanicNeverLostTest {

    /** Each run is a race a panic could lose most of the time; twenty make a loss near certain. */
    private static final int RUNS = 20;

    @Test
    void aPanicWhoseFinallyLetsMainReturnStillEndsTheRun() {
        for (int i = 0; i < RUNS; i++) {
            IllegalStateException boom = new IllegalStateException("worker failed");
            PanicException e = assertThrows(PanicException.class, () -> Go.run(() -> {
                Go.maxProcs(4);
                WaitGroup wg = new WaitGroup();
                wg.add(1);
                Go.go(() -> {
                    try {
                        throw boom;
                    } finally {
                        wg.done();
                    }
                });
                wg.await();
            }), "run " + i);
            assertEquals(boom, e.getCause());
            assertTrue(e.getMessage().contains("worker failed"), e.getMessage());
        }
    }
}
