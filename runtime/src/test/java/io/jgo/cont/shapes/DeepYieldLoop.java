package io.jgo.cont.shapes;

import io.jgo.Goroutine;

/** Descends {@link #DEPTH} frames, then yields {@link #YIELDS} times in a loop at the bottom, and sums its way back up. */
public final class DeepYieldLoop extends Program {

    public static final int DEPTH = 100;
    public static final int YIELDS = 50;

    @Goroutine
    @Override
    public void run() {
        result = descend(DEPTH);
    }

    @Goroutine
    static long descend(int depth) {
        if (depth > 1) {
            long below = descend(depth - 1);
            return below + depth;
        }
        long sum = 0;
        for (int i = 0; i < YIELDS; i++) {
            sum += Yield.i(i);
        }
        return sum;
    }
}
