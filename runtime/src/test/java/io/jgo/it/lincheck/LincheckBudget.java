package io.jgo.it.lincheck;

import org.jetbrains.kotlinx.lincheck.strategy.stress.StressOptions;

/**
 * How much Lincheck stress testing a {@code mvn verify} buys: 40 scenarios of 500 invocations each,
 * {@code -Djgo.lincheck.iterations=N} and {@code -Djgo.lincheck.invocations=N} for a deeper run
 * (docs/development.md). Lincheck's threads meet at every invocation by spinning and then
 * {@code Thread.yield}, and beside busy CPUs a yield gives a whole time slice away: at 2,000
 * invocations a class took 20–27 s quiet and 262 s of its 300 s timeout in a CI run with CPU
 * burners beside it.
 */
final class LincheckBudget {

    private LincheckBudget() {
    }

    /** Stress options with the budget set; the caller adds the shape of its scenarios. */
    static StressOptions stressOptions() {
        return new StressOptions()
                .iterations(Integer.getInteger("jgo.lincheck.iterations", 40))
                .invocationsPerIteration(Integer.getInteger("jgo.lincheck.invocations", 500));
    }
}
