package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import io.jgo.internal.Stack;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Blocking JDK calls in goroutine code, with no {@code Go.syscall} written around them: the rewrite
 * hands the carrier's P on while they block, and {@code Thread.sleep} parks the goroutine. At
 * GOMAXPROCS 1 each of these programs hangs for ever (or runs in the wrong order) without that.
 */
class BlockingCallsTest {

    @Goroutine
    static void awaitLatch(CountDownLatch latch, List<String> order) throws InterruptedException {
        latch.await();
        order.add("released");
    }

    @Test
    @Timeout(60) // without the handoff the only P stays with the blocked carrier: a hang is the failure
    void aLatchAwaitHandsTheOnlyPToTheGoroutineThatReleasesIt() {
        List<String> order = new CopyOnWriteArrayList<>();
        Go.run(() -> {
            Go.maxProcs(1);
            CountDownLatch latch = new CountDownLatch(1);
            WaitGroup wg = new WaitGroup();
            wg.add(2);
            Go.go(() -> {
                try {
                    awaitLatch(latch, order);
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                wg.done();
            });
            Go.go(() -> {
                order.add("counting down");
                latch.countDown();
                wg.done();
            });
            wg.await();
        });
        assertEquals(List.of("counting down", "released"), order);
    }

    @Goroutine
    static void takeAll(BlockingQueue<Integer> q, int n, List<Integer> out) throws InterruptedException {
        for (int i = 0; i < n; i++) {
            out.add(q.take());
        }
    }

    @Test
    @Timeout(60)
    void aQueueTakeAndPutPassEveryItemAtOneP() {
        List<Integer> got = new CopyOnWriteArrayList<>();
        Go.run(() -> {
            Go.maxProcs(1);
            BlockingQueue<Integer> q = new ArrayBlockingQueue<>(2);
            WaitGroup wg = new WaitGroup();
            wg.add(2);
            Go.go(() -> {
                try {
                    takeAll(q, 100, got);
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                wg.done();
            });
            Go.go(() -> {
                try {
                    for (int i = 0; i < 100; i++) {
                        q.put(i); // blocks while the queue is full: the taker must get the P
                    }
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                wg.done();
            });
            wg.await();
        });
        assertEquals(100, got.size());
        for (int i = 0; i < 100; i++) {
            assertEquals(i, got.get(i));
        }
    }

    @Goroutine
    static void nap(long millis, List<String> order, String name) throws InterruptedException {
        Thread.sleep(millis);
        order.add(name);
    }

    @Test
    @Timeout(60)
    void threadSleepParksTheGoroutineNotTheCarrier() {
        List<String> order = new CopyOnWriteArrayList<>();
        long pins = Stack.pinCount();
        Go.run(() -> {
            Go.maxProcs(1);
            WaitGroup wg = new WaitGroup();
            wg.add(2);
            Go.go(() -> {
                try {
                    nap(500, order, "sleeper");
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                wg.done();
            });
            Go.go(() -> {
                String d = Go.dumpGoroutines();
                while (!d.contains("[sleep")) { // the sleeper has parked: its carrier is free
                    Go.gosched();
                    d = Go.dumpGoroutines();
                }
                order.add("other");
                wg.done();
            });
            wg.await();
        });
        assertEquals(List.of("other", "sleeper"), order, "the other goroutine ran on the only P while the sleeper slept");
        assertEquals(pins, Stack.pinCount(), "Thread.sleep pinned instead of parking");
    }

    @Goroutine
    static void sleepAfterInterrupt() throws InterruptedException {
        Thread.currentThread().interrupt();
        Thread.sleep(10_000);
    }

    @Test
    @Timeout(60)
    void threadSleepKeepsItsContractForAPendingInterrupt() {
        Throwable[] thrown = new Throwable[1];
        Go.run(() -> {
            try {
                sleepAfterInterrupt();
            } catch (InterruptedException e) {
                thrown[0] = e;
            }
        });
        assertTrue(thrown[0] instanceof InterruptedException, "a pending interrupt makes Thread.sleep throw at once");
        assertThrows(IllegalArgumentException.class, () -> Go.run(() -> {
            try {
                nap(-1, new CopyOnWriteArrayList<>(), "never");
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }), "a negative time is refused as Thread.sleep refuses it");
    }
}
