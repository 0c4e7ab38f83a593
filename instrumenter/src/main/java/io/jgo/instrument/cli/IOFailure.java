package io.jgo.instrument.cli;

import java.io.IOException;

/**
 * An I/O error with what the command was doing and on which path; its text ends with the original
 * exception's type and message (some JDK exceptions have no message, so the type must be shown).
 */
final class IOFailure extends IOException {

    private static final long serialVersionUID = 1L;

    /** @param what what failed, with the path, e.g. {@code "cannot read entry a/B.class of app.jar"} */
    IOFailure(String what, IOException cause) {
        super(what + ": " + cause, cause);
    }

    /** The message alone: it already names the cause's type. */
    @Override
    public String toString() {
        return getMessage();
    }
}
