package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import io.jgo.internal.sched.TestRuntimes;
import io.jgo.testing.NoGoroutinePinned;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Blocking JDK calls in goroutine code, with no {@code Go.syscall} written around them: the rewrite
 * hands the carrier's P on while they block, and {@code Thread.sleep} parks the goroutine. The
 * handoff tests run at one P on a runtime without sysmon (whose blocked-carrier retake would rescue
 * them after two time slices): each program hangs for ever there without the rewrite's handoff.
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
        TestRuntimes.withoutSysmon("latch", 1).runMain(() -> {
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
        TestRuntimes.withoutSysmon("queue", 1).runMain(() -> {
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
    static void awaitLatchOnly(CountDownLatch latch) throws InterruptedException {
        latch.await();
    }

    /**
     * A scenario without sysmon: at one P, 50 goroutines block in {@code CountDownLatch.await}
     * and 50 in {@code BlockingQueue.take}, none wrapped by the user; a CPU-bound goroutine that
     * releases them all still gets the P, and every blocked one completes afterwards.
     */
    @Test
    @Timeout(120)
    void aHundredBlockedJdkCallsDoNotStopACpuBoundGoroutine() {
        AtomicInteger completed = new AtomicInteger();
        AtomicLong result = new AtomicLong();
        TestRuntimes.withoutSysmon("blocked-mix", 1).runMain(() -> {
            CountDownLatch release = new CountDownLatch(1);
            BlockingQueue<Integer> q = new ArrayBlockingQueue<>(50);
            List<Integer> taken = new CopyOnWriteArrayList<>();
            WaitGroup wg = new WaitGroup();
            wg.add(101);
            for (int i = 0; i < 50; i++) {
                Go.go(() -> {
                    try {
                        awaitLatchOnly(release);
                        takeAll(q, 1, taken);
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                    completed.incrementAndGet();
                    wg.done();
                });
                Go.go(() -> {
                    try {
                        takeAll(q, 1, taken);
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                    completed.incrementAndGet();
                    wg.done();
                });
            }
            Go.go(() -> {
                long x = 0;
                for (int i = 0; i < 5_000_000; i++) {
                    x = x * 31 + i;
                }
                result.set(x);
                for (int i = 0; i < 50; i++) {
                    q.add(i); // never blocks: room for all 50
                }
                release.countDown();
                for (int i = 50; i < 100; i++) {
                    try {
                        q.put(i);
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                }
                wg.done();
            });
            wg.await();
        });
        assertEquals(100, completed.get());
        long x = 0;
        for (int i = 0; i < 5_000_000; i++) {
            x = x * 31 + i;
        }
        assertEquals(x, result.get());
    }

    @Goroutine
    static void nap(long millis, List<String> order, String name) throws InterruptedException {
        Thread.sleep(millis);
        order.add(name);
    }

    @Goroutine
    static void signalThenNap(AtomicBoolean started, long millis, List<String> order) throws InterruptedException {
        started.set(true);
        Thread.sleep(millis);
        order.add("sleeper");
    }

    @Goroutine
    static void recordOnceStarted(AtomicBoolean started, List<String> order) {
        while (!started.get()) {
            Go.gosched();
        }
        order.add("other");
    }

    /**
     * At one P without sysmon: if {@code Thread.sleep} blocked the carrier, the other goroutine could
     * run only after the sleep, and would come second.
     */
    @Test
    @Timeout(60)
    @ExtendWith(NoGoroutinePinned.class)
    void threadSleepParksTheGoroutineNotTheCarrier() {
        List<String> order = new CopyOnWriteArrayList<>();
        TestRuntimes.withoutSysmon("sleep", 1).runMain(() -> {
            AtomicBoolean started = new AtomicBoolean();
            WaitGroup wg = new WaitGroup();
            wg.add(2);
            Go.go(() -> {
                try {
                    signalThenNap(started, 1_000, order);
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                wg.done();
            });
            Go.go(() -> {
                recordOnceStarted(started, order);
                wg.done();
            });
            wg.await();
        });
        assertEquals(List.of("other", "sleeper"), order, "the other goroutine ran on the only P while the sleeper slept");
    }

    @Goroutine
    static void sleepAfterInterrupt() throws InterruptedException {
        Thread.currentThread().interrupt();
        Thread.sleep(10_000);
    }

    @Test
    @Timeout(60)
    void threadSleepKeepsItsContractForAPendingInterrupt() {
        Throwable[] thrown = new Throwable[2];
        Go.run(() -> {
            try {
                sleepAfterInterrupt();
            } catch (InterruptedException e) {
                thrown[0] = e;
            }
            try {
                nap(-1, new CopyOnWriteArrayList<>(), "never");
            } catch (IllegalArgumentException | InterruptedException e) {
                thrown[1] = e;
            }
        });
        assertTrue(thrown[0] instanceof InterruptedException, "a pending interrupt makes Thread.sleep throw at once");
        assertTrue(thrown[1] instanceof IllegalArgumentException, "a negative time is refused as Thread.sleep refuses it");
    }
}
