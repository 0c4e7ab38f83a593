package io.jgo;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * Go's {@code context.Context}: a cancellation signal, a deadline and request-scoped values that
 * travel down a tree of calls and goroutines.
 *
 * <pre>{@code
 * try (CancelContext ctx = Context.withTimeout(Context.background(), Duration.ofSeconds(1))) {
 *     Select.select(
 *             Select.recv(results, r -> use(r)),
 *             Select.recv(ctx.done(), x -> System.out.println("gave up: " + ctx.err())));
 * }   // close() cancels: the timer stops, ctx leaves its parent
 * }</pre>
 *
 * <ul>
 *   <li>{@link #done()} is closed when the context is cancelled (a receive then returns at once), so
 *       it can be a {@link Select} case; {@link #background()}'s is {@code null}, Go's nil channel:
 *       a select case on it is never ready.</li>
 *   <li>{@link #err()} is null while the context is active, then why it ended: the singleton
 *       {@link #CANCELED} (a {@link CanceledException}) after a cancel, or {@link #DEADLINE_EXCEEDED}
 *       (a {@link DeadlineExceededException}) after the deadline. Compare with {@code ==} as Go
 *       compares with {@code context.Canceled}, or test the type.</li>
 *   <li>Cancelling a context cancels its children, never its parent; a child cancelled on its own
 *       leaves its parent, so a long-lived parent does not keep finished children.</li>
 *   <li>{@link #deadline()} is the earlier of a context's own deadline and its parent's.</li>
 *   <li>{@link #value(Object)} looks a key up the chain of {@link #withValue} contexts.</li>
 * </ul>
 * Contexts are safe to use from any goroutine or thread. The timer of {@link #withTimeout} and
 * {@link #withDeadline} is a jgo timer (no thread waits on it); cancelling stops it.
 *
 * <p>A {@code Context} implemented outside jgo can be a parent: its children are cancelled by a
 * goroutine that waits on its {@link #done()} until either of them ends.
 */
public interface Context {

    /** {@link #err()} of a context ended by {@link CancelContext#cancel()} (Go's {@code context.Canceled}). */
    CanceledException CANCELED = new CanceledException();

    /** {@link #err()} of a context whose deadline passed (Go's {@code context.DeadlineExceeded}). */
    DeadlineExceededException DEADLINE_EXCEEDED = new DeadlineExceededException();

    /** A channel closed when the context is cancelled; null for a context never cancelled ({@link #background()}). */
    Chan<Void> done();

    /** Null while the context is active; then {@link #CANCELED} or {@link #DEADLINE_EXCEEDED}. */
    Exception err();

    /** When the context will be cancelled by itself, if ever. */
    Optional<Instant> deadline();

    /** The value bound to {@code key} by the nearest {@link #withValue} on the chain, or null. */
    Object value(Object key);

    /** The root context: never cancelled, no deadline, no values (Go's {@code context.Background()}). */
    static Context background() {
        return Contexts.BACKGROUND;
    }

    /** A context cancelled by {@link CancelContext#cancel()} or when {@code parent} is (Go's {@code WithCancel}). */
    static CancelContext withCancel(Context parent) {
        return Contexts.withCancel(Objects.requireNonNull(parent, "parent"));
    }

    /**
     * As {@link #withCancel}, and also cancelled with {@link #DEADLINE_EXCEEDED} at {@code deadline}
     * (at once if it has passed). A parent's earlier deadline stays the one that counts.
     */
    static CancelContext withDeadline(Context parent, Instant deadline) {
        return Contexts.withDeadline(Objects.requireNonNull(parent, "parent"), Objects.requireNonNull(deadline, "deadline"));
    }

    /** {@code withDeadline(parent, now + timeout)}. */
    static CancelContext withTimeout(Context parent, Duration timeout) {
        Objects.requireNonNull(timeout, "timeout");
        return withDeadline(parent, io.jgo.internal.proc.Proc.wallNow().plus(timeout)); // a test bubble's clock in one
    }

    /**
     * Go 1.21's {@code context.AfterFunc}: arranges to call {@code f} in a goroutine of its own
     * once {@code ctx} ends (at once if it has ended). Calling the returned
     * {@link AfterFunc#stop()} stops that: it returns {@code true} when the call stopped {@code f}
     * from being run, {@code false} when {@code f} has been started already, or was stopped before.
     * Exactly one of the two happens, whatever the race between the context's end and
     * {@code stop()}. The registration costs no thread and no goroutine until the context ends;
     * for a context that never ends ({@link #background()}) nothing is kept.
     */
    static AfterFunc afterFunc(Context ctx, Runnable f) {
        return AfterFuncCall.register(Objects.requireNonNull(ctx, "ctx"), Objects.requireNonNull(f, "f"));
    }

    /** What {@link #afterFunc} returns: Go's {@code stop} function. */
    interface AfterFunc {
        /**
         * Stops the call of the function unless it has been started; returns whether this call
         * stopped it (so only the first stop can return {@code true}). Any thread, idempotent.
         */
        boolean stop();
    }

    /**
     * A child of {@code parent} in which {@link #value(Object)} of {@code key} ({@code equals}) is
     * {@code value}; everything else is the parent's. {@code key} must not be null.
     */
    static Context withValue(Context parent, Object key, Object value) {
        return new ValueContext(Objects.requireNonNull(parent, "parent"), Objects.requireNonNull(key, "key"), value);
    }
}
