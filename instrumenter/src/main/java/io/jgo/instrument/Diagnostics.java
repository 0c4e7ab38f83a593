package io.jgo.instrument;

/** Receives what the rewrite has to say: warnings about pinning sites, and classes it left alone. */
public interface Diagnostics {

    void warning(String message);

    /** The class was left exactly as it was; {@code e} names class, method, descriptor, line and reason. */
    void failed(InstrumentationException e);

    /**
     * A method left as written (not {@code @Goroutine}) calls one that suspends: legal code, but a
     * goroutine that calls it pins there; {@code message} names the method, the line of the call and
     * the fix. Only build-time runs ask for these ({@link RewriteOptions#withUnannotatedCallers}),
     * which count them; by default it is a warning.
     */
    default void unannotatedCaller(String message) {
        warning(message);
    }

    /** Prints to stderr with a {@code jgo:} prefix (stdout belongs to the application). */
    Diagnostics STDERR = new Diagnostics() {
        @Override
        public void warning(String message) {
            System.err.println("jgo: warning: " + message);
        }

        @Override
        public void failed(InstrumentationException e) {
            System.err.println("jgo: " + e.getMessage());
        }
    };
}
