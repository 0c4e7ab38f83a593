package io.jgo.instrument;

/**
 * The rewrite, as a pure function from class-file bytes to class-file bytes. Thread-safe; one
 * instance serves a whole agent or a whole build-time run. (Work in progress: returns null.)
 */
public final class Instrumenter {

    private final ClassBytes classBytes;
    private final Diagnostics diagnostics;
    private final boolean verify;

    public Instrumenter(ClassBytes classBytes, Diagnostics diagnostics, boolean verify) {
        this.classBytes = classBytes;
        this.diagnostics = diagnostics;
        this.verify = verify;
    }

    /** Cheap byte scan: can this class hold a suspendable method at all? */
    public boolean mightSuspend(byte[] classFile) {
        return false;
    }

    /** Rewritten bytes, or null when the class needs no change or cannot be handled (then reported). */
    public byte[] transform(byte[] classFile) {
        return null;
    }
}
