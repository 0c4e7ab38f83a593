package io.jgo.internal.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.testing.Gc;
import io.jgo.internal.sched.timer.RuntimeTimer;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The per-P 4-ary timer heaps: order, stop, the retiring P's hand-over, sysmon's backstop, garbage. */
@Timeout(60)
class TimerHeapTest {

    private static Sched quiet(int procs, AtomicLong clock) {
        return new Sched(new Config().maxProcs(procs).sysmon(false).clock(clock::get).name("timers"));
    }

    @Test
    void expiredTimersFireInDeadlineOrder() {
        Sched s = quiet(1, new AtomicLong());
        List<Long> fired = new ArrayList<>();
        Random rnd = new Random(42);
        long base = System.nanoTime() + 3_600_000_000_000L;
        List<RuntimeTimer> stopped = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            long when = base + rnd.nextInt(1_000_000);
            RuntimeTimer t = s.newTimer(x -> fired.add(x.when()));
            t.resetAt(when, s.allp[0].timers);
            if (i % 3 == 0) {
                stopped.add(t);
            }
        }
        for (RuntimeTimer t : stopped) {
            assertTrue(t.stop());
        }
        assertEquals(1000 - stopped.size(), s.allp[0].timers.runExpired(base + 1_000_000));
        for (int i = 1; i < fired.size(); i++) {
            assertTrue(fired.get(i - 1) <= fired.get(i), "out of order at " + i);
        }
        assertTrue(!s.timers.pending());
    }

    /** A loop of a million afterFunc-style timers armed and stopped leaves no heap behind, and a stopped timer is garbage. */
    @Test
    void stoppedTimersLeaveTheHeapFlat() throws Exception {
        Sched s = quiet(2, new AtomicLong());
        for (int i = 0; i < 1_000_000; i++) {
            RuntimeTimer t = s.newTimer(x -> { });
            t.reset(3_600_000_000_000L);
            assertTrue(t.stop());
        }
        assertEquals(0, s.allp[0].timers.size() + s.allp[1].timers.size());
        assertTrue(!s.timers.pending());
        RuntimeTimer t = s.newTimer(x -> { });
        t.reset(3_600_000_000_000L);
        t.stop();
        ReferenceQueue<RuntimeTimer> queue = new ReferenceQueue<>();
        WeakReference<RuntimeTimer> ref = new WeakReference<>(t, queue);
        t = null;
        Gc.awaitCollected("a stopped timer (reachable from the runtime?)", ref, queue);
    }

    /** A P retired by a GOMAXPROCS shrink hands its timers to P0, where they still fire. */
    @Test
    void retiringPHandsItsTimersToP0() {
        Sched s = quiet(2, new AtomicLong());
        P p1 = s.allp[1];
        AtomicInteger fired = new AtomicInteger();
        RuntimeTimer t = s.newTimer(x -> fired.incrementAndGet());
        long when = System.nanoTime() + 3_600_000_000_000L;
        t.resetAt(when, p1.timers);
        assertEquals(1, p1.timers.size());
        s.maxProcs(1);
        assertEquals(P.DEAD, p1.status());
        assertEquals(0, p1.timers.size());
        assertEquals(1, s.allp[0].timers.size());
        assertEquals(1, s.timers.runAllExpired(when));
        assertEquals(1, fired.get());
    }

    /** sysmon runs a timer nobody ran in time (no M is around to do it here). */
    @Test
    void sysmonRunsOverdueTimers() {
        AtomicLong clock = new AtomicLong(System.nanoTime());
        Sched s = quiet(1, clock);
        AtomicInteger fired = new AtomicInteger();
        RuntimeTimer t = s.newTimer(x -> fired.incrementAndGet());
        t.reset(3_600_000_000_000L);
        s.sysmon.round(clock.get());
        assertEquals(0, fired.get(), "not due");
        s.sysmon.round(clock.addAndGet(3_700_000_000_000L));
        assertEquals(1, fired.get(), "overdue: sysmon fired it");
        assertTrue(!s.timers.pending());
    }
}
