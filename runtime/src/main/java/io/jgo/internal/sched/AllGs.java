package io.jgo.internal.sched;

import java.util.Arrays;

/**
 * Every G ever allocated by a runtime (Go's {@code allgs}), for dumps and the deadlock check. Gs are
 * reused, never removed, so the list grows to the peak number of live goroutines.
 */
final class AllGs {

    private G[] gs = new G[64];
    private int n;

    synchronized void add(G g) {
        if (n == gs.length) {
            gs = Arrays.copyOf(gs, n * 2);
        }
        gs[n++] = g;
    }

    /** A copy; any thread. */
    synchronized G[] snapshot() {
        return Arrays.copyOf(gs, n);
    }
}
