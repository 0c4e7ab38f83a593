package io.jgo.internal.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The scenarios of the seed note (section 3, "Go scheduler scenarios") from 3.6 on, replayed
 * deterministically by driving the scheduler's steps (global batch, steal, spinning decision,
 * wakep) on a runtime whose state the test sets up: no goroutine runs, so nothing here parks or
 * yields. Scenarios 3.1 to 3.5 run real goroutines and live in the rewritten
 * {@code io.jgo.it.sched.TracedScenariosTest}. Where the note simplifies, DESIGN.md's rules (Go's
 * current source) are asserted.
 */
@Timeout(60)
class SchedulerScenariosTest {

    private static Sched runtime(int procs, TraceRecorder rec) {
        return new Sched(new Config().maxProcs(procs).trace(rec).name("scenario"));
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
        assertEquals(39, s.global.size()); // G4, G7 and 37 more
        assertSame(g4, s.globalBatch(m2, p2), "the batch starts at the head of the queue");
        assertEquals(9, p2.runq.size(), "39/4 + 1 = 10: one runs now, nine are queued locally");
        assertEquals(29, s.global.size());
        TraceRecorder.Rec batch = rec.of(Trace.Event.GLOBAL_BATCH).get(1);
        assertEquals(39, batch.victim);
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

    /**
     * A busy P's runnext is stolen only when nothing else is left (the note's G8, alone on P1):
     * first the thief takes the ring's G9 and leaves runnext alone, then, with the ring empty, G8.
     */
    @Test
    void runnextIsStolenOnlyWhenNothingElseIsLeft() {
        Sched s = runtime(2, null);
        P p1 = takeP(s);
        P p2 = takeP(s);
        G g8 = fake(s, 8);
        G g9 = fake(s, 9);
        p1.runq.put(g9, false, s.global);
        p1.runq.put(g8, true, s.global);
        Steal thief = new Steal();
        M m2 = new M(s, 2);
        assertSame(g9, thief.work(m2, p2));
        assertTrue(p1.runq.hasRunnext(), "runnext stays while the ring has work");
        assertSame(g8, thief.work(m2, p2));
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

    /**
     * wakep starts a spinning M only when none spins (Go: be conservative about spinning threads).
     * The control: on the same kind of runtime with nobody spinning, wakep does start one.
     */
    @Test
    void wakepStartsASpinnerOnlyWhenNoneSpins() {
        TraceRecorder quiet = new TraceRecorder();
        Sched s = runtime(4, quiet);
        s.spinning.become(new M(s, 9));
        s.ms.wakep();
        assertEquals(List.of(), quiet.of(Trace.Event.M_START), "a second spinner was started");
        assertEquals(List.of(), s.allm, "no carrier was created");

        TraceRecorder woken = new TraceRecorder();
        Sched control = runtime(4, woken);
        try {
            control.ms.wakep();
            List<TraceRecorder.Rec> starts = woken.of(Trace.Event.M_START);
            assertEquals(1, starts.size(), woken.events.toString());
            assertEquals(1, starts.get(0).n, "the M it starts is spinning");
            assertEquals(1, control.allm.size());
        } finally {
            control.shutdown();
        }
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
     * 3.10: G8 creates G9 (into runnext) and blocks in a syscall. Its P stays attached to its M in
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
                    assertEquals(1, rec.of(Trace.Event.M_START).size(), "entering a syscall wakes no thread (one start: main's carrier)");
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
        int mainsM = rec.of(Trace.Event.SYSCALL_ENTER).get(0).m;
        assertEquals(mainsM, retake.m, "taken from main's M, in the syscall");
        assertEquals(0, retake.n, "a syscall retake");
        TraceRecorder.Rec exec = rec.first(Trace.Event.EXECUTE, g9.get());
        assertEquals(0, exec.p, "G9 runs on the retaken P");
        assertTrue(exec.m != mainsM, "on another M");
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
        assertEquals(1, rec.of(Trace.Event.M_START).size(), "no start but main's carrier");
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
        assertEquals(rec.of(Trace.Event.SYSCALL_ENTER).get(0).m, back.victim, "the P is handed back to the M that waited with main's frames");
    }

    private static P takeP(Sched s) {
        s.lock.lock();
        try {
            return s.idlePs.getLocked();
        } finally {
            s.lock.unlock();
        }
    }

    private static G fake(Sched s, long id) {
        G g = new G(s, false);
        g.id = id;
        return g;
    }
}
