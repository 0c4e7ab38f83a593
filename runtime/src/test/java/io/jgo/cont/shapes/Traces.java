package io.jgo.cont.shapes;

import io.jgo.Goroutine;

/** Throws after a resume, three frames deep, so the test can read the stack trace's lines. */
public final class Traces extends Program {

    public static final int THROW_LINE = 27;   // the line of the throw below
    public static final int CALL_LINE = 21;    // the line of middle()'s call to thrower()
    public static final int RUN_LINE = 15;     // the line of run()'s call to middle()

    @Goroutine
    @Override
    public void run() {
        result = middle();
    }

    @Goroutine
    static int middle() {
        Yield.here();
        return thrower() + 1;
    }

    @Goroutine
    static int thrower() {
        Yield.here();
        throw new IllegalStateException("after resume");
    }
}
