package io.jgo.net;

import io.jgo.Context;
import io.jgo.DeadlineExceededException;
import io.jgo.internal.proc.AfterCancel;
import io.jgo.internal.poll.PollDesc;
import java.io.InterruptedIOException;
import java.net.SocketTimeoutException;
import java.util.function.BooleanSupplier;

/**
 * One read or write that takes a {@link Context}, kept across the park: when the context ends,
 * its after-cancel action ({@link AfterCancel}, no thread or goroutine waits for it) wakes the
 * mode's waiters ({@link PollDesc#wake}), and the waiter, asking {@link #getAsBoolean} under the
 * descriptor's lock before it parks, fails with {@link #ended}. Nothing of the connection changes
 * (no deadline is set, nothing closes), so it stays usable, as a Go connection does after a
 * {@code context.AfterFunc} set a deadline and the next call cleared it.
 *
 * <p>Threads: built and stopped by the calling party; the action runs on the cancelling thread.
 */
final class CtxWait implements BooleanSupplier {

    private final Context ctx;
    private final AfterCancel.Handle handle;

    private CtxWait(Context ctx, AfterCancel.Handle handle) {
        this.ctx = ctx;
        this.handle = handle;
    }

    /**
     * Starts watching {@code ctx} for a wait on {@code pd}'s {@code mode}; fails at once if it has
     * ended. The caller must {@link #stop} it when the operation ends.
     */
    static CtxWait start(Context ctx, PollDesc pd, int mode, String op, Object c) throws InterruptedIOException {
        java.util.Objects.requireNonNull(ctx, "ctx");
        if (ctx.err() != null) {
            throw ended(ctx, op + " " + c);
        }
        return new CtxWait(ctx, afterCancel(ctx, () -> pd.wake(mode)));
    }

    /** {@link AfterCancel#register}, its registry installed first ({@code Context.background()} initializes {@code io.jgo.Contexts}). */
    static AfterCancel.Handle afterCancel(Context ctx, Runnable action) {
        Context.background();
        return AfterCancel.register(ctx, action);
    }

    /** Has the context ended? Asked by {@link PollDesc#prepareWait} under its lock, and by the caller's loop. */
    @Override
    public boolean getAsBoolean() {
        return ctx.err() != null;
    }

    /** The failure for this operation now that the context has ended. */
    InterruptedIOException ended(String what) {
        return ended(ctx, what);
    }

    /** The operation is over: the action is dropped. */
    void stop() {
        handle.stop();
    }

    /**
     * The failure of an operation on {@code what} because {@code ctx} ended: a
     * {@link SocketTimeoutException} for a passed deadline, else an {@link InterruptedIOException};
     * its cause is {@code ctx.err()}.
     */
    static InterruptedIOException ended(Context ctx, String what) {
        Exception err = ctx.err();
        boolean deadline = err instanceof DeadlineExceededException
                || err != null && ctx.deadline().map(t -> !java.time.Instant.now().isBefore(t)).orElse(false);
        InterruptedIOException e = deadline
                ? new SocketTimeoutException(what + ": " + err.getMessage())
                : new InterruptedIOException(what + ": " + (err == null ? "context ended" : err.getMessage()));
        e.initCause(err);
        return e;
    }
}
