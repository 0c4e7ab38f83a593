package io.jgo.bench.macro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.internal.Stack;
import org.junit.jupiter.api.Test;

/**
 * The runtime's tests run on JDK 17; this module is built and tested with JDK 21+ (Loom's), so it
 * checks that real suspension works there too: the jgo side of the macro workloads (rewritten at
 * build time) runs, checks its own results, and never pins.
 */
class JgoOnNewerJdkTest {

    @Test
    void jgoWorkloadsSuspendAndResumeOnJdk21Plus() throws Exception {
        assertTrue(Runtime.version().feature() >= 21, "expected the toolchain's JDK 21+, got " + Runtime.version());
        long pins = Stack.pinCount();
        for (Workload w : new Workload[] {new Skynet(10_000), new GoschedStorm(100, 100), new SpawnJoin(10_000, 100)}) {
            for (int p : new int[] {1, 2}) {
                double figure = w.plan(Contender.JGO, p).run().once(); // each run checks its own result
                assertTrue(figure > 0, w.name() + " p=" + p);
            }
        }
        assertEquals(pins, Stack.pinCount(), "a goroutine pinned instead of unwinding");
    }
}
