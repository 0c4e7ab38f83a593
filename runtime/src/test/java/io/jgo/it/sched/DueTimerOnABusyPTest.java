package io.jgo.it.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.internal.sched.Sched;
import io.jgo.internal.sched.TestRuntimes;
import io.jgo.internal.sched.Trace;
import io.jgo.internal.sched.TraceRecorder;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * A sleeper whose timer falls due on a P that a goroutine keeps busy is the next goroutine that P
 * runs once that goroutine yields (the holder's timer check readies it into runnext), ahead of
 * everything else queued there. An idle M (the timer waiter) must leave that timer alone: what an M
 * without a P readies goes to the global queue's tail, so the sleeper waited one time slice for each
 * goroutine queued ahead of it, and sysmon, no longer seeing a late timer on the P, did not ask the
 * busy goroutine to yield for it (a 1 ms sleeper beside 4 hogs at one P: p50 39 ms late). Counted,
 * not timed: which goroutine the P runs first, and where the sleeper was readied.
 */
class DueTimerOnABusyPTest {

    private static final long MS = 1_000_000L;

    @Test
    void dueSleeperRunsFirstOnItsBusyPNotBehindTheQueue() {
        TraceRecorder rec = new TraceRecorder();
        AtomicLong clock = new AtomicLong(5 * MS);
        Sched s = TestRuntimes.handDriven("due-timer", 1, rec, clock::get);
        List<String> order = new CopyOnWriteArrayList<>();
        AtomicLong sleeper = new AtomicLong(-1);
        s.runMain(() -> {
            // An idle M, which becomes the timer waiter when a timer is armed: sysmon (driven by hand)
            // retakes the only P from main, which leaves the request to yield unanswered (it calls no
            // rewritten method between the rounds); the P's new M finds nothing and parks; main's
            // next call into the scheduler gets it a P back.
            TestRuntimes.sysmonRound(s, clock.get());
            TestRuntimes.sysmonRound(s, clock.addAndGet(TestRuntimes.timeSliceNanos()));
            int retaken = TestRuntimes.sysmonRound(s, clock.addAndGet(TestRuntimes.timeSliceNanos()));
            assertEquals(1, retaken, "main's P retaken");
            Go.gosched();

            Go.go(() -> {
                sleeper.set(Sched.currentG().id());
                // Long enough that main, once the sleeper has parked, sees its timer armed before it falls
                // due even on a loaded machine (20 ms was not: main's next look came after the timer had
                // fired, and it waited for an armed timer that would never come). Main spins this long below.
                Go.sleep(Duration.ofMillis(500));
                order.add("sleeper");
            });
            goschedUntil(() -> TestRuntimes.earliestTimerOf(s, 0) != Long.MAX_VALUE,
                    () -> "the sleeper parks with its timer on the only P's heap; ran " + order);
            long due = TestRuntimes.earliestTimerOf(s, 0);
            Go.go(() -> order.add("queued")); // into this P's runnext: ahead of anything readied onto the global queue

            // Main keeps the P busy, without yielding, until the sleeper is due and the waiter has had
            // its chance: it fired the timer (the sleeper readied, onto the global queue), or it parks
            // without a deadline, having left this busy P's timer to the P's holder.
            spinUntil(() -> System.nanoTime() - due > 0
                    && (rec.first(Trace.Event.GO_READY, sleeper.get()) != null || TestRuntimes.timerWaiterHasNoDeadline(s)));
            Go.gosched(); // the busy goroutine yields, as sysmon's late-timer request makes it
            goschedUntil(() -> order.size() == 2, () -> "both ran: " + order);
        });
        assertEquals(List.of("sleeper", "queued"), order,
                "the due sleeper is the first goroutine its P runs once the busy one yields");
        TraceRecorder.Rec ready = rec.first(Trace.Event.GO_READY, sleeper.get());
        assertNotNull(ready);
        assertEquals(0, ready.p, "readied on its own P, by the P's holder: " + ready);
        assertEquals(1, ready.n, "into the P's runnext, not onto the global queue: " + ready);
    }

    /** Waits on state without yielding the P (the point of the test), bounded. */
    private static void spinUntil(BooleanSupplier condition) {
        long end = System.nanoTime() + 30_000 * MS;
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() - end < 0, "waited 30 s for the sleeper to be due and the timer waiter to settle");
            Thread.onSpinWait();
        }
    }

    /** Yields until {@code condition} holds, bounded (a runtime's main goroutine does not answer JUnit's timeout). */
    @Goroutine
    private static void goschedUntil(BooleanSupplier condition, Supplier<String> what) {
        long end = System.nanoTime() + 30_000 * MS;
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() - end < 0, () -> "waited 30 s: " + what.get());
            Go.gosched();
        }
    }
}
