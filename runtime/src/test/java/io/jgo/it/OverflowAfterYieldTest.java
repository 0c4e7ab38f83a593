package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.Goroutine;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A {@code StackOverflowError} in a recursion that yielded on its way down: the frames above the
 * yield were saved and g0 resumed only the innermost, so the error is thrown with the Java stack
 * holding a small part of the logical depth and must pass down every saved frame, each re-entered
 * by g0 alone. A sysmon preemption inside a deep recursion does exactly this on a loaded machine
 * (a CI run sat for minutes in {@link MainGoroutineTest}); here the yields are explicit, so the
 * path is taken every run. The error must reach the catch in a time linear in the depth.
 */
@Timeout(60)
class OverflowAfterYieldTest {

    private static final AtomicBoolean stop = new AtomicBoolean();

    @Test
    void anOverflowBelowSavedFramesReachesItsCatchAndTheGoroutineCarriesOn() {
        int[] caught = new int[1];
        int[] after = new int[1];
        Go.run(() -> {
            Go.maxProcs(1);
            stop.set(false);
            Chan<Integer> done = Chan.make(0);
            Go.go(() -> { // another runnable goroutine: every gosched below is a real switch
                while (!stop.get()) {
                    Go.gosched();
                }
                done.send(1);
            });
            for (int round = 0; round < 3; round++) {
                try {
                    overflow(0);
                } catch (StackOverflowError expected) {
                    caught[0]++;
                }
            }
            stop.set(true);
            after[0] = done.recv();
        });
        assertEquals(3, caught[0]);
        assertEquals(1, after[0]);
    }

    /**
     * The same with a park every 2,000 frames (a sleep: a timer readies it): past the bound a park
     * pins the carrier instead of unwinding, so the thread's stack fills and overflows.
     */
    @Test
    void anOverflowInARecursionThatParksOnItsWayDownReachesItsCatch() {
        int[] caught = new int[1];
        Go.run(() -> {
            Go.maxProcs(2);
            try {
                overflowParking(0);
            } catch (StackOverflowError expected) {
                caught[0]++;
            }
            Go.sleep(Duration.ofNanos(1_000)); // unwinds again: nothing is left saved from the recursion
            caught[0]++;
        });
        assertEquals(2, caught[0]);
    }

    @Goroutine
    private static int overflowParking(int n) {
        if (n % 2_000 == 1_999) {
            Go.sleep(Duration.ofNanos(1_000));
        }
        return overflowParking(n + 1) + 1;
    }

    @Goroutine
    private static int overflow(int n) {
        if (n % 2_000 == 1_999) {
            Go.gosched(); // the frames above are saved; only this one is rebuilt on the thread
        }
        return overflow(n + 1) + 1;
    }
}
