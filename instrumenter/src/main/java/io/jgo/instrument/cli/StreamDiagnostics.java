package io.jgo.instrument.cli;

import io.jgo.instrument.Diagnostics;
import io.jgo.instrument.InstrumentationException;

import java.io.PrintStream;

/** {@link Diagnostics} printed to one stream (the CLI's stderr), in the {@code jgo:} format of {@link Diagnostics#STDERR}. */
final class StreamDiagnostics implements Diagnostics {

    private final PrintStream stream;

    StreamDiagnostics(PrintStream stream) {
        this.stream = stream;
    }

    @Override
    public void warning(String message) {
        stream.println("jgo: warning: " + message);
    }

    @Override
    public void failed(InstrumentationException e) {
        stream.println("jgo: " + e.getMessage());
    }
}
