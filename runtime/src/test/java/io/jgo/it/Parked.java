package io.jgo.it;

import io.jgo.Go;
import io.jgo.Goroutine;

/** Waits, without a clock, until goroutines have parked with a given wait reason (read from the dump). */
final class Parked {

    private Parked() {
    }

    /** Yields until the dump of the current runtime shows at least {@code n} goroutines waiting for {@code reason}. */
    @Goroutine
    static void await(String reason, int n) {
        for (int tries = 1; count(Go.dumpGoroutines(), "[" + reason + "]") < n; tries++) {
            if (tries % 10_000 == 0) {
                System.err.println("still waiting for " + n + " x [" + reason + "]:\n" + Go.dumpGoroutines());
            }
            Go.gosched();
        }
    }

    static int count(String text, String what) {
        int c = 0;
        for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) {
            c++;
        }
        return c;
    }
}
