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
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * GOMAXPROCS at run time: the previous value is returned, a shrink never waits for a goroutine.
 * Main parks on WaitGroups while the resize happens, and unwinds (nothing pins).
 */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // a hang fails the test, not the run
class ResizeTest {

    @Test
    void resizeReturnsThePreviousValueAndAGrowAddsIdlePs() {
        TraceRecorder rec = new TraceRecorder();
        Sched s = TestRuntimes.traced("resize", 4, rec);
        s.runMain(() -> {
            assertEquals(4, Go.maxProcs(2));
            assertEquals(2, Go.maxProcs());
            int eventsBeforeGrow = rec.events.size();
            assertEquals(2, Go.maxProcs(6));
            assertEquals(6, Go.maxProcs());
            // Main runs on the carriers like any goroutine: a shrink that retires its P asks it to yield,
            // and it may run again on a P that the grow brought back, which then need not go idle. Every
            // other P of P2..P5 goes idle after the grow, but not necessarily before runMain returns (an
            // M that wakep started may still be spinning with one): wait for it here, not after shutdown.
            Await.until("P2..P5 idle after the grow or running main",
                    () -> usableAfterGrow(rec, eventsBeforeGrow).equals(Set.of(2, 3, 4, 5)),
                    () -> "idle after the grow, plus those main ran on: " + usableAfterGrow(rec, eventsBeforeGrow));
        });
    }

    /** The Ps numbered 2 and up that went idle after event {@code from}, plus those main ran on. */
    private static Set<Integer> usableAfterGrow(TraceRecorder rec, int from) {
        Set<Integer> usable = rec.events.stream().filter(r -> r.e == Trace.Event.EXECUTE && r.g == 1 && r.p >= 2)
                .map(r -> r.p).collect(Collectors.toCollection(TreeSet::new));
        rec.events.stream().skip(from).filter(r -> r.e == Trace.Event.P_IDLE && r.p >= 2).forEach(r -> usable.add(r.p));
        return usable;
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
     * Seven goroutines spin without parking on up to seven of eight Ps while main shrinks GOMAXPROCS to 1.
     * Whatever P main and the spinners land on, main must run again to end them: a spinner left on a
     * retiring P (its one request to yield missed, or main readied onto that P after the shrink
     * moved its queue) is preempted by sysmon like any other, so its M reaches the safe point that
     * retires the P and hands what is queued there to P0. Before sysmon watched retiring Ps, such a
     * spinner ran for ever and main with it (a hang, seen in CI under load).
     */
    @RepeatedTest(12)
    void aSpinnerOnARetiringPIsStillPreempted() {
        AtomicBoolean stop = new AtomicBoolean();
        AtomicInteger ran = new AtomicInteger();
        Sched s = TestRuntimes.withProcs("retiring-spin", 8);
        s.runMain(() -> {
            WaitGroup done = new WaitGroup();
            done.add(7);
            for (int i = 0; i < 7; i++) {
                Go.go(() -> {
                    while (!stop.get()) {
                        Thread.onSpinWait();
                    }
                    done.done();
                });
            }
            // At once, while woken Ms are still stealing the spinners: one that finds a spinner after
            // the shrink marked its P must not run it there.
            Go.maxProcs(1);
            WaitGroup wg = new WaitGroup();
            wg.add(20);
            for (int i = 0; i < 20; i++) {
                Go.go(() -> {
                    ran.incrementAndGet();
                    wg.done();
                });
            }
            wg.await();
            stop.set(true);
            done.await();
        });
        assertEquals(20, ran.get());
        assertEquals(1, s.maxProcs());
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
