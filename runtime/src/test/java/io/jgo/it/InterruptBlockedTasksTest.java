package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.GoExecutorService;
import io.jgo.testing.Await;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code shutdownNow()} and {@code cancel(true)} reach a task blocked in a JDK call that rewritten
 * code wraps as a syscall (the carrier blocks in the call while its P runs other goroutines): the
 * interrupt goes to the thread that is blocked in the call, which throws
 * {@code InterruptedException} and clears the status, as on a thread pool or Loom. An interrupt put
 * on a carrier must never reach another goroutine that runs there afterwards.
 */
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class InterruptBlockedTasksTest {

    /** The shape: two tasks in {@code latch.await()}, two looping on the flag; 4 of 4 end, and close returns. */
    @Test
    void shutdownNowEndsTasksInLatchAwaitAndTasksLoopingOnTheFlag() {
        Map<String, String> outcomes = new ConcurrentHashMap<>();
        boolean[] terminated = new boolean[1];
        Go.run(() -> {
            Go.maxProcs(4);
            GoExecutorService ex = Go.executor();
            CountDownLatch never = new CountDownLatch(1);
            AtomicInteger looping = new AtomicInteger();
            for (int i = 0; i < 2; i++) {
                String name = "latch " + i;
                ex.execute(() -> {
                    try {
                        never.await();
                        outcomes.put(name, "returned");
                    } catch (InterruptedException e) {
                        outcomes.put(name, "interrupted, flag " + Thread.currentThread().isInterrupted());
                    }
                });
            }
            for (int i = 0; i < 2; i++) {
                String name = "loop " + i;
                ex.execute(() -> {
                    looping.incrementAndGet();
                    while (!Thread.currentThread().isInterrupted()) {
                        Thread.onSpinWait();
                    }
                    outcomes.put(name, "saw the interrupt");
                });
            }
            Await.dumpShows("both latch tasks blocked in a syscall", d -> FutureParkTest.count(d, "[syscall") >= 2);
            Await.until("both loops running", () -> looping.get() == 2, looping::toString);
            ex.shutdownNow();
            try {
                terminated[0] = ex.awaitTermination(1, TimeUnit.HOURS); // the test's timeout turns a hang into a failure
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            ex.close();
        });
        assertTrue(terminated[0]);
        Map<String, String> expected = new TreeMap<>();
        expected.put("latch 0", "interrupted, flag false");
        expected.put("latch 1", "interrupted, flag false");
        expected.put("loop 0", "saw the interrupt");
        expected.put("loop 1", "saw the interrupt");
        assertEquals(expected, new TreeMap<>(outcomes));
    }

    /** A blocking JDK call that throws {@code InterruptedException}. */
    interface Blocker {
        void block() throws Exception;
    }

    /** Every kind of wrapped call that the JDK makes interruptible ends with InterruptedException and the status clear. */
    @Test
    void shutdownNowReachesEveryInterruptibleBlockingCall() throws Exception {
        ReentrantLock heldElsewhere = new ReentrantLock();
        CountDownLatch lockTaken = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Thread holder = new Thread(() -> { // a plain thread holds the lock the lockInterruptibly task waits for
            heldElsewhere.lock();
            try {
                lockTaken.countDown();
                release.await();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            } finally {
                heldElsewhere.unlock();
            }
        });
        holder.start();
        lockTaken.await();
        Object monitor = new Object();
        ReentrantLock condLock = new ReentrantLock();
        Condition cond = condLock.newCondition();
        FutureTask<String> neverRun = new FutureTask<>(() -> "never");
        Thread sleeper = new Thread(() -> {
            try {
                release.await();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        sleeper.start();
        Map<String, Blocker> blockers = new TreeMap<>();
        blockers.put("BlockingQueue.take", () -> new LinkedBlockingQueue<String>().take());
        blockers.put("BlockingQueue.put", () -> {
            BlockingQueue<String> full = new ArrayBlockingQueue<>(1);
            full.put("x");
            full.put("y");
        });
        blockers.put("BlockingQueue.poll(timeout)", () -> new LinkedBlockingQueue<String>().poll(1, TimeUnit.HOURS));
        blockers.put("CountDownLatch.await", () -> new CountDownLatch(1).await());
        blockers.put("CyclicBarrier.await", () -> new CyclicBarrier(2).await());
        blockers.put("Semaphore.acquire", () -> new Semaphore(0).acquire());
        blockers.put("Object.wait", () -> {
            synchronized (monitor) {
                monitor.wait();
            }
        });
        blockers.put("Condition.await", () -> {
            condLock.lock();
            try {
                cond.await();
            } finally {
                condLock.unlock();
            }
        });
        blockers.put("Lock.lockInterruptibly", () -> {
            heldElsewhere.lockInterruptibly();
            heldElsewhere.unlock();
        });
        blockers.put("FutureTask.get", () -> neverRun.get());
        blockers.put("Thread.join", () -> sleeper.join());
        blockers.put("Thread.sleep", () -> Thread.sleep(3_600_000L));
        blockers.put("Thread.sleep(millis, nanos)", () -> Thread.sleep(3_600_000L, 1));
        blockers.put("TimeUnit.sleep", () -> TimeUnit.HOURS.sleep(1));
        Map<String, String> outcomes = new ConcurrentHashMap<>();
        boolean[] terminated = new boolean[1];
        try {
            Go.run(() -> {
                Go.maxProcs(2);
                GoExecutorService ex = Go.executor();
                for (Map.Entry<String, Blocker> b : blockers.entrySet()) {
                    ex.execute(() -> {
                        try {
                            b.getValue().block();
                            outcomes.put(b.getKey(), "returned");
                        } catch (InterruptedException e) {
                            outcomes.put(b.getKey(), "interrupted, flag " + Thread.currentThread().isInterrupted());
                        } catch (Exception e) {
                            outcomes.put(b.getKey(), e.toString());
                        }
                    });
                }
                int n = blockers.size();
                // The condition and the lock are made here, in rewritten code: goroutine-owned, their waits park.
                Await.dumpShows("every task blocked", d -> FutureParkTest.count(d, "[syscall") + FutureParkTest.count(d, "[sleep")
                        + FutureParkTest.count(d, "[Condition.await") + FutureParkTest.count(d, "[ReentrantLock.lock") == n);
                ex.shutdownNow();
                try {
                    terminated[0] = ex.awaitTermination(1, TimeUnit.HOURS);
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            });
        } finally {
            release.countDown();
            holder.join();
            sleeper.join();
        }
        assertTrue(terminated[0]);
        Map<String, String> expected = new TreeMap<>();
        for (String name : blockers.keySet()) {
            expected.put(name, "interrupted, flag false");
        }
        assertEquals(expected, new TreeMap<>(outcomes));
    }

    /**
     * Goroutines that enter and leave syscalls all the time (a latch already open: each await is a
     * wrapped call that returns at once), half of them cancelled with an interrupt at scattered
     * moments, on two carriers: every cancelled one ends, and no other ever sees an interrupt,
     * though they take turns on the carriers the interrupts were put on.
     */
    @Test
    void anInterruptPutOnACarrierNeverReachesAnotherGoroutine() {
        int pairs = 40;
        int rounds = 2_000;
        AtomicInteger strayInterrupts = new AtomicInteger();
        AtomicInteger victimsEnded = new AtomicInteger();
        AtomicInteger victimsStarted = new AtomicInteger();
        Go.run(() -> {
            Go.maxProcs(2);
            CountDownLatch open = new CountDownLatch(0);
            try (GoExecutorService ex = Go.executor()) {
                List<Future<?>> victims = new ArrayList<>();
                for (int i = 0; i < pairs; i++) {
                    victims.add(ex.submit(() -> {
                        victimsStarted.incrementAndGet();
                        try {
                            for (;;) {
                                open.await(); // throws once the interrupt reaches this goroutine
                                Go.gosched();
                            }
                        } catch (InterruptedException e) {
                            victimsEnded.incrementAndGet();
                        }
                    }));
                    ex.execute(() -> {
                        for (int r = 0; r < rounds; r++) {
                            try {
                                open.await();
                            } catch (InterruptedException e) {
                                strayInterrupts.incrementAndGet();
                            }
                            if (Thread.interrupted()) {
                                strayInterrupts.incrementAndGet();
                            }
                            if (r % 16 == 0) {
                                Go.gosched();
                            }
                        }
                    });
                }
                Await.until("every victim started", () -> victimsStarted.get() == pairs, victimsStarted::toString);
                for (Future<?> v : victims) {
                    Go.gosched();
                    v.cancel(true);
                }
            } // close waits for every task: a victim the interrupt missed would hang here
        });
        assertEquals(pairs, victimsEnded.get());
        assertEquals(0, strayInterrupts.get(), "interrupts that reached a goroutine nobody interrupted");
    }
}
