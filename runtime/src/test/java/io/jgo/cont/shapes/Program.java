package io.jgo.cont.shapes;

import io.jgo.Goroutine;

/**
 * A test program for the differential shape tests: {@link #run} computes {@link #result}; the
 * harness runs it as plain Java and as a coroutine that yields at every {@link Yield} point.
 */
public abstract class Program implements Runnable {

    public Object result;

    @Goroutine
    @Override
    public abstract void run();
}
