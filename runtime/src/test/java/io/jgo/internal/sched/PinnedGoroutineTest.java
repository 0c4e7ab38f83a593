package io.jgo.internal.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.WaitGroup;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A goroutine that cannot unwind (an un-rewritten frame sits between its entry and the park) pins:
 * it blocks its carrier, and the carrier hands its P to another M, so with a single P the other
 * goroutines keep running; when it is readied, a P is handed back to its carrier.
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
    void pinnedGoroutineBlocksItsCarrierAndHandsThePOff() {
        TraceRecorder rec = new TraceRecorder();
        AtomicBoolean pinnedResumed = new AtomicBoolean();
        AtomicInteger others = new AtomicInteger();
        Sched s = new Sched(new Config().maxProcs(1).trace(rec).name("pinned"));
        s.runMain(() -> {
            WaitGroup gate = new WaitGroup();
            gate.add(1);
            WaitGroup all = new WaitGroup();
            all.add(12);
            Go.go(() -> {
                new Opaque(gate).run(); // pins here
                pinnedResumed.set(true);
                all.done();
            });
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
            all.await();
        });
        assertTrue(pinnedResumed.get());
        assertEquals(10, others.get());
        assertFalse(rec.events.stream().noneMatch(r -> r.e == Trace.Event.GO_PARK && r.n == 1), "a pinned park happened");
        assertFalse(rec.of(Trace.Event.P_HANDOFF).isEmpty(), "the P was handed off");
        assertFalse(rec.of(Trace.Event.HANDOFF_LOCKED).isEmpty(), "a P was handed back to the pinned goroutine's carrier");
    }

    @Test
    void pinnedGoroutineShowsInTheDumpWithItsFrames() {
        String[] dump = new String[1];
        Sched s = new Sched(new Config().maxProcs(2).name("pinned-dump"));
        s.runMain(() -> {
            WaitGroup gate = new WaitGroup();
            gate.add(1);
            WaitGroup done = new WaitGroup();
            done.add(1);
            Go.go(() -> {
                new Opaque(gate).run();
                done.done();
            });
            while (!s.dump().contains("sync.WaitGroup.Wait, pinned")) {
                Go.gosched();
                Thread.onSpinWait();
            }
            dump[0] = Go.dumpGoroutines();
            gate.done();
            done.await();
        });
        assertTrue(dump[0].contains("goroutine 1 [running, main]"), dump[0]);
        assertTrue(dump[0].contains("PinnedGoroutineTest$Opaque.run"), dump[0]);
    }
}
