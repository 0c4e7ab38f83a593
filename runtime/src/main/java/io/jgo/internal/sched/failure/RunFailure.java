package io.jgo.internal.sched.failure;

import io.jgo.DeadlockException;
import io.jgo.PanicException;

/**
 * What {@code Go.run} throws for the failure that ended its run, made on the calling thread (M0,
 * the thread that called {@code Go.run}), so that its stack is {@code Go.run}'s and its caller's,
 * not that of the carrier that recorded the panic.
 *
 * <p>One departure from DESIGN.md's "{@code Go.run} throws {@code PanicException}": a failed
 * assertion ({@link AssertionError}, JUnit's {@code AssertionFailedError} included) escaping any
 * goroutine is thrown as it is, with a {@link PanicException} naming the goroutine added to it as
 * suppressed, so that a test framework reports a failed assertion inside {@code Go.run} as a
 * failure, not as an error. Every other exception is wrapped as DESIGN.md says.
 */
public final class RunFailure {

    private RunFailure() {
    }

    /**
     * {@code f} (the panic recorded for the run, later ones suppressed in it) as {@code Go.run}
     * throws it: its own stack filled in here, or, for a failed assertion, the assertion itself.
     * M0 only.
     */
    public static RuntimeException onCaller(PanicException f) {
        if (f.getCause() instanceof AssertionError && !(f instanceof DeadlockException)) {
            AssertionError assertion = (AssertionError) f.getCause();
            PanicException where = new PanicException(f.getMessage()); // names the goroutine; stack: here
            for (Throwable later : f.getSuppressed()) {
                where.addSuppressed(later);
            }
            assertion.addSuppressed(where);
            throw assertion;
        }
        f.fillInStackTrace();
        return f;
    }
}
