package io.jgo.it.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.WaitGroup;
import io.jgo.internal.sched.Sched;
import io.jgo.internal.sched.TestRuntimes;
import io.jgo.internal.sched.Trace;
import io.jgo.internal.sched.TraceRecorder;
import io.jgo.testing.Await;
import io.jgo.testing.Pins;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A goroutine that cannot unwind (an un-rewritten frame sits between its entry and the park) pins:
 * it blocks its carrier, and the carrier hands its P to another M, so with a single P the other
 * goroutines keep running; when it is readied, a P is handed back to its carrier. Everything else
 * here is rewritten and unwinds, so exactly one park pins and the test can tell which. (A copy of
 * these tests in the unrewritten {@code io.jgo.internal.sched} passed on main's own pinned park
 * while the goroutine meant to pin found its gate already open and never parked.)
 */
@Timeout(60)
class PinnedGoroutineTest {

    /** Not a lambda and not rewritten: a call through it to a @Goroutine method cannot unwind. */
    private static final class Opaque implements Runnable {
        private final WaitGroup wg;

        Opaque(WaitGroup wg) {
            this.wg = wg;
        }

        @Override
        public void run() {
            wg.await();
        }
    }

    @Test
    void onlyTheGoroutineBehindAnUnrewrittenFramePinsShowsAsPinnedAndItsPIsHandedOff() {
        TraceRecorder rec = new TraceRecorder();
        AtomicBoolean pinnedResumed = new AtomicBoolean();
        AtomicInteger others = new AtomicInteger();
        AtomicLong pinnedId = new AtomicLong();
        String[] dump = new String[1];
        Sched s = TestRuntimes.traced("pinned", 1, rec);
        Pins.exactly(1, () -> s.runMain(() -> {
            WaitGroup gate = new WaitGroup();
            gate.add(1);
            WaitGroup all = new WaitGroup();
            all.add(12);
            Go.go(() -> {
                pinnedId.set(Sched.currentG().id());
                new Opaque(gate).run(); // pins here
                pinnedResumed.set(true);
                all.done();
            });
            // Before anyone can open the gate (else the goroutine would find it open and never park).
            dump[0] = Await.dumpShows("the goroutine parked pinned", d -> d.contains("[sync.WaitGroup.Wait, locked to thread]"));
            for (int i = 0; i < 10; i++) {
                Go.go(() -> {
                    others.incrementAndGet();
                    all.done();
                });
            }
            Go.go(() -> {
                gate.done(); // only runs if the pinned goroutine's P was handed off
                all.done();
            });
            all.await(); // main holds the only P until here, so it parks, and unwinds
        }));
        assertTrue(pinnedResumed.get());
        assertEquals(10, others.get());
        List<Long> pinnedParks = rec.events.stream().filter(r -> r.e == Trace.Event.GO_PARK && r.n == 1)
                .map(r -> r.g).collect(Collectors.toList());
        assertEquals(List.of(pinnedId.get()), pinnedParks, "the one pinned park is the opaque goroutine's");
        assertTrue(rec.events.stream().anyMatch(r -> r.e == Trace.Event.GO_PARK && r.g == 1 && r.n == 0),
                "main parked unwound: " + rec.events);
        assertFalse(rec.of(Trace.Event.P_HANDOFF).isEmpty(), "the P was handed off");
        assertFalse(rec.of(Trace.Event.HANDOFF_LOCKED).isEmpty(), "a P was handed back to the pinned goroutine's carrier");
        assertTrue(dump[0].contains("PinnedGoroutineTest$Opaque.run"), "the pinned goroutine's frames are its carrier's: " + dump[0]);
    }
}
