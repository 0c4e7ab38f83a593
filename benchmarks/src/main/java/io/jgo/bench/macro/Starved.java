package io.jgo.bench.macro;

/**
 * A run whose measured work did not finish within its bounded wait: the runtime starved it (Loom's
 * carriers pinned by blocking file reads, for instance). {@link Trial} reports it as
 * {@code jgo-bench-starved <why>} and the table shows "starved" instead of a figure.
 */
final class Starved extends RuntimeException {

    private static final long serialVersionUID = 1L;

    Starved(String why) {
        super(why, null, false, false);
    }
}
