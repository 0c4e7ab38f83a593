package io.jgo.internal.sched;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A timer armed from a plain thread on a runtime that has not started a carrier yet (the default
 * runtime when a plain thread's first jgo call is {@code Context.withTimeout} or {@code Go.after})
 * fires: arming it starts an M, as Go's {@code wakeNetPoller} calls {@code wakep}. It used to sit on
 * its heap with nobody to run it.
 */
@Timeout(60)
class FreshRuntimeTimerTest {

    @Test
    void aTimerArmedOnAFreshRuntimeFires() throws InterruptedException {
        Sched s = new Sched(new Config().maxProcs(2).name("fresh-timer"));
        try {
            CountDownLatch fired = new CountDownLatch(1);
            new RuntimeTimer(s, t -> fired.countDown()).reset(1_000_000L);
            assertTrue(fired.await(30, TimeUnit.SECONDS), "the timer never fired");
        } finally {
            s.shutdown();
        }
    }
}
