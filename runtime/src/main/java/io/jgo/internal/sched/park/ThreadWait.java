package io.jgo.internal.sched.park;

/**
 * What a plain thread blocked in a jgo call waits for, as {@link PlainThreads#await} (the one wait
 * loop every plain-thread waiter goes through) sees it: whether the wait is over, and how to end it
 * by the thread's own deadline or interrupt. Implemented by the wait records themselves
 * ({@link Waiter}, {@link SelectWait}, {@code park.Park}, the blocking locks' {@code LockWait}), so a
 * wait allocates nothing for it.
 */
public interface ThreadWait {

    /** Is the wait over? A volatile read, paired with the write of whoever ended it, before it unparked the thread. */
    boolean isOver();

    /**
     * The thread's deadline has passed: end the wait (a source racing to end it, as any other: it may
     * lose to one that won first). Only for a timed {@link PlainThreads#await}; the waiting thread.
     */
    default void endByDeadline() {
        throw new IllegalStateException(getClass().getName() + " is not a timed wait");
    }

    /**
     * The thread was interrupted in an interruptible wait: end the wait (it may lose to a source that
     * won first). Afterwards {@link #isOver} must be true. Only for an interruptible
     * {@link PlainThreads#await}; the waiting thread.
     */
    default void endByInterrupt() {
        throw new IllegalStateException(getClass().getName() + " is not an interruptible wait");
    }
}
