package io.jgo.internal;

/**
 * A thread that runs goroutines. {@link #stack} is the stack of the goroutine it is running
 * right now, or its own g0 stack (which never suspends) between goroutines; rewritten code finds
 * it through {@code Thread.currentThread()}, an intrinsic, instead of a {@code ThreadLocal}.
 * Written only by this thread, through {@link ThreadStacks#installOnCurrentThread}.
 */
public final class Carrier extends Thread {

    Stack stack = new Stack(null);

    public Carrier(ThreadGroup group, Runnable body, String name, long stackSize) {
        super(group, body, name, stackSize);
        setDaemon(true);
    }
}
