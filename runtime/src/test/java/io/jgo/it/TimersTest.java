package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.Timer;
import io.jgo.WaitGroup;
import io.jgo.internal.sched.Sched;
import io.jgo.testing.NoGoroutinePinned;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/** Go's per-P timer heaps seen from the API: Go.sleep costs no thread, Go.afterFunc with Go 1.23's Timer. */
@Timeout(120)
class TimersTest {

    /** 100,000 goroutines asleep at once: every one wakes, and they needed only a handful of carriers. */
    @Test
    @ExtendWith(NoGoroutinePinned.class)
    void hundredThousandSleepersUseAHandfulOfCarriersAndAllWake() {
        int n = 100_000;
        AtomicInteger woke = new AtomicInteger();
        Set<Thread> carriers = ConcurrentHashMap.newKeySet();
        Go.run(() -> {
            Go.maxProcs(2);
            WaitGroup wg = new WaitGroup();
            wg.add(n);
            for (int i = 0; i < n; i++) {
                long ms = 20 + i % 50;
                Go.go(() -> {
                    Go.sleep(Duration.ofMillis(ms));
                    carriers.add(Thread.currentThread());
                    woke.incrementAndGet();
                    wg.done();
                });
            }
            wg.await();
        });
        assertEquals(n, woke.get());
        assertTrue(carriers.size() <= 32, carriers.size() + " carriers for " + n + " sleepers");
    }

    /**
     * Sleepers with different deadlines, started in reverse order, all wake, none before its own
     * deadline (Go's promise: a sleep lasts at least its duration; the monotonic clock makes this a
     * guarantee, not a timing assumption). Go promises no order among goroutines whose timers fire
     * in one check: each is readied into runnext, which hands the previous one to the run queue
     * (two sleepers readied together run latest first). That the timers themselves fire in deadline
     * order is proved on the heap, without a clock: {@code TimerHeapTest.expiredTimersFireInDeadlineOrder}.
     */
    @Test
    void sleepersAllWakeAndNoneBeforeItsDeadline() {
        List<String> early = new CopyOnWriteArrayList<>();
        Set<Integer> woke = ConcurrentHashMap.newKeySet();
        Go.run(() -> {
            WaitGroup wg = new WaitGroup();
            wg.add(8);
            for (int i = 7; i >= 0; i--) {
                int k = i;
                Go.go(() -> {
                    long nanos = Duration.ofMillis(5L * (k + 1)).toNanos();
                    long start = System.nanoTime();
                    Go.sleep(Duration.ofNanos(nanos));
                    long slept = System.nanoTime() - start;
                    if (slept < nanos) {
                        early.add("sleeper " + k + " slept " + slept + " ns of " + nanos);
                    }
                    woke.add(k);
                    wg.done();
                });
            }
            wg.await();
        });
        assertEquals(Set.of(0, 1, 2, 3, 4, 5, 6, 7), woke);
        assertEquals(List.of(), early, "a sleeper woke before its deadline");
    }

    /** Go 1.23's Timer.Stop and Timer.Reset report whether the timer was active; the function runs as a goroutine. */
    @Test
    void afterFuncRunsAGoroutineAndStopAndResetReportWhetherItWasActive() {
        boolean[] r = new boolean[6];
        AtomicInteger runs = new AtomicInteger();
        AtomicInteger asGoroutine = new AtomicInteger();
        Go.run(() -> {
            WaitGroup wg = new WaitGroup();
            Runnable f = () -> {
                if (Sched.currentG() != null) {
                    asGoroutine.incrementAndGet();
                }
                runs.incrementAndGet();
                wg.done();
            };
            Timer t = Go.afterFunc(Duration.ofHours(1), f);
            r[0] = t.stop();                          // active: true
            r[1] = t.stop();                          // already stopped: false
            wg.add(1);
            r[2] = t.reset(Duration.ofMillis(1));     // was stopped: false, runs f
            wg.await();
            r[3] = t.stop();                          // already ran: false
            r[4] = t.reset(Duration.ofHours(1));      // expired: false
            r[5] = t.reset(Duration.ofHours(2));      // active: true, rescheduled
            t.stop();
        });
        assertTrue(r[0]);
        assertFalse(r[1]);
        assertFalse(r[2]);
        assertFalse(r[3]);
        assertFalse(r[4]);
        assertTrue(r[5]);
        assertEquals(1, runs.get());
        assertEquals(1, asGoroutine.get());
    }
}
