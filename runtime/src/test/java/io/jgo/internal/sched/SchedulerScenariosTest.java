package io.jgo.internal.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
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
        assertTrue(s.maySpin());
        s.becomeSpinning(new M(s, 3));
        assertFalse(s.maySpin(), "2 * 1 spinning >= 2 busy");
        takeP(s);
        takeP(s); // four busy
        assertTrue(s.maySpin());
        s.becomeSpinning(new M(s, 4));
        assertFalse(s.maySpin());
    }

    /**
     * wakep starts a spinning M only when none spins (Go: be conservative about spinning threads).
     * The control: on the same kind of runtime with nobody spinning, wakep does start one.
     */
    @Test
    void wakepStartsASpinnerOnlyWhenNoneSpins() {
        TraceRecorder quiet = new TraceRecorder();
        Sched s = runtime(4, quiet);
        s.becomeSpinning(new M(s, 9));
        s.wakep();
        assertEquals(List.of(), quiet.of(Trace.Event.M_START), "a second spinner was started");
        assertEquals(List.of(), s.allm, "no carrier was created");

        TraceRecorder woken = new TraceRecorder();
        Sched control = runtime(4, woken);
        try {
            control.wakep();
            List<TraceRecorder.Rec> starts = woken.of(Trace.Event.M_START);
            assertEquals(1, starts.size(), woken.events.toString());
            assertEquals(1, starts.get(0).n, "the M it starts is spinning");
            assertEquals(1, control.allm.size());
        } finally {
            control.shutdown();
        }
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
