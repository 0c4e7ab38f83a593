package io.jgo.cont;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.cont.Differential.Path;
import io.jgo.cont.shapes.OverridesUnannotated;
import org.junit.jupiter.api.Test;

/** Problems visible in the bytecode are reported when the class is rewritten, not only when they bite. */
class RewriteWarningsTest {

    @Test
    void annotatedOverrideOfUnannotatedInterfaceMethodIsWarnedAndPinsThroughTheInterface() throws Exception {
        Differential.Run run = Differential.runBoth(Path.BUILD_TIME, OverridesUnannotated.class);
        assertEquals("0,1", run.asGoroutine);
        assertEquals(run.plain, run.asGoroutine);
        assertEquals(1, run.yields, "the direct call unwinds");
        assertEquals(1, run.pins, "the call through the unannotated interface pins");
        String reports = String.join("\n", Differential.REPORTS);
        assertTrue(reports.contains("OverridesUnannotated$Counting.next is @Goroutine but overrides")
                && reports.contains("OverridesUnannotated$Source.next"), reports);
    }
}
