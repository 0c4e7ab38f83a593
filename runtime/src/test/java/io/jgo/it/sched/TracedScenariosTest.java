package io.jgo.it.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.WaitGroup;
import io.jgo.internal.sched.Sched;
import io.jgo.internal.sched.TestRuntimes;
import io.jgo.internal.sched.Trace;
import io.jgo.internal.sched.TraceRecorder;
import io.jgo.testing.Pins;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The seed note's scenarios 3.1 to 3.5 (section 3, "Go scheduler scenarios") replayed with real
 * goroutines at GOMAXPROCS 1 and read back from the event trace. The main goroutine's
 * {@code wg.await()} really parks (this package is rewritten; nothing pins), as G1 blocking does in
 * the note. The scenarios that drive the scheduler's steps directly (3.6 to 3.9) are in
 * {@code io.jgo.internal.sched.SchedulerScenariosTest}.
 */
@Timeout(60)
class TracedScenariosTest {

    /** 3.1: G1 creates G2, which goes to the runnext of G1's P (locality). */
    @Test
    void newGoroutineGoesToRunnextOfTheCreatorsP() {
        TraceRecorder rec = new TraceRecorder();
        AtomicLong g2 = new AtomicLong();
        Pins.none(() -> TestRuntimes.traced("scenario-3.1", 1, rec).runMain(() -> {
            WaitGroup wg = new WaitGroup();
            wg.add(1);
            Go.go(wg::done);
            g2.set(rec.of(Trace.Event.GO_CREATE).get(0).g);
            wg.await();
        }));
        TraceRecorder.Rec create = rec.first(Trace.Event.GO_CREATE, g2.get());
        assertEquals(0, create.p, "created on the creator's P");
        assertEquals(1, create.n, "into runnext");
        TraceRecorder.Rec exec = rec.first(Trace.Event.EXECUTE, g2.get());
        assertEquals(0, exec.p);
        assertEquals(1, exec.n, "taken from runnext, it inherits the time slice");
    }

    /**
     * 3.2: when G1 ends, its M (back on g0) runs G2 from the same P's queue. Without sysmon: under
     * load a descheduled carrier can use up G1's time slice, and a preemption (G2 runs before G1
     * ends) or a retake (G2 runs on another M) is then right, but not this scenario.
     */
    @Test
    void whenAGoroutineEndsItsMRunsTheNextFromTheSameP() {
        TraceRecorder rec = new TraceRecorder();
        AtomicLong g1 = new AtomicLong();
        AtomicLong g2 = new AtomicLong();
        Pins.none(() -> TestRuntimes.withoutSysmonTraced("scenario-3.2", 1, rec).runMain(() -> {
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
        }));
        TraceRecorder.Rec e1 = rec.first(Trace.Event.EXECUTE, g1.get());
        TraceRecorder.Rec e2 = rec.first(Trace.Event.EXECUTE, g2.get());
        assertEquals(e1.m, e2.m, "same M");
        assertEquals(e1.p, e2.p, "same P");
        List<TraceRecorder.Rec> all = new ArrayList<>(rec.events);
        int end1 = indexOf(all, Trace.Event.GO_END, g1.get());
        int exec2 = indexOf(all, Trace.Event.EXECUTE, g2.get());
        assertTrue(end1 >= 0 && end1 < exec2, "G2 runs after G1 ended: " + all);
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
        Sched s = TestRuntimes.traced("scenario-3.3", 1, 4, rec);
        int[] global = new int[2];
        Pins.none(() -> s.runMain(() -> {
            WaitGroup wg = new WaitGroup();
            for (int i = 0; i < 5; i++) { // G3..G7: runnext + 4 ring slots hold 5
                wg.add(1);
                Go.go(wg::done);
            }
            global[0] = TestRuntimes.globalQueueSize(s);
            wg.add(1);
            Go.go(wg::done); // G8: the ring is full, it spills
            global[1] = TestRuntimes.globalQueueSize(s);
            wg.add(1);
            Go.go(wg::done); // G9: back to the local queue
            wg.await();
        }));
        assertEquals(0, global[0], "nothing spilled while the local queue had room");
        assertEquals(3, global[1], "half of the 4-slot ring plus the kicked-out G");
        List<TraceRecorder.Rec> spills = rec.of(Trace.Event.RUNQ_SPILL);
        assertEquals(1, spills.size(), rec.events.toString());
        assertEquals(3, spills.get(0).n);
        List<TraceRecorder.Rec> creates = rec.of(Trace.Event.GO_CREATE);
        assertEquals(7, creates.size());
        TraceRecorder.Rec g9 = creates.get(6);
        assertEquals(0, g9.p);
        assertEquals(1, g9.n, "G9 goes to runnext of the local P again");
    }

    private static int indexOf(List<TraceRecorder.Rec> all, Trace.Event e, long g) {
        for (int i = 0; i < all.size(); i++) {
            if (all.get(i).e == e && all.get(i).g == g) {
                return i;
            }
        }
        return -1;
    }
}
