package io.jgo;

import java.util.concurrent.CancellationException;

/**
 * Why a context ended when its deadline passed (Go's {@code context.DeadlineExceeded});
 * {@link Context#err()} returns the one instance {@link Context#DEADLINE_EXCEEDED}, which has no
 * stack trace. Not a {@link CanceledException}: the two tell apart a cancel from a timeout, as
 * Go's two errors do; both are {@link CancellationException}s.
 */
public final class DeadlineExceededException extends CancellationException {

    private static final long serialVersionUID = 1L;

    DeadlineExceededException() {
        super("context deadline exceeded");
    }

    /** The shared instance is immutable: no stack trace to fill in. */
    @Override
    public synchronized Throwable fillInStackTrace() {
        return this;
    }
}
