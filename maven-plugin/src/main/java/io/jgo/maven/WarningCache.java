package io.jgo.maven;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The rewrite's warnings per class file, kept next to the {@link Stamp} so that an incremental
 * build, which looks only at the class files that changed, still prints the warnings of those that
 * did not: a method that is not {@code @Goroutine} but calls a suspending one is named at every
 * build until it is fixed, not only by the build that compiled it.
 *
 * <p>A warning belongs to the class whose binary name starts it ({@code app.Main.work (Main.java:12)
 * is not @Goroutine ...}, as the instrumenter words them); one that names no class looked at is not
 * kept. Format: one line {@code <class file>\t<warning>} per warning. A missing or unreadable file
 * means "none kept".
 */
final class WarningCache {

    private final Map<String, List<String>> byClassFile;

    private WarningCache(Map<String, List<String>> byClassFile) {
        this.byClassFile = byClassFile;
    }

    /** No warnings kept (the options changed: every class is looked at again). */
    static WarningCache none() {
        return new WarningCache(new LinkedHashMap<>());
    }

    static WarningCache read(Path file) {
        Map<String, List<String>> kept = new LinkedHashMap<>();
        if (Files.isRegularFile(file)) {
            try {
                for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                    int tab = line.indexOf('\t');
                    if (tab > 0) {
                        kept.computeIfAbsent(line.substring(0, tab), k -> new ArrayList<>()).add(line.substring(tab + 1));
                    }
                }
            } catch (IOException e) {
                kept.clear();
            }
        }
        return new WarningCache(kept);
    }

    /** The warnings kept for the class files in {@code unchanged}, in order. */
    List<String> of(Collection<String> unchanged) {
        List<String> out = new ArrayList<>();
        for (String name : unchanged) {
            out.addAll(byClassFile.getOrDefault(name, List.of()));
        }
        return out;
    }

    /**
     * The cache after a run that looked at {@code changed} and gave {@code warnings}: the entries
     * of the class files still in {@code all} that were not looked at again, and the new warnings,
     * each under the class file it names.
     */
    WarningCache after(List<String> all, Collection<String> changed, List<String> warnings) {
        Map<String, List<String>> next = new LinkedHashMap<>();
        for (String name : all) {
            if (!changed.contains(name) && byClassFile.containsKey(name)) {
                next.put(name, byClassFile.get(name));
            }
        }
        for (String w : warnings) {
            String owner = classFileNamedBy(w, changed);
            if (owner != null) {
                next.computeIfAbsent(owner, k -> new ArrayList<>()).add(w);
            }
        }
        return new WarningCache(next);
    }

    void write(Path file) throws IOException {
        List<String> lines = new ArrayList<>();
        byClassFile.forEach((name, warnings) -> warnings.forEach(w -> lines.add(name + "\t" + w.replace('\n', ' '))));
        Files.createDirectories(file.getParent());
        Files.write(file, lines, StandardCharsets.UTF_8);
    }

    /** The class file (of {@code candidates}) whose binary name, and a dot, start {@code warning}; the longest wins. */
    static String classFileNamedBy(String warning, Collection<String> candidates) {
        String best = null;
        for (String name : candidates) {
            String binary = name.substring(0, name.length() - ".class".length()).replace('/', '.');
            if (warning.startsWith(binary + ".") && (best == null || name.length() > best.length())) {
                best = name;
            }
        }
        return best;
    }
}
