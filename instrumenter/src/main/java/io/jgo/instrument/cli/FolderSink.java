package io.jgo.instrument.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes entries as files under a folder (created when missing; existing files are replaced). */
final class FolderSink implements Sink {

    private final Path root;

    FolderSink(Path root) throws IOException {
        this.root = Files.createDirectories(root);
    }

    @Override
    public void write(Entry entry) throws IOException {
        Path target = root.resolve(entry.name()).normalize();
        if (!target.startsWith(root.normalize())) {
            throw new IOException("entry " + entry.name() + " would be written outside " + root);
        }
        if (entry.isDirectory()) {
            Files.createDirectories(target);
            return;
        }
        if (target.getParent() != null) {
            Files.createDirectories(target.getParent());
        }
        Files.write(target, entry.content());
        if (entry.lastModified() != null) {
            Files.setLastModifiedTime(target, entry.lastModified());
        }
    }

    @Override
    public void close() {
    }
}
