package io.jgo;

/**
 * Test-only door into a cancellable context's registration set (package-private), for the tests
 * the agent rewrites ({@code io.jgo.it}). Plain code in a package the agent skips; suspends nothing.
 */
public final class ContextProbe {

    private ContextProbe() {
    }

    /** Children registered with {@code c} now; {@code c} must come from {@code withCancel}/{@code withDeadline}/{@code withTimeout}. */
    public static int children(Context c) {
        return ((CancelCtx) c).childCount();
    }
}
