package io.jgo.cont.shapes;

import io.jgo.Goroutine;
import java.util.ArrayList;
import java.util.List;

/**
 * Exceptions thrown in a frame after a resume and caught 1, 2 and 10 frames out, checked and
 * unchecked, with suspensions in the frames they cross (before the throw, in catch blocks and in
 * {@code finally} blocks on the way out), so that the frames an exception crosses are frames that
 * were saved and re-entered. What the exception crosses is logged, so a handler run twice, a
 * {@code finally} skipped or a local restored wrong changes the result.
 */
public final class CrossingFrames extends Program {

    /** A checked exception, so the rewrite sees a method that declares what it throws. */
    public static final class Checked extends Exception {
        private static final long serialVersionUID = 1L;

        public Checked(String message) {
            super(message);
        }
    }

    @Goroutine
    @Override
    public void run() {
        List<String> log = new ArrayList<>();
        for (int out : new int[] {1, 2, 10}) {
            try {
                log.add("checked " + out + " -> " + Yield.i(descendChecked(out, out, log)));
            } catch (Checked e) {
                log.add(Yield.a("caught checked " + out + ": " + e.getMessage()));
            }
            try {
                log.add("unchecked " + out + " -> " + descendUnchecked(out, out * 100L, log));
            } catch (IllegalArgumentException e) {
                log.add(Yield.a("caught unchecked " + out + ": " + e.getMessage()));
            }
        }
        log.add("caught inside: " + catchInside(10, log));
        result = String.join("\n", log);
    }

    /** Goes {@code n} frames deeper (each suspending on the way down and in its finally), then throws a checked exception. */
    @Goroutine
    static int descendChecked(int n, int tag, List<String> log) throws Checked {
        int local = Yield.i(n * 7 + tag);
        try {
            if (n == 1) {
                Yield.here();
                throw new Checked("from the bottom, tag " + tag + ", local " + local);
            }
            return descendChecked(n - 1, tag, log) + local;
        } finally {
            log.add("finally checked " + Yield.i(n) + " local " + local);
        }
    }

    /** The same with an unchecked exception, a {@code long} on the operand stack under the call, and no finally. */
    @Goroutine
    static long descendUnchecked(int n, long acc, List<String> log) {
        long mine = Yield.j(acc + n);
        if (n == 1) {
            Yield.here();
            throw new IllegalArgumentException("bottom, acc " + mine);
        }
        log.add("down " + n);
        return mine * 3 + descendUnchecked(n - 1, mine, log);
    }

    /** Catches, 10 frames up, an exception thrown after a resume, then suspends in the handler and carries on. */
    @Goroutine
    static String catchInside(int depth, List<String> log) {
        String where;
        try {
            where = "returned " + throwing(depth);
        } catch (IllegalStateException e) {
            where = Yield.a("handler: " + e.getMessage());
        }
        log.add(Yield.a(where));
        return where + " / " + Yield.i(depth);
    }

    @Goroutine
    static int throwing(int n) {
        double d = Yield.d(n / 4.0);
        if (n == 0) {
            throw new IllegalStateException("thrown with d=" + d);
        }
        return throwing(n - 1) + (int) d;
    }
}
