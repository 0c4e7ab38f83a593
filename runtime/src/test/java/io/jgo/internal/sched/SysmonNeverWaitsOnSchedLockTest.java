package io.jgo.internal.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.internal.Stack;
import io.jgo.testing.Await;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * sysmon never waits on {@code sched.lock} inside a round ({@link SchedLock}): with another thread
 * holding the lock, a round still preempts and retakes, returns, and owes what needs the lock (a
 * handoff, a wakep); the first round after the lock is free pays it. sysmon's thread is off and
 * each round is called by hand on an injected clock, as in {@link SysmonTest}.
 *
 * <p>The holder keeps the lock until the test releases it after the round, or for 10 s at most: a
 * round that waited for the lock would get it then and do its work at once, so the test fails on
 * the "owed, not done" assertions instead of hanging. Every lock acquisition on sysmon's path is
 * also checked by {@code SchedLock.lock}'s assertion (Surefire runs with assertions on).
 */
@Timeout(60)
class SysmonNeverWaitsOnSchedLockTest {

    private static final long MS = 1_000_000L;

    private static Sched handDriven(int procs, TraceRecorder rec, AtomicLong clock) {
        return new Sched(new Config().maxProcs(procs).trace(rec).sysmon(false).clock(clock::get).name("sysmon-lock"));
    }

    /** A plain thread holding sched.lock from construction until {@link #close} (10 s at most). */
    private static final class Holder implements AutoCloseable {
        private final CountDownLatch held = new CountDownLatch(1);
        private final CountDownLatch release = new CountDownLatch(1);
        private final Thread thread;

        Holder(Sched s) throws InterruptedException {
            thread = new Thread(() -> {
                s.lock.lock();
                try {
                    held.countDown();
                    release.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    s.lock.unlock();
                }
            }, "sched-lock-holder");
            thread.start();
            held.await();
        }

        @Override
        public void close() throws InterruptedException {
            release.countDown();
            thread.join();
        }
    }

    private interface Body {
        void run() throws Exception;
    }

    /** Runs {@code body} inside {@code Go.syscall} (main's P goes to SYSCALL for sysmon to see). */
    private static void inSyscall(Body body) {
        try {
            Go.syscall(() -> {
                body.run();
                return null;
            });
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /**
     * A P retaken from a syscall while the lock is held stays in transit, owned by sysmon, and the
     * round returns; the next round, the lock free, hands it to an M that runs the queued goroutine.
     */
    @Test
    void retakenPIsHandedOffByTheFirstRoundThatFindsTheLockFree() {
        TraceRecorder rec = new TraceRecorder();
        AtomicLong clock = new AtomicLong();
        Sched s = handDriven(1, rec, clock);
        CountDownLatch childRan = new CountDownLatch(1);
        int[] retakes = new int[3];
        s.runMain(() -> {
            Go.go(childRan::countDown); // P0's runnext: the retake has work to hand off
            inSyscall(() -> {
                P p0 = s.allp[0];
                try (Holder h = new Holder(s)) {
                    retakes[0] = s.sysmon.round(clock.addAndGet(MS)); // first sight of the syscall
                    retakes[1] = s.sysmon.round(clock.addAndGet(MS));
                    assertEquals(P.RUNNING, p0.status(), "retaken: RUNNING in transit");
                    assertNull(p0.m, "no M holds it");
                    assertTrue(s.sysmon.owes(), "its handoff is owed");
                    assertTrue(rec.of(Trace.Event.P_HANDOFF).isEmpty(), "not handed off under a busy lock");
                    assertEquals(1, childRan.getCount(), "nothing ran the queued goroutine yet");
                }
                retakes[2] = s.sysmon.round(clock.addAndGet(MS));
                assertFalse(s.sysmon.owes(), "paid");
                assertEquals(1, rec.of(Trace.Event.P_HANDOFF).size());
                assertTrue(childRan.await(Await.DEADLINE.toSeconds(), TimeUnit.SECONDS), "the P's new M ran the queued goroutine");
            });
        });
        assertEquals(0, retakes[0]);
        assertEquals(1, retakes[1], "the retake itself needs no lock");
        assertEquals(0, retakes[2]);
    }

    /**
     * A goroutine that ignores preemption is asked to yield and then loses its P while the lock is
     * held (both are CASes); the handoff of that P waits for the first round with the lock free.
     */
    @Test
    void preemptionAndBlockedCarrierRetakeNeedNoLock() throws Exception {
        TraceRecorder rec = new TraceRecorder();
        AtomicLong clock = new AtomicLong(5 * MS);
        Sched s = handDriven(1, rec, clock);
        int[] retakes = new int[4];
        int[] preempt = new int[1];
        s.runMain(() -> {
            G main = Sched.currentG();
            P p0 = s.allp[0];
            try (Holder h = new Holder(s)) {
                retakes[0] = s.sysmon.round(clock.get());
                retakes[1] = s.sysmon.round(clock.addAndGet(Sysmon.FORCE_PREEMPT_NS));
                preempt[0] = main.stack.attention & Stack.PREEMPT;
                retakes[2] = s.sysmon.round(clock.addAndGet(Sysmon.FORCE_PREEMPT_NS));
                assertEquals(G.SYSCALL, main.status(), "retaken: running on without a P");
                assertNull(p0.m);
                assertTrue(s.sysmon.owes());
                assertTrue(rec.of(Trace.Event.P_HANDOFF).isEmpty());
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
            retakes[3] = s.sysmon.round(clock.addAndGet(MS));
            assertFalse(s.sysmon.owes());
            assertEquals(1, rec.of(Trace.Event.P_HANDOFF).size(), "handed off once the lock was free");
            Go.gosched(); // exitsyscall's path gives main a P back
            assertEquals(G.RUNNING, main.status());
        });
        assertEquals(0, retakes[0] + retakes[1]);
        assertTrue(preempt[0] != 0, "asked to yield with the lock held");
        assertEquals(1, retakes[2]);
        assertEquals(0, retakes[3]);
    }

    /**
     * A late sleeper's timer that sysmon fires itself readies the sleeper onto the global queue
     * with the lock held (lock-free); the wakep that would start an M for it is owed, and the next
     * round's wakep puts an idle P to work, which runs the sleeper. The sleeper sleeps an hour of
     * the real clock: only the test's clock makes it late, so nothing but sysmon fires its timer.
     */
    @Test
    void lateSleeperIsReadiedUnderABusyLockAndItsWakepIsPaidNextRound() {
        AtomicLong clock = new AtomicLong();
        Sched s = handDriven(2, new TraceRecorder(), clock);
        G[] sleeper = new G[1];
        CountDownLatch woke = new CountDownLatch(1);
        s.runMain(() -> {
            Go.go(() -> {
                sleeper[0] = Sched.currentG();
                Go.sleep(Duration.ofHours(1));
                woke.countDown();
            });
            // Settle: the sleeper parked with its timer armed, the other P idle, nobody spinning.
            while (sleeper[0] == null || sleeper[0].status() != G.WAITING || s.timers.armed.get() != 1
                    || s.idlePs.count() != 1 || s.spinning.count() != 0) {
                Go.gosched();
            }
            inSyscall(() -> {
                try (Holder h = new Holder(s)) {
                    s.sysmon.round(System.nanoTime() + 2 * 3_600_000 * MS);
                    assertEquals(G.RUNNABLE, sleeper[0].status(), "readied without the lock");
                    assertEquals(1, s.global.size(), "onto the global queue");
                    assertTrue(s.sysmon.owes(), "the wakep is owed");
                    assertEquals(1, s.idlePs.count(), "no P put to work under a busy lock");
                }
                s.sysmon.round(System.nanoTime() + 2 * 3_600_000 * MS + MS);
                assertFalse(s.sysmon.owes(), "paid");
                assertTrue(woke.await(Await.DEADLINE.toSeconds(), TimeUnit.SECONDS), "the woken M ran the sleeper");
            });
        });
    }

    /**
     * {@code Procs.allIdle} is never true in the middle of a resize: a grow from 1 to 2 Ps while
     * main holds P0 puts P1 on the idle list before it writes GOMAXPROCS, when the plain comparison
     * of the two would say "every P idle".
     */
    @Test
    void allIdleIsNeverTrueWhileAResizeIsUnderWay() {
        Sched[] ref = new Sched[1];
        List<Boolean> plain = new CopyOnWriteArrayList<>();
        List<Boolean> consistent = new CopyOnWriteArrayList<>();
        Thread[] resizer = new Thread[1]; // the thread inside maxProcs: an M dropping its P holds the lock too
        Trace onIdle = (e, g, p, m, victim, n) -> {
            Sched s = ref[0];
            if (e == Trace.Event.P_IDLE && s != null && s.lock.isHeldByCurrentThread()
                    && resizer[0] == Thread.currentThread()) { // inside resizeLocked
                plain.add(s.idlePs.count() >= s.gomaxprocs);
                consistent.add(s.procs.allIdle());
            }
        };
        Sched s = new Sched(new Config().maxProcs(1).trace(onIdle).sysmon(false).name("resize-idle"));
        ref[0] = s;
        s.runMain(() -> {
            assertFalse(s.procs.allIdle(), "main holds P0");
            resizer[0] = Thread.currentThread();
            s.maxProcs(2);
            resizer[0] = null;
        });
        assertTrue(plain.contains(true), "the window is real: the plain comparison says all idle " + plain);
        assertFalse(consistent.contains(true), "allIdle said all idle during the resize " + consistent);
    }
}
