package io.jgo.it.lincheck;

import io.jgo.PanicException;
import io.jgo.Semaphore;
import io.jgo.testing.Heavy;
import org.jetbrains.kotlinx.lincheck.LinChecker;
import org.jetbrains.kotlinx.lincheck.annotations.Operation;
import org.jetbrains.kotlinx.lincheck.annotations.Param;
import org.jetbrains.kotlinx.lincheck.paramgen.LongGen;
import org.jetbrains.kotlinx.lincheck.strategy.stress.StressOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Linearizability of the weighted {@link Semaphore}'s non-blocking operations against a sequential
 * specification ({@link Spec}: units held out of the size), in Lincheck's stress mode. Plain threads
 * race {@code tryAcquire} and {@code release} of 1 or 2 units on a semaphore of 3, so a request that
 * does not fit, a release of more than is held (a panic that must change nothing) and the exact
 * fill all come up. Only operations that never wait are used (a blocked {@code acquire} is covered by
 * the scheduler tests); the shape is {@link MutexLincheckTest}'s.
 */
@Timeout(300)
@Heavy
class SemaphoreLincheckTest {

    private static final long SIZE = 3;

    @Test
    void tryAcquireAndReleaseAreLinearizable() {
        StressOptions options = LincheckBudget.stressOptions()
                .threads(3)
                .actorsPerThread(3)
                .actorsBefore(1)
                .actorsAfter(1)
                .sequentialSpecification(Spec.class);
        LinChecker.check(Ops.class, options);
    }

    /** The concurrent object under test: one semaphore of {@link #SIZE} units. */
    @Param(name = "n", gen = LongGen.class, conf = "1:2")
    public static class Ops {
        private final Semaphore sem = new Semaphore(SIZE);

        @Operation
        public boolean tryAcquire(@Param(name = "n") long n) {
            return sem.tryAcquire(n);
        }

        /** Releases; the panic for releasing more than is held is reported as its message. */
        @Operation
        public String release(@Param(name = "n") long n) {
            try {
                sem.release(n);
                return "released";
            } catch (PanicException e) {
                return e.getMessage(); // "semaphore: released more than held"
            }
        }
    }

    /** The sequential specification: x/sync's semaphore, one operation at a time, nobody waiting. */
    public static class Spec {
        private long held;

        public boolean tryAcquire(long n) {
            if (SIZE - held < n) {
                return false;
            }
            held += n;
            return true;
        }

        public String release(long n) {
            if (held - n < 0) {
                return "semaphore: released more than held";
            }
            held -= n;
            return "released";
        }
    }
}
