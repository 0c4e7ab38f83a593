package io.jgo.internal.cont;

/**
 * A thread that runs goroutines. {@link #stack} is the stack of the goroutine it is running
 * right now, or its own g0 stack (which never suspends) between goroutines; rewritten code finds
 * it through {@code Thread.currentThread()}, an intrinsic, instead of a {@code ThreadLocal}
 * ({@code Stack.current()}). Written only by this thread, through {@link ThreadStacks#installOnCurrentThread}.
 * The class is concealed in the runtime module: {@code Stack.current()} trusts every {@code Carrier}.
 */
public final class Carrier extends Thread {

    Continuation stack;
    /**
     * What this carrier's g0 is firing timers for (the scheduler's P in {@code Timers.check}), or
     * null: a field rather than a {@code ThreadLocal}, since goroutines' maps are swapped in and
     * out of the carrier and g0 keeps none. Own thread only.
     */
    private Object firingTimersOf;
    /** g0's buffer for laying out saved records (a field, not a {@code ThreadLocal}, as above). Own thread only. */
    Object reorderScratch;

    /**
     * A daemon carrier that inherits no {@code InheritableThreadLocal} values from the thread that
     * starts it: its goroutines bring their own (see {@code io.jgo.internal.sched.Identity}).
     * {@code g0} is its own stack, which never suspends.
     */
    public Carrier(ThreadGroup group, Runnable body, String name, long stackSize, Continuation g0) {
        super(group, body, name, stackSize, false);
        this.stack = g0;
        setDaemon(true);
    }

    /** The stack installed on this carrier (see {@link #stack}). */
    public Continuation stack() {
        return stack;
    }

    /** See {@link #firingTimersOf}; called by the carrier's own thread. */
    public void firingTimersOf(Object p) {
        firingTimersOf = p;
    }

    /** What the calling thread's g0 is firing timers for, or null (also on any other kind of thread). */
    public static Object firingTimersOfCurrent() {
        Thread t = Thread.currentThread();
        return t instanceof Carrier ? ((Carrier) t).firingTimersOf : null;
    }
}
