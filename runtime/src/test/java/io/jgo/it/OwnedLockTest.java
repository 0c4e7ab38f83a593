package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.WaitGroup;
import io.jgo.internal.Stack;
import io.jgo.testing.Await;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.concurrent.locks.StampedLock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A program, end to end through the agent: goroutines hold a {@code java.util.concurrent}
 * lock across a real park ({@code Go.sleep}, a channel receive) and a yield. A thread-owned lock (a
 * {@code ReentrantReadWriteLock}'s, a {@code Lock} class of the application) is owned by the carrier
 * thread, so the goroutine pins while it holds it (before, at GOMAXPROCS 1 the next goroutine on the
 * carrier re-entered the lock, at 2 and more the holder's {@code unlock} on another carrier threw
 * {@code IllegalMonitorStateException}); once released, it suspends normally again. A
 * {@code new ReentrantLock()} made here (rewritten code) is owned by the goroutine and never pins.
 */
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class OwnedLockTest {

    enum Kind { REENTRANT_LOCK, WRITE_LOCK, READ_AND_WRITE, LOCK_INTERRUPTIBLY, TRY_LOCK }

    /** The state 8 goroutines x 25 rounds share; only the lock protects it. */
    private static final class Shared {
        final ReentrantLock lock = new ReentrantLock();
        final ReentrantReadWriteLock rw = new ReentrantReadWriteLock();
        int counter;
        int torn;
    }

    @ParameterizedTest(name = "{0} at GOMAXPROCS {1}")
    @CsvSource({"REENTRANT_LOCK, 1", "REENTRANT_LOCK, 2", "REENTRANT_LOCK, 4",
            "WRITE_LOCK, 1", "WRITE_LOCK, 2", "WRITE_LOCK, 4",
            "READ_AND_WRITE, 1", "READ_AND_WRITE, 2", "READ_AND_WRITE, 4",
            "LOCK_INTERRUPTIBLY, 1", "LOCK_INTERRUPTIBLY, 2", "LOCK_INTERRUPTIBLY, 4",
            "TRY_LOCK, 1", "TRY_LOCK, 2", "TRY_LOCK, 4"})
    void eightGoroutinesTimesTwentyFiveIncrementsUnderALockAcrossAParkEndAtTwoHundred(Kind kind, int procs) {
        Shared s = new Shared();
        Go.run(() -> {
            Go.maxProcs(procs);
            WaitGroup wg = new WaitGroup();
            wg.add(8);
            for (int g = 0; g < 8; g++) {
                Go.go(() -> {
                    for (int round = 0; round < 25; round++) {
                        increment(s, kind, round);
                    }
                    wg.done();
                });
            }
            wg.await();
        });
        assertEquals(200, s.counter, "increments lost");
        assertEquals(0, s.torn, "a writer got in while a reader held the read lock");
    }

    @io.jgo.Goroutine
    private static void increment(Shared s, Kind kind, int round) {
        Lock l = kind == Kind.WRITE_LOCK || kind == Kind.READ_AND_WRITE ? s.rw.writeLock() : s.lock;
        switch (kind) {
            case LOCK_INTERRUPTIBLY -> {
                try {
                    l.lockInterruptibly();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }
            case TRY_LOCK -> {
                while (!l.tryLock()) {
                    Go.gosched(); // holds nothing here: this yield unwinds
                }
            }
            default -> l.lock();
        }
        try {
            int v = s.counter;
            park(round);
            s.counter = v + 1;
        } finally {
            l.unlock();
        }
        if (kind == Kind.READ_AND_WRITE) {
            Lock r = s.rw.readLock();
            r.lock();
            try {
                int before = s.counter;
                park(round);
                if (s.counter != before) {
                    s.torn++;
                }
            } finally {
                r.unlock();
            }
        }
    }

    /** A real park (the goroutine waits, its carrier with it while it holds a lock) or a yield, by turns. */
    @io.jgo.Goroutine
    private static void park(int round) {
        switch (round % 3) {
            case 0 -> Go.sleep(Duration.ofNanos(1));
            case 1 -> {
                Chan<Integer> c = Chan.make(0);
                Go.go(() -> c.send(round));
                c.recv();
            }
            default -> Go.gosched();
        }
    }

    /** A lock class of this test's own, so the once-per-(lock class, leaf) warning is this test's to see. */
    private static final class ReasonLock extends ReentrantLock {
    }

    // Pins are counted inline (Stack.pinCount, process-wide; nothing else runs meanwhile): a lambda
    // handed to io.jgo.testing.Pins would itself be a frame nobody rewrote, and pin.

    @Test
    void aSuspensionHoldingALockPinsWithAReasonAndSuspensionsAfterTheReleaseUnwind() {
        ReasonLock lock = new ReasonLock();
        long[] pins = new long[2];
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream saved = System.err;
        System.setErr(new PrintStream(err, true));
        try {
            Go.run(() -> {
                Go.maxProcs(2);
                long p0 = Stack.pinCount();
                lock.lock();
                try {
                    Go.gosched();
                    Go.sleep(Duration.ofMillis(1));
                } finally {
                    lock.unlock();
                }
                long p1 = Stack.pinCount();
                Go.gosched();
                Go.sleep(Duration.ofMillis(1));
                pins[0] = p1 - p0;
                pins[1] = Stack.pinCount() - p1;
            });
        } finally {
            System.setErr(saved);
        }
        assertEquals(2, pins[0], "both suspensions under the lock pin");
        assertEquals(0, pins[1], "after the release the goroutine unwinds again");
        assertTrue(err.toString().contains("while holding io.jgo.it.OwnedLockTest$ReasonLock (thread-owned)"),
                "expected the pin reason, got:\n" + err);
        assertTrue(err.toString().contains("OwnedLockTest.java"), "expected where it suspended, got:\n" + err);
    }

    @Test
    void failedTryLockUnbalancedUnlockAndStampedViewsDoNotPin() {
        ReentrantLock lock = new ReentrantLock();
        Lock stamped = new StampedLock().asWriteLock();
        long[] pins = new long[1];
        boolean[] got = {true};
        Go.run(() -> {
            Go.maxProcs(2);
            Chan<Boolean> held = Chan.make(0);
            Chan<Boolean> release = Chan.make(0);
            Go.go(() -> {
                lock.lock();
                held.send(true);
                release.recv(); // pins (this goroutine holds the lock) until main sends
                lock.unlock();
            });
            held.recv();
            Await.dumpShows("the holder pinned in its receive", d -> d.contains("[chan receive"));
            long p0 = Stack.pinCount(); // the holder's pins are counted by now; nothing else pins until main sends
            got[0] = lock.tryLock(); // another goroutine holds it: false, nothing recorded
            Go.gosched();
            assertThrows(IllegalMonitorStateException.class, lock::unlock); // not ours: nothing to forget
            Go.gosched();
            stamped.lock(); // a stamp holds it, not a thread: the goroutine may move
            try {
                Go.gosched();
            } finally {
                stamped.unlock();
            }
            pins[0] = Stack.pinCount() - p0;
            release.send(true);
        });
        assertFalse(got[0]);
        assertEquals(0, pins[0], "nothing this goroutine held is thread-owned");
    }

    @ParameterizedTest(name = "GOMAXPROCS {0}")
    @CsvSource({"1", "2"})
    void conditionAwaitTakesTheLockBackAndAYieldWhileHoldingItUnwinds(int procs) {
        ReentrantLock lock = new ReentrantLock();
        Condition ready = lock.newCondition();
        boolean[] flag = new boolean[1];
        long[] pinsHeld = new long[1];
        long[] pinsAfter = new long[1];
        boolean[] held = new boolean[1];
        Go.run(() -> {
            Go.maxProcs(procs);
            WaitGroup wg = new WaitGroup();
            wg.add(1);
            Go.go(() -> {
                lock.lock();
                try {
                    while (!flag[0]) {
                        ready.awaitUninterruptibly(); // the lock is ours again after
                    }
                    long p0 = Stack.pinCount();
                    Go.gosched(); // still held after the await, by this goroutine: unwinds
                    pinsHeld[0] = Stack.pinCount() - p0;
                    held[0] = lock.isHeldByCurrentThread() && lock.getHoldCount() == 1;
                } finally {
                    lock.unlock();
                }
                long p0 = Stack.pinCount();
                Go.gosched(); // released: unwinds
                pinsAfter[0] = Stack.pinCount() - p0;
                wg.done();
            });
            Go.sleep(Duration.ofMillis(1));
            lock.lock();
            try {
                flag[0] = true;
                ready.signalAll();
            } finally {
                lock.unlock();
            }
            wg.await();
        });
        assertTrue(held[0], "the lock is held again after the await, once");
        assertEquals(0, pinsHeld[0], "a new ReentrantLock() of rewritten code is the goroutine's: the yield unwinds");
        assertEquals(0, pinsAfter[0], "released: the yield unwinds");
    }

    @Test
    void timedTryLockThatSucceedsIsHeldAcrossAYieldWithoutPinning() {
        ReentrantLock lock = new ReentrantLock();
        long[] pins = new long[2];
        Go.run(() -> {
            long p0 = Stack.pinCount();
            try {
                if (lock.tryLock(1, TimeUnit.SECONDS)) {
                    try {
                        Go.gosched();
                    } finally {
                        lock.unlock();
                    }
                }
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            long p1 = Stack.pinCount();
            Go.gosched();
            pins[0] = p1 - p0;
            pins[1] = Stack.pinCount() - p1;
        });
        assertEquals(0, pins[0], "the lock is the goroutine's: the yield under it unwinds");
        assertEquals(0, pins[1], "the yield after it unwinds");
    }
}
