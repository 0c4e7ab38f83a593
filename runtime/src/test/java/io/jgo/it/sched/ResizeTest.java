package io.jgo.it.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jgo.Go;
import io.jgo.WaitGroup;
import io.jgo.internal.sched.Sched;
import io.jgo.internal.sched.TestRuntimes;
import io.jgo.internal.sched.Trace;
import io.jgo.internal.sched.TraceRecorder;
import io.jgo.testing.Await;
import io.jgo.testing.Pins;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * GOMAXPROCS at run time: the previous value is returned, a shrink never waits for a goroutine.
 * Main parks on WaitGroups while the resize happens, and unwinds (nothing pins).
 */
@Timeout(60)
class ResizeTest {

    @Test
    void resizeReturnsThePreviousValueAndAGrowAddsIdlePs() {
        TraceRecorder rec = new TraceRecorder();
        Sched s = TestRuntimes.traced("resize", 4, rec);
        int[] idleBeforeGrow = new int[1];
        s.runMain(() -> {
            assertEquals(4, Go.maxProcs(2));
            assertEquals(2, Go.maxProcs());
            idleBeforeGrow[0] = rec.events.size();
            assertEquals(2, Go.maxProcs(6));
            assertEquals(6, Go.maxProcs());
        });
        // Main runs on the carriers like any goroutine: a shrink that retires its P asks it to yield,
        // and it may run again on a P that the grow brought back, which then never goes idle. Every
        // other P of P2..P5 goes idle after the grow (P0 and P1 may go idle again too, when wakep's
        // spinning M finds nothing).
        Set<Integer> mainsPs = rec.events.stream().filter(r -> r.e == Trace.Event.EXECUTE && r.g == 1 && r.p >= 2)
                .map(r -> r.p).collect(Collectors.toCollection(TreeSet::new));
        Set<Integer> usable = rec.events.stream().skip(idleBeforeGrow[0]).filter(r -> r.e == Trace.Event.P_IDLE && r.p >= 2)
                .map(r -> r.p).collect(Collectors.toCollection(TreeSet::new));
        usable.addAll(mainsPs);
        assertEquals(Set.of(2, 3, 4, 5), usable, "Ps idle after the grow, plus those main ran on " + mainsPs);
    }

    /**
     * Three goroutines spin without a safe point, holding three of the four Ps, until the main
     * goroutine sets {@code stop}, which it does only after {@code maxProcs(1)} has returned: a
     * shrink that waited for them would hang (the test's timeout). Afterwards one P is left.
     */
    @Test
    void shrinkDoesNotWaitForAGoroutineThatNeverPolls() {
        AtomicBoolean stop = new AtomicBoolean();
        AtomicInteger ran = new AtomicInteger();
        int[] previous = new int[1];
        TraceRecorder rec = new TraceRecorder();
        Sched s = TestRuntimes.traced("shrink", 4, rec);
        Pins.none(() -> s.runMain(() -> {
            WaitGroup spinnersStarted = new WaitGroup();
            spinnersStarted.add(3);
            WaitGroup spinnersDone = new WaitGroup();
            spinnersDone.add(3);
            for (int i = 0; i < 3; i++) {
                Go.go(() -> {
                    spinnersStarted.done();
                    while (!stop.get()) {
                        Thread.onSpinWait(); // never reaches a safe point
                    }
                    spinnersDone.done();
                });
            }
            spinnersStarted.await();
            previous[0] = Go.maxProcs(1); // returns while the spinners still hold their Ps
            WaitGroup wg = new WaitGroup();
            wg.add(100);
            for (int i = 0; i < 100; i++) {
                Go.go(() -> {
                    ran.incrementAndGet();
                    wg.done();
                });
            }
            stop.set(true);
            wg.await();
            spinnersDone.await();
            // Each surplus P is retired by its holder at a safe point: the spinners' Ms once they end.
            Await.until("P1, P2 and P3 retired", () -> retired(rec).size() == 3, () -> "retired " + retired(rec));
        }));
        assertEquals(4, previous[0]);
        assertEquals(100, ran.get());
        assertEquals(1, s.maxProcs());
        assertEquals(Set.of(1, 2, 3), retired(rec));
    }

    /**
     * With sysmon off (no time slices), three goroutines loop until P1..P3 are retired, holding
     * three of four Ps while main shrinks GOMAXPROCS to 1: the shrink asks each holder's goroutine
     * to yield, so each M reaches the safe point that retires its P while the loops still run (the
     * loops' back-edge polls answer). A shrink that only waited for the next safe point would leave
     * them running on four Ps until they give up after 30 s, with no P retired.
     */
    @Test
    void shrinkAsksTheGoroutinesOnRetiringPsToYield() {
        TraceRecorder rec = new TraceRecorder();
        Sched s = TestRuntimes.withoutSysmonTraced("shrink-ask", 4, rec);
        AtomicInteger laps = new AtomicInteger();
        long giveUp = System.nanoTime() + 30_000_000_000L; // a failing run ends in an assertion, not a hang
        Pins.none(() -> s.runMain(() -> {
            WaitGroup started = new WaitGroup();
            started.add(3);
            WaitGroup done = new WaitGroup();
            done.add(3);
            for (int i = 0; i < 3; i++) {
                Go.go(() -> {
                    started.done();
                    while (retired(rec).size() < 3 && System.nanoTime() - giveUp < 0) {
                        laps.incrementAndGet();
                    }
                    done.done();
                });
            }
            started.await();
            Go.maxProcs(1);
            done.await();
        }));
        assertEquals(Set.of(1, 2, 3), retired(rec));
        assertEquals(1, s.maxProcs());
    }

    private static Set<Integer> retired(TraceRecorder rec) {
        return rec.of(Trace.Event.P_RETIRE).stream().map(r -> r.p).collect(Collectors.toSet());
    }
}
