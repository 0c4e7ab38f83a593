package io.jgo.it;

import static io.jgo.Select.recv;
import static io.jgo.Select.select;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.testing.Heavy;
import java.lang.management.ManagementFactory;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.time.Duration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Unreferenced timers are garbage, as in Go 1.23: a million iterations of the select-loop idiom with
 * a {@code Go.after(1 h)} case, and a million unreferenced, unstopped timers and tickers, leave the
 * heap retained after a full GC flat. Before, each kept about 100 bytes on a timer heap until its
 * deadline (100 MB here). The retained heap is read from {@code MemoryMXBean} after a collection
 * known to have run (a sentinel weak reference reached its queue), so no clock decides anything.
 * Skipped when {@code -XX:+DisableExplicitGC} makes {@code System.gc()} a no-op.
 */
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
@Heavy
class TimerRetentionTest {

    private static final int ITERATIONS = 1_000_000;
    /** Far below the 100 MB a million retained timers took, far above GC noise. */
    private static final long SLACK = 16L << 20;

    @BeforeAll
    static void explicitGcWorks() {
        assumeFalse(ManagementFactory.getRuntimeMXBean().getInputArguments().contains("-XX:+DisableExplicitGC"),
                "System.gc() is disabled: the retained heap cannot be read");
    }

    @Test
    void millionSelectsWithAnHourTimeoutCaseRetainNothing() {
        long[] grew = new long[1];
        Go.run(() -> {
            Go.maxProcs(4);
            Chan<Integer> work = Chan.make(16); // small: the loop sometimes parks (its timer on a heap), sometimes not
            Go.go(() -> {
                for (int i = 0; i < ITERATIONS + 10_000; i++) {
                    work.send(i);
                }
            });
            int[] timeouts = new int[1];
            for (int i = 0; i < 10_000; i++) { // warm-up, so the baseline has every class and cache in it
                select(recv(work, v -> { }), recv(Go.after(Duration.ofHours(1)), t -> timeouts[0]++));
            }
            long before = retainedHeap();
            for (int i = 0; i < ITERATIONS; i++) {
                select(recv(work, v -> { }), recv(Go.after(Duration.ofHours(1)), t -> timeouts[0]++));
            }
            grew[0] = retainedHeap() - before;
            assertTrue(timeouts[0] == 0, "an hour did not pass");
        });
        assertTrue(grew[0] < SLACK, "a million selects with a Go.after(1 h) case retained " + grew[0] + " bytes");
    }

    @Test
    void millionUnreferencedUnstoppedTimersAndTickersRetainNothing() {
        for (int i = 0; i < 10_000; i++) {
            Go.newTimer(Duration.ofHours(1));
        }
        long before = retainedHeap();
        for (int i = 0; i < ITERATIONS; i++) {
            if (i % 10 == 0) {
                Go.newTicker(Duration.ofHours(1));
            } else {
                Go.newTimer(Duration.ofHours(1));
            }
        }
        long grew = retainedHeap() - before;
        assertTrue(grew < SLACK, "a million unreferenced timers and tickers retained " + grew + " bytes");
    }

    /** Heap used after a full collection that has certainly run (twice, so what the first one finalized is gone too). */
    static long retainedHeap() {
        for (int round = 0; round < 2; round++) {
            ReferenceQueue<Object> q = new ReferenceQueue<>();
            WeakReference<Object> sentinel = new WeakReference<>(new Object(), q);
            do {
                System.gc();
                try {
                    if (q.remove(100) == sentinel) {
                        break;
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new AssertionError(e);
                }
            } while (true);
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
