package io.jgo.fuzz;

import org.junit.jupiter.api.Test;

class ScratchTest {
    @Test
    void scratch() {
        for (RegressionPrograms.Entry e : RegressionPrograms.in("scratch")) {
            FuzzHarness.Verdict v = FuzzHarness.check(e.program(), e.seed());
            System.err.println("==== " + e.name() + " passed=" + v.passed() + " expected=" + v.expected());
            v.failures().forEach(f -> System.err.println("  " + f));
        }
    }
}
