package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.WaitGroup;
import io.jgo.internal.Stack;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Go.sleep parks the goroutine, not the carrier; sleepers are pending timers, never a deadlock. */
class SleepTest {

    @Test
    void sleepingGoroutinesAllWakeAndAreNotADeadlock() {
        AtomicInteger woke = new AtomicInteger();
        long pins = Stack.pinCount();
        Go.run(() -> {
            Go.maxProcs(1);
            WaitGroup wg = new WaitGroup();
            wg.add(1_000);
            for (int i = 0; i < 1_000; i++) {
                long ms = i % 20;
                Go.go(() -> {
                    Go.sleep(Duration.ofMillis(ms));
                    woke.incrementAndGet();
                    wg.done();
                });
            }
            wg.await(); // every goroutine is asleep for a while: timers pending, not a deadlock
        });
        assertEquals(1_000, woke.get());
        assertEquals(pins, Stack.pinCount(), "a sleeper pinned instead of unwinding");
    }

    /** The sleeper is a parked goroutine (status and wait reason, unwound frames), not a blocked carrier. */
    @Test
    @Timeout(60) // the wait below ends when the sleeper has parked; a hang is the failure
    void dumpShowsTheSleeperParkedWithWaitReasonSleep() {
        String[] dump = new String[1];
        Go.run(() -> {
            Go.go(() -> Go.sleep(Duration.ofSeconds(30))); // dropped when main returns; its timer is cancelled
            String d = Go.dumpGoroutines();
            while (!d.contains("[sleep")) { // until the sleeper has parked (no clock involved)
                Go.gosched();
                d = Go.dumpGoroutines();
            }
            dump[0] = d;
        });
        assertTrue(dump[0].contains("SleepTest.lambda$dumpShowsTheSleeperParkedWithWaitReasonSleep"),
                "the sleeper's saved frame is named:\n" + dump[0]);
    }
}
