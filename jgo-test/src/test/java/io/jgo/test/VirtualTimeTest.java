package io.jgo.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.WaitGroup;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Sleeps and Thread.sleep run on the bubble's virtual clock, in the order a real clock would give. */
class VirtualTimeTest {

    @GoTest
    void anHourOfSleepTakesExactlyAnHourOfVirtualTime() {
        Go.sleep(Duration.ofHours(1));
        assertEquals(Duration.ofHours(1), Bubble.elapsed());
    }

    @GoTest
    void threadSleepInRewrittenCodeIsVirtual() throws InterruptedException {
        Thread.sleep(90_000);
        assertEquals(Duration.ofSeconds(90), Bubble.elapsed());
    }

    @GoTest
    void sleepersWakeInDeadlineOrder() {
        List<Integer> order = new ArrayList<>();
        WaitGroup wg = new WaitGroup();
        for (int i = 5; i >= 1; i--) {
            int n = i;
            wg.add(1);
            Go.go(() -> {
                Go.sleep(Duration.ofMinutes(n));
                order.add(n);
                wg.done();
            });
        }
        wg.await();
        assertEquals(List.of(1, 2, 3, 4, 5), order);
        assertEquals(Duration.ofMinutes(5), Bubble.elapsed());
    }

    @GoTest
    void timeStandsStillWhileAGoroutineCanRun() {
        Chan<Integer> ch = Chan.make();
        Go.go(() -> {
            long sum = 0;
            for (int i = 0; i < 100_000; i++) {
                sum += i;
            }
            ch.send((int) (sum & 0xff));
        });
        ch.recv();
        assertEquals(Duration.ZERO, Bubble.elapsed());
    }

    @GoTest(virtualTime = false)
    void aRealClockBubbleSleepsForReal() {
        Go.sleep(Duration.ofMillis(20));
        assertTrue(Bubble.elapsed().compareTo(Duration.ofMillis(20)) >= 0, () -> "elapsed " + Bubble.elapsed());
    }
}
