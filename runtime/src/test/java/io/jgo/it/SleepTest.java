package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.WaitGroup;
import io.jgo.internal.Stack;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

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

    /** The sleeper is a parked goroutine (status and wait reason), not a blocked carrier. */
    @Test
    void dumpShowsTheSleeperParkedWithWaitReasonSleep() {
        String[] dump = new String[1];
        Go.run(() -> {
            WaitGroup wg = new WaitGroup();
            wg.add(1);
            Go.go(() -> {
                Go.sleep(Duration.ofMillis(300));
                wg.done();
            });
            for (int i = 0; i < 20; i++) {
                Go.gosched();
            }
            dump[0] = Go.dumpGoroutines();
            wg.await();
        });
        assertTrue(dump[0].contains("[sleep"), dump[0]);
    }
}
