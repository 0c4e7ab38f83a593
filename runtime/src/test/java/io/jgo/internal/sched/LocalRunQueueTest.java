package io.jgo.internal.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Single-threaded behaviour of {@link LocalRunQueue}: order, runnext, overflow, steal, drain. */
class LocalRunQueueTest {

    private final GlobalRunQueue<Integer> global = new GlobalRunQueue<>();

    @Test
    void ownerGetsInFifoOrder() {
        LocalRunQueue<Integer> q = new LocalRunQueue<>();
        for (int i = 0; i < 200; i++) {
            q.put(i, false, global);
        }
        assertEquals(200, q.size());
        for (int i = 0; i < 200; i++) {
            assertEquals(i, q.get());
            assertFalse(q.lastGetInheritsTime());
        }
        assertNull(q.get());
        assertTrue(q.isEmpty());
    }

    @Test
    void fifoOrderSurvivesWrapAround() {
        LocalRunQueue<Integer> q = new LocalRunQueue<>(4);
        int next = 0;
        for (int round = 0; round < 1000; round++) {
            q.put(round * 3, false, global);
            q.put(round * 3 + 1, false, global);
            q.put(round * 3 + 2, false, global);
            for (int i = 0; i < 3; i++) {
                assertEquals(next++, q.get());
            }
        }
        assertEquals(0, global.size());
    }

    @Test
    void runnextRunsFirstAndInheritsTime() {
        LocalRunQueue<Integer> q = new LocalRunQueue<>();
        q.put(1, false, global);
        q.put(2, true, global);
        assertTrue(q.hasRunnext());
        assertEquals(2, q.size());
        assertEquals(2, q.get());
        assertTrue(q.lastGetInheritsTime());
        assertFalse(q.hasRunnext());
        assertEquals(1, q.get());
        assertFalse(q.lastGetInheritsTime());
    }

    @Test
    void lastGetInheritsTimeIsUnchangedByAnEmptyGet() {
        LocalRunQueue<Integer> q = new LocalRunQueue<>();
        q.put(1, true, global);
        assertEquals(1, q.get());
        assertNull(q.get());
        assertTrue(q.lastGetInheritsTime());
    }

    @Test
    void runnextDisplacesPreviousToTail() {
        LocalRunQueue<Integer> q = new LocalRunQueue<>();
        q.put(1, false, global);
        q.put(2, true, global);
        q.put(3, true, global); // 2 goes behind 1
        assertEquals(3, q.size());
        assertEquals(3, q.get());
        assertTrue(q.lastGetInheritsTime());
        assertEquals(1, q.get());
        assertEquals(2, q.get());
        assertFalse(q.lastGetInheritsTime());
        assertNull(q.get());
    }

    @Test
    void overflowMovesHalfPlusOneToGlobalInOrder() {
        LocalRunQueue<Integer> q = new LocalRunQueue<>(8);
        for (int i = 0; i < 8; i++) {
            q.put(i, false, global);
        }
        assertEquals(0, global.size());
        assertEquals(0, q.lastSpill());
        q.put(8, false, global); // full: 0..3 and 8 go global
        assertEquals(5, q.lastSpill());
        assertEquals(5, global.size());
        assertEquals(4, q.size());
        assertEquals(List.of(0, 1, 2, 3, 8), drain(global));
        q.put(9, false, global);
        assertEquals(0, q.lastSpill());
        assertEquals(List.of(4, 5, 6, 7, 9), drain(q));
    }

    @Test
    void overflowInProductionRingMoves129() {
        LocalRunQueue<Integer> q = new LocalRunQueue<>();
        for (int i = 0; i <= LocalRunQueue.CAPACITY; i++) {
            q.put(i, false, global);
        }
        assertEquals(LocalRunQueue.CAPACITY / 2 + 1, global.size());
        assertEquals(LocalRunQueue.CAPACITY / 2, q.size());
        List<Integer> spilled = drain(global);
        assertEquals(0, spilled.get(0));
        assertEquals(127, spilled.get(127));
        assertEquals(256, spilled.get(128));
        assertEquals(128, q.get());
    }

    @Test
    void runnextDisplacedIntoFullRingOverflowsWithIt() {
        LocalRunQueue<Integer> q = new LocalRunQueue<>(4);
        for (int i = 0; i < 4; i++) {
            q.put(i, false, global);
        }
        q.put(10, true, global);
        q.put(11, true, global); // 10 displaced into the full ring: 0, 1 and 10 go global
        assertEquals(List.of(0, 1, 10), drain(global));
        assertEquals(List.of(11, 2, 3), drain(q));
    }

    /** Go's stealer takes n - n/2 of the victim's n Gs: the oldest ones, returning the last of them. */
    @ParameterizedTest(name = "capacity {0}, {1} queued: steals {2}")
    @CsvSource({"2, 1, 1", "2, 2, 1", "4, 3, 2", "4, 4, 2", "8, 5, 3", "256, 255, 128", "256, 256, 128"})
    void stealTakesHalfOfVictimQueue(int capacity, int queued, int stolen) {
        LocalRunQueue<Integer> victim = new LocalRunQueue<>(capacity);
        LocalRunQueue<Integer> thief = new LocalRunQueue<>(capacity);
        for (int i = 0; i < queued; i++) {
            victim.put(i, false, global);
        }
        assertEquals(stolen - 1, victim.stealHalfInto(thief, false));
        assertEquals(stolen, thief.lastStealCount());
        assertEquals(stolen - 1, thief.size());
        assertEquals(queued - stolen, victim.size());
        for (int i = 0; i < stolen - 1; i++) {
            assertEquals(i, thief.get());
        }
        for (int i = stolen; i < queued; i++) {
            assertEquals(i, victim.get());
        }
        assertTrue(thief.isEmpty());
        assertTrue(victim.isEmpty());
        assertEquals(0, global.size());
    }

    @Test
    void stealFromEmptyQueueReturnsNull() {
        LocalRunQueue<Integer> victim = new LocalRunQueue<>(4);
        LocalRunQueue<Integer> thief = new LocalRunQueue<>(4);
        assertNull(victim.stealHalfInto(thief, true));
        assertEquals(0, thief.lastStealCount());
        assertTrue(thief.isEmpty());
    }

    @Test
    void repeatedStealsHalveTheQueue() {
        LocalRunQueue<Integer> victim = new LocalRunQueue<>();
        for (int i = 0; i < 100; i++) {
            victim.put(i, false, global);
        }
        int[] expectedLeft = {50, 25, 12, 6, 3, 1, 0};
        for (int left : expectedLeft) {
            LocalRunQueue<Integer> thief = new LocalRunQueue<>();
            victim.stealHalfInto(thief, false);
            assertEquals(left, victim.size());
        }
    }

    @Test
    void runnextIsStolenOnlyWhenAllowedAndRingEmpty() {
        LocalRunQueue<Integer> victim = new LocalRunQueue<>(4);
        LocalRunQueue<Integer> thief = new LocalRunQueue<>(4);
        victim.put(7, true, global);
        assertNull(victim.stealHalfInto(thief, false), "runnext must not be stolen unless allowed");
        assertTrue(victim.hasRunnext());

        victim.put(1, false, global); // ring not empty: the ring is stolen, runnext stays
        assertEquals(1, victim.stealHalfInto(thief, true));
        assertTrue(victim.hasRunnext());

        AtomicInteger backoffs = new AtomicInteger();
        assertEquals(7, victim.stealHalfInto(thief, true, backoffs::incrementAndGet));
        assertEquals(1, thief.lastStealCount());
        assertEquals(1, backoffs.get());
        assertFalse(victim.hasRunnext());
        assertTrue(victim.isEmpty());
        assertTrue(thief.isEmpty(), "a stolen runnext is returned, not queued");
        assertNull(victim.get());
    }

    @Test
    void backoffDoesNotRunWithoutRunnextToSteal() {
        LocalRunQueue<Integer> victim = new LocalRunQueue<>(4);
        LocalRunQueue<Integer> thief = new LocalRunQueue<>(4);
        AtomicInteger backoffs = new AtomicInteger();
        assertNull(victim.stealHalfInto(thief, true, backoffs::incrementAndGet));
        victim.put(1, false, global);
        assertEquals(1, victim.stealHalfInto(thief, true, backoffs::incrementAndGet));
        assertEquals(0, backoffs.get());
    }

    @Test
    void ownerGetsNothingAfterRunnextWasStolen() {
        LocalRunQueue<Integer> victim = new LocalRunQueue<>(4);
        LocalRunQueue<Integer> thief = new LocalRunQueue<>(4);
        victim.put(5, true, global);
        assertEquals(5, victim.stealHalfInto(thief, true));
        assertNull(victim.get());
        victim.put(6, true, global); // previous runnext gone: nothing is displaced
        assertEquals(1, victim.size());
        assertEquals(6, victim.get());
    }

    @Test
    void stealIntoPartlyFilledThiefTakesWhatFits() {
        LocalRunQueue<Integer> victim = new LocalRunQueue<>(8);
        LocalRunQueue<Integer> thief = new LocalRunQueue<>(4);
        for (int i = 0; i < 8; i++) {
            victim.put(i, false, global);
        }
        thief.put(100, false, global);
        thief.put(101, false, global);
        assertEquals(1, victim.stealHalfInto(thief, false)); // room for 2 only: 0 queued, 1 returned
        assertEquals(6, victim.size());
        assertEquals(List.of(100, 101, 0), drain(thief));
    }

    @Test
    void stealIntoFullThiefTakesNothing() {
        LocalRunQueue<Integer> victim = new LocalRunQueue<>(4);
        LocalRunQueue<Integer> thief = new LocalRunQueue<>(2);
        victim.put(1, false, global);
        thief.put(100, false, global);
        thief.put(101, false, global);
        assertNull(victim.stealHalfInto(thief, false));
        assertEquals(1, victim.size());
    }

    @Test
    void stealIntoItselfIsRejected() {
        LocalRunQueue<Integer> q = new LocalRunQueue<>(4);
        assertThrows(IllegalArgumentException.class, () -> q.stealHalfInto(q, true));
    }

    @Test
    void drainToMovesEverythingRunnextFirst() {
        LocalRunQueue<Integer> q = new LocalRunQueue<>(4);
        for (int i = 0; i < 6; i++) { // wraps the 4-slot ring after two gets
            q.put(i, false, global);
            if (i == 1) {
                q.get();
                q.get();
            }
        }
        q.put(9, true, global);
        assertEquals(5, q.drainTo(global));
        assertTrue(q.isEmpty());
        assertFalse(q.hasRunnext());
        assertEquals(List.of(9, 2, 3, 4, 5), drain(global));
        assertEquals(0, q.drainTo(global));
        assertEquals(0, global.size());
    }

    @Test
    void sizeCountsRingAndRunnext() {
        LocalRunQueue<Integer> q = new LocalRunQueue<>(4);
        assertEquals(0, q.size());
        assertTrue(q.isEmpty());
        q.put(1, true, global);
        assertEquals(1, q.size());
        assertFalse(q.isEmpty());
        for (int i = 2; i <= 5; i++) {
            q.put(i, false, global);
        }
        assertEquals(5, q.size());
        assertEquals(4, q.capacity());
    }

    @ParameterizedTest
    @ValueSource(ints = {-4, 0, 1, 3, 6, 100})
    void capacityMustBeAPowerOfTwoOfAtLeastTwo(int capacity) {
        assertThrows(IllegalArgumentException.class, () -> new LocalRunQueue<Integer>(capacity));
    }

    @Test
    void nullsAreRejected() {
        LocalRunQueue<Integer> q = new LocalRunQueue<>(4);
        assertThrows(NullPointerException.class, () -> q.put(null, false, global));
        assertThrows(NullPointerException.class, () -> q.put(1, false, null));
    }

    private static List<Integer> drain(LocalRunQueue<Integer> q) {
        List<Integer> out = new ArrayList<>();
        for (Integer g; (g = q.get()) != null; ) {
            out.add(g);
        }
        return out;
    }

    private static List<Integer> drain(GlobalRunQueue<Integer> q) {
        List<Integer> out = new ArrayList<>();
        for (Integer g; (g = q.poll()) != null; ) {
            out.add(g);
        }
        return out;
    }
}
