package io.jgo.internal.sched.park;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The runtime lock excludes: 8 threads on 2 CPUs (oversubscribed, so holders are descheduled while
 * others wait and every stage of the wait, spin, yield and sleep, is taken) each add to plain
 * fields under it; no update is lost and the two fields never disagree inside the lock.
 */
@Timeout(60)
class RuntimeLockTest {

    private long a;
    private long b;
    private volatile boolean torn;

    @Test
    void everyUpdateUnderTheLockIsSeenByTheNextHolder() throws InterruptedException {
        RuntimeLock lock = new RuntimeLock();
        int threads = 8;
        int rounds = 200_000;
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> ts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Thread th = new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (int i = 0; i < rounds; i++) {
                    lock.lock();
                    if (a != b) {
                        torn = true;
                    }
                    a++;
                    if (i % 1024 == 0) {
                        Thread.yield(); // hold the lock while off CPU now and then: waiters go past spinning
                    }
                    b++;
                    lock.unlock();
                }
            });
            ts.add(th);
            th.start();
        }
        start.countDown();
        for (Thread th : ts) {
            th.join();
        }
        assertFalse(torn, "two holders at once saw each other's half-done update");
        assertEquals((long) threads * rounds, a);
        assertEquals((long) threads * rounds, b);
        assertFalse(lock.isLocked());
        lock.lock();
        assertTrue(lock.isLocked());
        lock.unlock();
    }

    /**
     * A waiter behind a holder that keeps the lock for half a second (a carrier descheduled, say)
     * sleeps until the unlock wakes it, not in a loop of short blind sleeps: it was 1 µs doubling to
     * 100 µs, over a thousand sleeps here and each one up to 100 µs of a free lock left unused.
     * Counts, not times: a sleep never ends early but for a spurious wake-up, so the bound holds
     * however loaded the machine is.
     */
    @Test
    void aSleepingWaiterIsWokenByTheUnlockNotByPolling() throws InterruptedException {
        RuntimeLock lock = new RuntimeLock();
        lock.lock();
        long sleptBefore = RuntimeLock.SLEPT.sum();
        boolean[] got = new boolean[1];
        Thread waiter = new Thread(() -> {
            lock.lock();
            got[0] = true;
            lock.unlock();
        });
        waiter.start();
        long holdUntil = System.nanoTime() + 500_000_000L;
        while (System.nanoTime() - holdUntil < 0) {
            Thread.sleep(10);
        }
        lock.unlock();
        waiter.join();
        assertTrue(got[0]);
        long slept = RuntimeLock.SLEPT.sum() - sleptBefore; // other tests of this class run alone (one fork, sequential)
        assertTrue(slept <= 250, "a waiter behind a 500 ms holder slept " + slept + " times (a sleep ends at the unlock, "
                + "at the latest after " + RuntimeLock.MAX_SLEEP_NANOS / 1_000_000 + " ms)");
        assertFalse(lock.isLocked());
    }
}
