package io.jgo.maven;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * What the last run left in a class folder, so that the next run looks only at class files that
 * changed since: for each class file its size and modification time as the run left it, and the
 * options it ran with. A file whose size or time differs, or that is new, has been written since
 * (by the compiler); the others are as the last run left them, rewritten or not. Sizes and times
 * are compared for equality, not order, so a coarse file-system clock cannot hide a change made in
 * the same tick.
 *
 * <p>Skipping is an optimisation, not what makes a second run harmless: the instrumenter leaves a
 * class it already rewrote alone. Format: first line {@code options <text>}, then one line
 * {@code <size> <nanos> <path>} per class file. A missing or unreadable stamp means "everything changed".
 */
final class Stamp {

    private static final String OPTIONS = "options ";

    private final String options;
    private final Map<String, String> files;

    private Stamp(String options, Map<String, String> files) {
        this.options = options;
        this.files = files;
    }

    /** The stamp at {@code file}, or an empty one when there is none (or it cannot be read). */
    static Stamp read(Path file) {
        if (!Files.isRegularFile(file)) {
            return new Stamp(null, Map.of());
        }
        try {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            if (lines.isEmpty() || !lines.get(0).startsWith(OPTIONS)) {
                return new Stamp(null, Map.of());
            }
            Map<String, String> files = new HashMap<>();
            for (String line : lines.subList(1, lines.size())) {
                int second = line.indexOf(' ', line.indexOf(' ') + 1);
                if (second > 0) {
                    files.put(line.substring(second + 1), line.substring(0, second));
                }
            }
            return new Stamp(lines.get(0).substring(OPTIONS.length()), files);
        } catch (IOException e) {
            return new Stamp(null, Map.of());
        }
    }

    /** Whether the last run used {@code currentOptions}; false when there was no last run. */
    boolean sameOptions(String currentOptions) {
        return currentOptions.equals(options);
    }

    /** True when {@code name} is as the last run left it. */
    boolean unchanged(String name, Path file) throws IOException {
        String recorded = files.get(name);
        return recorded != null && recorded.equals(signature(file));
    }

    /**
     * Records every class file under {@code folder} as it is now, except {@code retry} (classes the
     * run refused: the next run must look at them again), and the options.
     */
    static void write(Path stampFile, Path folder, String options, List<String> retry) throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add(OPTIONS + options);
        for (String name : classFiles(folder)) {
            if (!retry.contains(name)) {
                lines.add(signature(folder.resolve(name)) + " " + name);
            }
        }
        Files.createDirectories(stampFile.getParent());
        Files.write(stampFile, lines, StandardCharsets.UTF_8);
    }

    /** Every {@code .class} file under {@code folder}, as '/'-separated paths relative to it, sorted. */
    static List<String> classFiles(Path folder) throws IOException {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(folder)) {
            return walk.filter(p -> p.getFileName().toString().endsWith(".class") && Files.isRegularFile(p))
                    .map(p -> folder.relativize(p).toString().replace(p.getFileSystem().getSeparator(), "/"))
                    .sorted()
                    .toList();
        }
    }

    private static String signature(Path file) throws IOException {
        BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
        return attributes.size() + " " + attributes.lastModifiedTime().to(java.util.concurrent.TimeUnit.NANOSECONDS);
    }
}
