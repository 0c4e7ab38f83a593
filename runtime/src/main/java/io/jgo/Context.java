package io.jgo;

/**
 * Go's {@code context.Context}: a cancellation signal, a deadline and request-scoped values that
 * travel down a call tree. This is the minimal shape the network package depends on
 * ({@link #done}, {@link #err}, {@link #deadline}); the constructors ({@code withCancel},
 * {@code withTimeout}, ...) come with the full implementation.
 */
public interface Context {

    /** A channel closed when the context is cancelled; null (never ready, Go's nil channel) if it can never be. */
    Chan<Void> done();

    /** Null while the context is active; then why it ended. */
    Exception err();

    /** When the context ends by itself, if it does. */
    java.util.Optional<java.time.Instant> deadline();

    /** The value stored under {@code key} by this context or an ancestor, or null. */
    Object value(Object key);

    /** The root context: never cancelled, no deadline, no values. */
    static Context background() {
        return Background.INSTANCE;
    }
}

/** {@link Context#background()}. */
final class Background implements Context {

    static final Background INSTANCE = new Background();

    private Background() {
    }

    @Override
    public Chan<Void> done() {
        return null;
    }

    @Override
    public Exception err() {
        return null;
    }

    @Override
    public java.util.Optional<java.time.Instant> deadline() {
        return java.util.Optional.empty();
    }

    @Override
    public Object value(Object key) {
        return null;
    }

    @Override
    public String toString() {
        return "context.Background";
    }
}
