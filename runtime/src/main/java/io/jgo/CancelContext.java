package io.jgo;

/**
 * A {@link Context} its owner can cancel: what {@link Context#withCancel}, {@link Context#withTimeout}
 * and {@link Context#withDeadline} return. As in Go, call {@link #cancel()} when the work it
 * guards is over, also when it succeeded: that stops its timer and detaches it from its parent.
 * {@link #close()} is {@link #cancel()}, for try-with-resources.
 */
public interface CancelContext extends Context, AutoCloseable {

    /** Cancels this context and its children with {@link Context#CANCELED}; later calls do nothing. */
    void cancel();

    /** {@link #cancel()}. */
    @Override
    void close();
}
