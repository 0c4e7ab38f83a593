package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.WaitGroup;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The interrupt status belongs to the goroutine (see {@code io.jgo.internal.sched.Identity}): it
 * never stays on a carrier after the goroutine that set it, it travels with the goroutine, and a
 * plain thread blocked in a jgo call keeps its flag without spinning. Waits below end when the
 * awaited state is reached; a hang is the failure (the class timeout).
 */
@Timeout(120)
class InterruptStatusTest {

    /** Reproduction: the restore-the-flag idiom used to leave carriers interrupted and spinning. */
    @Test
    void interruptIdiomLeavesEveryCarrierParkedAndUninterrupted() {
        Set<Thread> carriers = ConcurrentHashMap.newKeySet();
        List<String> spurious = new CopyOnWriteArrayList<>();
        Go.run(() -> {
            Go.maxProcs(4);
            WaitGroup wg = new WaitGroup();
            for (int i = 0; i < 4; i++) {
                wg.add(1);
                Go.go(() -> {
                    carriers.add(Thread.currentThread());
                    Thread.currentThread().interrupt();
                    try {
                        Thread.sleep(1);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt(); // the idiom: restore the flag and carry on
                    }
                    wg.done();
                });
            }
            wg.await();
            awaitAllParked(carriers); // a carrier left interrupted never parks: this would not return

            for (Thread c : carriers) {
                c.interrupt(); // from outside, on idle carriers: dropped (nobody runs there)
            }
            awaitAllParked(carriers);

            WaitGroup later = new WaitGroup();
            for (int i = 0; i < 16; i++) {
                later.add(1);
                Go.go(() -> {
                    carriers.add(Thread.currentThread());
                    if (Thread.currentThread().isInterrupted()) {
                        spurious.add("started interrupted on " + Thread.currentThread().getName());
                    }
                    try {
                        Thread.sleep(1);
                    } catch (InterruptedException e) {
                        spurious.add("spurious InterruptedException on " + Thread.currentThread().getName());
                    }
                    later.done();
                });
            }
            later.await();
        });
        assertEquals(List.of(), spurious);
    }

    @Test
    void interruptStatusTravelsWithItsGoroutineAndNeverReachesASibling() {
        AtomicReference<String> failure = new AtomicReference<>();
        AtomicBoolean done = new AtomicBoolean();
        boolean[] endStatus = new boolean[1];
        Go.run(() -> {
            Go.maxProcs(4);
            WaitGroup wg = new WaitGroup();
            for (int i = 0; i < 7; i++) { // siblings keep every P busy, so the interrupted one migrates
                wg.add(1);
                Go.go(() -> {
                    while (!done.get()) {
                        if (Thread.currentThread().isInterrupted()) {
                            failure.compareAndSet(null, "a sibling saw the interrupt on " + Thread.currentThread().getName());
                        }
                        Go.gosched();
                    }
                    wg.done();
                });
            }
            wg.add(1);
            Go.go(() -> {
                Thread.currentThread().interrupt();
                Thread first = Thread.currentThread();
                int migrations = 0;
                Thread last = first;
                while (migrations < 100) {
                    Go.gosched();
                    if (!Thread.currentThread().isInterrupted()) {
                        failure.compareAndSet(null, "the goroutine lost its interrupt status after " + migrations + " migrations");
                    }
                    if (Thread.currentThread() != last) {
                        migrations++;
                        last = Thread.currentThread();
                    }
                }
                endStatus[0] = Thread.interrupted(); // clears it: the goroutine ends uninterrupted
                done.set(true);
                wg.done();
            });
            wg.await();
        });
        assertEquals(null, failure.get());
        assertTrue(endStatus[0]);
    }

    @Test
    void mainGoroutineKeepsTheCallersStatusAndLeavesItsOwn() {
        boolean[] seen = new boolean[1];
        Thread.currentThread().interrupt();
        Go.run(() -> {
            seen[0] = Thread.interrupted(); // main continues the caller: it starts with the caller's status
            WaitGroup wg = new WaitGroup();
            wg.add(1);
            Go.go(wg::done);
            wg.await();
            Thread.currentThread().interrupt(); // and Go.run leaves main's status on the thread
        });
        assertTrue(seen[0]);
        assertTrue(Thread.interrupted());
    }

    @Test
    void plainThreadInWaitGroupAwaitKeepsItsFlagWithoutSpinning() throws Exception {
        WaitGroup wg = new WaitGroup();
        wg.add(1);
        boolean[] flag = new boolean[1];
        Thread plain = new Thread(() -> {
            wg.await();
            flag[0] = Thread.currentThread().isInterrupted();
        });
        plain.start();
        awaitParked(plain);
        plain.interrupt();
        awaitParked(plain); // a thread that spins on a set flag never parks again: this would not return
        wg.done();
        plain.join();
        assertTrue(flag[0], "the interrupt was kept");
    }

    @Test
    void plainThreadInGoSleepKeepsItsFlagWithoutSpinning() throws Exception {
        boolean[] flag = new boolean[1];
        AtomicBoolean slept = new AtomicBoolean();
        Thread plain = new Thread(() -> {
            Go.sleep(Duration.ofSeconds(2));
            slept.set(true);
            flag[0] = Thread.currentThread().isInterrupted();
        });
        plain.start();
        awaitParked(plain);
        plain.interrupt();
        awaitParked(plain); // parks again for the rest of the sleep (it would spin if the flag stayed set)
        plain.join();
        assertTrue(slept.get());
        assertTrue(flag[0], "the interrupt was kept");
    }

    /** Until every thread is parked (WAITING or TIMED_WAITING) and not interrupted, in one pass. */
    private static void awaitAllParked(Set<Thread> threads) {
        for (;;) {
            boolean all = true;
            for (Thread t : threads) {
                all &= parked(t) && !t.isInterrupted();
            }
            if (all) {
                return;
            }
            pause();
        }
    }

    private static void awaitParked(Thread t) {
        while (!parked(t) || t.isInterrupted()) {
            assertFalse(t.getState() == Thread.State.TERMINATED, "the thread ended early");
            pause();
        }
    }

    private static boolean parked(Thread t) {
        Thread.State s = t.getState();
        return s == Thread.State.WAITING || s == Thread.State.TIMED_WAITING;
    }

    /** Blocks the calling thread briefly (on M0 it keeps main's P; the carriers stay idle). */
    private static void pause() {
        try {
            Thread.sleep(5);
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }
}
