package io.jgo.internal.sched.failure;

import io.jgo.PanicException;
import java.io.PrintWriter;
import java.io.StringWriter;

/**
 * An exception escaped a goroutine. In a {@code Go.run} runtime it ends the run, as a panic ends a
 * Go program: {@code Go.run} throws a {@link PanicException} naming the goroutine, with the
 * original as its cause (later ones are added to it as suppressed). In the default runtime, or once
 * {@code Go.run} has returned, it is printed (goroutine id and stack) and the other goroutines carry
 * on. Never lost.
 */
public final class Panics {

    private Panics() {
    }

    /**
     * g0 of the M the goroutine ran on. Never throws: a report that fails (out of memory, most
     * likely, when the goroutine died of it) is tried once more, now that the goroutine's frames
     * are gone and what they held may be free, and then replaced by a preallocated one, so the
     * carrier never dies of a goroutine's failure and {@code Go.run} always learns of it.
     */
    public static void onPanic(Failures failures, long goid, boolean main, Throwable t) {
        try {
            report(failures, goid, main, t);
        } catch (Throwable first) {
            try {
                report(failures, goid, main, t);
            } catch (Throwable second) {
                unreportable(failures);
            }
        }
    }

    /** The last resort of {@link #onPanic}: allocates nothing that can fail in a way that escapes. */
    static void unreportable(Failures failures) {
        try {
            if (failures.isRunRuntime() && failures.fail(failures.unreportable)) {
                return;
            }
        } catch (Throwable ignored) {
            return; // the failure was recorded before what threw (adding it as suppressed): Go.run throws it
        }
        try {
            System.err.println(UNREPORTABLE);
        } catch (Throwable ignored) {
            // nothing left to say it with
        }
    }

    /**
     * Loads and initializes this class when a runtime starts: under an {@code OutOfMemoryError} its
     * first use would have to load it, and the failure to load it would escape the very handlers
     * that must not throw.
     */
    public static void preload() {
        // the call is the point
    }

    /** Also the last resort of {@code Failures.fatal}: a runtime thread's error, not only a goroutine's. */
    static final String UNREPORTABLE = "jgo: panic: a goroutine or the runtime's own code failed with an error that"
            + " could not be reported (out of memory while reporting it)";

    private static void report(Failures failures, long goid, boolean main, Throwable t) {
        String what = t instanceof PanicException ? t.getMessage() : t.toString();
        String message = "panic: " + what + " [goroutine " + goid + (main ? ", main" : "") + "]";
        if (failures.isRunRuntime() && failures.fail(new PanicException(message, t))) {
            return; // Go.run throws it; once Go.run has returned, it is printed below
        }
        StringWriter out = new StringWriter();
        PrintWriter w = new PrintWriter(out);
        w.println("jgo: " + message);
        w.println();
        w.println("goroutine " + goid + " [running]:");
        t.printStackTrace(w);
        w.flush();
        System.err.print(out);
    }
}
