package io.jgo.it.locks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.internal.blocking.ParkingReentrantLock;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link ParkingReentrantLock} against the JDK's {@link ReentrantLock} on plain threads: the same
 * operations, by the same two threads in the same order, observe the same results (values, and
 * the class of what they throw). First seeded random scripts of the operations that do not wait
 * (the choice of a {@code lock()} is made only when it cannot wait), then the waits one by one:
 * a contended timed {@code tryLock}, an interrupted {@code lockInterruptibly}, an interrupt before
 * {@code lock()}, a condition's signal, timeouts and hold counts.
 *
 * <p>The JDK's lock is made by reflection: this class is rewritten, so a {@code new ReentrantLock()}
 * here would make the other kind.
 */
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ParkingLockDifferentialTest {

    private ExecutorService[] threads;

    @BeforeEach
    void twoThreads() {
        threads = new ExecutorService[] {Executors.newSingleThreadExecutor(), Executors.newSingleThreadExecutor()};
    }

    @AfterEach
    void stop() {
        for (ExecutorService t : threads) {
            t.shutdownNow();
        }
    }

    static ReentrantLock jdk(boolean fair) {
        try {
            return ReentrantLock.class.getConstructor(boolean.class).newInstance(fair);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void theRedirectMakesTheGoroutineOwnedKindAndReflectionTheJdksOwn() {
        assertTrue(new ReentrantLock() instanceof ParkingReentrantLock, "new ReentrantLock() in rewritten code");
        assertEquals(ReentrantLock.class, jdk(false).getClass());
        assertTrue(new ReentrantLock(true).isFair());
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8})
    void randomScriptsOfOperationsThatDoNotWaitObserveWhatTheJdksLockDoes(int seed) throws Exception {
        boolean fair = seed % 2 == 0;
        ReentrantLock theirs = jdk(fair);
        ReentrantLock ours = new ParkingReentrantLock(fair);
        Condition theirCond = theirs.newCondition();
        Condition ourCond = ours.newCondition();
        Random random = new Random(seed);
        for (int step = 0; step < 400; step++) {
            int who = random.nextInt(2);
            int op = random.nextInt(12);
            if (op == 0 && !on(who, () -> !theirs.isLocked() || theirs.isHeldByCurrentThread())) {
                op = 1; // lock() would wait
            }
            int o = op;
            String expected = on(who, () -> apply(o, theirs, theirCond));
            String actual = on(who, () -> apply(o, ours, ourCond));
            assertEquals(expected, actual, "seed " + seed + " step " + step + ": operation " + op + " by thread " + who);
        }
    }

    /** One operation that does not wait, and what it observed. */
    private static String apply(int op, ReentrantLock lock, Condition cond) {
        try {
            switch (op) {
                case 0:
                    lock.lock();
                    return "locked " + lock.getHoldCount();
                case 1:
                    return "tryLock " + lock.tryLock();
                case 2:
                    return "tryLock(0) " + lock.tryLock(0, TimeUnit.NANOSECONDS);
                case 3:
                case 4:
                    lock.unlock();
                    return "unlocked " + lock.getHoldCount();
                case 5:
                    return "holds " + lock.getHoldCount() + " mine " + lock.isHeldByCurrentThread() + " locked " + lock.isLocked();
                case 6:
                    return "awaitNanos(0) timed out " + (cond.awaitNanos(0) <= 0) + " holds " + lock.getHoldCount();
                case 7:
                    cond.signal();
                    return "signalled";
                case 8:
                    cond.signalAll();
                    return "signalled all";
                case 9:
                    return "waiters " + lock.getWaitQueueLength(cond) + " " + lock.hasWaiters(cond);
                case 10:
                    return "await(0) " + cond.await(0, TimeUnit.MILLISECONDS) + " holds " + lock.getHoldCount();
                default:
                    return "awaitUntil(past) " + cond.awaitUntil(new Date(System.currentTimeMillis() - 1000)) + " fair " + lock.isFair();
            }
        } catch (Exception e) {
            return e.getClass().getName();
        }
    }

    private <T> T on(int thread, Callable<T> c) throws InterruptedException, ExecutionException {
        return threads[thread].submit(c).get();
    }

    // ------------------------------------------------------------------ the waits

    interface Scenario {
        List<String> run(ReentrantLock lock) throws Exception;
    }

    private void same(Scenario s) throws Exception {
        List<String> expected = s.run(jdk(false));
        List<String> actual = s.run(new ParkingReentrantLock(false));
        assertEquals(expected, actual);
    }

    @Test
    void aTimedTryLockOfALockHeldElsewhereTimesOutAndOneOfAFreeLockSucceeds() throws Exception {
        same(lock -> {
            List<String> seen = new ArrayList<>();
            on(0, () -> {
                lock.lock();
                return null;
            });
            seen.add("busy " + on(1, () -> lock.tryLock(30, TimeUnit.MILLISECONDS)));
            seen.add("unlock by non-owner " + on(1, () -> call(lock::unlock)));
            on(0, () -> {
                lock.unlock();
                return null;
            });
            seen.add("free " + on(1, () -> lock.tryLock(30, TimeUnit.MILLISECONDS)) + " " + on(1, lock::getHoldCount));
            return seen;
        });
    }

    @Test
    void anInterruptEndsALockInterruptiblyThatWaitsAndLockKeepsTheStatus() throws Exception {
        same(lock -> {
            List<String> seen = new ArrayList<>();
            on(0, () -> {
                lock.lock();
                return null;
            });
            Thread[] waiter = new Thread[1];
            CountDownLatch started = new CountDownLatch(1);
            var result = threads[1].submit(() -> {
                waiter[0] = Thread.currentThread();
                started.countDown();
                try {
                    lock.lockInterruptibly();
                    return "locked";
                } catch (InterruptedException e) {
                    return "interrupted, status " + Thread.currentThread().isInterrupted() + ", holds " + lock.getHoldCount();
                }
            });
            started.await();
            while (!waiter[0].getState().equals(Thread.State.WAITING)) {
                Thread.onSpinWait(); // until it parks in the wait
            }
            waiter[0].interrupt();
            seen.add(result.get());
            seen.add(on(1, () -> {
                Thread.currentThread().interrupt();
                boolean got = lock.tryLock(); // held by thread 0: false, whatever the status
                return "tryLock " + got + " status " + Thread.interrupted();
            }));
            on(0, () -> {
                lock.unlock();
                return null;
            });
            seen.add(on(1, () -> {
                Thread.currentThread().interrupt();
                lock.lock(); // free: taken; the status stays
                boolean status = Thread.interrupted();
                lock.unlock();
                return "lock with status " + status;
            }));
            seen.add(on(1, () -> {
                Thread.currentThread().interrupt();
                return call(lock::lockInterruptibly); // interrupted on entry: throws at once
            }));
            return seen;
        });
    }

    @Test
    void aSignalWakesTheAwaiterWhichHoldsTheLockAgainWithItsHoldCount() throws Exception {
        same(lock -> {
            List<String> seen = new ArrayList<>();
            Condition c = lock.newCondition();
            boolean[] flag = new boolean[1];
            var awaiter = threads[1].submit(() -> {
                lock.lock();
                lock.lock();
                try {
                    while (!flag[0]) {
                        c.await();
                    }
                    return "woken holding " + lock.getHoldCount() + " " + lock.isHeldByCurrentThread();
                } finally {
                    lock.unlock();
                    lock.unlock();
                }
            });
            while (!on(0, () -> {
                lock.lock();
                try {
                    return lock.hasWaiters(c);
                } finally {
                    lock.unlock();
                }
            })) {
                Thread.sleep(1);
            }
            seen.add(on(0, () -> {
                lock.lock();
                try {
                    flag[0] = true;
                    int before = lock.getWaitQueueLength(c);
                    c.signal();
                    return "signalled " + before + " -> " + lock.getWaitQueueLength(c);
                } finally {
                    lock.unlock();
                }
            }));
            seen.add(awaiter.get());
            seen.add("await by non-owner " + on(0, () -> call(c::await)));
            seen.add("signal by non-owner " + on(0, () -> call(c::signal)));
            seen.add(on(0, () -> {
                lock.lock();
                try {
                    long left = c.awaitNanos(TimeUnit.MILLISECONDS.toNanos(20));
                    return "awaitNanos timed out " + (left <= 0) + " holds " + lock.getHoldCount();
                } finally {
                    lock.unlock();
                }
            }));
            seen.add(on(0, () -> {
                lock.lock();
                try {
                    Thread.currentThread().interrupt();
                    return "await when interrupted " + call(c::await) + " holds " + lock.getHoldCount();
                } finally {
                    lock.unlock();
                }
            }));
            return seen;
        });
    }

    interface Action {
        void run() throws Exception;
    }

    private static String call(Action a) {
        try {
            a.run();
            return "returned";
        } catch (Exception e) {
            return e.getClass().getName();
        }
    }
}
