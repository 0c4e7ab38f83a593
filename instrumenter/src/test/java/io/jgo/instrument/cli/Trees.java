package io.jgo.instrument.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/** Builds and reads the small jars and class folders the CLI tests copy. */
final class Trees {

    private Trees() {
    }

    static byte[] bytes(String text) {
        return text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    /** Writes {@code files} (name -> content) under {@code root}. */
    static Path folder(Path root, Map<String, byte[]> files) throws IOException {
        for (Map.Entry<String, byte[]> file : files.entrySet()) {
            Path target = root.resolve(file.getKey());
            Files.createDirectories(target.getParent());
            Files.write(target, file.getValue());
        }
        return root;
    }

    /** Writes a jar with {@code files} in the map's order; names in {@code stored} are left uncompressed. */
    static Path jar(Path jar, Map<String, byte[]> files, String... stored) throws IOException {
        java.util.Set<String> storedNames = java.util.Set.of(stored);
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(jar))) {
            for (Map.Entry<String, byte[]> file : files.entrySet()) {
                ZipEntry entry = new ZipEntry(file.getKey());
                if (storedNames.contains(file.getKey())) {
                    CRC32 crc = new CRC32();
                    crc.update(file.getValue());
                    entry.setMethod(ZipEntry.STORED);
                    entry.setSize(file.getValue().length);
                    entry.setCrc(crc.getValue());
                }
                zip.putNextEntry(entry);
                zip.write(file.getValue());
                zip.closeEntry();
            }
        }
        return jar;
    }

    /** Every entry of a jar, in the jar's order (directories with empty content). */
    static Map<String, byte[]> readJar(Path jar) throws IOException {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            Enumeration<? extends ZipEntry> all = zip.entries();
            while (all.hasMoreElements()) {
                ZipEntry entry = all.nextElement();
                try (InputStream in = zip.getInputStream(entry)) {
                    entries.put(entry.getName(), in.readAllBytes());
                }
            }
        }
        return entries;
    }

    /** Compression method of one jar entry. */
    static int methodOf(Path jar, String name) throws IOException {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            return zip.getEntry(name).getMethod();
        }
    }

    /** Every regular file under {@code root}, by '/'-separated relative name. */
    static Map<String, byte[]> readFolder(Path root) throws IOException {
        Map<String, byte[]> files = new LinkedHashMap<>();
        try (var walk = Files.walk(root)) {
            walk.filter(Files::isRegularFile).sorted().forEach(p -> {
                try {
                    files.put(root.relativize(p).toString().replace('\\', '/'), Files.readAllBytes(p));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
        return files;
    }

    /** The class file of {@code type}, as the test class path holds it. */
    static byte[] classFileOf(Class<?> type) throws IOException {
        try (InputStream in = type.getResourceAsStream("/" + type.getName().replace('.', '/') + ".class")) {
            return in.readAllBytes();
        }
    }
}
