package io.jgo.it.lincheck;

import io.jgo.Mutex;
import io.jgo.PanicException;
import io.jgo.testing.Heavy;
import org.jetbrains.kotlinx.lincheck.LinChecker;
import org.jetbrains.kotlinx.lincheck.annotations.Operation;
import org.jetbrains.kotlinx.lincheck.strategy.stress.StressOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Linearizability of {@link Mutex}'s non-blocking operations against a sequential specification
 * ({@link Spec}: a held flag), in Lincheck's stress mode. Plain threads race {@code tryLock} and
 * {@code unlock}, so the one-CAS fast paths meet the unlock slow path (the wait list's lock, the
 * "unlock of unlocked mutex" panic, which must leave the mutex as it was). Only operations that never
 * wait are used: a stress run cannot let a thread block for ever ({@code lock} with the mutex held is
 * covered by the scheduler tests). The shape to copy for a new primitive: an {@code Ops} class
 * calling the primitive, a {@code Spec} class with the same methods on plain state, and
 * {@link LincheckBudget}'s options.
 */
@Timeout(300)
@Heavy
class MutexLincheckTest {

    @Test
    void tryLockAndUnlockAreLinearizable() {
        StressOptions options = LincheckBudget.stressOptions()
                .threads(3)
                .actorsPerThread(3)
                .actorsBefore(1)
                .actorsAfter(1)
                .sequentialSpecification(Spec.class);
        LinChecker.check(Ops.class, options);
    }

    /** The concurrent object under test: one mutex. */
    public static class Ops {
        private final Mutex mu = new Mutex();

        @Operation
        public boolean tryLock() {
            return mu.tryLock();
        }

        /** Unlocks; Go's panic for an unlocked mutex is reported as its message. */
        @Operation
        public String unlock() {
            try {
                mu.unlock();
                return "unlocked";
            } catch (PanicException e) {
                return e.getMessage(); // "sync: unlock of unlocked mutex"
            }
        }
    }

    /** The sequential specification: what Go's mutex does, one operation at a time. */
    public static class Spec {
        private boolean held;

        public boolean tryLock() {
            if (held) {
                return false;
            }
            held = true;
            return true;
        }

        public String unlock() {
            if (!held) {
                return "sync: unlock of unlocked mutex";
            }
            held = false;
            return "unlocked";
        }
    }
}
