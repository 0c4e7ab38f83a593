package io.jgo.bench.micro;

import io.jgo.Goroutine;
import io.jgo.internal.coroutine.Coroutine;

/** The jgo side of {@link SuspendResume}: a recursion through {@code @Goroutine} frames that ends in a yield loop. */
final class SuspendingFrames {

    private SuspendingFrames() {
    }

    /**
     * Recurses through {@code depth} frames of this method, then yields forever. {@code self}
     * holds the coroutine running this, to catch a build without the rewrite: there the yield pins
     * (carries on in place) and the loop would spin inside one {@code resume()} for ever.
     */
    @Goroutine
    static void descend(int depth, Coroutine[] self) {
        if (depth > 1) {
            descend(depth - 1, self);
            return;
        }
        for (;;) {
            Coroutine.suspend();
            if (self[0].pins() != 0) {
                throw new IllegalStateException("io.jgo.bench.micro.SuspendingFrames was not rewritten: "
                        + "the yield pinned. Build the benchmarks with the build-time instrumenter (see README.md).");
            }
        }
    }
}
