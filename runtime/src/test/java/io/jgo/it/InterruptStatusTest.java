package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.Mutex;
import io.jgo.WaitGroup;
import io.jgo.internal.sched.TestRuntimes;
import io.jgo.testing.Await;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The interrupt status belongs to the goroutine (see {@code io.jgo.internal.sched.Identity}): it
 * never stays on a carrier after the goroutine that set it, it travels with the goroutine, and a
 * thread blocked in a jgo call keeps its flag without spinning. "Parked" is read from thread
 * states, never from CPU time: a thread whose flag stays set cannot stay parked (every
 * {@code LockSupport.park} returns at once), so "parked and not interrupted" in one pass over the
 * threads is what a spinning thread never shows. Waits poll without a clock deciding the outcome
 * ({@link Await}: its deadline only turns a hang into a failure).
 */
@Timeout(120)
class InterruptStatusTest {

    /** The restore-the-flag idiom leaves no carrier interrupted or spinning. */
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
            awaitAllParked("the idiom's carriers, idle", carriers); // interrupted carriers spin: never all parked

            for (Thread c : carriers) {
                if (c != Thread.currentThread()) { // main's own carrier (main is a goroutine) is not idle
                    c.interrupt(); // from outside, on idle carriers: nobody runs there, dropped
                }
            }
            awaitAllParked("idle carriers interrupted from outside", carriers);

            WaitGroup later = new WaitGroup();
            for (int i = 0; i < 16; i++) {
                later.add(1);
                Go.go(() -> {
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
        assertFalse(carriers.isEmpty());
        assertEquals(List.of(), spurious);
    }

    @Test
    void interruptStatusSurvivesMigrations() {
        AtomicReference<String> failure = new AtomicReference<>();
        AtomicBoolean done = new AtomicBoolean();
        boolean[] endStatus = new boolean[1];
        int[] migrations = new int[1];
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
                Thread last = Thread.currentThread();
                while (migrations[0] < 100 && failure.get() == null) {
                    Go.gosched();
                    if (!Thread.currentThread().isInterrupted()) {
                        failure.compareAndSet(null, "the goroutine lost its interrupt status after "
                                + migrations[0] + " migrations");
                    }
                    if (Thread.currentThread() != last) {
                        migrations[0]++;
                        last = Thread.currentThread();
                    }
                }
                endStatus[0] = Thread.interrupted(); // clears it: the goroutine ends uninterrupted
                done.set(true);
                wg.done();
            });
            wg.await();
        });
        assertNull(failure.get());
        assertEquals(100, migrations[0]);
        assertTrue(endStatus[0]);
    }

    /**
     * At one P every goroutine shares the one carrier, one after the other. Without sysmon: on a
     * loaded machine a carrier descheduled for a time slice would lose the P to another carrier.
     */
    @Test
    void aSiblingOnTheSameCarrierNeverSeesTheInterrupt() {
        List<String> seen = new CopyOnWriteArrayList<>();
        Set<Thread> carriers = ConcurrentHashMap.newKeySet();
        boolean[] kept = new boolean[1];
        TestRuntimes.withoutSysmon("one-carrier", 1).runMain(() -> {
            WaitGroup wg = new WaitGroup();
            wg.add(2);
            Go.go(() -> {
                carriers.add(Thread.currentThread());
                Thread.currentThread().interrupt();
                for (int i = 0; i < 100; i++) {
                    Go.gosched(); // the sibling runs in between, on this carrier
                }
                kept[0] = Thread.interrupted();
                wg.done();
            });
            Go.go(() -> {
                for (int i = 0; i < 100; i++) {
                    carriers.add(Thread.currentThread());
                    if (Thread.currentThread().isInterrupted()) {
                        seen.add("round " + i);
                    }
                    Go.gosched();
                }
                wg.done();
            });
            wg.await();
        });
        assertEquals(1, carriers.size(), "one carrier for both: " + carriers);
        assertEquals(List.of(), seen);
        assertTrue(kept[0]);
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

    /**
     * The bug a JUnit timeout found: the Go.run caller (M0), interrupted while main is parked, spun
     * at a full core in its wait for main's turn. Now the interrupt is main's, kept while it waits.
     */
    @Test
    void interruptingTheGoRunCallerWhileMainIsParkedNeitherSpinsNorIsLost() throws Exception {
        Thread m0 = Thread.currentThread();
        WaitGroup release = new WaitGroup();
        release.add(1); // on this plain thread: the helper may release it, no deadlock
        AtomicReference<String> helperFailure = new AtomicReference<>();
        Thread helper = new Thread(() -> {
            try {
                awaitParkedThread("M0 waiting for main", m0);
                m0.interrupt();
                awaitParkedThread("M0 parked again after the interrupt", m0);
            } catch (Throwable t) {
                helperFailure.set(t.toString());
            } finally {
                release.done();
            }
        });
        boolean[] mainSaw = new boolean[1];
        Go.run(() -> {
            helper.start();
            release.await();
            mainSaw[0] = Thread.interrupted();
        });
        helper.join();
        assertNull(helperFailure.get());
        assertTrue(mainSaw[0], "the interrupt reached main when it ran again");
        assertFalse(Thread.interrupted());
    }

    @Test
    void plainThreadInWaitGroupAwaitKeepsItsFlagWithoutSpinning() throws Exception {
        WaitGroup wg = new WaitGroup();
        wg.add(1);
        assertPlainThreadKeepsFlag(wg::await, wg::done);
    }

    @Test
    void plainThreadInChannelReceiveKeepsItsFlagWithoutSpinning() throws Exception {
        Chan<Integer> c = Chan.make(0);
        assertPlainThreadKeepsFlag(c::recv, () -> c.send(1));
    }

    @Test
    void plainThreadInMutexLockKeepsItsFlagWithoutSpinning() throws Exception {
        Mutex mu = new Mutex();
        mu.lock();
        assertPlainThreadKeepsFlag(mu::lock, mu::unlock);
    }

    /** A plain thread blocks in {@code block}, is interrupted, must park again (flag kept aside), and ends with its flag set. */
    private static void assertPlainThreadKeepsFlag(Runnable block, Runnable release) throws Exception {
        AtomicBoolean returned = new AtomicBoolean();
        boolean[] flag = new boolean[1];
        Thread plain = new Thread(() -> {
            block.run();
            returned.set(true);
            flag[0] = Thread.currentThread().isInterrupted();
        });
        plain.start();
        awaitParkedThread("the plain thread blocked", plain);
        plain.interrupt();
        awaitParkedThread("the plain thread parked again after the interrupt", plain);
        assertFalse(returned.get(), "an interrupt does not end the wait");
        release.run();
        plain.join();
        assertTrue(returned.get());
        assertTrue(flag[0], "the interrupt was kept");
    }

    /**
     * Until every thread but the caller's own carrier (main runs on one) is parked (WAITING or
     * TIMED_WAITING) and not interrupted, in one pass.
     */
    @Goroutine
    private static void awaitAllParked(String what, Set<Thread> threads) {
        Await.until(what + ": every carrier parked and not interrupted",
                () -> threads.stream().allMatch(t -> t == Thread.currentThread() || parked(t) && !t.isInterrupted()),
                () -> threads.stream().map(t -> t.getName() + " " + t.getState() + (t.isInterrupted() ? " interrupted" : ""))
                        .collect(Collectors.joining(", ")));
    }

    /** From a plain thread: until {@code t} is parked with its flag clear. */
    private static void awaitParkedThread(String what, Thread t) {
        long end = System.nanoTime() + Await.DEADLINE.toNanos();
        while (!parked(t) || t.isInterrupted()) {
            if (t.getState() == Thread.State.TERMINATED) {
                throw new AssertionError(what + ": the thread ended");
            }
            if (System.nanoTime() - end > 0) {
                throw new AssertionError("waited for " + what + "; last seen " + t.getState()
                        + (t.isInterrupted() ? ", interrupted" : ""));
            }
            LockSupport.parkNanos(1_000_000L); // this thread's own flag is clear: a real pause
        }
    }

    private static boolean parked(Thread t) {
        Thread.State s = t.getState();
        return s == Thread.State.WAITING || s == Thread.State.TIMED_WAITING;
    }
}
