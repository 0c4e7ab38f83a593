package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.DeadlockException;
import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A dump shows an unwound goroutine's logical stack: its saved frames, named, with call-site lines. */
class GoroutineDumpTest {

    @Test
    @Timeout(60) // the wait below ends when the goroutine has parked; a hang is the failure
    void dumpNamesTheSavedFramesOfAParkedGoroutine() {
        String[] dump = new String[1];
        Go.run(() -> {
            WaitGroup never = new WaitGroup();
            never.add(1);
            WaitGroup started = new WaitGroup();
            started.add(1);
            Go.go(() -> outer(never, started));
            started.await();
            String d = Go.dumpGoroutines();
            while (!d.contains(".inner(")) { // until it has reached its await and unwound (no clock involved)
                Go.gosched();
                d = Go.dumpGoroutines();
            }
            dump[0] = d;
            never.done();
        });
        String d = dump[0];
        assertTrue(d.contains("io.jgo.it.GoroutineDumpTest.inner(GoroutineDumpTest.java:"), d);
        assertTrue(d.contains("io.jgo.it.GoroutineDumpTest.outer(GoroutineDumpTest.java:"), d);
        assertTrue(d.indexOf(".inner(") < d.indexOf(".outer("), "innermost frame first:\n" + d);
    }

    @Test
    void deadlockReportCarriesTheDump() {
        DeadlockException e = assertThrows(DeadlockException.class, () -> Go.run(() -> {
            WaitGroup never = new WaitGroup();
            never.add(1);
            WaitGroup started = new WaitGroup();
            started.add(1);
            Go.go(() -> outer(never, started));
            never.await();
        }));
        assertTrue(e.getMessage().startsWith("all goroutines are asleep - deadlock!"), e.getMessage());
        assertTrue(e.getMessage().contains("GoroutineDumpTest.inner("), e.getMessage());
    }

    @Goroutine
    static void outer(WaitGroup never, WaitGroup started) {
        started.done();
        inner(never);
    }

    @Goroutine
    static void inner(WaitGroup never) {
        never.await();
    }
}
