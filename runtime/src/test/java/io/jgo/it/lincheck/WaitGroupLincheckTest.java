package io.jgo.it.lincheck;

import io.jgo.PanicException;
import io.jgo.WaitGroup;
import io.jgo.testing.Heavy;
import org.jetbrains.kotlinx.lincheck.LinChecker;
import org.jetbrains.kotlinx.lincheck.annotations.Operation;
import org.jetbrains.kotlinx.lincheck.annotations.Param;
import org.jetbrains.kotlinx.lincheck.paramgen.IntGen;
import org.jetbrains.kotlinx.lincheck.strategy.managed.modelchecking.ModelCheckingOptions;
import org.jetbrains.kotlinx.lincheck.strategy.stress.StressOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Linearizability of {@link WaitGroup}'s non-blocking operations against a sequential specification
 * ({@link Spec}: the counter), in Lincheck's stress mode. Plain threads race {@code add} (of -1 to 2),
 * {@code done} and {@code tryAwait}, the non-blocking form of {@code await}: the counter's zero
 * crossings, and Go's panic on a negative counter (the counter stays negative, as in Go). The same
 * scenarios also run in Lincheck's model-checking mode, which switches threads at every access of
 * the state word and explores the interleavings systematically. A blocking {@code await} cannot be
 * used: a run cannot let a thread block for ever (it is covered by {@code WaitGroupStressTest} and
 * the scheduler tests). The shape is {@link MutexLincheckTest}'s.
 */
@Timeout(300)
@Heavy
class WaitGroupLincheckTest {

    @Test
    void addDoneAndTryAwaitAreLinearizable() {
        StressOptions options = LincheckBudget.stressOptions()
                .threads(3)
                .actorsPerThread(3)
                .actorsBefore(1)
                .actorsAfter(1)
                .sequentialSpecification(Spec.class);
        LinChecker.check(Ops.class, options);
    }

    @Test
    void addDoneAndTryAwaitAreLinearizableInEveryExploredInterleaving() {
        ModelCheckingOptions options = LincheckBudget.modelCheckingOptions()
                .threads(3)
                .actorsPerThread(3)
                .actorsBefore(1)
                .actorsAfter(1)
                .sequentialSpecification(Spec.class);
        LinChecker.check(Ops.class, options);
    }

    /** The concurrent object under test: one wait group. */
    @Param(name = "delta", gen = IntGen.class, conf = "-1:2")
    public static class Ops {
        private final WaitGroup wg = new WaitGroup();

        /** Adds; Go's panic for a negative counter is reported as its message. */
        @Operation
        public String add(@Param(name = "delta") int delta) {
            try {
                wg.add(delta);
                return "added";
            } catch (PanicException e) {
                return e.getMessage(); // "sync: negative WaitGroup counter"
            }
        }

        @Operation
        public String done() {
            return add(-1);
        }

        @Operation
        public boolean tryAwait() {
            return wg.tryAwait();
        }
    }

    /** The sequential specification: Go's WaitGroup counter, one operation at a time. */
    public static class Spec {
        private long counter;

        public String add(int delta) {
            counter += delta;
            return counter < 0 ? "sync: negative WaitGroup counter" : "added";
        }

        public String done() {
            return add(-1);
        }

        public boolean tryAwait() {
            return counter == 0;
        }
    }
}
