package io.jgo.instrument.cli;

import java.nio.file.attribute.FileTime;

/**
 * One entry of a jar or a class folder: its path inside the tree ({@code a/b/C.class},
 * {@code META-INF/MANIFEST.MF}; a directory ends with {@code '/'} and has no content), its bytes,
 * and what a jar keeps about it besides the bytes.
 *
 * @param name         path inside the tree, '/'-separated
 * @param content      the bytes; empty for a directory
 * @param lastModified the entry's time, or null when unknown
 * @param stored       true when a jar held the entry uncompressed (STORED); a jar sink keeps it so
 */
record Entry(String name, byte[] content, FileTime lastModified, boolean stored) {

    private static final String CLASS_SUFFIX = ".class";

    boolean isDirectory() {
        return name.endsWith("/");
    }

    /** A class file the rewrite may look at: {@code module-info} and {@code package-info} are copied as they are. */
    boolean isRewritableClass() {
        if (!name.endsWith(CLASS_SUFFIX)) {
            return false;
        }
        String simple = name.substring(name.lastIndexOf('/') + 1);
        return !simple.equals("module-info.class") && !simple.equals("package-info.class");
    }

    /** The same entry with other bytes (a rewritten class). */
    Entry withContent(byte[] newContent) {
        return new Entry(name, newContent, lastModified, stored);
    }
}
