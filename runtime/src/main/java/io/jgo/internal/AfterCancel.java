package io.jgo.internal;

import io.jgo.CancelContext;
import io.jgo.Context;

/**
 * Go's {@code context.AfterFunc} for the runtime's own packages: runs a short action when a
 * context ends, with no goroutine or thread waiting for it (the network's reads that take a
 * context wake their waiter this way). The action runs on the cancelling thread, right after the
 * context's {@code err()} is set, so it must be short and must never block: it should only wake
 * someone, who then reads {@code err()}.
 *
 * <p>The registry behind it is {@code io.jgo.CancelCtx}'s own (it keeps the actions with its
 * children), installed by that class when it loads; a context jgo did not write gets a jgo child
 * ({@link Context#withCancel}) whose registry is used, and which the handle cancels when stopped.
 */
public final class AfterCancel {

    /** Registers an action with a jgo context; null when {@code ctx} is not one (nor a value context over one). */
    public interface Registry {
        Handle register(Context ctx, Runnable action);
    }

    /** A registration. */
    public interface Handle {
        /** Drops the action unless it has run or is running; returns whether it dropped it. Idempotent. */
        boolean stop();
    }

    /** The handle of a context that never ends, and of an action that ran at once. */
    public static final Handle NONE = () -> false;

    /** Written once, by {@code CancelCtx}'s class initializer; read by {@link #register}. */
    private static volatile Registry registry;

    private AfterCancel() {
    }

    /** {@code io.jgo.CancelCtx} installs its registry. */
    public static void install(Registry r) {
        registry = r;
    }

    /**
     * Runs {@code action} once when {@code ctx} ends (at once, on this thread, if it has ended),
     * unless the handle is stopped first. Any thread.
     */
    public static Handle register(Context ctx, Runnable action) {
        Registry r = registry; // a jgo context's class has loaded, and installed it, before ctx existed
        Handle h = r == null ? null : r.register(ctx, action);
        if (h != null) {
            return h;
        }
        if (ctx.done() == null) {
            return NONE; // never ends (Go: a context whose Done is nil)
        }
        CancelContext child = Context.withCancel(ctx); // a foreign context: a jgo child follows it
        Handle inner = registry.register(child, action);
        return () -> {
            boolean dropped = inner.stop();
            child.cancel();
            return dropped;
        };
    }
}
