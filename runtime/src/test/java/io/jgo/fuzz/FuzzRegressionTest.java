package io.jgo.fuzz;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every program the fuzzer ever found diverging, run through the same harness as the fuzzer.
 * {@code regressions/}: defects that are fixed; each must now compute what plain Java computes.
 * {@code pending/}: defects not yet fixed on main; each must still diverge, so that the fix shows
 * up here as a failure that says to move the program to {@code regressions/}.
 */
class FuzzRegressionTest {

    static List<RegressionPrograms.Entry> fixed() {
        return RegressionPrograms.in("regressions");
    }

    static List<RegressionPrograms.Entry> pending() {
        return RegressionPrograms.in("pending");
    }

    @ParameterizedTest(name = "{0}", allowZeroInvocations = true)
    @MethodSource("fixed")
    void foundProgramComputesWhatPlainJavaComputes(RegressionPrograms.Entry entry) {
        FuzzHarness.Verdict verdict = FuzzHarness.check(entry.program(), entry.seed());
        assertFalse(verdict.discarded(), "the program no longer ends");
        assertTrue(verdict.passed(), () -> FuzzReport.failure(entry.program(), entry.seed(), verdict));
    }

    @ParameterizedTest(name = "{0}", allowZeroInvocations = true)
    @MethodSource("pending")
    void knownDefectStillReproduces(RegressionPrograms.Entry entry) {
        FuzzHarness.Verdict verdict = FuzzHarness.check(entry.program(), entry.seed());
        assertFalse(verdict.passed(), entry.name() + " now computes what plain Java computes: its defect is fixed."
                + " Move it from src/test/resources/io/jgo/fuzz/pending/ to regressions/ and put its feature back in"
                + " FuzzSettings.CI.");
    }
}
