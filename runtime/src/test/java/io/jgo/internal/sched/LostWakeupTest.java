package io.jgo.internal.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.jgo.testing.Await;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The lost hand-off to a waiting main goroutine: a spinning M whose P a shrink retired before it
 * ran parked still counted as spinning, so every later {@code wakep} left its work to a spinner
 * that did not exist; the goroutine a timer readied then sat on the global queue with every P idle
 * and sysmon deeply asleep. Both halves are shown here: the count is given back, and sysmon rescues
 * work queued while every P is idle whatever the count says.
 */
@Timeout(60)
class LostWakeupTest {

    @Test
    void aSpinnerWhosePIsRetiredBeforeItRunsStopsSpinningBeforeItParks() throws Exception {
        Sched s = new Sched(new Config().maxProcs(2).sysmon(false).name("retired-spinner"));
        P p0;
        P p1;
        s.lock.lock();
        try {
            P a = s.idlePs.getLocked();
            P b = s.idlePs.getLocked();
            p0 = a.id == 0 ? a : b; // held by the test: no idle P is left for the spinner
            p1 = a.id == 0 ? b : a;
        } finally {
            s.lock.unlock();
        }
        // The state startSpinningM leaves: an M handed P1 as a spinner, not yet running.
        M m = new M(s, 99);
        AtomicReference<Boolean> result = new AtomicReference<>();
        Thread t = new Thread(() -> result.set(s.procs.retireHeld(m)), "spinner");
        m.thread = t;
        m.acquireP(p1);
        s.spinning.become(m);
        s.maxProcs(1); // P1, in transit to the spinner, is marked retiring
        t.start(); // the spinner's first safe point: it retires P1, finds no idle P, parks
        Await.until("the spinner parked on the idle list", () -> {
            s.lock.lock();
            try {
                return s.midle.contains(m);
            } finally {
                s.lock.unlock();
            }
        }, () -> "spinning " + s.spinning.count());
        assertEquals(0, s.spinning.count(), "a parked M is counted as spinning");
        assertEquals(P.DEAD, p1.status());
        s.shutdown();
        java.util.concurrent.locks.LockSupport.unpark(t);
        t.join();
        assertFalse(result.get(), "stopM returns false once the runtime stops");
        assertEquals(0, p0.id);
    }

    /**
     * A goroutine queued while every P is idle and a wake-up is lost (simulated: a spinner slot
     * claimed for an M that never runs) still runs: sysmon, asleep since the runtime went idle,
     * wakes, sees the work stranded twice, and starts an M for it.
     */
    @Test
    void sysmonRescuesWorkQueuedWhileEveryPIsIdle() {
        Sched s = new Sched(new Config().maxProcs(2).name("stranded"));
        try {
            s.newproc(() -> { }); // starts sysmon and a carrier
            // idle Ps are counted before the last M stops spinning (it drops its P, then re-checks the
            // queues and only then leaves the spinner count): wait for both
            Await.until("the runtime idle", () -> s.numGoroutine() == 0 && s.idlePs.count() == 2 && s.spinning.count() == 0,
                    () -> s.stats().toString());
            assertEquals(true, s.spinning.claimFirst(), "nobody spins in an idle runtime");
            AtomicBoolean ran = new AtomicBoolean();
            s.newproc(() -> ran.set(true)); // its wakep sees a spinner and leaves the work to it
            Await.until("the stranded goroutine ran", ran::get, () -> s.dump());
        } finally {
            s.shutdown();
        }
    }
}
