package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import io.jgo.testing.Await;
import io.jgo.testing.Heavy;
import io.jgo.testing.Pins;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * 1,000,000 goroutines spawned by 1,000 spawners, each really unwinding on {@code Go.gosched} and
 * resuming (possibly on another carrier), with GOMAXPROCS changed in the middle: every goroutine
 * runs exactly once, its state survives the yield, nothing pins, and the count returns to baseline.
 * (It replaces a copy in {@code io.jgo.internal.sched} whose {@code Go.gosched} calls, in a package
 * the agent skips, pinned instead of yielding.)
 */
@Timeout(300)
@Heavy
class MillionYieldingGoroutinesTest {

    private static final int SPAWNERS = 1_000;
    private static final int CHILDREN = 1_000;

    @ParameterizedTest(name = "GOMAXPROCS {0}")
    @ValueSource(ints = {1, 2, 4, 8})
    void everyGoroutineRunsExactlyOnceAndSurvivesItsYields(int procs) {
        AtomicIntegerArray before = new AtomicIntegerArray(SPAWNERS * CHILDREN);
        AtomicIntegerArray after = new AtomicIntegerArray(SPAWNERS * CHILDREN);
        int[] counts = new int[3];
        Pins.none(() -> Go.run(() -> {
            Go.maxProcs(procs);
            counts[0] = Go.numGoroutine();
            WaitGroup wg = new WaitGroup();
            wg.add(SPAWNERS * CHILDREN);
            for (int p = 0; p < SPAWNERS; p++) {
                int spawner = p;
                Go.go(() -> {
                    if (spawner == SPAWNERS / 2) {
                        counts[2] = Go.maxProcs(procs == 1 ? 3 : procs / 2); // resize while goroutines run and yield
                    }
                    for (int c = 0; c < CHILDREN; c++) {
                        int slot = spawner * CHILDREN + c;
                        Go.go(() -> child(slot, before, after, wg));
                        if (c % 100 == 0) {
                            Go.gosched();
                        }
                    }
                });
            }
            wg.await();
            // The last ones may still be on their way out after their wg.done().
            Await.until("the goroutine count back to " + counts[0], () -> Go.numGoroutine() == counts[0],
                    () -> Go.numGoroutine() + " goroutines");
            counts[1] = Go.numGoroutine();
        }));
        for (int i = 0; i < before.length(); i++) {
            assertEquals(1, before.get(i), "goroutine " + i + " started " + before.get(i) + " times");
            assertEquals(1, after.get(i), "goroutine " + i + " resumed " + after.get(i) + " times");
        }
        assertEquals(1, counts[0], "main alone at the start");
        assertEquals(counts[0], counts[1], "goroutine count back to baseline");
        assertEquals(procs, counts[2], "maxProcs(n) returns the previous value");
    }

    @Goroutine
    static void child(int slot, AtomicIntegerArray before, AtomicIntegerArray after, WaitGroup wg) {
        long local = slot * 31L;          // state that must survive the yield
        before.incrementAndGet(slot);
        Go.gosched();
        assertEquals(slot * 31L, local, "a local of goroutine " + slot + " after its yield");
        after.incrementAndGet(slot);
        wg.done();
    }
}
