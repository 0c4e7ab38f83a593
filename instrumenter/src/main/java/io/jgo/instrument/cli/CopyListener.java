package io.jgo.instrument.cli;

/** What a {@link Copier} tells its caller as it goes; every method does nothing by default. */
interface CopyListener {

    /** The class file {@code name} was replaced by rewritten bytes. */
    default void rewritten(String name, int oldSize, int newSize) {
    }

    /** {@code name} is not a readable class file ({@code reason} says why); it was copied unchanged. */
    default void malformedClass(String name, String reason) {
    }

    /** The rewrite threw on {@code name}; the class was copied unchanged. */
    default void rewriteFailed(String name, Throwable failure) {
    }

    /** Classes of a signed jar were rewritten: its signature no longer matches. */
    default void signatureBroken() {
    }
}
