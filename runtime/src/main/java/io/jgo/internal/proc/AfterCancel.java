package io.jgo.internal.proc;

/**
 * Go's {@code context.AfterFunc} for the runtime's own packages: runs a short action when a
 * context ends, with no goroutine or thread waiting for it (the network's reads that take a
 * context wake their waiter this way). The action runs on the cancelling thread, right after the
 * context's {@code err()} is set, so it must be short and must never block: it should only wake
 * someone, who then reads {@code err()}.
 *
 * <p>The registry behind it is {@code io.jgo.CancelCtx}'s own (it keeps the actions with its
 * children; a context jgo did not write gets a jgo child that follows it). {@code io.jgo.Contexts}
 * installs it when it initializes, which {@code Context.background()} guarantees; contexts are
 * {@code Object} here because {@code io.jgo} depends on this package, not the other way round.
 */
public final class AfterCancel {

    /** Registers an action with a context ({@code io.jgo.Context}). */
    public interface Registry {
        Handle register(Object ctx, Runnable action);
    }

    /** A registration. */
    public interface Handle {
        /** Drops the action unless it has run or is running; returns whether it dropped it. Idempotent. */
        boolean stop();
    }

    /** The handle of a context that never ends, and of an action that ran at once. */
    public static final Handle NONE = () -> false;

    /** Written once, by {@code io.jgo.Contexts}' class initializer; read by {@link #register}. */
    private static volatile Registry registry;

    private AfterCancel() {
    }

    /** {@code io.jgo.Contexts} installs the registry. */
    public static void install(Registry r) {
        registry = r;
    }

    /**
     * Runs {@code action} once when {@code ctx} (an {@code io.jgo.Context}) ends (at once, on this
     * thread, if it has ended), unless the handle is stopped first. Any thread; the caller has
     * called {@code Context.background()} once (the registry is installed then).
     */
    public static Handle register(Object ctx, Runnable action) {
        Registry r = registry;
        if (r == null) {
            throw new IllegalStateException("AfterCancel: io.jgo.Contexts has not installed its registry (call Context.background() first)");
        }
        return r.register(ctx, action);
    }
}
