package io.jgo.it.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.internal.sched.Sched;
import io.jgo.internal.sched.TestRuntimes;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The rule for running another P's overdue timers ({@code Timers.runOverdueFor}): sysmon's mark
 * records the late P's schedule tick and its heap's batch count at the ask, and the holder that
 * takes the mark runs the late P's heap only if neither moved since. A late P whose holder keeps
 * scheduling, or keeps running its own heap (a sleep storm's g0, firing thousands of due timers on
 * one tick), is not raided: before this rule both Ps of sleep-storm ran each other's heaps side by
 * side, the heap's lock contended and sleepers moved between cores (benchmarks/README.md, issue 28).
 * A late P whose holder stays stuck still is raided ({@link OverdueTimerOfABusyPTest}, and the
 * third case here). As there, the late P is held by nobody (in transit), the rounds are
 * hand-driven on the test's clock and the timers are due on the real clock; counted, not timed.
 */
@Timeout(60)
class OverdueMarkAnsweredTest {

    private static final long MS = 1_000_000L;

    private enum Holder { SCHEDULES, RUNS_ITS_HEAP, STUCK }

    /** Marks a due timer of a P in transit overdue, lets {@code holder} act, yields; returns fires seen by main's yield. */
    private static int[] markThenYield(Holder holder) {
        long due = System.nanoTime();
        AtomicLong clock = new AtomicLong(due - 5 * MS);
        long[] late = TestRuntimes.lateTimerNanos();
        Sched s = TestRuntimes.handDriven("overdue-answered", 2, null, clock::get);
        AtomicInteger fired = new AtomicInteger();
        AtomicInteger earlyFired = new AtomicInteger();
        boolean[] marked = new boolean[1];
        int[] result = new int[4];
        s.runMain(() -> {
            int lateP = TestRuntimes.takeIdleP(s); // in transit: nobody holds it, nobody answers
            TestRuntimes.armTimerOn(s, lateP, due, fired::incrementAndGet);
            // A microsecond earlier, for the holder that runs its heap: a run up to it fires it alone.
            TestRuntimes.armTimerOn(s, lateP, due - 1_000, earlyFired::incrementAndGet);
            TestRuntimes.sysmonRound(s, clock.get());
            TestRuntimes.sysmonRound(s, clock.addAndGet(5 * MS + late[0])); // asked: nobody there to answer
            TestRuntimes.sysmonRound(s, clock.addAndGet(late[1])); // unanswered: marked for another P
            marked[0] = TestRuntimes.timerMarkedOverdue(s);
            switch (holder) {
                case SCHEDULES -> TestRuntimes.scheduleTickOn(s, lateP);
                case RUNS_ITS_HEAP -> TestRuntimes.runTimersOf(s, lateP, due - 1_000); // the early one only
                case STUCK -> { }
            }
            Go.gosched(); // main's P's holder schedules and takes the mark
            result[0] = fired.get();
            result[1] = TestRuntimes.timerMarkedOverdue(s) ? 1 : 0;
            result[2] = earlyFired.get();
            TestRuntimes.returnIdleP(s, lateP); // idle now: the timer waiter runs what is left
        });
        result[3] = marked[0] ? 1 : 0;
        return result;
    }

    @Test
    void aLatePWhoseHolderSchedulesAfterTheMarkIsNotRaided() {
        int[] r = markThenYield(Holder.SCHEDULES);
        assertEquals(1, r[3], "sysmon marked the late timer overdue");
        assertEquals(0, r[0], "its P's schedule tick moved since the ask: the timer is left to that P's holder");
        assertEquals(0, r[1], "the mark was taken all the same");
    }

    @Test
    void aLatePWhoseHolderRunsItsHeapAfterTheMarkIsNotRaided() {
        int[] r = markThenYield(Holder.RUNS_ITS_HEAP);
        assertEquals(1, r[3], "sysmon marked the late timer overdue");
        assertEquals(1, r[2], "the holder ran its heap after the mark (a batch of its own)");
        assertEquals(0, r[0], "someone ran the heap since the ask: the due timer is left to it");
        assertEquals(0, r[1]);
    }

    @Test
    void aLatePWhoseHolderStaysStuckIsStillRaided() {
        int[] r = markThenYield(Holder.STUCK);
        assertEquals(1, r[3], "sysmon marked the late timer overdue");
        assertEquals(1, r[0], "neither tick nor heap moved: main's P's holder ran the late timer before main ran again");
        assertEquals(1, r[2], "and the earlier due one with it");
        assertEquals(0, r[1]);
    }

    /**
     * A holder whose g0 is firing timers when the ask's time is up (another P's overdue heap, for
     * milliseconds, on one tick) has answered too: before, sleep-storm at p 2 marked the raider's
     * own P and the other P raided it back.
     */
    @Test
    void aHolderFiringTimersWhenTheAskRunsOutIsNotMarked() {
        long due = System.nanoTime();
        AtomicLong clock = new AtomicLong(due - 5 * MS);
        long[] late = TestRuntimes.lateTimerNanos();
        Sched s = TestRuntimes.handDriven("overdue-firing", 2, null, clock::get);
        boolean[] marked = new boolean[2];
        s.runMain(() -> {
            int lateP = TestRuntimes.takeIdleP(s);
            TestRuntimes.armTimerOn(s, lateP, due, () -> { });
            TestRuntimes.sysmonRound(s, clock.get());
            TestRuntimes.sysmonRound(s, clock.addAndGet(5 * MS + late[0])); // asked
            TestRuntimes.firingTimersOn(s, lateP, true); // its g0 runs another P's heap meanwhile
            TestRuntimes.sysmonRound(s, clock.addAndGet(late[1]));
            marked[0] = TestRuntimes.timerMarkedOverdue(s);
            TestRuntimes.firingTimersOn(s, lateP, false);
            TestRuntimes.sysmonRound(s, clock.addAndGet(late[1])); // the fresh ask left unanswered
            marked[1] = TestRuntimes.timerMarkedOverdue(s);
            Go.gosched();
            TestRuntimes.returnIdleP(s, lateP);
        });
        assertFalse(marked[0], "firing timers at the deadline: answered, nothing marked");
        assertTrue(marked[1], "an ask left unanswered is still marked");
    }

    /**
     * The heap's batch count is part of sysmon's "answered": a holder that ran its heap after the ask
     * (a g0 inside a long run of due timers, on one schedule tick) is never marked at all.
     */
    @Test
    void aHeapRunBetweenTheAskAndItsDeadlineCountsAsAnAnswer() {
        long due = System.nanoTime();
        AtomicLong clock = new AtomicLong(due - 5 * MS);
        long[] late = TestRuntimes.lateTimerNanos();
        Sched s = TestRuntimes.handDriven("overdue-heap-run", 2, null, clock::get);
        boolean[] marked = new boolean[2];
        s.runMain(() -> {
            int lateP = TestRuntimes.takeIdleP(s);
            TestRuntimes.armTimerOn(s, lateP, due, () -> { });
            TestRuntimes.armTimerOn(s, lateP, due - 1_000, () -> { });
            TestRuntimes.sysmonRound(s, clock.get());
            TestRuntimes.sysmonRound(s, clock.addAndGet(5 * MS + late[0])); // asked: nobody there to answer
            TestRuntimes.runTimersOf(s, lateP, due - 1_000); // its holder runs a batch of its heap
            TestRuntimes.sysmonRound(s, clock.addAndGet(late[1])); // answered; the later timer is asked for anew
            marked[0] = TestRuntimes.timerMarkedOverdue(s);
            TestRuntimes.sysmonRound(s, clock.addAndGet(late[1])); // that ask left unanswered
            marked[1] = TestRuntimes.timerMarkedOverdue(s);
            Go.gosched();
            TestRuntimes.returnIdleP(s, lateP);
        });
        assertFalse(marked[0], "the heap ran after the ask: answered, nothing marked");
        assertTrue(marked[1], "an ask left unanswered is still marked");
    }
}
