package io.jgo.bench.micro.loom;

import java.util.function.BooleanSupplier;
import jdk.internal.vm.Continuation;
import jdk.internal.vm.ContinuationScope;

/**
 * The Loom side of {@code io.jgo.bench.micro.SuspendResume}: a {@code jdk.internal.vm.Continuation}
 * whose body recurses through {@code depth} frames and then yields forever; each
 * {@link #getAsBoolean()} is one {@code run()} (thaw, yield, freeze). Compiled on its own with
 * {@code --add-exports java.base/jdk.internal.vm=ALL-UNNAMED} (javac refuses that flag together with
 * {@code --release}); the JVM that runs it needs the same flag.
 */
public final class LoomRoundTrip implements BooleanSupplier {

    private static final ContinuationScope SCOPE = new ContinuationScope("jgo-benchmarks");

    private final Continuation continuation;

    private LoomRoundTrip(int depth) {
        this.continuation = new Continuation(SCOPE, () -> descend(depth));
    }

    /** A continuation that has not started yet; the first call runs it down to its first yield. */
    public static BooleanSupplier atDepth(int depth) {
        return new LoomRoundTrip(depth);
    }

    /** One round trip; true while the continuation is suspended (it never ends). */
    @Override
    public boolean getAsBoolean() {
        continuation.run();
        return !continuation.isDone();
    }

    private static void descend(int depth) {
        if (depth > 1) {
            descend(depth - 1);
            return;
        }
        for (;;) {
            Continuation.yield(SCOPE);
        }
    }
}
