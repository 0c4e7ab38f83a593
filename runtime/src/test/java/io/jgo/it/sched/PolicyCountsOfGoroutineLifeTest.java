package io.jgo.it.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.WaitGroup;
import io.jgo.internal.sched.Sched;
import io.jgo.internal.sched.TestRuntimes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The counts that explain where a second P loses on spawn-heavy workloads ({@code -Djgo.counts=true},
 * benchmarks/README.md "Issue 28: where the second P loses"): G allocations, free-list refills and
 * spills through the shared list, stolen Gs. (Whether main's spawns overflow its ring depends
 * on main keeping its P on M0, which a loaded machine does not promise: ring spills are not asserted.)
 * One P, so the outcome does not depend on the machine: the main goroutine spawns a wave of 1,000
 * without blocking, waits, and spawns a second wave, which reuses the dead Gs
 * of the first (spilled to the shared free list) instead of allocating. (Main may come back from its
 * wait without a P, pinned on M0, and then takes dead Gs from the shared list one at a time, not by
 * a local refill: refills are not asserted.)
 */
@Timeout(60)
class PolicyCountsOfGoroutineLifeTest {

    private static final int WAVE = 1_000;

    @Test
    void aSecondWaveReusesTheFirstWavesGsAndOneRingOverflows() {
        Sched s = TestRuntimes.counting("counts-life", 1);
        long[] newAfterFirst = new long[1];
        s.runMain(() -> {
            wave();
            newAfterFirst[0] = TestRuntimes.policyCount(s, "g-new");
            wave();
        });
        String counts = s.stats().countsText();
        long gNew = TestRuntimes.policyCount(s, "g-new");
        assertTrue(newAfterFirst[0] <= WAVE + 1, "at most one new G per spawn (and main's): " + counts);
        assertTrue(gNew - newAfterFirst[0] < WAVE / 2, "the second wave reuses dead Gs: " + counts);
        assertTrue(TestRuntimes.policyCount(s, "gfree-spill") >= 1, "dead Gs past the local maximum go to the shared list: " + counts);
        assertEquals(0, TestRuntimes.policyCount(s, "stolen-gs"), "one P steals nothing: " + counts);
    }

    private static void wave() {
        WaitGroup join = new WaitGroup();
        join.add(WAVE);
        for (int i = 0; i < WAVE; i++) {
            Go.go(join::done);
        }
        join.await();
    }
}
