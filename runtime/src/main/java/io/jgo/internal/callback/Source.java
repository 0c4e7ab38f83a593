package io.jgo.internal.callback;

import java.util.Spliterator;

/**
 * What every stage of one {@link SequentialStream} pipeline shares, as the JDK keeps it in its
 * source stage: the source spliterator (taken once, by the terminal operation or by the JDK stream
 * the pipeline is replayed onto), the close handlers, and whether the pipeline is parallel.
 * Used by the thread that builds and runs the pipeline, as the JDK's streams are (no locking).
 */
final class Source {

    static final String CONSUMED = "source already consumed or closed";

    private Spliterator<?> spliterator;
    private Runnable closeAction;
    /** {@code parallel()} sets it and {@code sequential()} clears it, on any stage; a parallel pipeline runs on the JDK. */
    boolean parallel;

    Source(Spliterator<?> spliterator) {
        this.spliterator = spliterator;
    }

    /** The source spliterator, which no one else will get. */
    Spliterator<?> take() {
        Spliterator<?> s = spliterator;
        if (s == null) {
            throw new IllegalStateException(CONSUMED);
        }
        spliterator = null;
        return s;
    }

    /** The head stage was closed: the source is gone. */
    void drop() {
        spliterator = null;
    }

    boolean hasCloseAction() {
        return closeAction != null;
    }

    /**
     * Adds a close handler after those before it. As the JDK composes them, closing runs every one
     * of them; the first exception is thrown, and those after it are added to it as suppressed.
     */
    void onClose(Runnable handler) {
        Runnable before = closeAction;
        closeAction = before == null ? handler : () -> {
            try {
                before.run();
            } catch (Throwable first) {
                try {
                    handler.run();
                } catch (Throwable next) {
                    try {
                        first.addSuppressed(next);
                    } catch (Throwable ignore) {
                        // the same exception again: nothing to add
                    }
                }
                throw first;
            }
            handler.run();
        };
    }

    /** Runs the close handlers once. */
    void close() {
        Runnable action = closeAction;
        if (action != null) {
            closeAction = null;
            action.run();
        }
    }
}
