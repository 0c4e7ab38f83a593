package io.jgo.agent;

import io.jgo.instrument.Diagnostics;
import io.jgo.instrument.InstrumentationException;

/**
 * Forwards the instrumenter's reports, except while {@link #quiet} is on: the warm-up transform at
 * start-up rewrites one of the agent's own classes only to load the code paths, and whatever it
 * would say about that class is of no interest to the user.
 */
final class QuietableDiagnostics implements Diagnostics {

    private final Diagnostics target;
    /** Written by the premain thread only, before the transformer is registered; volatile for safety. */
    private volatile boolean quiet;

    QuietableDiagnostics(Diagnostics target) {
        this.target = target;
    }

    void quiet(boolean on) {
        quiet = on;
    }

    @Override
    public void warning(String message) {
        if (!quiet) {
            target.warning(message);
        }
    }

    @Override
    public void failed(InstrumentationException e) {
        if (!quiet) {
            target.failed(e);
        }
    }
}
