package io.jgo.internal.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.PanicException;
import io.jgo.internal.Stack;
import io.jgo.testing.Await;
import io.jgo.internal.sched.timer.RuntimeTimer;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * sysmon's decisions, one round at a time, on a clock the test sets ({@code Config.clock}) and with
 * the sysmon thread turned off: preemption after a time slice, never in a syscall; the retake of a
 * P whose goroutine does not answer preemption; the syscall retake's patience when someone idles;
 * the thread cap.
 */
@Timeout(60)
class SysmonTest {

    private static final long MS = 1_000_000L;

    private static Sched handDriven(int procs, TraceRecorder rec, AtomicLong clock) {
        return new Sched(new Config().maxProcs(procs).trace(rec).sysmon(false).clock(clock::get).name("sysmon"));
    }

    private static int preemptBit() {
        return Sched.currentG().stack.attention & Stack.PREEMPT;
    }

    /**
     * A goroutine that holds its P for a whole slice is asked to yield; one that still holds it a
     * slice later (this one runs code nobody rewrote, so it never answers) loses its P, runs on
     * without one, and gets a P back at its next call into the scheduler.
     */
    @Test
    void goroutineIgnoringPreemptionLosesItsPAfterOneMoreSlice() {
        TraceRecorder rec = new TraceRecorder();
        AtomicLong clock = new AtomicLong(5 * MS);
        Sched s = handDriven(1, rec, clock);
        long[] main = new long[1];
        String[] dump = new String[1];
        s.runMain(() -> {
            main[0] = Sched.currentG().id();
            assertEquals(0, s.sysmon.round(clock.get()), "first sight of this schedule tick");
            clock.addAndGet(9 * MS);
            s.sysmon.round(clock.get());
            assertEquals(0, preemptBit(), "9 ms: still within the slice");
            clock.addAndGet(MS);
            assertEquals(0, s.sysmon.round(clock.get()));
            assertTrue(preemptBit() != 0, "10 ms on the same tick: asked to yield");
            clock.addAndGet(10 * MS);
            assertEquals(1, s.sysmon.round(clock.get()), "one more slice without an answer: the P is retaken");
            assertEquals(G.SYSCALL, Sched.currentG().status(), "running on without a P");
            assertTrue(Sched.currentG().m.p == null);
            dump[0] = s.dump();
            Go.gosched(); // a call into the scheduler: exitsyscall's path gives it a P back
            assertEquals(G.RUNNING, Sched.currentG().status());
            assertTrue(Sched.currentG().m.p != null);
        });
        TraceRecorder.Rec preempt = rec.of(Trace.Event.PREEMPT).get(0);
        assertEquals(main[0], preempt.g);
        TraceRecorder.Rec retake = rec.of(Trace.Event.RETAKE).get(0);
        assertEquals(1, retake.n, "a blocked-carrier retake");
        assertEquals(main[0], retake.g);
        assertEquals(0, retake.p);
        assertTrue(rec.first(Trace.Event.SYSCALL_EXIT, main[0]) != null, "it got a P back through exitsyscall");
        assertTrue(dump[0].contains("goroutine " + main[0] + " [running]"), dump[0]);
    }

    /** A goroutine that blocks its carrier, holding its P (plain code, and sysmon is off), until released. */
    private static final class BlockingChild {
        final CountDownLatch running = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        long id;

        /** Starts it into the calling goroutine's runnext; {@code then} runs once it is released. */
        void start(Sched s, Runnable then) {
            id = s.newproc(() -> {
                running.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                then.run();
            }).id();
        }

        /** Waits until an M runs it: the P's new holder after a handoff. */
        void awaitRunning() throws InterruptedException {
            assertTrue(running.await(Await.DEADLINE.toSeconds(), TimeUnit.SECONDS), "the P's new M runs the child");
        }
    }

    /**
     * A P retaken from a goroutine that ignored preemption goes to a new M, which runs the P's
     * runnext goroutine with the inherited slice (the schedule tick does not move). That goroutine
     * gets a slice of its own: it is not judged on the old one, so it is asked to yield a slice
     * later and keeps its P until then, rather than losing it unasked in the next round.
     */
    @Test
    void goroutineRunOnARetakenPGetsAFreshSlice() {
        TraceRecorder rec = new TraceRecorder();
        AtomicLong clock = new AtomicLong(5 * MS);
        Sched s = handDriven(1, rec, clock);
        BlockingChild child = new BlockingChild();
        int[] retakes = new int[3];
        s.runMain(() -> {
            child.start(s, () -> { });
            s.sysmon.round(clock.get());
            s.sysmon.round(clock.addAndGet(Sysmon.FORCE_PREEMPT_NS)); // main asked
            retakes[0] = s.sysmon.round(clock.addAndGet(Sysmon.FORCE_PREEMPT_NS)); // main's P retaken, handed to a new M
            try {
                child.awaitRunning();
                retakes[1] = s.sysmon.round(clock.addAndGet(MS));
                retakes[2] = s.sysmon.round(clock.addAndGet(Sysmon.FORCE_PREEMPT_NS));
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            } finally {
                child.release.countDown();
            }
            Go.gosched(); // main gets a P back
        });
        assertEquals(1, retakes[0]);
        assertEquals(1, rec.first(Trace.Event.EXECUTE, child.id).n, "the child inherited the slice: " + rec.events);
        assertEquals(0, retakes[1], "not retaken on the old holder's slice");
        assertEquals(0, retakes[2], "asked, not retaken, after a slice of its own");
        assertTrue(rec.first(Trace.Event.PREEMPT, child.id) != null, "asked to yield after its own slice");
        assertTrue(rec.first(Trace.Event.RETAKE, child.id) == null, "never retaken");
    }

    /**
     * Only the goroutine sysmon asked may lose its P for not answering. Main is asked at the end of
     * its slice, then parks: M0 hands the P to a new M, which runs the child from runnext with main's
     * slice (the tick does not move). The child was never asked, so sysmon asks it, and retakes the
     * P only when the child leaves that request unanswered for a slice.
     */
    @Test
    void goroutineThatInheritedAnAskedSliceIsAskedBeforeItLosesItsP() {
        TraceRecorder rec = new TraceRecorder();
        AtomicLong clock = new AtomicLong(5 * MS);
        Sched s = handDriven(1, rec, clock);
        BlockingChild child = new BlockingChild();
        int[] retakes = new int[2];
        Throwable[] driverFailed = new Throwable[1];
        s.runMain(() -> {
            io.jgo.WaitGroup childDone = new io.jgo.WaitGroup();
            childDone.add(1);
            child.start(s, childDone::done);
            s.sysmon.round(clock.get());
            s.sysmon.round(clock.addAndGet(Sysmon.FORCE_PREEMPT_NS)); // main asked
            Thread driver = new Thread(() -> { // main parks below; this thread plays sysmon meanwhile
                try {
                    child.awaitRunning();
                    retakes[0] = s.sysmon.round(clock.addAndGet(Sysmon.FORCE_PREEMPT_NS)); // main's ask is a slice old
                    retakes[1] = s.sysmon.round(clock.addAndGet(Sysmon.FORCE_PREEMPT_NS)); // the child's too
                } catch (Throwable t) {
                    driverFailed[0] = t;
                } finally {
                    child.release.countDown();
                }
            });
            driver.start();
            childDone.await(); // main parks (pinned: plain code); M0 hands its P off
            try {
                driver.join();
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        });
        assertNull(driverFailed[0]);
        assertEquals(1, rec.first(Trace.Event.EXECUTE, child.id).n, "the child inherited main's slice: " + rec.events);
        assertEquals(0, retakes[0], "not retaken for main's unanswered request");
        assertTrue(rec.first(Trace.Event.PREEMPT, child.id) != null, "the child itself is asked");
        assertEquals(1, retakes[1], "a slice after its own request, unanswered: retaken");
        assertEquals(child.id, rec.of(Trace.Event.RETAKE).get(0).g);
    }

    /** A goroutine in a syscall is never asked to yield: it is not running Go code. */
    @Test
    void goroutineInASyscallIsNeverPreempted() throws Exception {
        TraceRecorder rec = new TraceRecorder();
        AtomicLong clock = new AtomicLong();
        Sched s = handDriven(2, rec, clock);
        s.runMain(() -> {
            try {
                Go.syscall(() -> {
                    for (int i = 0; i < 5; i++) {
                        s.sysmon.round(clock.addAndGet(3 * MS));
                    }
                    return null;
                });
            } catch (Exception e) {
                throw new AssertionError(e);
            }
            assertEquals(0, preemptBit());
        });
        assertTrue(rec.of(Trace.Event.PREEMPT).isEmpty(), rec.events.toString());
    }

    /**
     * A P in a syscall with an empty queue is left alone while another P idles (that P's M can take
     * new work), but retaken after 10 ms: it would keep sysmon out of its deep sleep.
     */
    @Test
    void emptySyscallPIsRetakenOnlyAfter10msWhileAPIdles() {
        TraceRecorder rec = new TraceRecorder();
        AtomicLong clock = new AtomicLong();
        Sched s = handDriven(2, rec, clock);
        int[] retakes = new int[4];
        s.runMain(() -> {
            try {
                Go.syscall(() -> {
                    assertEquals(1, s.idlePs.count());
                    retakes[0] = s.sysmon.round(clock.addAndGet(MS));
                    retakes[1] = s.sysmon.round(clock.addAndGet(MS / 50));
                    retakes[2] = s.sysmon.round(clock.addAndGet(8 * MS));
                    retakes[3] = s.sysmon.round(clock.addAndGet(2 * MS));
                    return null;
                });
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
        assertEquals(0, retakes[0], "first sight");
        assertEquals(0, retakes[1], "one tick later, but a P idles and the queue is empty");
        assertEquals(0, retakes[2], "still under 10 ms");
        assertEquals(1, retakes[3], "10 ms in the syscall");
    }

    /** Starting more Ms than -Djgo.maxthreads allows is a fatal error that names the limit. */
    @Test
    void exceedingTheThreadLimitIsAFatalErrorNamingIt() {
        AtomicLong clock = new AtomicLong();
        Sched s = new Sched(new Config().maxProcs(1).maxThreads(1).sysmon(false).clock(clock::get).name("cap"));
        PanicException e = assertThrows(PanicException.class, () -> s.runMain(() -> {
            Go.go(() -> { });
            try {
                Go.syscall(() -> {
                    s.sysmon.round(clock.get());
                    s.sysmon.round(clock.addAndGet(MS)); // retakes the P for the queued goroutine: needs an M
                    return null;
                });
            } catch (Exception ex) {
                throw new AssertionError(ex);
            }
        }));
        assertTrue(e.getMessage().contains("1-thread limit") && e.getMessage().contains("jgo.maxthreads"), e.getMessage());
    }

    /**
     * A timer on the heap of a P whose goroutine runs on is half a millisecond late: sysmon asks the
     * goroutine to yield (so g0 runs the heap and the sleeper gets the P's runnext); a goroutine that
     * leaves the ask unanswered for another millisecond loses its P, well before the two time slices
     * of the blocked-carrier rule. The timer is an hour ahead of the real clock, so only the test's
     * clock makes it late and nothing but sysmon's decisions can run it.
     */
    @Test
    void lateTimerOnABusyPGetsItsGoroutineAskedThenRetaken() {
        TraceRecorder rec = new TraceRecorder();
        long due = System.nanoTime() + 3_600_000 * MS;
        AtomicLong clock = new AtomicLong(due - 5 * MS);
        Sched s = handDriven(1, rec, clock);
        int[] retakes = new int[3];
        int[] bits = new int[2];
        s.runMain(() -> {
            RuntimeTimer t = s.newTimer(x -> { });
            t.resetAt(due, Sched.currentG().m.p.timers);
            s.sysmon.round(clock.get());
            retakes[0] = s.sysmon.round(clock.addAndGet(5 * MS + Sysmon.TIMER_PREEMPT_NS - 1_000));
            bits[0] = preemptBit();
            retakes[1] = s.sysmon.round(clock.addAndGet(1_000));
            bits[1] = preemptBit();
            retakes[2] = s.sysmon.round(clock.addAndGet(Sysmon.TIMER_RETAKE_NS));
            assertEquals(G.SYSCALL, Sched.currentG().status(), "running on without a P");
            Go.gosched(); // back through exitsyscall's path
            assertTrue(t.stop(), "sysmon never ran the timer: it is an hour ahead of the real clock");
        });
        assertEquals(0, bits[0], "under half a millisecond late: the P's own M may still run it");
        assertTrue(bits[1] != 0, "half a millisecond late on a busy P: its goroutine is asked to yield");
        assertEquals(0, retakes[0] + retakes[1]);
        assertEquals(1, retakes[2], "the ask went unanswered for a millisecond: the P is retaken");
        assertEquals(1, rec.of(Trace.Event.RETAKE).size());
        assertEquals(5 * MS + Sysmon.TIMER_PREEMPT_NS + Sysmon.TIMER_RETAKE_NS < 2 * Sysmon.FORCE_PREEMPT_NS, true,
                "the late-timer retake comes before the time-slice one");
    }

    /** With -Djgo.preempt=off sysmon never asks for a late timer; it runs the timer itself once a millisecond late. */
    @Test
    void withPreemptionOffALateTimerIsRunBySysmon() {
        long due = System.nanoTime() + 3_600_000 * MS;
        AtomicLong clock = new AtomicLong(due);
        Sched s = new Sched(new Config().maxProcs(1).sysmon(false).preempt(false).clock(clock::get).name("late-off"));
        int[] fired = new int[1];
        int[] bit = new int[1];
        s.runMain(() -> {
            RuntimeTimer t = s.newTimer(x -> fired[0]++);
            t.resetAt(due, Sched.currentG().m.p.timers);
            s.sysmon.round(clock.addAndGet(Sysmon.TIMER_PREEMPT_NS));
            bit[0] = preemptBit();
            s.sysmon.round(clock.addAndGet(Sysmon.TIMER_BACKSTOP_NS));
        });
        assertEquals(0, bit[0], "no preemption when it is off");
        assertEquals(1, fired[0], "sysmon ran the late timer itself");
    }
}
