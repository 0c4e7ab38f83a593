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
        assertTrue(s.maySpin());
        s.becomeSpinning(new M(s, 3));
        assertFalse(s.maySpin(), "2 * 1 spinning >= 2 busy");
        takeP(s);
        takeP(s); // four busy
        assertTrue(s.maySpin());
        s.becomeSpinning(new M(s, 4));
        assertFalse(s.maySpin());
    }

    /** wakep starts a spinning M only when none spins (Go: be conservative about spinning threads). */
    @Test
    void wakepStartsNoSecondSpinner() {
        TraceRecorder rec = new TraceRecorder();
        Sched s = runtime(4, rec);
        s.becomeSpinning(new M(s, 9));
        s.wakep();
        assertTrue(rec.of(Trace.Event.M_START).isEmpty());
        assertNull(s.allm.isEmpty() ? null : s.allm.get(0));
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
            return s.pidleGet();
        }
    }

    private static G fake(Sched s, long id) {
        G g = new G(s, false);
        g.id = id;
        return g;
    }
}
