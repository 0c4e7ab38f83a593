package io.jgo.internal.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.WaitGroup;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The scenarios of the seed note (section 3, "Go scheduler scenarios"), replayed deterministically:
 * at GOMAXPROCS 1 through the event trace, and with more Ps by driving the scheduler's steps
 * (global batch, steal, spinning decision) on a runtime whose state the test sets up. Where the
 * note simplifies, DESIGN.md's rules (Go's current source) are asserted.
 */
@Timeout(60)
class SchedulerScenariosTest {

    private static Sched runtime(int procs, TraceRecorder rec) {
        return new Sched(new Config().maxProcs(procs).trace(rec).name("scenario"));
    }

    /** 3.1: G1 creates G2, which goes to the runnext of G1's P (locality). */
    @Test
    void newGoroutineGoesToRunnextOfTheCreatorsP() {
        TraceRecorder rec = new TraceRecorder();
        AtomicLong g2 = new AtomicLong();
        runtime(1, rec).runMain(() -> {
            WaitGroup wg = new WaitGroup();
            wg.add(1);
            Go.go(wg::done);
            g2.set(rec.of(Trace.Event.GO_CREATE).get(0).g);
            wg.await();
        });
        TraceRecorder.Rec create = rec.first(Trace.Event.GO_CREATE, g2.get());
        assertEquals(0, create.p, "created on the creator's P");
        assertEquals(1, create.n, "into runnext");
        TraceRecorder.Rec exec = rec.first(Trace.Event.EXECUTE, g2.get());
        assertEquals(0, exec.p);
        assertEquals(1, exec.n, "taken from runnext, it inherits the time slice");
    }

    /** 3.2: when G1 ends, its M (back on g0) runs G2 from the same P's queue. */
    @Test
    void whenAGoroutineEndsItsMRunsTheNextFromTheSameP() {
        TraceRecorder rec = new TraceRecorder();
        AtomicLong g1 = new AtomicLong();
        AtomicLong g2 = new AtomicLong();
        runtime(1, rec).runMain(() -> {
            WaitGroup wg = new WaitGroup();
            wg.add(2);
            Go.go(() -> {
                g1.set(Sched.currentG().id());
                Go.go(() -> {
                    g2.set(Sched.currentG().id());
                    wg.done();
                });
                wg.done();
            });
            wg.await();
        });
        TraceRecorder.Rec e1 = rec.first(Trace.Event.EXECUTE, g1.get());
        TraceRecorder.Rec e2 = rec.first(Trace.Event.EXECUTE, g2.get());
        assertEquals(e1.m, e2.m, "same M");
        assertEquals(e1.p, e2.p, "same P");
        List<TraceRecorder.Rec> all = new ArrayList<>(rec.events);
        int end1 = indexOf(all, Trace.Event.GO_END, g1.get());
        int exec2 = indexOf(all, Trace.Event.EXECUTE, g2.get());
        assertTrue(end1 < exec2, "G2 runs after G1 ended: " + all);
    }

    /**
     * 3.3 and 3.4: G2 fills its P's local queue; the next creation moves the older half of the
     * ring plus the G kicked out of runnext to the global queue in one batch. The note assumes a
     * 3-slot queue; rings are powers of two, so this uses 4 slots: half (2) + 1 = 3 Gs move, as in
     * the note (G3, G4, G7). 3.5: the creation after that goes to the local P again.
     */
    @Test
    void fullLocalQueueSpillsHalfPlusOneToTheGlobalQueue() {
        TraceRecorder rec = new TraceRecorder();
        Sched s = new Sched(new Config().maxProcs(1).runqCapacity(4).trace(rec).name("spill"));
        int[] globalAfterSpill = new int[1];
        s.runMain(() -> {
            WaitGroup wg = new WaitGroup();
            for (int i = 0; i < 6; i++) { // G3..G8: runnext + 4 ring slots hold 5, the 6th spills
                wg.add(1);
                Go.go(wg::done);
            }
            globalAfterSpill[0] = s.global.size();
            wg.add(1);
            Go.go(wg::done); // G9: back to the local queue
            wg.await();
        });
        List<TraceRecorder.Rec> spills = rec.of(Trace.Event.RUNQ_SPILL);
        assertEquals(1, spills.size(), rec.events.toString());
        assertEquals(3, spills.get(0).n, "half of the 4-slot ring plus the kicked-out G");
        assertEquals(3, globalAfterSpill[0]);
        List<TraceRecorder.Rec> creates = rec.of(Trace.Event.GO_CREATE);
        TraceRecorder.Rec g9 = creates.get(creates.size() - 1);
        assertEquals(0, g9.p);
        assertEquals(1, g9.n, "G9 goes to runnext of the local P again");
    }

    /**
     * 3.6 and 3.7: a woken M with an empty local queue takes a batch from the global queue of
     * {@code min(len/GOMAXPROCS + 1, len, 128)}: with G3, G4, G7 queued and 4 Ps that is 1 G (G3).
     */
    @Test
    void wokenMTakesABatchFromTheGlobalQueueByGosFormula() {
        TraceRecorder rec = new TraceRecorder();
        Sched s = runtime(4, rec);
        G g3 = fake(s, 3);
        G g4 = fake(s, 4);
        G g7 = fake(s, 7);
        s.global.put(g3);
        s.global.put(g4);
        s.global.put(g7);
        P p2 = takeP(s);
        M m2 = new M(s, 2);
        assertSame(g3, s.globalBatch(m2, p2));
        assertTrue(p2.runq.isEmpty(), "3/4 + 1 = 1: nothing more moved to the local queue");
        assertEquals(2, s.global.size());

        for (int i = 0; i < 37; i++) {
            s.global.put(fake(s, 100 + i));
        }
        int len = s.global.size(); // 39
        G first = s.globalBatch(m2, p2);
        assertNotNull(first);
        assertEquals(Math.min(len / 4 + 1, len), 1 + p2.runq.size());
        TraceRecorder.Rec batch = rec.of(Trace.Event.GLOBAL_BATCH).get(1);
        assertEquals(len, batch.victim);
        assertEquals(10, batch.n);
    }

    /** 3.8: with the global queue empty, an idle P steals half of a busy P's local queue. */
    @Test
    void idlePStealsHalfOfABusyPsQueue() {
        TraceRecorder rec = new TraceRecorder();
        Sched s = runtime(4, rec);
        P p1 = takeP(s);
        P p2 = takeP(s);
        for (int i = 0; i < 6; i++) {
            p1.runq.put(fake(s, 10 + i), false, s.global);
        }
        M m2 = new M(s, 2);
        G stolen = new Steal().work(m2, p2);
        assertEquals(12, stolen.id, "Gs 10..12 (the older half) move; the last one grabbed runs now, as in Go");
        assertEquals(3, p1.runq.size(), "the victim keeps half");
        assertEquals(2, p2.runq.size(), "the thief queued the rest of its half");
        assertEquals(3, rec.of(Trace.Event.STEAL).get(0).n);
    }

    /** The last steal pass, and only it, takes a busy P's runnext (the note's G8, alone on P1). */
    @Test
    void runnextIsStolenOnlyWhenNothingElseIsLeft() {
        Sched s = runtime(2, null);
        P p1 = takeP(s);
        P p2 = takeP(s);
        G g8 = fake(s, 8);
        p1.runq.put(g8, true, s.global);
        assertSame(g8, new Steal().work(new M(s, 2), p2));
        assertTrue(p1.runq.isEmpty());
    }

    /**
     * 3.9: spinning Ms are limited to half the busy Ps (the note says GOMAXPROCS; Go's current
     * source, and DESIGN.md, say half the busy Ps), so with 2 busy Ps of 4 only one M may spin.
     */
    @Test
    void spinningMsAreLimitedToHalfTheBusyPs() {
        Sched s = runtime(4, null);
        takeP(s);
        takeP(s); // two busy Ps, two idle
        assertTrue(s.spinning.maySpin());
        s.spinning.become(new M(s, 3));
        assertFalse(s.spinning.maySpin(), "2 * 1 spinning >= 2 busy");
        takeP(s);
        takeP(s); // four busy
        assertTrue(s.spinning.maySpin());
        s.spinning.become(new M(s, 4));
        assertFalse(s.spinning.maySpin());
    }

    /** wakep starts a spinning M only when none spins (Go: be conservative about spinning threads). */
    @Test
    void wakepStartsNoSecondSpinner() {
        TraceRecorder rec = new TraceRecorder();
        Sched s = runtime(4, rec);
        s.spinning.become(new M(s, 9));
        s.wakep();
        assertTrue(rec.of(Trace.Event.M_START).isEmpty());
        assertNull(s.allm.isEmpty() ? null : s.allm.get(0));
    }

    // ---------------------------------------------------------------- 3.10 and 3.11: syscalls

    /** A runtime whose sysmon rounds the test runs by hand, at times it picks. */
    private static Sched handDriven(int procs, TraceRecorder rec, AtomicLong clock) {
        return new Sched(new Config().maxProcs(procs).trace(rec).sysmon(false).clock(clock::get).name("syscall"));
    }

    /** Two sysmon rounds one sysmon tick (20 µs) apart: the first sees the syscall, the second may retake. */
    private static int twoRounds(Sched s, AtomicLong clock) {
        int n = s.sysmon.round(clock.get());
        clock.addAndGet(20_000);
        return n + s.sysmon.round(clock.get());
    }

    /**
     * 3.10: G8 creates G9 (into runnext) and blocks in a syscall. Its P stays attached to M0 in
     * SYSCALL until sysmon, one tick later, sees work queued on it and retakes it; the P is handed to
     * another M, which runs G9 on it.
     */
    @Test
    void syscallPWithWorkIsRetakenAndHandedToAnotherM() {
        TraceRecorder rec = new TraceRecorder();
        AtomicLong clock = new AtomicLong(1_000_000_000L);
        Sched s = handDriven(1, rec, clock);
        AtomicLong g9 = new AtomicLong();
        int[] retaken = new int[1];
        s.runMain(() -> {
            CountDownLatch ran = new CountDownLatch(1);
            Go.go(() -> {
                g9.set(Sched.currentG().id());
                ran.countDown();
            });
            try {
                Go.syscall(() -> {
                    assertEquals(P.SYSCALL, s.allp[0].status(), "the P stays in SYSCALL: no handoff on entry");
                    assertTrue(rec.of(Trace.Event.M_START).isEmpty(), "entering a syscall wakes no thread");
                    retaken[0] = twoRounds(s, clock);
                    ran.await(); // the blocking call: returns once G9 ran elsewhere
                    return null;
                });
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
        assertEquals(1, retaken[0]);
        TraceRecorder.Rec retake = rec.of(Trace.Event.RETAKE).get(0);
        assertEquals(0, retake.p);
        assertEquals(0, retake.m, "taken from M0, in the syscall");
        assertEquals(0, retake.n, "a syscall retake");
        TraceRecorder.Rec exec = rec.first(Trace.Event.EXECUTE, g9.get());
        assertEquals(0, exec.p, "G9 runs on the retaken P");
        assertTrue(exec.m != 0, "on another M");
        List<TraceRecorder.Rec> all = new ArrayList<>(rec.events);
        assertTrue(all.indexOf(retake) < all.indexOf(exec));
        assertTrue(rec.of(Trace.Event.SYSCALL_EXIT).get(0).n != 0, "the old P was gone: not the fast path");
    }

    /** 3.11: a syscall that returns before sysmon retakes its P takes it back with one CAS; nobody else is woken. */
    @Test
    void shortSyscallTakesItsOldPBackWithoutAHandoff() {
        TraceRecorder rec = new TraceRecorder();
        AtomicLong clock = new AtomicLong();
        Sched s = handDriven(1, rec, clock);
        s.runMain(() -> {
            try {
                assertEquals(42, (int) Go.syscall(() -> {
                    assertEquals(0, s.sysmon.round(clock.get()), "first sight of the syscall: no retake");
                    return 42;
                }));
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
        TraceRecorder.Rec exit = rec.of(Trace.Event.SYSCALL_EXIT).get(0);
        assertEquals(0, exit.n, "the fast path");
        assertEquals(0, exit.p);
        assertTrue(rec.of(Trace.Event.RETAKE).isEmpty());
        assertTrue(rec.of(Trace.Event.P_HANDOFF).isEmpty());
        assertTrue(rec.of(Trace.Event.M_START).isEmpty());
    }

    /**
     * 3.11: sysmon retook the P (nobody spins or idles, so it does not wait the 10 ms) and it went
     * idle again; on the way out of the syscall the G takes an idle P.
     */
    @Test
    void syscallWhosePWasRetakenTakesAnIdleP() throws Exception {
        TraceRecorder rec = new TraceRecorder();
        AtomicLong clock = new AtomicLong();
        Sched s = handDriven(1, rec, clock);
        s.runMain(() -> {
            try {
                Go.syscall(() -> {
                    assertEquals(1, twoRounds(s, clock), "retaken after one tick: no M spins or idles");
                    while (s.idlePs.count() == 0) { // the spinning M started for it finds nothing and drops it
                        Thread.sleep(1);
                    }
                    return null;
                });
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
        assertEquals(1, rec.of(Trace.Event.SYSCALL_EXIT).get(0).n, "an idle P");
        assertEquals(0, rec.of(Trace.Event.RETAKE).get(0).n);
    }

    /**
     * 3.11: the old P was retaken and runs another goroutine, and no P is idle: the G goes to the
     * global queue (locked to its M, whose thread holds its frames) and the M parks; the M that
     * dequeues the G hands its P back to that M.
     */
    @Test
    void syscallWithNoPLeftQueuesTheGloballyAndParksItsM() {
        TraceRecorder rec = new TraceRecorder();
        AtomicLong clock = new AtomicLong();
        Sched s = handDriven(1, rec, clock);
        s.runMain(() -> {
            CountDownLatch hogRunning = new CountDownLatch(1);
            Go.go(() -> {
                hogRunning.countDown();
                while (rec.of(Trace.Event.SYSCALL_EXIT).isEmpty()) { // holds the only P until main has queued
                    Thread.onSpinWait();
                }
            });
            try {
                Go.syscall(() -> {
                    assertEquals(1, twoRounds(s, clock));
                    hogRunning.await();
                    return null;
                });
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
        TraceRecorder.Rec exit = rec.of(Trace.Event.SYSCALL_EXIT).get(0);
        assertEquals(2, exit.n, "queued: no P");
        assertEquals(-1, exit.p);
        TraceRecorder.Rec back = rec.of(Trace.Event.HANDOFF_LOCKED).get(0);
        assertEquals(0, back.victim, "the P is handed back to M0, which waited with main's frames");
    }

    private static int indexOf(List<TraceRecorder.Rec> all, Trace.Event e, long g) {
        for (int i = 0; i < all.size(); i++) {
            if (all.get(i).e == e && all.get(i).g == g) {
                return i;
            }
        }
        return -1;
    }

    private static P takeP(Sched s) {
        synchronized (s.lock) {
            return s.idlePs.getLocked();
        }
    }

    private static G fake(Sched s, long id) {
        G g = new G(s, false);
        g.id = id;
        return g;
    }
}
