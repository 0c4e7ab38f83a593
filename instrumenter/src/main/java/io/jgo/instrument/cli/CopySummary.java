package io.jgo.instrument.cli;

import java.util.Locale;

/** Counts kept by one {@link Copier#copy} run. Single-threaded, like the copy. */
final class CopySummary {

    private int entries;
    private int classes;
    private int rewritten;
    private int failed;
    private int malformed;
    private boolean signed;

    void noteEntry(Entry entry) {
        entries++;
        if (entry.isRewritableClass()) {
            classes++;
        }
        String name = entry.name().toUpperCase(Locale.ROOT);
        if (name.startsWith("META-INF/") && name.indexOf('/', "META-INF/".length()) < 0 && name.endsWith(".SF")) {
            signed = true;
        }
    }

    void noteRewritten() {
        rewritten++;
    }

    void noteFailure() {
        failed++;
    }

    void noteMalformed() {
        malformed++;
    }

    int entries() {
        return entries;
    }

    int classes() {
        return classes;
    }

    int rewritten() {
        return rewritten;
    }

    /** Classes whose rewrite threw (a bug in the rewrite); they were copied unchanged. */
    int failed() {
        return failed;
    }

    /** Entries named {@code .class} that were not readable class files; they were copied unchanged. */
    int malformed() {
        return malformed;
    }

    /** The source carries a jar signature ({@code META-INF/*.SF}). */
    boolean signed() {
        return signed;
    }

    @Override
    public String toString() {
        return entries + " entries, " + classes + " class files, " + rewritten + " rewritten"
                + (failed > 0 ? ", " + failed + " failed" : "")
                + (malformed > 0 ? ", " + malformed + " not readable" : "");
    }
}
