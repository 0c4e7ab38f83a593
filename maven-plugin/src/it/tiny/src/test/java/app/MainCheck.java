package app;

import io.jgo.Go;
import io.jgo.Goroutine;

/** A test class with goroutine code, for jgo:instrument-test. */
class MainCheck {

    @Goroutine
    static void yieldOnce() {
        Go.gosched();
    }
}
