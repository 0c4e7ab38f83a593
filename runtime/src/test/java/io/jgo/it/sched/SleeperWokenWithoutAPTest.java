package io.jgo.it.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.WaitGroup;
import io.jgo.internal.sched.Sched;
import io.jgo.internal.sched.SchedStats;
import io.jgo.internal.sched.TestRuntimes;
import io.jgo.internal.sched.Trace;
import io.jgo.internal.sched.TraceRecorder;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A sleeper whose timer a thread without a P fires (sysmon's backstop here; the timer waiter the
 * same way) goes to an idle P's runnext, and an M takes that P to run it, as in Go, where whoever
 * runs a timer holds a P. Before, it went to the global queue's tail, behind every goroutine a
 * time slice or a retake sent there, and the M woken for it ran those first (a 1 ms sleeper beside
 * 4 hogs at p 2: 848 of 1,000 sleeps readied onto the global queue, most of the samples over 5 ms
 * late queued there after an on-time fire). Counted, not timed: where the sleeper was readied.
 * The test's clock starts at the real one and the sleep lasts an hour of it, so the timer waiter
 * parks for real hours and only the hand-driven sysmon round, on the advanced clock, fires it.
 */
@Timeout(60)
class SleeperWokenWithoutAPTest {

    private static final long MS = 1_000_000L;
    private static final long HOUR = 3_600_000 * MS;

    @Test
    void aSleeperFiredWithoutAPGoesToAnIdlePsRunnext() throws Exception {
        TraceRecorder rec = new TraceRecorder();
        AtomicLong clock = new AtomicLong(System.nanoTime());
        Sched s = TestRuntimes.handDriven("woken-without-p", 2, rec, clock::get);
        AtomicLong sleeper = new AtomicLong(-1);
        Thread driver = new Thread(() -> {
            // Once the sleeper's timer is armed and every P is idle (main waits for the sleeper), the
            // clock jumps past it and a sysmon round fires it: a thread holding no P.
            long end = System.nanoTime() + 30_000 * MS;
            while (!(armed(s) && SchedStats.of(s).idleProcs == 2)) {
                if (System.nanoTime() - end > 0) {
                    throw new AssertionError("the sleeper's timer never armed with every P idle");
                }
                Thread.onSpinWait();
            }
            long due = Math.min(TestRuntimes.earliestTimerOf(s, 0), TestRuntimes.earliestTimerOf(s, 1));
            TestRuntimes.sysmonRound(s, clock.updateAndGet(c -> Math.max(c, due + 2 * MS)));
        }, "woken-without-p-driver");
        s.runMain(() -> {
            WaitGroup wg = new WaitGroup();
            wg.add(1);
            Go.go(() -> {
                sleeper.set(Sched.currentG().id());
                Go.sleep(Duration.ofNanos(HOUR));
                wg.done();
            });
            driver.start();
            wg.await();
        });
        driver.join();
        TraceRecorder.Rec ready = rec.first(Trace.Event.GO_READY, sleeper.get());
        assertNotNull(ready, "the sleeper was readied");
        assertTrue(ready.p >= 0, "onto an idle P's queue, not the global queue's tail: " + ready);
        assertEquals(1, ready.n, "into that P's runnext: " + ready);
    }

    private static boolean armed(Sched s) {
        return TestRuntimes.earliestTimerOf(s, 0) != Long.MAX_VALUE || TestRuntimes.earliestTimerOf(s, 1) != Long.MAX_VALUE;
    }
}
