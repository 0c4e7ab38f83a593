package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Chan;
import io.jgo.Cond;
import io.jgo.DeadlockException;
import io.jgo.Go;
import io.jgo.Mutex;
import io.jgo.RWMutex;
import io.jgo.Semaphore;
import io.jgo.WaitGroup;
import io.jgo.testing.Heavy;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A goroutine waiting on a primitive that a plain thread has touched (or created) is not asleep
 * for good: no {@code DeadlockException}, no warning while the thread is about to release it; a
 * deadlock among goroutines alone is still reported. The plain threads below sleep before they
 * release, so every goroutine is parked long past the check's 50 ms grace period: the outcome
 * does not depend on timing, only the sleep's length makes the old false report certain.
 */
@Timeout(120)
@Heavy
class PlainThreadDeadlockTest {

    /** Reproduction: this correct program ended with "all goroutines are asleep - deadlock!". */
    @Test
    void plainThreadReleasingAWaitGroupAfter300MsIsNoDeadlock() throws Exception {
        WaitGroup wg = new WaitGroup();
        wg.add(1); // on the test's plain thread
        Thread plain = later(300, wg::done);
        Go.run(wg::await);
        plain.join();
    }

    @Test
    void plainThreadReleasingGoroutinesAfterOneSecondTriggersNoReport() {
        AtomicBoolean released = new AtomicBoolean();
        AtomicInteger woke = new AtomicInteger();
        String err = capturingStderr(() -> {
            WaitGroup gate = new WaitGroup();
            gate.add(1);
            Thread plain = later(1_000, () -> {
                released.set(true);
                gate.done();
            });
            Go.run(() -> {
                Go.maxProcs(4);
                WaitGroup all = new WaitGroup();
                for (int i = 0; i < 8; i++) {
                    all.add(1);
                    Go.go(() -> {
                        gate.await(); // every goroutine, main included, is asleep for a second
                        woke.incrementAndGet();
                        all.done();
                    });
                }
                all.await();
            });
            join(plain);
        });
        assertTrue(released.get());
        assertEquals(8, woke.get());
        assertFalse(err.contains("asleep"), err);
    }

    /** A WaitGroup made inside the run, touched by a plain thread before anybody waits (any operation counts). */
    @Test
    void aWaitGroupMadeByAGoroutineAndTouchedByAPlainThreadIsNoDeadlock() {
        Go.run(() -> {
            WaitGroup wg = new WaitGroup();
            wg.add(1);
            Thread plain = touchThenLater(() -> wg.add(0), 300, wg::done);
            wg.await();
            join(plain);
        });
    }

    @Test
    void plainThreadSendingOnAChannelAfter300MsIsNoDeadlock() throws Exception {
        Chan<Integer> c = Chan.make(0); // made on the plain thread
        int[] got = new int[1];
        Thread plain = later(300, () -> c.send(42));
        Go.run(() -> got[0] = c.recv());
        plain.join();
        assertEquals(42, got[0]);
    }

    /** The channel is made inside the run; the plain thread's failed trySend is its touch. */
    @Test
    void plainThreadReceivingFromAChannelMadeInsideTheRunIsNoDeadlock() {
        int[] got = new int[1];
        Go.run(() -> {
            Chan<Integer> c = Chan.make(0);
            Thread plain = touchThenLater(() -> c.trySend(0), 300, () -> got[0] = c.recv());
            c.send(7);
            join(plain);
        });
        assertEquals(7, got[0]);
    }

    /** The mutex is made inside the run; the plain thread's uncontended lock (the one-CAS fast path) is its touch. */
    @Test
    void plainThreadHoldingAMutexFor300MsIsNoDeadlock() {
        Go.run(() -> {
            Mutex mu = new Mutex();
            Thread plain = touchThenLater(mu::lock, 300, mu::unlock);
            mu.lock();
            mu.unlock();
            join(plain);
        });
    }

    @Test
    void plainThreadReleasingTheOtherSyncTypesAfter300MsIsNoDeadlock() {
        Go.run(() -> {
            Go.maxProcs(4);
            RWMutex rw = new RWMutex();
            Semaphore sem = new Semaphore(1);
            Mutex mu = new Mutex();
            Cond cond = new Cond(mu);
            AtomicBoolean ready = new AtomicBoolean();
            Thread plain = touchThenLater(() -> {
                rw.lock();
                sem.acquire(1);
                cond.signal(); // nobody waits yet: only the touch
            }, 300, () -> {
                rw.unlock();
                sem.release(1);
                mu.lock();
                ready.set(true);
                cond.broadcast();
                mu.unlock();
            });
            WaitGroup wg = new WaitGroup();
            wg.add(2);
            Go.go(() -> {
                rw.rLock();
                rw.rUnlock();
                wg.done();
            });
            Go.go(() -> {
                sem.acquire(1);
                sem.release(1);
                wg.done();
            });
            mu.lock();
            while (!ready.get()) {
                cond.await();
            }
            mu.unlock();
            wg.await();
            join(plain);
        });
    }

    @Test
    void aDeadlockAmongGoroutinesIsStillReportedWhilePlainThreadsUseOtherPrimitives() {
        WaitGroup touchedOutside = new WaitGroup();
        touchedOutside.add(1);
        touchedOutside.done(); // a plain thread used this one; nobody waits on it
        Chan<Integer> outsideChan = Chan.make(1);
        outsideChan.send(1);
        DeadlockException e = assertThrows(DeadlockException.class, () -> Go.run(() -> {
            touchedOutside.await(); // counter zero: returns at once
            outsideChan.recv();
            WaitGroup mine = new WaitGroup();
            mine.add(1);
            Chan<Integer> never = Chan.make(0);
            Go.go(mine::await);
            Go.go(never::recv);
            mine.await();
        }));
        assertTrue(e.getMessage().startsWith("all goroutines are asleep - deadlock!"), e.getMessage());
        assertEquals(2, e.getMessage().split("\\[sync\\.WaitGroup\\.Wait", -1).length - 1, e.getMessage());
        assertTrue(e.getMessage().contains("[chan receive"), e.getMessage());
    }

    /**
     * From the main goroutine: starts a plain thread that runs {@code touch}, then {@code then}
     * after {@code ms}, and returns once {@code touch} has run (main stays runnable until then,
     * yielding, so no deadlock check can run before the touch).
     */
    @io.jgo.Goroutine
    private static Thread touchThenLater(Runnable touch, long ms, Runnable then) {
        AtomicBoolean touched = new AtomicBoolean();
        Thread t = new Thread(() -> {
            touch.run();
            touched.set(true);
            sleep(ms);
            then.run();
        });
        t.start();
        while (!touched.get()) {
            Go.gosched();
        }
        return t;
    }

    /** A thread that runs {@code then} after {@code ms}; started now. */
    private static Thread later(long ms, Runnable then) {
        Thread t = new Thread(() -> {
            sleep(ms);
            then.run();
        });
        t.start();
        return t;
    }

    static String capturingStderr(Runnable body) {
        PrintStream old = System.err;
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        System.setErr(new PrintStream(buffer, true, StandardCharsets.UTF_8));
        try {
            body.run();
        } finally {
            System.setErr(old);
        }
        return buffer.toString(StandardCharsets.UTF_8);
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    private static void join(Thread t) {
        try {
            t.join();
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }
}
