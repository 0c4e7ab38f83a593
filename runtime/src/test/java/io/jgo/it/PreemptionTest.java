package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Time-slice preemption with the real sysmon: a goroutine that spins calling a rewritten method is
 * asked to yield after 10 ms and does so at that method's prologue, so at GOMAXPROCS 1 another
 * goroutine gets to run and stop it. (A loop that calls nothing rewritten cannot be preempted by
 * the scheduler alone: that needs the instrumenter's back-edge polls, {@code -Djgo.preempt=loops};
 * until then sysmon only takes such a goroutine's P away after a second slice.)
 */
@Timeout(60)
class PreemptionTest {

    @Test
    void spinningGoroutineWithCallsDoesNotStopAnother() {
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong spins = new AtomicLong();
        Go.run(() -> {
            Go.maxProcs(1);
            WaitGroup wg = new WaitGroup();
            wg.add(2);
            Go.go(() -> {
                while (!stop.get()) {
                    step(spins);
                }
                wg.done();
            });
            Go.go(() -> {
                stop.set(true); // runs only if the spinner was preempted
                wg.done();
            });
            wg.await();
        });
        assertTrue(stop.get());
        assertTrue(spins.get() > 0);
    }

    /** Rewritten (it may suspend), so its prologue answers a preemption request. */
    @Goroutine
    static void step(AtomicLong spins) {
        if (spins.incrementAndGet() < 0) {
            Go.gosched();
        }
    }
}
