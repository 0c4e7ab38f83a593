package io.jgo.it.sched;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.WaitGroup;
import io.jgo.internal.sched.Sched;
import io.jgo.internal.sched.TestRuntimes;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Timeout;

/**
 * The real sysmon keeps working while goroutines take {@code sched.lock} in a tight loop
 * ({@code Sched.stats()}): every P runs such a goroutine, another goroutine goes in and out of
 * blocking syscalls (so sysmon retakes and hands off its P, which needs the lock), and main sleeps
 * 1 ms, 30 times. Main can only run again after each if sysmon preempts a hammering goroutine, so a sysmon blocked on
 * the lock (a Java monitor is unfair: a loop that re-takes it can keep a waiter out for good) would
 * keep main asleep. The hammering goroutines give up after 60 s: that is the failure, not a speed
 * limit (a healthy run takes milliseconds; a starved sysmon never wakes main at all, so the bound
 * only turns that hang into a report, and sits far above what a loaded machine needs).
 */
@Timeout(120)
class SysmonLockContentionTest {

    private static final long GIVE_UP_NANOS = 60_000_000_000L;
    /** Main's sleeps, each of which needs sysmon to preempt a hammering goroutine before main runs again. */
    private static final int SLEEPS = 30;

    @ParameterizedTest(name = "GOMAXPROCS {0}")
    @ValueSource(ints = {2, 3, 4})
    void sleeperWakesWhileEveryPHammersTheSchedulerLock(int procs) {
        Sched s = TestRuntimes.traced("sched-lock-hammer-" + procs, procs, null);
        long giveUpAt = System.nanoTime() + GIVE_UP_NANOS;
        AtomicBoolean stop = new AtomicBoolean();
        AtomicBoolean gaveUp = new AtomicBoolean();
        AtomicLong reads = new AtomicLong();
        AtomicLong syscalls = new AtomicLong();
        s.runMain(() -> {
            WaitGroup wg = new WaitGroup();
            wg.add(procs + 1);
            for (int i = 0; i < procs; i++) {
                Go.go(() -> {
                    while (!stop.get() && !pastDeadline(giveUpAt, gaveUp)) {
                        s.stats(); // takes sched.lock
                        reads.incrementAndGet();
                    }
                    wg.done();
                });
            }
            Go.go(() -> {
                while (!stop.get() && !pastDeadline(giveUpAt, gaveUp)) {
                    syscall();
                    syscalls.incrementAndGet();
                }
                wg.done();
            });
            for (int i = 0; i < SLEEPS && !gaveUp.get(); i++) {
                Go.sleep(Duration.ofMillis(1));
            }
            stop.set(true);
            wg.await();
        });
        assertFalse(gaveUp.get(), "main's 30 sleeps of 1 ms did not end within 60 s while the scheduler lock was hammered ("
                + reads.get() + " stats() reads, " + syscalls.get() + " syscalls)");
        assertTrue(reads.get() > 0, "the lock was hammered");
    }

    private static boolean pastDeadline(long giveUpAt, AtomicBoolean gaveUp) {
        if (System.nanoTime() - giveUpAt < 0) {
            return false;
        }
        gaveUp.set(true);
        return true;
    }

    /**
     * A syscall that outlasts a sysmon tick, so sysmon retakes the P. It spins rather than sleeps:
     * a {@code Thread.sleep} in rewritten code is itself wrapped as a blocking call, which must not
     * nest inside {@code Go.syscall}.
     */
    private static void syscall() {
        try {
            Go.syscall(() -> {
                long end = System.nanoTime() + 1_000_000L;
                while (System.nanoTime() - end < 0) {
                    Thread.onSpinWait();
                }
                return null;
            });
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
