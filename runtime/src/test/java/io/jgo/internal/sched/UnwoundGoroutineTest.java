package io.jgo.internal.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.WaitGroup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Goroutines that really unwind (hand-rewritten bodies): Gosched puts them on the global queue and
 * they resume where they left off; a park commits only once the goroutine is off its carrier and
 * a ready brings it back, on any carrier.
 */
@Timeout(60)
class UnwoundGoroutineTest {

    @Test
    void unwoundGoroutinesYieldParkAndResume() {
        TraceRecorder rec = new TraceRecorder();
        int n = 1000;
        int yields = 10;
        Sched s = new Sched(new Config().maxProcs(4).trace(rec).name("unwound"));
        s.runMain(() -> {
            WaitGroup gate = new WaitGroup();
            gate.add(1);
            WaitGroup done = new WaitGroup();
            done.add(n);
            for (int i = 0; i < n; i++) {
                Go.go(new HandRewrittenBody(yields, gate, done));
            }
            while (rec.events.stream().filter(r -> r.e == Trace.Event.GO_PARK && r.n == 0).count() < n) {
                Go.gosched(); // wait until every body parked on the gate (unwound)
                Thread.onSpinWait();
            }
            assertEquals(n + 1, Go.numGoroutine());
            gate.done();
            done.await();
        });
        assertEquals((long) n * yields, rec.of(Trace.Event.GO_SCHED).size(), "every Gosched unwound to g0 and went to the global queue");
        long unwoundParks = rec.events.stream().filter(r -> r.e == Trace.Event.GO_PARK && r.n == 0).count();
        assertEquals(n, unwoundParks);
        assertTrue(rec.of(Trace.Event.GO_READY).size() >= n);
    }

    @Test
    void manyUnwoundGoroutinesSurviveAResizeAtEightPs() {
        int n = 100_000;
        Sched s = new Sched(new Config().maxProcs(8).name("unwound-8"));
        s.runMain(() -> {
            WaitGroup gate = new WaitGroup();
            WaitGroup done = new WaitGroup();
            done.add(n);
            for (int i = 0; i < n; i++) {
                Go.go(new HandRewrittenBody(3, gate, done));
                if (i == n / 2) {
                    assertEquals(8, Go.maxProcs(3));
                }
            }
            done.await();
            assertEquals(3, Go.maxProcs(8));
            while (Go.numGoroutine() != 1) { // the last ones may still be on their way out
                Go.gosched();
            }
        });
    }

    @Test
    void unwoundGoroutinesWorkAtOneP() {
        Sched s = new Sched(new Config().maxProcs(1).name("unwound-1"));
        int[] count = new int[1];
        s.runMain(() -> {
            WaitGroup gate = new WaitGroup();
            WaitGroup done = new WaitGroup();
            done.add(200);
            for (int i = 0; i < 200; i++) {
                Go.go(new HandRewrittenBody(3, gate, done));
            }
            done.await();
            count[0] = 200;
        });
        assertEquals(200, count[0]);
    }
}
