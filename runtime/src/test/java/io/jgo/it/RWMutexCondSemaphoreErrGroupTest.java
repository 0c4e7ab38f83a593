package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Cond;
import io.jgo.ErrGroup;
import io.jgo.Go;
import io.jgo.Mutex;
import io.jgo.PanicException;
import io.jgo.RWMutex;
import io.jgo.Semaphore;
import io.jgo.WaitGroup;
import io.jgo.testing.NoGoroutinePinned;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * RWMutex (readers share, a waiting writer holds back new readers), Cond (signal wakes one, broadcast
 * all), the weighted Semaphore (FIFO) and ErrGroup (first exception, limit), after Go's sync and
 * x/sync tests.
 */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
@ExtendWith(NoGoroutinePinned.class)
class RWMutexCondSemaphoreErrGroupTest {

    /** TestRWMutex: readers share, a writer excludes everyone; yields inside the critical sections. */
    @Test
    void rwMutexReadersShareWritersExclude() {
        AtomicInteger readersIn = new AtomicInteger();
        AtomicInteger writersIn = new AtomicInteger();
        AtomicBoolean broken = new AtomicBoolean();
        AtomicInteger maxReaders = new AtomicInteger();
        Go.run(() -> {
            Go.maxProcs(2);
            RWMutex rw = new RWMutex();
            WaitGroup wg = new WaitGroup();
            for (int g = 0; g < 10; g++) {
                boolean writer = g % 5 == 0;
                wg.add(1);
                Go.go(() -> {
                    for (int i = 0; i < 300; i++) {
                        if (writer) {
                            rw.lock();
                            if (writersIn.incrementAndGet() != 1 || readersIn.get() != 0) {
                                broken.set(true);
                            }
                            Go.gosched();
                            writersIn.decrementAndGet();
                            rw.unlock();
                        } else {
                            rw.rLock();
                            int r = readersIn.incrementAndGet();
                            maxReaders.accumulateAndGet(r, Math::max);
                            if (writersIn.get() != 0) {
                                broken.set(true);
                            }
                            Go.gosched();
                            readersIn.decrementAndGet();
                            rw.rUnlock();
                        }
                    }
                    wg.done();
                });
            }
            wg.await();
        });
        assertFalse(broken.get());
        assertTrue(maxReaders.get() > 1, "readers never overlapped");
    }

    /** Writer preference: while a writer waits, a new reader waits too. */
    @Test
    void waitingWriterHoldsBackNewReaders() {
        Go.run(() -> {
            Go.maxProcs(1);
            RWMutex rw = new RWMutex();
            rw.rLock();
            AtomicBoolean writerDone = new AtomicBoolean();
            AtomicBoolean readerSawWriterDone = new AtomicBoolean();
            WaitGroup wg = new WaitGroup();
            wg.add(2);
            Go.go(() -> {
                rw.lock();
                writerDone.set(true);
                rw.unlock();
                wg.done();
            });
            Parked.await("sync.RWMutex.Lock", 1);
            Go.go(() -> {
                rw.rLock();
                readerSawWriterDone.set(writerDone.get());
                rw.rUnlock();
                wg.done();
            });
            Parked.await("sync.RWMutex.RLock", 1);
            rw.rUnlock();
            wg.await();
            assertTrue(readerSawWriterDone.get(), "the reader that came after the waiting writer ran after it");
        });
        RWMutex rw = new RWMutex();
        assertEquals("sync: RUnlock of unlocked RWMutex", assertThrows(PanicException.class, rw::rUnlock).getMessage());
    }

    /** tryRLock takes a read lock among readers, and fails while a writer holds the mutex or waits for it. */
    @Test
    void tryRLockSharesWithReadersButNotWithAWriter() {
        Go.run(() -> {
            Go.maxProcs(1);
            RWMutex rw = new RWMutex();
            assertTrue(rw.tryRLock());
            assertTrue(rw.tryRLock(), "readers share");
            WaitGroup wg = new WaitGroup();
            wg.add(1);
            Go.go(() -> {
                rw.lock();
                rw.unlock();
                wg.done();
            });
            Parked.await("sync.RWMutex.Lock", 1);
            assertFalse(rw.tryRLock(), "a waiting writer holds back new readers");
            rw.rUnlock();
            rw.rUnlock();
            wg.await();
            rw.lock();
            assertFalse(rw.tryRLock(), "a writer holds it");
            rw.unlock();
            assertTrue(rw.tryRLock());
            rw.rUnlock();
        });
    }

    /** Semaphore.acquire() takes one unit, waiting while none is free. */
    @Test
    void acquireWithoutAWeightTakesOneUnit() {
        Go.run(() -> {
            Go.maxProcs(1);
            Semaphore sem = new Semaphore(2);
            sem.acquire();
            sem.acquire();
            assertFalse(sem.tryAcquire(1), "both units taken");
            WaitGroup wg = new WaitGroup();
            wg.add(1);
            Go.go(() -> {
                sem.acquire();
                wg.done();
            });
            Parked.await("semaphore.Acquire", 1);
            sem.release(1);
            wg.await();
            assertFalse(sem.tryAcquire(1), "the waiter took the released unit");
        });
    }

    /** TestCondSignal / TestCondBroadcast: waiters unlock the mutex while waiting and hold it again after. */
    @Test
    void condSignalAndBroadcast() {
        AtomicInteger woke = new AtomicInteger();
        Go.run(() -> {
            Mutex mu = new Mutex();
            Cond cond = new Cond(mu);
            int[] ready = {0};
            WaitGroup wg = new WaitGroup();
            for (int i = 0; i < 5; i++) {
                wg.add(1);
                Go.go(() -> {
                    mu.lock();
                    while (ready[0] == 0) {
                        cond.await();
                    }
                    ready[0]--; // holds the mutex here
                    woke.incrementAndGet();
                    mu.unlock();
                    wg.done();
                });
            }
            Parked.await("sync.Cond.Wait", 5);
            mu.lock();
            ready[0] = 1;
            cond.signal();
            mu.unlock();
            Parked.await("sync.Cond.Wait", 4);
            mu.lock();
            ready[0] += 4;
            cond.broadcast();
            mu.unlock();
            wg.await();
        });
        assertEquals(5, woke.get());
    }

    /** x/sync/semaphore: weighted, FIFO; a big request at the head holds back small ones. */
    @Test
    void weightedSemaphoreIsFifo() {
        Go.run(() -> {
            Go.maxProcs(1);
            Semaphore sem = new Semaphore(10);
            sem.acquire(8);
            StringBuilder order = new StringBuilder();
            WaitGroup wg = new WaitGroup();
            wg.add(2);
            Go.go(() -> {
                sem.acquire(5); // waits: only 2 free
                order.append("big ");
                sem.release(5);
                wg.done();
            });
            Parked.await("semaphore.Acquire", 1);
            Go.go(() -> {
                sem.acquire(1); // 2 free, but the big one is ahead
                order.append("small ");
                sem.release(1);
                wg.done();
            });
            Parked.await("semaphore.Acquire", 2);
            assertFalse(sem.tryAcquire(1));
            sem.release(3); // 5 free: exactly the big one's; the small one stays queued behind it
            wg.await();
            assertEquals("big small ", order.toString());
            sem.release(5);
            assertThrows(PanicException.class, () -> sem.release(1));
        });
    }

    /** x/sync/errgroup: await returns the first exception; a limit bounds the running subtasks. */
    @Test
    void errGroupReturnsFirstExceptionAndHonoursItsLimit() {
        AtomicInteger running = new AtomicInteger();
        AtomicInteger maxRunning = new AtomicInteger();
        Exception[] result = new Exception[2];
        Go.run(() -> {
            ErrGroup ok = new ErrGroup(3);
            for (int i = 0; i < 20; i++) {
                ok.go(() -> {
                    maxRunning.accumulateAndGet(running.incrementAndGet(), Math::max);
                    Go.gosched();
                    running.decrementAndGet();
                });
            }
            result[0] = ok.await();
            ErrGroup failing = new ErrGroup();
            for (int i = 0; i < 5; i++) {
                int id = i;
                failing.go(() -> {
                    if (id == 3) {
                        throw new java.io.IOException("subtask 3");
                    }
                });
            }
            result[1] = failing.await();
        });
        assertNull(result[0]);
        assertTrue(maxRunning.get() <= 3, "ran " + maxRunning.get() + " at once");
        assertEquals("subtask 3", result[1].getMessage());
    }
}
