package io.jgo.stress;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.internal.Stack;
import org.junit.jupiter.api.Test;

/** The module's own check that its harness does what it says: test methods run in goroutines, under stress. */
class InGoroutinesTest {

    @Test
    void thisTestRunsAsAGoroutine() {
        assertTrue(Stack.current().isGoroutine(), "expected to run in a goroutine");
        assertTrue(Double.parseDouble(System.getProperty("jgo.stress", "0")) > 0, "the agent's stress= sets the runtime's property");
        assertTrue(Go.maxProcs() >= 1);
    }
}
