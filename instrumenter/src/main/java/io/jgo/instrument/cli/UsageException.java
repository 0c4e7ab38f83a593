package io.jgo.instrument.cli;

/** The command line is wrong; the message says what, and {@link Main} adds the usage (exit status 2). */
final class UsageException extends Exception {

    private static final long serialVersionUID = 1L;

    UsageException(String message) {
        super(message);
    }
}
