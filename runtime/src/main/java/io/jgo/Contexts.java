package io.jgo;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * The factories behind {@link Context}'s static methods, and the background context. Kept out of
 * the interface so that it declares only what users call.
 */
final class Contexts {

    /** Go's {@code context.Background()}: never cancelled, no deadline, no values. */
    static final Context BACKGROUND = new Context() {
        @Override
        public Chan<Void> done() {
            return null;
        }

        @Override
        public Exception err() {
            return null;
        }

        @Override
        public Optional<Instant> deadline() {
            return Optional.empty();
        }

        @Override
        public Object value(Object key) {
            return null;
        }

        @Override
        public String toString() {
            return "context.Background";
        }
    };

    static {
        io.jgo.internal.proc.AfterCancel.install(CancelCtx::afterCancel); // see AfterCancel: Context.background() initializes this class
    }

    private Contexts() {
    }

    static CancelContext withCancel(Context parent) {
        CancelCtx c = new CancelCtx(parent, null);
        c.propagateFrom(parent);
        return c;
    }

    static CancelContext withDeadline(Context parent, Instant deadline) {
        Optional<Instant> inherited = parent.deadline();
        if (inherited.isPresent() && inherited.get().isBefore(deadline)) {
            return withCancel(parent); // the parent's deadline comes first: it cancels this one in time
        }
        CancelCtx c = new CancelCtx(parent, deadline);
        c.propagateFrom(parent);
        Duration left = Duration.between(io.jgo.internal.proc.Proc.wallNow(), deadline); // a test bubble's clock in one
        if (left.isNegative() || left.isZero()) {
            c.cancel(true, Context.DEADLINE_EXCEEDED);
        } else {
            c.startTimer(left);
        }
        return c;
    }
}
