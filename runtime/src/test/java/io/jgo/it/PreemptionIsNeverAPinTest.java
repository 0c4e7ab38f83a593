package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import io.jgo.internal.Stack;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A preemption is advisory (Go never preempts where it cannot): when sysmon's request reaches a
 * goroutine whose stack holds a frame that cannot unwind (here a plain, unrewritten method between
 * two rewritten ones), the goroutine carries on. It is not a pin: the pin count does not move and
 * nothing is printed. (A suite that checks "no goroutine pinned" failed on a loaded machine when a
 * test's goroutine ran past a time slice inside JUnit's {@code assertThrows}.)
 */
@Timeout(60)
class PreemptionIsNeverAPinTest {

    /** Not rewritten: a library frame between the goroutine's body and the spinning method. */
    static final class Library {
        static void call(Runnable r) {
            r.run();
        }
    }

    private static volatile long laps;

    @Goroutine
    static void step(AtomicLong spins) {
        spins.incrementAndGet();
    }

    @Test
    void aGoroutineAskedToYieldInsideALibraryFrameCarriesOnUncounted() {
        laps = 0;
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong spins = new AtomicLong();
        long pinsBefore = Stack.pinCount();
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            Go.run(() -> {
                Go.maxProcs(1);
                WaitGroup wg = new WaitGroup();
                wg.add(2);
                Go.go(() -> {
                    // Into the spinner's runnext: at one P it runs only once sysmon has asked the spinner
                    // to yield, and the spinner either yielded or lost its P (it stops it after the loop turned).
                    Go.go(() -> {
                        while (spins.get() == 0) {
                            Go.gosched();
                        }
                        stop.set(true);
                        wg.done();
                    });
                    Library.call(() -> {
                        while (!stop.get()) {
                            step(spins); // its prologue answers the request; the unwind meets Library.call
                        }
                    });
                    wg.done();
                });
                wg.await();
            });
        } finally {
            System.setErr(err);
        }
        String printed = captured.toString(StandardCharsets.UTF_8);
        assertTrue(spins.get() > 0);
        assertEquals(pinsBefore, Stack.pinCount(), "a preemption counted as a pin; stderr: " + printed);
        assertTrue(!printed.contains("pinned"), "a preemption warned as a pin: " + printed);
    }
}
