package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.DeadlockException;
import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import org.junit.jupiter.api.Test;

/** A dump shows an unwound goroutine's logical stack: its saved frames, named, with call-site lines. */
class GoroutineDumpTest {

    @Test
    void dumpNamesTheSavedFramesOfAParkedGoroutine() {
        String[] dump = new String[1];
        Go.run(() -> {
            WaitGroup never = new WaitGroup();
            never.add(1);
            WaitGroup started = new WaitGroup();
            started.add(1);
            Go.go(() -> outer(never, started));
            started.await();
            for (int i = 0; i < 10; i++) {
                Go.gosched(); // let it reach its await and unwind
            }
            dump[0] = Go.dumpGoroutines();
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
