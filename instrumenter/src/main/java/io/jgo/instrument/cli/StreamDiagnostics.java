package io.jgo.instrument.cli;

import io.jgo.instrument.Diagnostics;
import io.jgo.instrument.InstrumentationException;

import java.io.PrintStream;

/**
 * {@link Diagnostics} printed to one stream (the CLI's stderr), in the {@code jgo:} format of
 * {@link Diagnostics#STDERR}. Counts the classes refused, and among them those refused because a
 * class they need was not found: those fail the run, since {@code --classpath} would have let them
 * be rewritten; and the unannotated methods that call suspending ones, for the summary.
 * Single-threaded, like the run.
 */
final class StreamDiagnostics implements Diagnostics {

    private final PrintStream stream;
    private int refusedForMissingClass;
    private int refused;
    private int unannotatedCallers;

    StreamDiagnostics(PrintStream stream) {
        this.stream = stream;
    }

    @Override
    public void warning(String message) {
        stream.println("jgo: warning: " + message);
    }

    @Override
    public void unannotatedCaller(String message) {
        stream.println("jgo: warning: " + message);
        unannotatedCallers++;
    }

    @Override
    public void failed(InstrumentationException e) {
        stream.println("jgo: " + e.getMessage());
        refused++;
        if (e.missingClass() != null) {
            refusedForMissingClass++;
            stream.println("jgo: to rewrite it, add the jar or folder that holds " + e.missingClass() + " to --classpath");
        }
    }

    /** Classes refused so far, for any reason (each was reported as it was refused). */
    int refused() {
        return refused;
    }

    /** Methods reported so far that are not {@code @Goroutine} but call a suspending method (each was warned about). */
    int unannotatedCallers() {
        return unannotatedCallers;
    }

    /** Classes refused so far because a class they need was not found. */
    int refusedForMissingClass() {
        return refusedForMissingClass;
    }
}
