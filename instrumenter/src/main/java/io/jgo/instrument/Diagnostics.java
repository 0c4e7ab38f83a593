package io.jgo.instrument;

/** Receives what the rewrite has to say: warnings about pinning sites, and classes it left alone. */
public interface Diagnostics {

    void warning(String message);

    /** The class was left exactly as it was; {@code e} names class, method, descriptor, line and reason. */
    void failed(InstrumentationException e);

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
