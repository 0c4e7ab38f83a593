package io.jgo.it.locks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import io.jgo.internal.blocking.ParkingReentrantLock;
import io.jgo.testing.Pins;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Goroutines and a {@code new ReentrantLock()} of rewritten code (a {@link ParkingReentrantLock},
 * owned by the goroutine): held across parks and yields, waited for, and its conditions awaited,
 * oversubscribed (GOMAXPROCS 4 and 8, goroutines migrating between carriers while they hold the
 * lock), with no pin: mutual exclusion holds (no increment lost, no item lost or doubled), and a
 * thousand goroutines that hold or wait for such locks across a channel receive need no carrier
 * each.
 */
@Timeout(value = 180, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class GoroutineOwnedLockTest {

    /** At most this many threads over the baseline while 1,000 goroutines hold or wait for locks (GOMAXPROCS + 32). */
    private static final int PROCS = 4;
    private static final int MAX_EXTRA_THREADS = PROCS + 32;
    private static final int GOROUTINES = 1_000;

    @Test
    void aThousandGoroutinesHoldingOrWaitingForLocksAcrossAChannelReceiveNeedFewThreadsAndNeverPin() {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        ReentrantLock shared = new ReentrantLock();
        AtomicInteger holding = new AtomicInteger();
        int[] counter = new int[1];
        int baseline = mx.getThreadCount();
        mx.resetPeakThreadCount();
        Pins.none(() -> Go.run(() -> {
            Go.maxProcs(PROCS);
            Chan<Boolean> gate = Chan.make(0);
            WaitGroup parked = new WaitGroup();
            WaitGroup done = new WaitGroup();
            parked.add(GOROUTINES);
            done.add(2 * GOROUTINES);
            for (int i = 0; i < GOROUTINES; i++) {
                Go.go(() -> { // its own lock, held across a receive on a channel nobody sends on yet
                    ReentrantLock own = new ReentrantLock();
                    own.lock();
                    try {
                        holding.incrementAndGet();
                        parked.done();
                        gate.recvOk();
                        assertTrue(own.isHeldByCurrentThread(), "held after the park, wherever it resumed");
                    } finally {
                        own.unlock();
                    }
                    done.done();
                });
                Go.go(() -> { // one lock for all: the holder yields under it, the others wait for it parked
                    shared.lock();
                    try {
                        int v = counter[0];
                        Go.gosched();
                        counter[0] = v + 1;
                    } finally {
                        shared.unlock();
                    }
                    done.done();
                });
            }
            parked.await();
            gate.close();
            done.await();
        }));
        int extra = mx.getPeakThreadCount() - baseline;
        System.err.println("GoroutineOwnedLockTest: peak extra threads " + extra + " (loaded machine)");
        assertEquals(GOROUTINES, holding.get());
        assertEquals(GOROUTINES, counter[0], "increments lost under the shared lock");
        assertTrue(extra <= MAX_EXTRA_THREADS, extra + " extra threads at peak for " + 2 * GOROUTINES
                + " goroutines holding or waiting for locks (at most " + MAX_EXTRA_THREADS + ")");
    }

    @ParameterizedTest(name = "GOMAXPROCS {0}, fair {1}")
    @CsvSource({"4, false", "4, true", "8, false", "8, true"})
    void producersAndConsumersOfABoundedBufferUnderOneLockAndTwoConditionsLoseAndDoubleNothing(int procs, boolean fair) {
        BoundedBuffer buffer = new BoundedBuffer(4, fair);
        int producers = 8;
        int items = 150;
        AtomicLong consumed = new AtomicLong();
        AtomicInteger count = new AtomicInteger();
        Pins.none(() -> Go.run(() -> {
            Go.maxProcs(procs);
            WaitGroup wg = new WaitGroup();
            wg.add(2 * producers);
            for (int p = 0; p < producers; p++) {
                int base = p * items;
                Go.go(() -> {
                    for (int i = 1; i <= items; i++) {
                        buffer.put(base + i);
                        if (i % 7 == 0) {
                            Go.gosched();
                        }
                    }
                    wg.done();
                });
                Go.go(() -> {
                    for (int i = 0; i < items; i++) {
                        consumed.addAndGet(buffer.take());
                        count.incrementAndGet();
                    }
                    wg.done();
                });
            }
            wg.await();
        }));
        long n = (long) producers * items;
        assertEquals(n, count.get());
        assertEquals(n * (n + 1) / 2, consumed.get(), "every item taken exactly once");
    }

    @ParameterizedTest(name = "GOMAXPROCS {0}")
    @CsvSource({"4", "8"})
    void timedWaitsForABusyLockAndAnUnsignalledConditionTimeOutWhileTheHolderParks(int procs) {
        ReentrantLock lock = new ReentrantLock();
        Condition never = lock.newCondition();
        AtomicInteger timedOut = new AtomicInteger();
        AtomicInteger awaitsTimedOut = new AtomicInteger();
        Pins.none(() -> Go.run(() -> {
            Go.maxProcs(procs);
            Chan<Boolean> release = Chan.make(0);
            Chan<Boolean> held = Chan.make(0);
            Go.go(() -> {
                lock.lock();
                try {
                    held.send(true);
                    release.recv(); // parked holding the lock
                } finally {
                    lock.unlock();
                }
            });
            held.recv();
            WaitGroup wg = new WaitGroup();
            wg.add(16);
            for (int i = 0; i < 16; i++) {
                Go.go(() -> {
                    try {
                        if (!lock.tryLock(5, TimeUnit.MILLISECONDS)) {
                            timedOut.incrementAndGet();
                        }
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                    wg.done();
                });
            }
            wg.await();
            release.send(true);
            WaitGroup awaits = new WaitGroup();
            awaits.add(16);
            for (int i = 0; i < 16; i++) {
                Go.go(() -> {
                    lock.lock();
                    try {
                        if (!never.await(2, TimeUnit.MILLISECONDS) && lock.getHoldCount() == 1) {
                            awaitsTimedOut.incrementAndGet();
                        }
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    } finally {
                        lock.unlock();
                    }
                    awaits.done();
                });
            }
            awaits.await();
        }));
        assertEquals(16, timedOut.get(), "every timed tryLock of the parked holder's lock timed out");
        assertEquals(16, awaitsTimedOut.get(), "every timed await timed out holding the lock again");
        assertTrue(!lock.isLocked());
    }

    /** The classic bounded buffer of {@code Condition}'s documentation, on a lock of rewritten code. */
    static final class BoundedBuffer {
        private final ReentrantLock lock;
        private final Condition notFull;
        private final Condition notEmpty;
        private final long[] items;
        private int putAt;
        private int takeAt;
        private int count;

        BoundedBuffer(int capacity, boolean fair) {
            lock = new ReentrantLock(fair);
            assertTrue(lock instanceof ParkingReentrantLock, "made in a rewritten class");
            notFull = lock.newCondition();
            notEmpty = lock.newCondition();
            items = new long[capacity];
        }

        @Goroutine
        void put(long x) {
            lock.lock();
            try {
                while (count == items.length) {
                    notFull.awaitUninterruptibly();
                }
                items[putAt] = x;
                putAt = (putAt + 1) % items.length;
                count++;
                notEmpty.signal();
            } finally {
                lock.unlock();
            }
        }

        @Goroutine
        long take() {
            lock.lock();
            try {
                while (count == 0) {
                    notEmpty.awaitUninterruptibly();
                }
                long x = items[takeAt];
                takeAt = (takeAt + 1) % items.length;
                count--;
                notFull.signal();
                return x;
            } finally {
                lock.unlock();
            }
        }
    }
}
