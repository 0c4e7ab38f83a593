package io.jgo.internal.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.WaitGroup;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * 1,000,000 goroutines, spawned by 1,000 goroutines that each spawn 1,000 (nested spawning), each
 * yielding once: every one runs exactly once at GOMAXPROCS 1, 2, 4 and 8 (oversubscribed on small
 * machines), with a GOMAXPROCS change in the middle, and the goroutine count returns to its baseline.
 */
@Timeout(300)
class MillionGoroutinesTest {

    private static final int PARENTS = 1_000;
    private static final int CHILDREN = 1_000;

    @ParameterizedTest(name = "GOMAXPROCS {0}")
    @ValueSource(ints = {1, 2, 4, 8})
    void everyGoroutineRunsExactlyOnceAcrossAResize(int procs) {
        AtomicIntegerArray runs = new AtomicIntegerArray(PARENTS * CHILDREN);
        AtomicInteger afterYield = new AtomicInteger();
        int[] baseline = new int[2];
        int[] previous = new int[1];
        Sched s = new Sched(new Config().maxProcs(procs).name("million-" + procs));
        s.runMain(() -> {
            baseline[0] = Go.numGoroutine();
            WaitGroup wg = new WaitGroup();
            wg.add(PARENTS * CHILDREN);
            for (int p = 0; p < PARENTS; p++) {
                int parent = p;
                Go.go(() -> {
                    if (parent == PARENTS / 2) {
                        previous[0] = Go.maxProcs(procs == 1 ? 3 : procs / 2); // resize in the middle
                    }
                    for (int c = 0; c < CHILDREN; c++) {
                        int slot = parent * CHILDREN + c;
                        Go.go(() -> {
                            runs.incrementAndGet(slot);
                            Go.gosched();
                            afterYield.incrementAndGet();
                            wg.done();
                        });
                    }
                });
            }
            wg.await();
            while (Go.numGoroutine() != baseline[0]) { // the last ones may still be on their way out
                Go.gosched();
            }
            baseline[1] = Go.numGoroutine();
        });
        for (int i = 0; i < runs.length(); i++) {
            if (runs.get(i) != 1) {
                assertEquals(1, runs.get(i), "goroutine " + i + " ran " + runs.get(i) + " times");
            }
        }
        assertEquals(PARENTS * CHILDREN, afterYield.get());
        assertEquals(procs, previous[0], "maxProcs(n) returns the previous value");
        assertEquals(1, baseline[0]);
        assertEquals(baseline[0], baseline[1]);
        assertTrue(s.numGoroutine() == 0);
    }
}
