package io.jgo.fuzz;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Programs the fuzzer found, kept as test resources under {@code io/jgo/fuzz/<folder>/NAME.java}:
 * the program text without a package line, its class named after the file, and a header comment
 * with the run seed ({@code // seed: N}), the symptom and the defect.
 */
final class RegressionPrograms {

    record Entry(String name, ProgramSource program, long seed) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static final Pattern SEED = Pattern.compile("//\\s*seed:\\s*(-?\\d+)");

    private RegressionPrograms() {
    }

    static List<Entry> in(String folder) {
        URL url = RegressionPrograms.class.getResource(folder);
        if (url == null) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(Path.of(url.toURI()))) {
            return files.filter(p -> p.toString().endsWith(".java")).sorted().map(RegressionPrograms::read)
                    .collect(Collectors.toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Entry read(Path file) {
        try {
            String text = Files.readString(file);
            String name = file.getFileName().toString().replace(".java", "");
            Matcher m = SEED.matcher(text);
            long seed = m.find() ? Long.parseLong(m.group(1)) : 1;
            return new Entry(name, new ProgramSource(name, text), seed);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
