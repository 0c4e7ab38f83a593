package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.WaitGroup;
import io.jgo.testing.Await;
import io.jgo.testing.Pins;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Go.sleep parks the goroutine, not the carrier; sleepers are pending timers, never a deadlock. */
class SleepTest {

    @Test
    void sleepingGoroutinesAllWakeAndAreNotADeadlock() {
        AtomicInteger woke = new AtomicInteger();
        Pins.none(() -> Go.run(() -> {
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
        }));
        assertEquals(1_000, woke.get());
    }

    /** The sleeper is a parked goroutine (status and wait reason, unwound frames), not a blocked carrier. */
    @Test
    @Timeout(60) // above Await's deadline
    void dumpShowsTheSleeperParkedWithWaitReasonSleep() {
        String[] dump = new String[1];
        Pins.none(() -> Go.run(() -> {
            Go.go(() -> Go.sleep(Duration.ofSeconds(30))); // dropped when main returns; its timer is cancelled
            dump[0] = Await.dumpShows("the sleeper parked", d -> d.contains("[sleep]:"));
        }));
        assertTrue(dump[0].contains("\nio.jgo.it.SleepTest.lambda$dumpShowsTheSleeperParkedWithWaitReasonSleep"),
                "the sleeper's saved frame is named:\n" + dump[0]);
    }
}
