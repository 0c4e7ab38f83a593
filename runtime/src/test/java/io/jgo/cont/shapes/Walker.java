package io.jgo.cont.shapes;

import io.jgo.Goroutine;

/**
 * A rewritten interface with a default and a static suspending method and no field of its own
 * ({@link InterfaceYieldLoop}): the frames g0 re-enters alone after each yield are its own.
 */
public interface Walker {

    int YIELDS = 30;

    @Goroutine
    default long descend(int depth) {
        if (depth > 1) {
            long below = descend(depth - 1);
            return below + depth;
        }
        return bottom();
    }

    @Goroutine
    static long bottom() {
        long sum = 0;
        for (int i = 0; i < YIELDS; i++) {
            sum += Yield.i(i);
        }
        return sum;
    }
}
