package io.jgo.internal.sched.timer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link TimerHeap#tryRunBatch}: another P's holder that takes over a heap's overdue timers never
 * waits for the heap's lock (with the lock held by another thread it returns -1 at once and fires
 * nothing; free, it fires the batch), and {@link TimerHeap#batchesRun} moves only when a batch
 * fired something. Counts, not times: a wait would hang the test until its timeout.
 */
@Timeout(60)
class TimerHeapTryRunTest {

    /** A host with a fixed clock and nobody to wake. */
    private static final class Host implements TimerHost {
        TimerHeap heap;
        final AtomicInteger armed = new AtomicInteger();

        @Override
        public long timeNow() {
            return 0;
        }

        @Override
        public TimerHeap heapFor(TimerHeap preferred) {
            return preferred != null ? preferred : heap;
        }

        @Override
        public TimerHeap fallbackHeap() {
            return heap;
        }

        @Override
        public void added(long when) {
        }

        @Override
        public void armedDelta(int delta) {
            armed.addAndGet(delta);
        }
    }

    @Test
    void aBusyHeapIsLeftAtOnceAndAFreeOneRunsABatch() throws Exception {
        Host host = new Host();
        TimerHeap heap = new TimerHeap(host);
        host.heap = heap;
        AtomicInteger fired = new AtomicInteger();
        for (int i = 0; i < TimerHeap.BATCH + 10; i++) {
            new RuntimeTimer(host, t -> fired.incrementAndGet()).resetAt(100 + i, heap);
        }
        int before = heap.batchesRun();
        assertEquals(0, heap.tryRunBatch(99), "nothing due yet");
        assertEquals(before, heap.batchesRun(), "a batch that fired nothing is not counted");

        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Thread owner = new Thread(() -> {
            heap.lock.lock(); // the heap's owner (or an arming goroutine) inside it
            try {
                held.countDown();
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                heap.lock.unlock();
            }
        });
        owner.start();
        held.await();
        try {
            assertEquals(-1, heap.tryRunBatch(1_000), "the lock is busy: left to its holder, no wait");
            assertEquals(0, fired.get());
            assertEquals(before, heap.batchesRun());
        } finally {
            release.countDown();
            owner.join();
        }

        assertEquals(TimerHeap.BATCH, heap.tryRunBatch(1_000), "free: one batch fires");
        assertNotEquals(before, heap.batchesRun(), "and is counted, for sysmon's 'someone runs this heap'");
        assertEquals(10, heap.runExpired(1_000), "the owner's run takes the rest");
        assertEquals(TimerHeap.BATCH + 10, fired.get());
        assertEquals(0, host.armed.get());
    }
}
