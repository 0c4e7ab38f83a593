package io.jgo.instrument.cli;

import java.io.IOException;
import java.util.function.UnaryOperator;

/**
 * Copies a {@link Source} into a {@link Sink}, passing each class file through a rewrite function.
 * The function answers the new bytes, or null (or the very same array) to keep the class as it
 * was, or throws {@link MalformedClassException} for bytes that are no class file; it knows nothing
 * of jars or folders, and the copier knows nothing of instrumentation. Whatever the function does,
 * the entry reaches the sink: rewritten, or as it was.
 */
final class Copier {

    private final UnaryOperator<byte[]> rewrite;
    private final CopyListener listener;

    Copier(UnaryOperator<byte[]> rewrite, CopyListener listener) {
        this.rewrite = rewrite;
        this.listener = listener;
    }

    /**
     * Copies every entry of {@code in} to {@code out}, in order. I/O errors end the copy; one from
     * the sink comes wrapped in an {@link IOFailure} naming the entry.
     */
    CopySummary copy(Source in, Sink out) throws IOException {
        CopySummary summary = new CopySummary();
        in.forEach(entry -> {
            Entry copy = copyOf(entry, summary);
            try {
                out.write(copy);
            } catch (IOException e) {
                throw new IOFailure("cannot write entry " + entry.name() + " to OUT", e);
            }
        });
        if (summary.rewritten() > 0 && summary.signed()) {
            listener.signatureBroken();
        }
        return summary;
    }

    private Entry copyOf(Entry entry, CopySummary summary) {
        summary.noteEntry(entry);
        if (!entry.isRewritableClass()) {
            return entry;
        }
        byte[] rewritten;
        try {
            rewritten = rewrite.apply(entry.content());
        } catch (MalformedClassException e) {
            summary.noteMalformed();
            listener.malformedClass(entry.name(), e.getMessage());
            return entry;
        } catch (RuntimeException | LinkageError | StackOverflowError e) {
            summary.noteFailure();
            listener.rewriteFailed(entry.name(), e);
            return entry;
        }
        if (rewritten == null || rewritten == entry.content()) {
            return entry;
        }
        summary.noteRewritten();
        listener.rewritten(entry.name(), entry.content().length, rewritten.length);
        return entry.withContent(rewritten);
    }
}
