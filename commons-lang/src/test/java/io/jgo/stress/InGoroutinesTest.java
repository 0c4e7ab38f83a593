package io.jgo.stress;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import org.junit.jupiter.api.Test;

/** The module's own check that its harness does what it says: test methods run in goroutines, under stress. */
class InGoroutinesTest {

    @Test
    void thisTestRunsAsAGoroutine() {
        String carrier = Thread.currentThread().getName(); // Go.run's carriers are jgo-m<N>; the machinery is not reachable from here
        assertTrue(carrier.matches("jgo-m\\d+"), "expected to run in a goroutine, on a carrier, not on " + carrier);
        assertTrue(Double.parseDouble(System.getProperty("jgo.stress", "0")) > 0, "the agent's stress= sets the runtime's property");
        assertTrue(Go.maxProcs() >= 1);
    }
}
