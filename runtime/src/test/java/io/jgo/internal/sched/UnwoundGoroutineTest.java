package io.jgo.internal.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jgo.Go;
import io.jgo.WaitGroup;
import io.jgo.testing.Await;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Goroutines that really unwind although this package is not rewritten: their bodies are
 * {@link HandRewrittenBody}, written by hand the way the instrumenter rewrites code. Gosched puts
 * them on the global queue and they resume where they left off; a park commits only once the
 * goroutine is off its carrier, and a ready brings it back, on any carrier. The main goroutine here
 * is ordinary unrewritten code, so its parks and yields pin: every test asserts from the event
 * trace that the only pinned parks are main's (goroutine 1) and that every body's yield unwound
 * (a pinned Gosched carries on in place and emits no {@code GO_SCHED}; an answered preemption
 * request, at the prologue of a rewritten method such as {@code WaitGroup.await}, is a
 * {@code GO_PREEMPTED}).
 */
@Timeout(60)
class UnwoundGoroutineTest {

    private static final long MAIN = 1;

    @Test
    void unwoundGoroutinesYieldParkAndResume() {
        TraceRecorder rec = new TraceRecorder();
        int n = 1000;
        int yields = 10;
        Sched s = new Sched(new Config().maxProcs(4).trace(rec).name("unwound"));
        int[] live = new int[1];
        s.runMain(() -> {
            WaitGroup gate = new WaitGroup();
            gate.add(1);
            WaitGroup done = new WaitGroup();
            done.add(n);
            for (int i = 0; i < n; i++) {
                Go.go(new HandRewrittenBody(yields, gate, done));
            }
            Await.until(n + " bodies parked unwound on the gate", () -> rec.count(Trace.Event.GO_PARK, 0) >= n,
                    () -> rec.count(Trace.Event.GO_PARK, 0) + " unwound parks");
            live[0] = Go.numGoroutine();
            gate.done();
            done.await();
        });
        assertEquals(n + 1, live[0], "every body alive, parked on the gate, and main");
        assertEquals((long) n * yields, rec.of(Trace.Event.GO_SCHED).size(), "every Gosched unwound to g0 and went to the global queue");
        assertEquals(n, rec.count(Trace.Event.GO_PARK, 0), "every body parked once, unwound");
        assertEquals(n, rec.events.stream().filter(r -> r.e == Trace.Event.GO_READY && r.g != MAIN).count(),
                "the gate readied every body once");
        assertEquals(0, rec.events.stream().filter(r -> r.e == Trace.Event.GO_PARK && r.n == 1 && r.g != MAIN).count(),
                "only main pinned");
    }

    /** The gate is open: the bodies yield three times each and do not park; GOMAXPROCS shrinks from 8 to 3 meanwhile. */
    @Test
    void manyUnwoundGoroutinesSurviveAResizeAtEightPs() {
        int n = 100_000;
        EventCounter events = new EventCounter();
        Sched s = new Sched(new Config().maxProcs(8).trace(events).name("unwound-8"));
        int[] previous = new int[2];
        s.runMain(() -> {
            WaitGroup gate = new WaitGroup();
            WaitGroup done = new WaitGroup();
            done.add(n);
            for (int i = 0; i < n; i++) {
                Go.go(new HandRewrittenBody(3, gate, done));
                if (i == n / 2) {
                    previous[0] = Go.maxProcs(3);
                }
            }
            done.await();
            previous[1] = Go.maxProcs(8);
        });
        assertEquals(8, previous[0]);
        assertEquals(3, previous[1]);
        assertEquals(3L * n, events.count(Trace.Event.GO_SCHED), "every body's Gosched unwound");
        assertEquals(0, events.pinnedParksOfOthers(), "only main pinned");
    }

    @Test
    void unwoundGoroutinesYieldAndFinishAtOneP() {
        EventCounter events = new EventCounter();
        Sched s = new Sched(new Config().maxProcs(1).trace(events).name("unwound-1"));
        s.runMain(() -> {
            WaitGroup gate = new WaitGroup();
            WaitGroup done = new WaitGroup();
            done.add(200);
            for (int i = 0; i < 200; i++) {
                Go.go(new HandRewrittenBody(3, gate, done));
            }
            done.await();
        });
        assertEquals(600, events.count(Trace.Event.GO_SCHED), "every body's Gosched unwound");
        assertEquals(200, events.endsOfOthers(), "every body ended");
        assertEquals(0, events.pinnedParksOfOthers(), "only main pinned");
    }

    /** Counts events (a recorder would hold millions of them), and what goroutines other than main did. */
    private static final class EventCounter implements Trace {
        private final AtomicLongArray counts = new AtomicLongArray(Event.values().length);
        private final LongAdder pinnedParksOfOthers = new LongAdder();
        private final LongAdder endsOfOthers = new LongAdder();

        @Override
        public void on(Event e, long g, int p, int m, int victim, int n) {
            counts.incrementAndGet(e.ordinal());
            if (g != MAIN && e == Event.GO_PARK && n == 1) {
                pinnedParksOfOthers.increment();
            }
            if (g != MAIN && e == Event.GO_END) {
                endsOfOthers.increment();
            }
        }

        long count(Event e) {
            return counts.get(e.ordinal());
        }

        long pinnedParksOfOthers() {
            return pinnedParksOfOthers.sum();
        }

        long endsOfOthers() {
            return endsOfOthers.sum();
        }
    }
}
