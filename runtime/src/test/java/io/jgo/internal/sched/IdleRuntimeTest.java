package io.jgo.internal.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.testing.Await;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** An idle runtime parks its carriers: they use (almost) no CPU. */
@Timeout(60)
class IdleRuntimeTest {

    @Test
    void idleRuntimeUsesNoCpu() throws Exception {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        Sched s = new Sched(new Config().maxProcs(4).name("idle"));
        try {
            CountDownLatch done = new CountDownLatch(1000);
            for (int i = 0; i < 1000; i++) {
                s.newproc(done::countDown);
            }
            done.await();
            Await.until("every P idle, no M spinning, every carrier parked",
                    () -> s.idlePs.count() == 4 && s.spinning.count() == 0 && carriersParked(s),
                    () -> "idle Ps " + s.idlePs.count() + ", spinning " + s.spinning.count() + ", carriers " + states(s));
            long before = cpu(mx, s);
            // The control: the clock sees the carriers (they started and ran 1000 goroutines). Without
            // it, a JVM without thread CPU time (-1, counted as 0) would pass the check below.
            assertTrue(before > 0, "carrier CPU time is measurable: " + before + " ns over " + s.allm.size() + " carriers");
            SchedStats stats = s.stats();
            Thread.sleep(2000); // the window watched, not a synchronization: nothing is awaited
            long used = cpu(mx, s) - before;
            SchedStats later = s.stats();
            // State first: in an idle runtime nothing wakes a carrier.
            assertEquals(stats.mWakeups, later.mWakeups, "a carrier was woken in an idle runtime: " + later);
            // Then a carrier that spins without leaving its park (a lost interrupt, a zero timeout)
            // uses most of the window; parked ones use none. The bound is a quarter of the window:
            // CPU time a parked thread cannot use however loaded the machine (load makes a thread
            // wait longer, not burn more).
            assertTrue(used < 500_000_000L, "carriers used " + used / 1_000_000 + " ms of CPU in 2 s of idleness");
        } finally {
            s.shutdown();
        }
    }

    private static boolean carriersParked(Sched s) {
        for (M m : s.allm) {
            Thread.State st = m.thread.getState();
            if (st != Thread.State.WAITING && st != Thread.State.TIMED_WAITING) {
                return false;
            }
        }
        return true;
    }

    private static String states(Sched s) {
        StringBuilder b = new StringBuilder();
        for (M m : s.allm) {
            b.append(m.thread.getName()).append('=').append(m.thread.getState()).append(' ');
        }
        return b.toString();
    }

    private static long cpu(ThreadMXBean mx, Sched s) {
        long sum = 0;
        for (M m : s.allm) {
            long t = mx.getThreadCpuTime(m.thread.getId());
            sum += Math.max(t, 0);
        }
        return sum;
    }
}
