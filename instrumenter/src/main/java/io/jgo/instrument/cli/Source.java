package io.jgo.instrument.cli;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A tree of class files and resources to read: a class folder or a jar. Thread-safe for
 * {@link #read}; {@link #forEach} visits the entries in a stable order (a jar's own order; for a
 * folder the manifest first, then by name).
 */
interface Source extends Closeable {

    /** Calls {@code action} with every entry, directories included. */
    void forEach(EntryAction action) throws IOException;

    /** The bytes of the file entry {@code name}, or null when there is none. */
    byte[] read(String name) throws IOException;

    /** Opens {@code path} as a folder when it is a directory, otherwise as a jar. */
    static Source open(Path path) throws IOException {
        return Files.isDirectory(path) ? new FolderSource(path) : new JarSource(path);
    }

    /** What {@link #forEach} does with each entry. */
    @FunctionalInterface
    interface EntryAction {
        void accept(Entry entry) throws IOException;
    }
}
