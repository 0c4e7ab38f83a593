package io.jgo.it.lincheck;

import org.jetbrains.kotlinx.lincheck.strategy.managed.modelchecking.ModelCheckingOptions;
import org.jetbrains.kotlinx.lincheck.strategy.stress.StressOptions;

/**
 * How much Lincheck stress testing a {@code mvn verify} buys: 40 scenarios of 500 invocations each,
 * {@code -Djgo.lincheck.iterations=N} and {@code -Djgo.lincheck.invocations=N} for a deeper run
 * (docs/development.md). Lincheck's threads meet at every invocation by spinning and then
 * {@code Thread.yield}, and beside busy CPUs a yield gives a whole time slice away: at 2,000
 * invocations a class took 20–27 s quiet and 262 s of its 300 s timeout in a CI run with CPU
 * burners beside it. Model checking costs more per invocation (every shared access is a switch
 * point: 40 × 500 took 143 s of a loaded machine for {@code WaitGroupLincheckTest}), so it gets
 * 10 scenarios of 200 invocations; the same two properties deepen it.
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

    /** Model-checking options with the budget set; the caller adds the shape of its scenarios. */
    static ModelCheckingOptions modelCheckingOptions() {
        return new ModelCheckingOptions()
                .iterations(Integer.getInteger("jgo.lincheck.iterations", 10))
                .invocationsPerIteration(Integer.getInteger("jgo.lincheck.invocations", 200));
    }
}
