package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Time-slice preemption with the real sysmon, at GOMAXPROCS 1: a goroutine that spins calling a
 * rewritten method is asked to yield after 10 ms and does so at that method's prologue; one that
 * spins in a loop calling nothing yields at the loop's back-edge poll ({@code -Djgo.preempt=loops},
 * the default); one stuck in library code nobody rewrote ({@code Arrays.sort}'s comparator) never
 * answers and loses its P after a second slice. Each time another goroutine gets to run and
 * release the spinner.
 */
@Timeout(60)
class PreemptionTest {

    @Test
    void spinningGoroutineWithCallsDoesNotStopAnother() {
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong spins = new AtomicLong();
        Go.run(() -> {
            Go.maxProcs(1);
            WaitGroup wg = new WaitGroup();
            wg.add(2);
            Go.go(() -> {
                // Spawned by the spinner itself, into its P's runnext: at one P the stopper can run
                // only once the spinner is preempted (spawned by main, it could run first).
                // It stops the spinner only once the loop has turned (a preemption before the loop, at
                // a call on the way in, would prove nothing about the loop): until then it yields back.
                Go.go(() -> {
                    while (spins.get() == 0) {
                        Go.gosched();
                    }
                    stop.set(true);
                    wg.done();
                });
                while (!stop.get()) {
                    step(spins);
                }
                wg.done();
            });
            wg.await();
        });
        assertTrue(stop.get());
        assertTrue(spins.get() > 0);
    }

    /** The loop's counter: a volatile field, so counting makes no call (a call's prologue would poll too). */
    private static volatile long laps;

    @Test
    void spinningLoopWithoutCallsDoesNotStopAnother() {
        laps = 0;
        AtomicBoolean stop = new AtomicBoolean();
        long[] spins = new long[1];
        Go.run(() -> {
            Go.maxProcs(1);
            WaitGroup wg = new WaitGroup();
            wg.add(2);
            Go.go(() -> {
                Go.go(() -> { // into the spinner's runnext: runs only if the spinner yields or loses its P
                    while (laps == 0) { // stops the loop only once it has turned (see above)
                        Go.gosched();
                    }
                    stop.set(true);
                    wg.done();
                });
                while (!stop.get()) {
                    laps++; // no call: only the back-edge poll can answer preemption
                }
                spins[0] = laps;
                wg.done();
            });
            wg.await();
        });
        assertTrue(spins[0] > 0);
    }

    /**
     * The comparator (a plain lambda, called by {@code Arrays.sort}: nothing here is rewritten)
     * holds up the sort until the other goroutine has run, which at one P only a retake allows:
     * sysmon's request goes unanswered and the P goes to another carrier, which runs the other
     * goroutine. A 30 s give-up turns a failure into an assertion instead of a hang.
     */
    @Test
    void hogInUnrewrittenLibraryCodeLosesItsP() {
        AtomicBoolean otherRan = new AtomicBoolean();
        boolean[] sawOther = new boolean[1];
        Integer[] data = new Integer[20_000];
        for (int i = 0; i < data.length; i++) {
            data[i] = (i * 7_919) % data.length;
        }
        long giveUp = System.nanoTime() + 30_000_000_000L;
        Go.run(() -> {
            Go.maxProcs(1);
            WaitGroup wg = new WaitGroup();
            wg.add(2);
            Go.go(() -> {
                Go.go(() -> { // into runnext: a P is needed to run it
                    otherRan.set(true);
                    wg.done();
                });
                Arrays.sort(data, (x, y) -> {
                    while (!otherRan.get() && System.nanoTime() - giveUp < 0) {
                        Thread.onSpinWait();
                    }
                    return Integer.compare(x, y);
                });
                sawOther[0] = otherRan.get();
                wg.done();
            });
            wg.await();
        });
        assertTrue(sawOther[0], "the other goroutine ran while the sort held the only P");
        Integer[] sorted = new Integer[data.length];
        for (int i = 0; i < sorted.length; i++) {
            sorted[i] = i;
        }
        assertArrayEquals(sorted, data);
    }

    /** Rewritten (it may suspend), so its prologue answers a preemption request. */
    @Goroutine
    static void step(AtomicLong spins) {
        if (spins.incrementAndGet() < 0) {
            Go.gosched();
        }
    }
}
