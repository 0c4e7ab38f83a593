package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jgo.Go;
import io.jgo.WaitGroup;
import io.jgo.testing.NoGoroutinePinned;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * One {@link WaitGroup} reused for many rounds, oversubscribed (GOMAXPROCS 4 and 8 on any machine):
 * workers {@code done} while waiters register, and each round's {@code add} comes as soon as the
 * counter is seen at zero, without waiting for the previous round's waiters to be woken, so a
 * release that has reached zero but not yet taken the wait list's lock races with the next round's
 * add and with waiters registering for it (the class comment of {@code WaitGroup}, case 3).
 *
 * <p>Every waiter must return (no lost wake-up: a hang fails by the timeout) and must return only
 * after the counter was zero during its wait: all work added before its {@code await} started is
 * done by then (no early wake-up). The outcome is deterministic; nothing is timed.
 */
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class WaitGroupStressTest {

    private static final int ROUNDS = 1_000;
    private static final int WORKERS = 6;
    private static final int WAITERS = 4;

    @ParameterizedTest
    @ValueSource(ints = {4, 8})
    @ExtendWith(NoGoroutinePinned.class)
    void everyWaiterReturnsOnceItsCountReachedZero(int procs) {
        AtomicLong added = new AtomicLong(); // work units whose add has returned
        AtomicLong finished = new AtomicLong(); // work units about to call done
        AtomicInteger returned = new AtomicInteger();
        ConcurrentLinkedQueue<String> early = new ConcurrentLinkedQueue<>();
        Go.run(() -> {
            Go.maxProcs(procs);
            WaitGroup wg = new WaitGroup();
            WaitGroup allReturned = new WaitGroup();
            for (int round = 0; round < ROUNDS; round++) {
                while (!wg.tryAwait()) {
                    Go.gosched(); // the previous round's waiters may still be listed: add at once
                }
                wg.add(WORKERS);
                added.addAndGet(WORKERS); // after the add: what a waiter reads below is in the counter
                int r = round;
                for (int w = 0; w < WAITERS; w++) {
                    allReturned.add(1);
                    Go.go(() -> {
                        long before = added.get();
                        wg.await();
                        long done = finished.get();
                        if (done < before) {
                            early.add("round " + r + ": woke with " + done + " of " + before + " units finished");
                        }
                        returned.incrementAndGet();
                        allReturned.done();
                    });
                }
                for (int w = 0; w < WORKERS; w++) {
                    int yields = w % 3;
                    Go.go(() -> {
                        for (int y = 0; y < yields; y++) {
                            Go.gosched(); // let waiters register before the count falls
                        }
                        finished.incrementAndGet(); // before done: a woken waiter sees it
                        wg.done();
                    });
                }
            }
            allReturned.await();
        });
        assertEquals("[]", early.toString(), "waiters woken before their count reached zero");
        assertEquals(ROUNDS * WAITERS, returned.get());
        assertEquals(ROUNDS * WORKERS, finished.get());
    }

    /** Plain threads and goroutines await one count together; every one returns once it is zero. */
    @Test
    void plainThreadsAndGoroutinesWaitTogetherOverRounds() throws InterruptedException {
        for (int round = 0; round < 50; round++) {
            WaitGroup gate = new WaitGroup();
            gate.add(3);
            AtomicInteger returned = new AtomicInteger();
            Thread[] threads = new Thread[2];
            for (int i = 0; i < threads.length; i++) {
                threads[i] = new Thread(() -> {
                    gate.await();
                    returned.incrementAndGet();
                });
                threads[i].start();
            }
            WaitGroup goroutines = new WaitGroup();
            goroutines.add(4);
            for (int i = 0; i < 4; i++) {
                Go.go(() -> { // the default runtime
                    gate.await();
                    returned.incrementAndGet();
                    goroutines.done();
                });
            }
            for (int i = 0; i < 3; i++) {
                Thread t = new Thread(gate::done);
                t.start();
                t.join();
            }
            goroutines.await();
            for (Thread t : threads) {
                t.join();
            }
            assertEquals(6, returned.get(), "round " + round);
        }
    }
}
