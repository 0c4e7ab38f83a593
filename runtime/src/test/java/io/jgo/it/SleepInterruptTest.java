package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jgo.Go;
import io.jgo.GoExecutorService;
import io.jgo.Goroutine;
import io.jgo.testing.Await;
import java.time.Duration;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An interrupt ends a goroutine's sleep at once. {@code Thread.sleep} in rewritten code parks the
 * goroutine and answers as the JDK's does: {@code InterruptedException}, the status cleared, also
 * when the status is set as the sleep starts and when the sleep is pinned. {@code Go.sleep}, which
 * declares no {@code InterruptedException}, returns early and leaves the status set. Every sleep
 * here is an hour long: one that an interrupt did not end hangs the test into its timeout.
 */
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class SleepInterruptTest {

    private static final long HOUR_MS = 3_600_000L;

    @Goroutine
    static String threadSleep() {
        try {
            Thread.sleep(HOUR_MS);
            return "slept";
        } catch (InterruptedException e) {
            return "interrupted, flag " + Thread.currentThread().isInterrupted();
        }
    }

    @Goroutine
    static String goSleep() {
        Go.sleep(Duration.ofHours(1));
        return "returned, flag " + Thread.interrupted();
    }

    /** Thread.sleep with a monitor held: the park pins its carrier, and the interrupt still ends it. */
    @Goroutine
    static String pinnedThreadSleep() {
        synchronized (SleepInterruptTest.class) {
            return threadSleep();
        }
    }

    /** {@code cancel(true)} of a task parked in a sleep; returns what the task saw. */
    private static String cancelWhileSleeping(java.util.concurrent.Callable<String> task, String dumpShows) {
        AtomicReference<String> seen = new AtomicReference<>();
        Go.run(() -> {
            Go.maxProcs(2);
            try (GoExecutorService ex = Go.executor()) {
                Future<String> f = ex.submit(() -> {
                    String r = task.call();
                    seen.set(r);
                    return r;
                });
                Await.dumpShows("the task asleep", d -> d.contains(dumpShows));
                f.cancel(true);
            } // close waits for the task
        });
        return seen.get();
    }

    @Test
    void cancelWithInterruptEndsAThreadSleepWithInterruptedException() {
        assertEquals("interrupted, flag false", cancelWhileSleeping(SleepInterruptTest::threadSleep, "[sleep"));
    }

    @Test
    void cancelWithInterruptEndsAPinnedThreadSleep() {
        assertEquals("interrupted, flag false", cancelWhileSleeping(SleepInterruptTest::pinnedThreadSleep, "[sleep"));
    }

    @Test
    void cancelWithInterruptEndsAGoSleepEarlyLeavingTheStatusSet() {
        assertEquals("returned, flag true", cancelWhileSleeping(SleepInterruptTest::goSleep, "[sleep"));
    }

    @Test
    void aSleepBegunWithTheStatusSetEndsAtOnce() {
        AtomicReference<String> thread = new AtomicReference<>();
        AtomicReference<String> go = new AtomicReference<>();
        Go.run(() -> {
            Thread.currentThread().interrupt();
            thread.set(threadSleep());
            Thread.currentThread().interrupt();
            go.set(goSleep());
        });
        assertEquals("interrupted, flag false", thread.get());
        assertEquals("returned, flag true", go.get());
    }

    @Test
    void anInterruptRequestedWhileRunningEndsTheNextSleep() {
        AtomicReference<String> seen = new AtomicReference<>();
        Go.run(() -> {
            try (GoExecutorService ex = Go.executor()) {
                AtomicBoolean started = new AtomicBoolean();
                AtomicBoolean cancelled = new AtomicBoolean();
                Future<?> f = ex.submit(() -> {
                    started.set(true);
                    while (!cancelled.get()) {
                        Thread.onSpinWait();
                    }
                    seen.set(threadSleep());
                });
                Await.until("the task running", started::get, () -> "");
                f.cancel(true);
                cancelled.set(true);
            }
        });
        assertEquals("interrupted, flag false", seen.get());
    }

    /** A plain thread's {@code Go.sleep} returns when the thread is interrupted, its status set. */
    @Test
    void plainThreadGoSleepReturnsEarlyKeepingItsStatus() throws Exception {
        AtomicReference<String> seen = new AtomicReference<>();
        Thread t = new Thread(() -> {
            Go.sleep(Duration.ofHours(1));
            seen.set("returned, flag " + Thread.currentThread().isInterrupted());
        });
        t.start();
        while (t.getState() != Thread.State.TIMED_WAITING) {
            Thread.sleep(1);
        }
        t.interrupt();
        t.join();
        assertEquals("returned, flag true", seen.get());
    }
}
