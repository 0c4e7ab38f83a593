package io.jgo.fuzz;

import io.jgo.testing.Heavy;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import net.jqwik.api.Assume;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.Tag;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * Random programs, rewritten two ways and run under the coroutine stepper and the scheduler, must
 * compute exactly what they compute as plain Java. jqwik draws the generator's choices and, on a
 * failure, shrinks them; the failure message holds the shrunk program's source, and jqwik prints
 * the seed. How many programs: {@code -Djgo.fuzz.tries=N} (see runtime/pom.xml; CI runs a batch
 * sized to stay well within 90 s on two cores). After a failure, {@link Minimizer} cuts the smallest
 * failing program down by lines; the result goes to stderr and {@code target/fuzz/}.
 */
@Tag(Heavy.TAG) // jqwik's own tag: jqwik runs the property below and does not read io.jgo.testing.Heavy
class DifferentialFuzzTest {

    private static final AtomicLong NAMES = new AtomicLong();
    private static final SmallestFailure SMALLEST = new SmallestFailure();

    @Property(shrinking = ShrinkingMode.BOUNDED, edgeCases = EdgeCasesMode.NONE)
    void rewrittenProgramsComputeWhatPlainJavaComputes(
            @ForAll @Size(min = 300, max = 3000) List<@IntRange(min = 0, max = 9999) Integer> choices,
            @ForAll long seed) {
        ProgramSource program = ProgramGenerator.generate(choices, FuzzSettings.features(), "P" + NAMES.incrementAndGet());
        FuzzReport.dumpIfAsked(program);
        FuzzHarness.Verdict verdict = FuzzHarness.check(program, seed);
        Assume.that(!verdict.discarded());
        if (!verdict.passed()) {
            SMALLEST.offer(program, seed);
            throw new AssertionError(FuzzReport.failure(program, seed, verdict));
        }
    }

    /** After jqwik's shrinking: the smallest failing program, cut down further by lines, then the run log. */
    @AfterContainer
    static void minimizeAndLog() {
        SMALLEST.minimizeAndReport();
        FuzzReport.logTotals(Stats.TOTAL);
    }
}
