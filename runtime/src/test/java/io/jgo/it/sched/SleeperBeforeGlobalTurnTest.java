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
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The queueing rule for a sleeper its P's timers ready: it runs before the 1-in-61 look at the
 * global queue (once per schedule tick), and that look comes right after it, since the sleeper
 * inherits the tick. In Go's order the look came first: one sleep in 61 waited for a goroutine from
 * the global queue, a preempted hog with a whole time slice (beside 4 hogs at one P: 13 of 1,000
 * 1 ms sleeps ran 11 to 29 ms late). Counted, not timed: which goroutine the P runs first, and that
 * the queued one was still taken by the fairness look.
 */
class SleeperBeforeGlobalTurnTest {

    private static final long MS = 1_000_000L;

    @Test
    void dueSleeperRunsBeforeTheGlobalQueuesTurnWhichComesRightAfter() {
        TraceRecorder rec = new TraceRecorder();
        AtomicLong clock = new AtomicLong(5 * MS);
        Sched s = TestRuntimes.handDriven("sleeper-first", 1, rec, clock::get); // no sysmon thread: nothing preempts
        List<String> order = new CopyOnWriteArrayList<>();
        AtomicLong sleeper = new AtomicLong(-1);
        AtomicLong queued = new AtomicLong(-1);
        s.runMain(() -> {
            Go.go(() -> {
                sleeper.set(Sched.currentG().id());
                Go.sleep(Duration.ofMillis(20));
                order.add("sleeper");
            });
            goschedUntil(() -> TestRuntimes.earliestTimerOf(s, 0) != Long.MAX_VALUE,
                    () -> "the sleeper parks with its timer on the only P's heap; ran " + order);
            long due = TestRuntimes.earliestTimerOf(s, 0);

            // A goroutine started by a plain thread goes to the global queue.
            AtomicBoolean started = new AtomicBoolean();
            Thread plain = new Thread(() -> {
                queued.set(s.newproc(() -> order.add("queued")).id());
                started.set(true);
            });
            plain.start();
            spinUntil(started::get);

            // Main holds the P without yielding until the sleeper is due, then yields (to the global
            // queue, behind the plain thread's goroutine) on a tick where the P looks there first.
            spinUntil(() -> System.nanoTime() - due > 0);
            TestRuntimes.setScheduleTick(s, 0, 61 * 1_000);
            Go.gosched();
            goschedUntil(() -> order.size() == 2, () -> "both ran: " + order);
        });
        assertEquals(List.of("sleeper", "queued"), order, "the due sleeper runs first, then the global queue's turn");
        TraceRecorder.Rec ready = rec.first(Trace.Event.GO_READY, sleeper.get());
        assertNotNull(ready);
        assertEquals(1, ready.n, "readied into the P's runnext by its holder: " + ready);
        assertNotNull(rec.first(Trace.Event.GLOBAL_ONE, queued.get()),
                "the queued goroutine is still taken by the 1-in-61 look, right after the sleeper: " + rec.events);
    }

    /** Waits on state without yielding the P (the point of the test), bounded. */
    private static void spinUntil(BooleanSupplier condition) {
        long end = System.nanoTime() + 30_000 * MS;
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() - end < 0, "waited 30 s");
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
