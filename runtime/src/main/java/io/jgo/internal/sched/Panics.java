package io.jgo.internal.sched;

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
final class Panics {

    private Panics() {
    }

    /** g0 of the M the goroutine ran on. */
    static void onPanic(Sched sched, G g, Throwable t) {
        String what = t instanceof PanicException ? t.getMessage() : t.toString();
        String message = "panic: " + what + " [goroutine " + g.id + (g.main ? ", main" : "") + "]";
        if (sched.m0 != null && sched.fail(new PanicException(message, t))) {
            return; // Go.run throws it; once Go.run has returned, it is printed below
        }
        StringWriter out = new StringWriter();
        PrintWriter w = new PrintWriter(out);
        w.println("jgo: " + message);
        w.println();
        w.println("goroutine " + g.id + " [running]:");
        t.printStackTrace(w);
        w.flush();
        System.err.print(out);
    }
}
