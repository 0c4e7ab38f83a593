package io.jgo.internal.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.internal.sched.timer.RuntimeTimer;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A running P's late timer is its holder's to run, never sysmon's, even when nobody runs on the P
 * to be asked to yield (g0 between goroutines, or the P in transit to a new M after a retake, as
 * here): the holder runs the heap before any goroutine and readies the sleeper into the P's
 * runnext, where sysmon, holding no P, could only put it on the global queue's tail behind every
 * goroutine a time slice sent there (a 1 ms sleeper beside 4 hogs at one P: 30 of 1,000 sleeps
 * fired by sysmon, 22 of them over 10 ms late). Decided one hand-driven round at a time, on the
 * test's clock; the timer is an hour ahead of the real clock, so only sysmon could run it.
 */
@Timeout(60)
class LateTimerOfARunningPTest {

    private static final long MS = 1_000_000L;

    @Test
    void sysmonLeavesALateTimerOfAPInTransitToItsNextHolder() {
        long due = System.nanoTime() + 3_600_000 * MS;
        AtomicLong clock = new AtomicLong(due - 5 * MS);
        TraceRecorder rec = new TraceRecorder();
        Sched s = new Sched(new Config().maxProcs(1).trace(rec).sysmon(false).clock(clock::get).name("late-transit"));
        P pp = s.idlePs.get(); // RUNNING, held by no M: in transit, as after a retake
        assertEquals(P.RUNNING, pp.status());
        assertNull(pp.m);
        AtomicInteger fired = new AtomicInteger();
        RuntimeTimer t = s.newTimer(x -> fired.incrementAndGet());
        t.resetAt(due, pp.timers);

        s.sysmon.round(clock.get());
        s.sysmon.round(clock.addAndGet(5 * MS + Sysmon.TIMER_PREEMPT_NS)); // half a millisecond late: nobody to ask
        s.sysmon.round(clock.addAndGet(Sysmon.TIMER_RETAKE_NS)); // the ask's time is up: nobody to retake from
        for (int i = 0; i < 10; i++) {
            s.sysmon.round(clock.addAndGet(Sysmon.TIMER_RETAKE_NS));
        }

        assertEquals(0, fired.get(), "sysmon ran a running P's timer itself (its sleeper would go to the global queue's tail)");
        assertTrue(t.stop(), "the timer is still on the P's heap, for the P's next holder");
        assertTrue(rec.of(Trace.Event.RETAKE).isEmpty(), "nothing to retake: no M holds the P");
    }
}
