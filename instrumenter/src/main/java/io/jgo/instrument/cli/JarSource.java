package io.jgo.instrument.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;

/** A jar (any zip) read as a {@link Source}, in the jar's own entry order. */
final class JarSource implements Source {

    private final Path jar;
    private final ZipFile zip;

    JarSource(Path jar) throws IOException {
        this.jar = jar;
        try {
            this.zip = new ZipFile(jar.toFile());
        } catch (ZipException e) {
            throw new IOException(jar + " is neither a folder nor a readable jar (" + e.getMessage() + ")", e);
        }
    }

    @Override
    public void forEach(EntryAction action) throws IOException {
        Enumeration<? extends ZipEntry> entries = zip.entries();
        while (entries.hasMoreElements()) {
            ZipEntry entry = entries.nextElement();
            action.accept(new Entry(entry.getName(), contentOf(entry), entry.getLastModifiedTime(),
                    entry.getMethod() == ZipEntry.STORED));
        }
    }

    @Override
    public byte[] read(String name) throws IOException {
        ZipEntry entry = zip.getEntry(name);
        return entry == null || entry.isDirectory() ? null : contentOf(entry);
    }

    @Override
    public void close() throws IOException {
        zip.close();
    }

    private byte[] contentOf(ZipEntry entry) throws IOException {
        if (entry.isDirectory()) {
            return new byte[0];
        }
        try (InputStream in = zip.getInputStream(entry)) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new IOFailure("cannot read entry " + entry.getName() + " of " + jar, e);
        }
    }
}
