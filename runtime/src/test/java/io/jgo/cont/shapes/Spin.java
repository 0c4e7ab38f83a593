package io.jgo.cont.shapes;

import io.jgo.Goroutine;

/** A CPU hog: a loop with no call in it, long enough to be asked to yield many times. */
public final class Spin extends Program {

    @Goroutine
    @Override
    public void run() {
        long acc = 17;
        for (long i = 0; i < 50_000_000L; i++) {
            acc = acc * 6364136223846793005L + i;
        }
        result = acc;
    }
}
