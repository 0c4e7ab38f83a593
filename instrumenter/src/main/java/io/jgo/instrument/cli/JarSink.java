package io.jgo.instrument.cli;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * Writes entries into a new jar (never over an existing file: {@link StagedOutput} gives it a fresh name). A plain {@link ZipOutputStream} rather than a {@code JarOutputStream},
 * so that entry order, and with it the manifest's place, is exactly the source's. An entry that was
 * stored uncompressed stays so; the others are deflated.
 */
final class JarSink implements Sink {

    private final ZipOutputStream zip;

    JarSink(Path jar) throws IOException {
        if (jar.getParent() != null) {
            Files.createDirectories(jar.getParent());
        }
        this.zip = new ZipOutputStream(new BufferedOutputStream(
                Files.newOutputStream(jar, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)));
    }

    @Override
    public void write(Entry entry) throws IOException {
        ZipEntry zipEntry = new ZipEntry(entry.name());
        if (entry.lastModified() != null) {
            zipEntry.setLastModifiedTime(entry.lastModified());
        }
        if (entry.stored() || entry.isDirectory()) {
            storeUncompressed(zipEntry, entry.content());
        }
        zip.putNextEntry(zipEntry);
        zip.write(entry.content());
        zip.closeEntry();
    }

    @Override
    public void close() throws IOException {
        zip.close();
    }

    /** A STORED entry must announce its size and checksum before its bytes. */
    private static void storeUncompressed(ZipEntry zipEntry, byte[] content) {
        CRC32 crc = new CRC32();
        crc.update(content);
        zipEntry.setMethod(ZipEntry.STORED);
        zipEntry.setSize(content.length);
        zipEntry.setCompressedSize(content.length);
        zipEntry.setCrc(crc.getValue());
    }
}
