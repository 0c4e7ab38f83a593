package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.Mutex;
import io.jgo.Once;
import io.jgo.PanicException;
import io.jgo.WaitGroup;
import io.jgo.testing.NoGoroutinePinned;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Goroutine-aware sync: Mutex (normal and starvation modes) and Once, after Go's sync tests. */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
@ExtendWith(NoGoroutinePinned.class)
class SyncTest {

    /** TestMutex: goroutines (and two plain threads) increment under the lock, yielding inside it. */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void mutexExcludesGoroutinesAndThreads(int procs) throws Exception {
        Mutex mu = new Mutex();
        int[] counter = {0};
        AtomicInteger inside = new AtomicInteger();
        AtomicBoolean overlap = new AtomicBoolean();
        Runnable threadWork = () -> {
            for (int i = 0; i < 500; i++) {
                mu.lock();
                if (inside.incrementAndGet() != 1) {
                    overlap.set(true);
                }
                counter[0]++;
                inside.decrementAndGet();
                mu.unlock();
            }
        };
        Thread t1 = new Thread(threadWork);
        Thread t2 = new Thread(threadWork);
        t1.start();
        t2.start();
        Go.run(() -> {
            Go.maxProcs(procs);
            WaitGroup wg = new WaitGroup();
            for (int g = 0; g < 8; g++) {
                wg.add(1);
                Go.go(() -> {
                    for (int i = 0; i < 500; i++) {
                        mu.lock();
                        if (inside.incrementAndGet() != 1) {
                            overlap.set(true);
                        }
                        Go.gosched(); // others run and queue on the mutex meanwhile
                        counter[0]++;
                        inside.decrementAndGet();
                        mu.unlock();
                    }
                    wg.done();
                });
            }
            wg.await();
        });
        t1.join();
        t2.join();
        mu.lock();
        assertFalse(overlap.get());
        assertEquals(10 * 500, counter[0]);
        mu.unlock();
    }

    @Test
    void tryLockAndMisuse() {
        Mutex mu = new Mutex();
        assertTrue(mu.tryLock());
        assertFalse(mu.tryLock());
        mu.unlock();
        assertEquals("sync: unlock of unlocked mutex", assertThrows(PanicException.class, mu::unlock).getMessage());
    }

    /**
     * Starvation mode: at GOMAXPROCS 1 a holder that unlocks and at once relocks would win every
     * time in normal mode (the woken waiter runs only later); a waiter that waited more than 1 ms
     * makes the mutex hand itself over. The holder keeps it 2 ms per round, so the waiter's wait
     * is always over the threshold; it must get the mutex long before the holder's 200 rounds end.
     */
    @Test
    void starvedWaiterGetsTheMutexHandedOver() {
        AtomicInteger roundsWhenWaiterGotIt = new AtomicInteger(-1);
        Go.run(() -> {
            Go.maxProcs(1);
            Mutex mu = new Mutex();
            AtomicInteger round = new AtomicInteger();
            WaitGroup wg = new WaitGroup();
            wg.add(2);
            mu.lock();
            Go.go(() -> { // the waiter
                mu.lock();
                roundsWhenWaiterGotIt.set(round.get());
                mu.unlock();
                wg.done();
            });
            Go.go(() -> { // the holder
                mu.unlock();
                for (int i = 0; i < 200 && roundsWhenWaiterGotIt.get() < 0; i++) {
                    mu.lock();
                    round.incrementAndGet();
                    Go.sleep(Duration.ofMillis(2));
                    mu.unlock();
                }
                wg.done();
            });
            wg.await();
        });
        assertTrue(roundsWhenWaiterGotIt.get() >= 0 && roundsWhenWaiterGotIt.get() < 200,
                "waiter got the mutex after round " + roundsWhenWaiterGotIt.get());
    }

    /** TestOnce: one call runs the function (which suspends); every caller returns only after it has returned. */
    @Test
    void onceRunsTheFunctionOnceAndCallersWaitForIt() {
        AtomicInteger calls = new AtomicInteger();
        AtomicBoolean finished = new AtomicBoolean();
        AtomicInteger early = new AtomicInteger();
        Go.run(() -> {
            Go.maxProcs(2);
            Once once = new Once();
            WaitGroup wg = new WaitGroup();
            for (int i = 0; i < 50; i++) {
                wg.add(1);
                Go.go(() -> {
                    once.run(() -> {
                        calls.incrementAndGet();
                        Go.sleep(Duration.ofMillis(5)); // suspends inside Once.run
                        finished.set(true);
                    });
                    if (!finished.get()) {
                        early.incrementAndGet();
                    }
                    wg.done();
                });
            }
            wg.await();
        });
        assertEquals(1, calls.get());
        assertEquals(0, early.get());
    }

    /** TestOncePanic: a function that throws counts as done. */
    @Test
    void onceCountsAThrowingFunctionAsDone() {
        Once once = new Once();
        assertThrows(IllegalStateException.class, () -> once.run(() -> {
            throw new IllegalStateException("boom");
        }));
        AtomicInteger calls = new AtomicInteger();
        once.run(calls::incrementAndGet);
        assertEquals(0, calls.get());
    }

    @Test
    void waitGroupNegativeCounterPanics() {
        assertEquals("sync: negative WaitGroup counter",
                assertThrows(PanicException.class, () -> new WaitGroup().add(-1)).getMessage());
    }
}
