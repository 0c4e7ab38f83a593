package io.jgo.it.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jgo.Go;
import io.jgo.WaitGroup;
import io.jgo.internal.sched.Sched;
import io.jgo.internal.sched.TestRuntimes;
import io.jgo.testing.Pins;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * GOMAXPROCS at run time: the previous value is returned, a shrink never waits for a goroutine.
 * Main parks on WaitGroups while the resize happens, and unwinds (nothing pins).
 */
@Timeout(60)
class ResizeTest {

    @Test
    void resizeReturnsThePreviousValue() {
        Sched s = TestRuntimes.traced("resize", 4, null);
        int[] allPs = new int[1];
        s.runMain(() -> {
            assertEquals(4, Go.maxProcs(2));
            assertEquals(2, Go.maxProcs());
            assertEquals(2, Go.maxProcs(6));
            assertEquals(6, Go.maxProcs());
            allPs[0] = TestRuntimes.allPs(s);
        });
        assertEquals(6, allPs[0], "a grow creates the Ps at once");
    }

    /**
     * Three goroutines spin without a safe point, holding three of the four Ps, until the main
     * goroutine sets {@code stop}, which it does only after {@code maxProcs(1)} has returned: a
     * shrink that waited for them would hang (the test's timeout). Afterwards one P is left.
     */
    @Test
    void shrinkDoesNotWaitForAGoroutineThatNeverPolls() {
        AtomicBoolean stop = new AtomicBoolean();
        AtomicInteger ran = new AtomicInteger();
        int[] previous = new int[1];
        Sched s = TestRuntimes.traced("shrink", 4, null);
        Pins.none(() -> s.runMain(() -> {
            WaitGroup spinnersStarted = new WaitGroup();
            spinnersStarted.add(3);
            WaitGroup spinnersDone = new WaitGroup();
            spinnersDone.add(3);
            for (int i = 0; i < 3; i++) {
                Go.go(() -> {
                    spinnersStarted.done();
                    while (!stop.get()) {
                        Thread.onSpinWait(); // never reaches a safe point
                    }
                    spinnersDone.done();
                });
            }
            spinnersStarted.await();
            previous[0] = Go.maxProcs(1); // returns while the spinners still hold their Ps
            WaitGroup wg = new WaitGroup();
            wg.add(100);
            for (int i = 0; i < 100; i++) {
                Go.go(() -> {
                    ran.incrementAndGet();
                    wg.done();
                });
            }
            stop.set(true);
            wg.await();
            spinnersDone.await();
        }));
        assertEquals(4, previous[0]);
        assertEquals(100, ran.get());
        assertEquals(1, s.maxProcs());
        assertEquals(1, TestRuntimes.allPs(s), "the surplus Ps were retired");
    }
}
