package io.jgo.internal.sched;

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
}
