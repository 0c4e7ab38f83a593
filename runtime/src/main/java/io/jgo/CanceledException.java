package io.jgo;

import java.util.concurrent.CancellationException;

/**
 * Why a context ended when it was cancelled (Go's {@code context.Canceled}); {@link Context#err()}
 * returns its one instance, {@link Context#CANCELED}: a value, like Go's sentinel error, so it has no
 * stack trace. Catch or test the type, or compare with {@code ==}.
 */
public final class CanceledException extends CancellationException {

    private static final long serialVersionUID = 1L;

    CanceledException() {
        super("context canceled");
    }

    /** The shared instance is immutable: no stack trace to fill in. */
    @Override
    public synchronized Throwable fillInStackTrace() {
        return this;
    }
}
