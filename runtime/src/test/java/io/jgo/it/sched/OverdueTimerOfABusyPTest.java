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
 * A running P's timer that stays late after sysmon's ask to yield (nobody answered: the P's
 * goroutine runs on a carrier that has no CPU, or, as here, nobody runs on the P, which is in
 * transit) is run by the holder of another P at its next schedule: sysmon marks it overdue and asks
 * that P's goroutine to yield, and that P's g0 runs every P's due timers into its own runnext (Go's
 * {@code stealWork} taking over another P's timers, here without waiting for the P to run out of
 * work). Before, such a timer waited for its own P's next holder, whose carrier the OS may not run
 * for several of its slices (a 1 ms sleeper beside 4 hogs at p 2: most samples over 5 ms late were
 * the timer firing late). Decided on hand-driven sysmon rounds and the test's clock; the timer is
 * due on the real clock, but its P is held by nobody, so only these decisions can get it run; counted (asks, fires, which
 * P), not timed. Between the rounds and its yield, main calls only code nobody rewrote (it would
 * answer the ask at its first rewritten call).
 */
@Timeout(60)
class OverdueTimerOfABusyPTest {

    private static final long MS = 1_000_000L;

    @Test
    void anotherPsHolderRunsALateTimerWhoseOwnHolderDoesNotAnswer() {
        // Due at once on the timers' clock (the real one): any M that runs the heap fires it. sysmon
        // decides on the test's clock instead, which starts 5 ms before it.
        long due = System.nanoTime();
        AtomicLong clock = new AtomicLong(due - 5 * MS);
        long[] late = TestRuntimes.lateTimerNanos();
        Sched s = TestRuntimes.handDriven("overdue", 2, null, clock::get);
        AtomicInteger fired = new AtomicInteger();
        AtomicInteger firedFor = new AtomicInteger(-2);
        boolean[] asked = new boolean[2];
        boolean[] marked = new boolean[2];
        int[] mainP = new int[1];
        int[] firedOnYield = new int[1];
        s.runMain(() -> {
            mainP[0] = TestRuntimes.currentP();
            int lateP = TestRuntimes.takeIdleP(s); // the other P: in transit, as after a retake
            TestRuntimes.armTimerOn(s, lateP, due, () -> {
                fired.incrementAndGet();
                firedFor.set(TestRuntimes.firingForP());
            });
            TestRuntimes.sysmonRound(s, clock.get());
            TestRuntimes.sysmonRound(s, clock.addAndGet(5 * MS + late[0])); // half a millisecond late: nobody to ask on that P
            asked[0] = TestRuntimes.preemptRequested();
            marked[0] = TestRuntimes.timerMarkedOverdue(s);
            TestRuntimes.sysmonRound(s, clock.addAndGet(late[1])); // the ask's time is up: another P's goroutine is asked
            asked[1] = TestRuntimes.preemptRequested();
            marked[1] = TestRuntimes.timerMarkedOverdue(s);
            // Main answers: its P's next holder schedules before main runs again. The late P stays in
            // transit meanwhile, so no M holds it to run the timer as its own.
            Go.gosched();
            firedOnYield[0] = fired.get(); // before the late P goes idle, where the timer waiter would run it
            TestRuntimes.returnIdleP(s, lateP);
        });
        assertFalse(asked[0], "half a millisecond late: only the late P's own goroutine would be asked");
        assertFalse(marked[0]);
        assertTrue(asked[1], "the late P's ask unanswered for a millisecond: the goroutine of another P is asked to yield");
        assertTrue(marked[1], "and the timer is marked overdue for whichever P's holder schedules first");
        assertEquals(1, firedOnYield[0], "the other P's holder ran the late timer before main ran again");
        assertEquals(mainP[0], firedFor.get(), "for its own P: what the timer readies goes to that P's runnext");
        assertFalse(TestRuntimes.timerMarkedOverdue(s), "the mark was taken");
    }
}
