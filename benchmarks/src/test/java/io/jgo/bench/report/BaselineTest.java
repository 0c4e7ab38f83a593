package io.jgo.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report's time figures beside the last committed report's, on fixed raw files: this report is
 * {@code small-results.csv} and {@code extras/jmh.json}; the committed one is {@code committed/}
 * (a results CSV and a JMH JSON with some figures changed by hand: ping-pong p 1 jgo 205 against 250
 * now, +22.0 %; p 2 jgo 280 against 310, +10.7 %; select-4 p 1 jgo 300 against 210, -30.0 %; Loom
 * unchanged; a cell failed now, a unit that differs, a workload this report lacks; JMH's first
 * suspension at depth 10 200 against 304, +52.0 %, the round trip at depth 1 58.0 against 58.6). Every
 * figure in both is listed with its change; a change of more than 15 % either way is marked moved.
 */
class BaselineTest {

    @TempDir
    static Path dir;

    private static String md;

    @BeforeAll
    static void generate() throws IOException {
        Locale.setDefault(Locale.US);
        Path now = Files.createDirectories(dir.resolve("now"));
        copy("small-results.csv", now.resolve("results.csv"));
        copy("extras/jmh.json", now.resolve("jmh.json"));
        Path committed = Files.createDirectories(dir.resolve("committed"));
        copy("committed/results.csv", committed.resolve("results.csv"));
        copy("committed/jmh.json", committed.resolve("jmh.json"));
        md = Files.readString(Report.generate(now.resolve("results.csv"), now, committed, "the test's committed/"), StandardCharsets.UTF_8);
    }

    private static void copy(String resource, Path to) throws IOException {
        try (InputStream in = BaselineTest.class.getResourceAsStream(resource)) {
            Files.copy(in, to);
        }
    }

    @Test
    void everyFigureInBothIsShownBesideTheCommittedOneWithItsChange() {
        assertTrue(md.contains("| ping-pong, p 1, jgo | ns/round trip | 250 | 205 | +22.0 % | **moved** |\n"), section());
        assertTrue(md.contains("| ping-pong, p 1, Loom | ns/round trip | 160 | 160 | +0.0 % |  |\n"), section());
        assertTrue(md.contains("| ping-pong, p 2, jgo | ns/round trip | 310 | 280 | +10.7 % |  |\n"), section());
        assertTrue(md.contains("| select-4, p 1, jgo | ns/item | 210 | 300 | -30.0 % | **moved** |\n"), section());
        assertTrue(md.contains("| SuspendResume.jgo (depth=1) | ns/op | 58.6 | 58.0 | +1.0 % |  |\n"), section());
        assertTrue(md.contains("| SuspendResume.jgoFirstSuspension (depth=10) | ns/op | 304 | 200 | +52.0 % | **moved** |\n"), section());
        assertTrue(section().contains("**moved** marks a change of more than 15 % either way (3 of 6)"), section());
    }

    @Test
    void aFigureMissingOnEitherSideOrInAnotherUnitIsLeftOut() {
        String s = section();
        assertFalse(s.contains("ping-pong, p 2, platform"), "failed now: " + s);
        assertFalse(s.contains("mutex-8"), "another unit: " + s);
        assertFalse(s.contains("thread-ring"), "not in this report: " + s);
        assertFalse(s.contains("FastPath"), "not in the committed JMH file: " + s);
    }

    @Test
    void theSectionComesBeforeTheWayToReproduce() {
        assertTrue(md.indexOf("## Against the last committed report") < md.indexOf("## Reproduce"));
        assertEquals(1, md.split("## Against the last committed report", -1).length - 1);
    }

    @Test
    void withoutACommittedReportTheSectionSaysSo() throws IOException {
        Path now = Files.createDirectories(dir.resolve("alone"));
        copy("small-results.csv", now.resolve("results.csv"));
        String text = Files.readString(Report.generate(now.resolve("results.csv"), now, null, "git HEAD of alone/"), StandardCharsets.UTF_8);
        assertTrue(text.contains("## Against the last committed report\n\nNo committed report to compare with (git HEAD of alone/).\n"));
    }

    /** The default: the committed report is the results folder as git's HEAD holds it. */
    @Test
    void theCommittedReportIsTheFolderAtGitsHead() throws Exception {
        assumeTrue(git(dir, "--version") == 0, "no git on the PATH");
        Path repo = Files.createDirectories(dir.resolve("repo"));
        Path results = Files.createDirectories(repo.resolve("results"));
        assertNull(Baseline.fromGit(results, dir.resolve("none")), "not a repository yet");
        assertEquals(0, git(repo, "init", "-q"));
        copy("committed/results.csv", results.resolve("results.csv"));
        assertEquals(0, git(repo, "add", "results/results.csv"));
        assertEquals(0, git(repo, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "committed report"));
        Files.delete(results.resolve("results.csv")); // a new run replaces it
        copy("small-results.csv", results.resolve("results.csv"));
        String text = Files.readString(Report.generate(results.resolve("results.csv"), results), StandardCharsets.UTF_8);
        assertTrue(text.contains("| ping-pong, p 1, jgo | ns/round trip | 250 | 205 | +22.0 % | **moved** |\n"), text);
        assertTrue(text.contains("(git HEAD of results/)"), text);
    }

    private static int git(Path in, String... args) throws IOException, InterruptedException {
        List<String> cmd = new java.util.ArrayList<>(List.of("git"));
        cmd.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(cmd).directory(in.toFile()).redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(60, TimeUnit.SECONDS) ? p.exitValue() : -1;
        } catch (IOException e) {
            return -1;
        }
    }

    private static String section() {
        int from = md.indexOf("## Against the last committed report");
        return from < 0 ? "no section in:\n" + md : md.substring(from, md.indexOf("## Reproduce", from));
    }
}
