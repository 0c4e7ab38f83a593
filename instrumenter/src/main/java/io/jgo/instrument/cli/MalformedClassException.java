package io.jgo.instrument.cli;

/**
 * An entry named {@code .class} is not a readable class file (empty, cut off, or something else).
 * Thrown by the rewrite function of a {@link Copier}, which then copies the entry as it was and
 * reports it: the input was broken before the rewrite saw it, and nothing in it can be rewritten.
 */
final class MalformedClassException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** @param reason what is wrong, e.g. "the file is empty" */
    MalformedClassException(String reason) {
        super(reason);
    }
}
