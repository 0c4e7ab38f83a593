package io.jgo.internal.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The scheduler's placement and selection policy ({@link RunPolicy}), decision by decision, without a
 * running scheduler: what a policy change must keep, or change on purpose. The shape to copy when
 * adding a policy (ARCHITECTURE.md, "How to add a scheduler policy").
 */
class RunPolicyTest {

    @Test
    void theNumbersAreGos() {
        assertEquals(256, RunPolicy.LOCAL_RUN_QUEUE_SLOTS, "len(p.runq)");
        assertEquals(256, LocalRunQueue.CAPACITY);
        assertEquals(61, RunPolicy.GLOBAL_CHECK_INTERVAL, "schedtick%61");
        assertEquals(128, RunPolicy.globalBatchMax(RunPolicy.LOCAL_RUN_QUEUE_SLOTS), "len(pp.runq)/2");
        assertEquals(4, RunPolicy.STEAL_PASSES, "stealTries");
    }

    @Test
    void aGlobalBatchIsAFairShareAtLeastOneAtMostHalfARing() {
        assertEquals(128, RunPolicy.globalBatchSize(10_000, 4, 128), "capped at half a ring");
        assertEquals(3, RunPolicy.globalBatchSize(10, 4, 128), "10/4 + 1");
        assertEquals(1, RunPolicy.globalBatchSize(1, 8, 128), "at least one, never more than queued");
        assertEquals(2, RunPolicy.globalBatchSize(2, 1, 128), "never more than queued");
    }

    @Test
    void theFairnessLookTakesTheGlobalQueueEvery61stTickButOnceNotAheadOfAReadiedSleeper() {
        P pp = TestRuntimes.withoutSysmon("run-policy", 1).allp[0];
        pp.schedtick = 60;
        assertFalse(RunPolicy.takeGlobalFirst(pp, false), "not on tick 60");
        pp.schedtick = 61;
        assertTrue(RunPolicy.takeGlobalFirst(pp, false), "tick 61, no sleeper: the global queue first");
        pp.schedtick = 122;
        assertFalse(RunPolicy.takeGlobalFirst(pp, true), "a sleeper just readied into runnext goes first");
        assertTrue(RunPolicy.takeGlobalFirst(pp, true), "but only once per tick: the next look takes the global G");
    }

    @Test
    void aReadyIntoAnOtherwiseEmptyQueueWakesNoMUnlessLazyWakeIsOff() {
        Config lazy = Config.fromSystem();
        lazy.lazyWake = true;
        RunPolicy policy = new RunPolicy(lazy);
        assertFalse(policy.wakeAfterLocalReady(1), "only the readied G is queued: the readier's M runs it");
        assertTrue(policy.wakeAfterLocalReady(2), "a second G queued behind it: wake an M to steal");
        Config eager = Config.fromSystem();
        eager.lazyWake = false;
        assertTrue(new RunPolicy(eager).wakeAfterLocalReady(1), "-Djgo.lazyWake=false: Go's wake on every ready");
    }
}
