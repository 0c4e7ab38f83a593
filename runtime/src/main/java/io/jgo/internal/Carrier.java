package io.jgo.internal;

/**
 * A thread that runs goroutines. {@link #stack} is the stack of the goroutine it is running
 * right now, or its own g0 stack (which never suspends) between goroutines; rewritten code finds
 * it through {@code Thread.currentThread()}, an intrinsic, instead of a {@code ThreadLocal}.
 * Written only by this thread.
 */
public final class Carrier extends Thread {

    Stack stack = new Stack(null);

    public Carrier(ThreadGroup group, Runnable body, String name, long stackSize) {
        super(group, body, name, stackSize);
        setDaemon(true);
    }

    /** The stack rewritten code on this thread sees; set by g0 around each goroutine run. */
    public final void install(Stack s) {
        this.stack = s;
    }

    public final Stack installed() {
        return stack;
    }
}
