package io.jgo.cont.shapes;

import io.jgo.Goroutine;

/** 10,000 suspended frames: suspends at the bottom of a 10,000-deep recursion and resumes. */
public final class DeepRecursion extends Program {

    public static final int DEPTH = 10_000;

    @Goroutine
    @Override
    public void run() {
        result = down(DEPTH);
    }

    @Goroutine
    static long down(int n) {
        if (n == 0) {
            Yield.here();
            Yield.here();
            return 0;
        }
        long below = down(n - 1);
        return below + n;
    }
}
