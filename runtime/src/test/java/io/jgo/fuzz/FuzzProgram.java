package io.jgo.fuzz;

import io.jgo.Goroutine;

/**
 * What every generated program extends: its {@link Trace} and a {@code @Goroutine run()}, so the
 * harness's own call of {@code run()} is a rewritten call site and the program unwinds to the
 * scheduler rather than pinning at its first frame.
 */
public abstract class FuzzProgram implements Runnable {

    /** Where the program records its values and suspends; final, so lambdas may read it. */
    protected final Trace t;

    protected FuzzProgram(Trace t) {
        this.t = t;
    }

    public Trace trace() {
        return t;
    }

    @Goroutine
    @Override
    public abstract void run();
}
