package io.jgo.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.testing.Heavy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Runs the README's usage lines against the jars this build packaged, exactly as written. The
 * README marks what to take with HTML comments: {@code <!-- readme-test: file PATH -->} before a
 * fenced block writes that block to PATH, {@code <!-- readme-test: run ... -->} before a fenced
 * {@code sh} block runs it with bash, line by line in one shell, stopping at the first failure. It
 * runs in a scratch folder that stands for the top of this repository: {@code runtime},
 * {@code agent} and {@code instrumenter} there are links to the real module folders.
 */
@Heavy
class ReadmeUsageIT {

    private static final String FILE = "<!-- readme-test: file ";
    private static final String RUN = "<!-- readme-test: run";
    private static final String MARK = "### readme-test line: ";
    private static final Pattern LAST_GOROUTINE_DROPPED =
            Pattern.compile("jgo: note: Go\\.run: main returned with \\d+ other goroutines? still alive; as in Go, (it ends|they end) with main");

    @Test
    void theReadmeUsageLinesWorkAsWritten() throws Exception {
        Path top = Path.of(System.getProperty("jgo.repo.top")).toRealPath();
        List<String> readme = Files.readAllLines(top.resolve("README.md"), StandardCharsets.UTF_8);
        Path scratch = Commands.freshFolder("readme");
        for (String module : List.of("runtime", "agent", "instrumenter")) {
            Files.createSymbolicLink(scratch.resolve(module), top.resolve(module));
        }

        List<String> lines = new ArrayList<>();
        int files = 0;
        for (int i = 0; i < readme.size(); i++) {
            String line = readme.get(i).strip();
            if (line.startsWith(FILE)) {
                Path target = scratch.resolve(line.substring(FILE.length(), line.indexOf(" -->")).strip());
                Files.createDirectories(target.getParent());
                Files.write(target, fencedBlockAfter(readme, i), StandardCharsets.UTF_8);
                files++;
            } else if (line.startsWith(RUN)) {
                lines.addAll(fencedBlockAfter(readme, i));
            }
        }
        assertEquals(1, files, "the README marks Hello.java");
        assertTrue(lines.size() >= 5, "the README marks its usage block: " + lines);

        // Each line runs as written, inside { } (no subshell: a `cd` carries over) with its stderr kept apart.
        StringBuilder script = new StringBuilder("set -e\n");
        for (int n = 0; n < lines.size(); n++) {
            String line = lines.get(n);
            script.append("echo '").append(MARK).append(line.replace("'", "'\\''")).append("'\n")
                    .append("{ ").append(line).append("\n} 2> ").append(scratch.resolve("stderr-" + n)).append('\n');
        }
        Commands.Result result = Commands.run(scratch, List.of("bash", "-c", script.toString()));
        assertEquals(0, result.status(), "a README line failed:\n" + result.output());

        List<String> expected = IntStream.range(0, 10).mapToObj(i -> "hello " + i).toList();
        int javaRuns = 0;
        String[] sections = result.output().split(MARK);
        assertEquals(lines.size() + 1, sections.length, result.output());
        for (int n = 0; n < lines.size(); n++) {
            String section = sections[n + 1];
            String command = section.substring(0, section.indexOf('\n'));
            String output = section.substring(section.indexOf('\n') + 1);
            String errors = Files.readString(scratch.resolve("stderr-" + n));
            if (command.startsWith("java ") && !command.contains("-jar jgo-instrumenter.jar")) {
                javaRuns++;
                List<String> printed = output.lines().sorted().toList();
                assertEquals(expected, printed, "`" + command + "` printed:\n" + output + errors);
            }
            // Nothing on stderr (no pinning warning: every run is rewritten) but the notice that main
            // returned while the last goroutine was still finishing its lambda after wg.done().
            List<String> unexpected = errors.lines().filter(l -> !LAST_GOROUTINE_DROPPED.matcher(l).matches()).toList();
            assertEquals(List.of(), unexpected, "`" + command + "` wrote to stderr");
        }
        assertEquals(3, javaRuns, "with the agent, ahead of time, on the module path: " + result.output());
        assertTrue(Files.isRegularFile(scratch.resolve("hello/app-aot.jar")));
    }

    /** The lines of the fenced block that starts right after line {@code marker}. */
    private static List<String> fencedBlockAfter(List<String> readme, int marker) {
        int open = marker + 1;
        if (open >= readme.size() || !readme.get(open).startsWith("```")) {
            throw new AssertionError("README line " + (marker + 1) + " marks a block, but no fenced block follows it");
        }
        List<String> block = new ArrayList<>();
        for (int i = open + 1; i < readme.size(); i++) {
            if (readme.get(i).startsWith("```")) {
                return block;
            }
            block.add(readme.get(i));
        }
        throw new AssertionError("the fenced block after README line " + (marker + 1) + " is not closed");
    }
}
