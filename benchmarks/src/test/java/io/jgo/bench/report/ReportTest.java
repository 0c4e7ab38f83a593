package io.jgo.bench.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report generator on fixed raw files: a CSV of the macro comparison (test resource
 * {@code small-results.csv}: 3 or 4 runs per cell, a failed, a skipped, a starved and a
 * not-measured cell) and the extra measurements' files ({@code extras/}: a small JMH JSON with a
 * benchmark whose error is NaN and one whose rewritten half is missing, a footprint CSV with a
 * failed run, a start-up CSV with a configuration not measured). The markdown's tables hold the
 * medians (an even count's is the mean of the middle two), the ratios jgo/other, the speed-ups
 * p1→p2, the least-squares slopes and the costs per call worked out by hand below; the notes say
 * why a cell has no figure; a raw file that is absent makes its section say "not measured", one that
 * cannot be read makes it say why, and neither stops the report; the charts it links are PNG files.
 */
class ReportTest {

    private static final byte[] PNG_MAGIC = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    private static final List<String> EXTRAS = List.of("jmh.json", "footprint.csv", "startup.csv");

    @TempDir
    static Path dir;

    /** From small-results.csv alone. */
    private static String md;
    /** From small-results.csv and the extras. */
    private static String full;
    /** From the extras alone. */
    private static String extrasOnly;

    @BeforeAll
    static void generate() throws IOException {
        Locale.setDefault(Locale.US); // the figures' thousands separator
        Path csv = dir.resolve("results.csv");
        copy("small-results.csv", csv);
        Path report = Report.generate(csv, dir.resolve("out"));
        assertEquals(dir.resolve("out").resolve("REPORT.md"), report);
        md = Files.readString(report, StandardCharsets.UTF_8);

        Path withExtras = Files.createDirectories(dir.resolve("with-extras"));
        copy("small-results.csv", withExtras.resolve("results.csv"));
        for (String f : EXTRAS) {
            copy("extras/" + f, withExtras.resolve(f));
        }
        full = Files.readString(Report.generate(withExtras.resolve("results.csv"), withExtras), StandardCharsets.UTF_8);

        Path alone = Files.createDirectories(dir.resolve("extras-alone"));
        for (String f : EXTRAS) {
            copy("extras/" + f, alone.resolve(f));
        }
        extrasOnly = Files.readString(Report.generate(alone.resolve("results.csv"), alone), StandardCharsets.UTF_8);
    }

    private static void copy(String resource, Path to) throws IOException {
        try (InputStream in = ReportTest.class.getResourceAsStream(resource)) {
            Files.copy(in, to);
        }
    }

    @Test
    void headerNamesTheMachineAndDoesNotClaimQuickMode() {
        assertTrue(md.startsWith("# jgo performance report\n"), md.lines().findFirst().orElse(""));
        assertFalse(md.contains("QUICK"));
        assertTrue(md.contains("Measured 2026-12-01 12:00 UTC on 2 CPUs (Test CPU @ 2.00GHz), Linux 6.1.0 amd64. "
                + "JDK 25.0.3+9-LTS (Eclipse Adoptium); go version go1.19.8 linux/amd64."), md);
    }

    @Test
    void summaryTableHasMediansAndRatiosOfMedians() {
        assertLine("| workload | p | jgo | Loom | platform | Go | jgo/Loom | jgo/platform | jgo/Go |");
        // p1 medians 250, 160, 500, 270: 250/160 = 1.5625, 250/500 = 0.5, 250/270 = 0.926
        assertLine("| ping-pong (ns/round trip) | 1 | 250 | 160 | 500 | 270 | 1.56 | 0.50 | 0.93 |");
        // p2: 310/155 = 2, platform failed (no ratio), 310/265 = 1.170
        assertLine("| ping-pong (ns/round trip) | 2 | 310 | 155 | failed | 265 | 2.00 |  | 1.17 |");
        assertLine("| select-4 (ns/item) | 1 | 210 | — |  | not measured |  |  |  |");
        // 10, 12, 14, 20: the median of an even count is the mean of the middle two
        assertLine("| mutex-8 (ns/lock) | 1 | 13.0 |  |  |  |  |  |  |");
        assertFalse(md.contains("| mutex-8 (ns/lock) | 2 |"), "a workload not run at p 2 has no p 2 row");
        assertLine("| fairness-p99 (ms late) | 1 | 35.0 | **starved** |  |  |  |  |  |");
    }

    @Test
    void scalingTableHasSpeedUpsFromP1() {
        assertLine("| workload | jgo p1→p2 | Loom p1→p2 | platform p1→p2 | Go p1→p2 |");
        // 250/310 = 0.806, 160/155 = 1.032, platform has no p2 figure, 270/265 = 1.019
        assertLine("| ping-pong | 0.81× | 1.03× |  | 1.02× |");
        assertLine("| select-4 | 0.80× |  |  |  |"); // 210/262
    }

    @Test
    void workloadSectionsHaveSpreadsAndSayWhyACellHasNoFigure() {
        assertLine("### ping-pong (ns/round trip)");
        assertLine("1,000 round trips between two parties over two unbuffered channels; elapsed / round trips.");
        assertLine("| 1 | jgo | 250 | 240 – 260 | 3 |");
        assertLine("| 1 | Loom | 160 | 150 – 170 | 3 |");
        assertLine("| 2 | platform | failed | | |");
        assertLine("- platform at p 2: failed (exit 1): java.lang.OutOfMemoryError: unable to create native thread: "
                + "two platform threads, two SynchronousQueues");
        assertLine("| 1 | jgo | 13.0 | 10.0 – 20.0 | 4 |");
        assertLine("- Loom: starved: virtual threads; starved: the hogs ran until their limit: the probe took 0 of 1,000 samples");
        assertLine("- Go: not measured: no go toolchain on the PATH");
    }

    @Test
    void chartsAreLinkedAndArePngFiles() throws IOException {
        for (String chart : List.of("overview.png", "scaling.png", "workload-ping-pong.png", "workload-select-4.png",
                "workload-mutex-8.png", "workload-fairness-p99.png")) {
            assertTrue(md.contains("](" + chart + ")"), "REPORT.md links " + chart);
            Path file = dir.resolve("out").resolve(chart);
            assertTrue(Files.size(file) > 1000, chart + " is a drawn chart");
            try (InputStream in = Files.newInputStream(file)) {
                assertArrayEquals(PNG_MAGIC, in.readNBytes(8), chart + " is a PNG");
            }
        }
    }

    @Test
    void aFileThatIsNotTheComparisonsCsvIsRejectedWithWhereAndWhy() throws IOException {
        Path bad = dir.resolve("bad.csv");
        Files.writeString(bad, "# mode: full\nworkload,p,value\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Report.generate(bad, dir.resolve("bad")));
        assertTrue(e.getMessage().contains("bad.csv line 2: expected the header"), e.getMessage());
    }

    @Test
    void extrasThatWereNotMeasuredSaySo() {
        for (String section : List.of("## Continuations by depth (JMH)", "## Fast-path cost (JMH)")) {
            assertFollowedBy(md, section, "Not measured: no jmh.json in this report's folder "
                    + "(`ReportRun --extras-only` measures it beside an existing results.csv).");
        }
        assertFollowedBy(md, "## Memory per parked goroutine", "Not measured: no footprint.csv in this report's folder "
                + "(`ReportRun --extras-only` measures it beside an existing results.csv).");
        assertFollowedBy(md, "## Start-up", "Not measured: no startup.csv in this report's folder "
                + "(`ReportRun --extras-only` measures it beside an existing results.csv).");
        assertFalse(md.contains("continuations.png") || md.contains("footprint.png"), "no chart without figures");
    }

    @Test
    void continuationTablesHaveScoresErrorsRatiosAndSlopes() {
        assertTrue(full.contains("1 fork, 3 × 1 s warm-up, 5 × 1 s measured, JDK 25.0.1 (OpenJDK 64-Bit Server VM)."), full);
        assertLine(full, "### Suspend + resume round trip, ns");
        // 58.6/184 = 0.318, 60.1/150 = 0.401; slopes (60.1 - 58.6)/9 = 0.167 and (150 - 184)/9 = -3.78
        assertLine(full, "| 1 | 58.6 ± 3.20 | 184 ± 9.10 | 0.32 |");
        assertLine(full, "| 10 | 60.1 ± 2.00 | 150 ± 5.00 | 0.40 |");
        assertLine(full, "| per extra frame (least-squares slope) | 0.17 | -3.78 | |");
        assertLine(full, "### First suspension from depth d, ns");
        // 106/159 = 0.667, 304/274 = 1.109 (Loom's error NaN: none shown); slopes 198/9 = 22.0 and 115/9 = 12.8
        assertLine(full, "| 1 | 106 ± 4.00 | 159 ± 3.00 | 0.67 |");
        assertLine(full, "| 10 | 304 ± 12.0 | 274 | 1.11 |");
        assertLine(full, "| per extra frame (least-squares slope) | 22.0 | 12.8 | |");
        assertLine(full, "![continuations by depth](continuations.png)");
    }

    @Test
    void fastPathTableHasTheCostAddedPerCall() {
        // (1.09 - 0.82) / 1 = 0.27; (23.6 - 9.47) / 10 = 1.41
        assertLine(full, "| in a goroutine | small | 1 | 0.82 ± 0.01 | 1.09 ± 0.02 | 0.27 |");
        assertLine(full, "| in a goroutine | small | 10 | 9.47 ± 0.10 | 23.6 ± 0.50 | 1.41 |");
        assertLine(full, "| from a plain thread | small | 1 | 0.60 ± 0.01 | not measured |  |");
        assertFalse(full.contains("| medium |"), "no row for a body JMH did not run");
    }

    @Test
    void footprintTableHasMediansSpreadsRatiosAndFailedRuns() {
        // jgo 480, 490 -> 485; Loom 1,450, 1,460 -> 1,455; 485/1,455 = 0.333. Depth 10: Loom's second run failed.
        assertLine(full, "| 1 | 100,000 | 485 (480 – 490) | 1,455 (1,450 – 1,460) | 0.33 |");
        assertLine(full, "| 10 | 100,000 | 810 (800 – 820) | 1,700 | 0.48 |");
        assertLine(full, "- Loom at depth 10, run 2: failed (exit 1): java.lang.OutOfMemoryError: Java heap space");
        assertLine(full, "![memory per parked goroutine by depth](footprint.png)");
        assertTrue(full.contains("One fresh JVM per (runtime, depth, run), -Xms2g -Xmx2g; the median of 2 run(s)"), full);
    }

    @Test
    void startupTableHasMediansAndTheCostOverPlain() {
        // wall over both runs of a round, JVM over the uptime runs, exit over the others: plain walls 50, 51, 52, 54, 55, 60
        // -> 53.0, JVM 30, 31, 35 -> 31.0; agent walls 150, 151, 160, 162, 169, 170 -> 161, JVM 125: +108 / +94.0
        assertLine(full, "| plain | 53.0 (50.0 – 60.0) | 31.0 (30.0 – 35.0) | 72.0 (70.0 – 80.0) | 3 |  |");
        assertLine(full, "| agent | 161 (150 – 170) | 125 (120 – 140) | 190 (180 – 200) | 3 | +108 / +94.0 |");
        assertLine(full, "| build-time | not measured | | | | |");
        assertLine(full, "- build-time: no instrumenter jar: -Djgo.bench.instrumenterJar is not set (exec:exec@report sets it)");
        assertLine(full, "- agent: HelloGoroutine as javac wrote it, rewritten as it loads by the agent (default options)");
    }

    @Test
    void extrasComeBetweenTheScalingTableAndTheWorkloads() {
        int scaling = full.indexOf("## Scaling");
        int continuations = full.indexOf("## Continuations by depth (JMH)");
        int startup = full.indexOf("## Start-up");
        int workloads = full.indexOf("## Workloads");
        assertTrue(scaling < continuations && continuations < startup && startup < workloads, full);
    }

    @Test
    void extrasAloneMakeAReportThatSaysTheMacroPartWasNotMeasured() {
        assertTrue(extrasOnly.startsWith("# jgo performance report\n"), extrasOnly);
        // the machine from the first extras CSV that has it
        assertLine(extrasOnly, "Measured 2026-12-01 12:30 UTC on 2 CPUs (Test CPU @ 2.00GHz), Linux 6.1.0 amd64. JDK 25.0.3+9-LTS (Eclipse Adoptium).");
        assertFollowedBy(extrasOnly, "## Macro workloads",
                "Not measured: no results.csv in this report's folder (`ReportRun` without `--extras-only` measures them).");
        assertLine(extrasOnly, "| 1 | 58.6 ± 3.20 | 184 ± 9.10 | 0.32 |");
        assertFalse(extrasOnly.contains("## Summary"), extrasOnly);
    }

    @Test
    void extraChartsArePngFilesWithTheirFiguresOnLogAxes() throws IOException {
        for (String chart : List.of("continuations.png", "footprint.png")) {
            Path file = dir.resolve("with-extras").resolve(chart);
            assertTrue(Files.size(file) > 1000, chart + " is a drawn chart");
            try (InputStream in = Files.newInputStream(file)) {
                assertArrayEquals(PNG_MAGIC, in.readNBytes(8), chart + " is a PNG");
            }
        }
    }

    @Test
    void anUnreadableRawFileIsNamedInItsSectionAndTheReportIsStillWritten() throws IOException {
        Path folder = Files.createDirectories(dir.resolve("broken"));
        copy("small-results.csv", folder.resolve("results.csv"));
        Files.writeString(folder.resolve("jmh.json"), "{\"not\": \"an array\"}");
        Files.writeString(folder.resolve("footprint.csv"), "runtime,depth\njgo,1\n");
        String text = Files.readString(Report.generate(folder.resolve("results.csv"), folder), StandardCharsets.UTF_8);
        assertFollowedBy(text, "## Continuations by depth (JMH)",
                "Not shown: " + folder.resolve("jmh.json") + ": not JMH's JSON results (expected an array of benchmarks)");
        assertFollowedBy(text, "## Memory per parked goroutine", "Not shown: " + folder.resolve("footprint.csv")
                + " line 1: expected the header \"runtime,depth,status,run,parked,bytes_per_parked,note\", found \"runtime,depth\"");
        assertTrue(text.contains("## Summary"), "the rest of the report is written");
    }

    @Test
    void aFolderWithNothingToReportIsRejectedWithWhere() throws IOException {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Report.generate(empty.resolve("results.csv"), empty));
        assertTrue(e.getMessage().startsWith("nothing to report in " + empty + ": no results.csv, jmh.json, footprint.csv or startup.csv"),
                e.getMessage());
    }

    private static void assertLine(String line) {
        assertLine(md, line);
    }

    private static void assertLine(String text, String line) {
        assertTrue(Arrays.asList(text.split("\n")).contains(line), "REPORT.md has the line\n" + line + "\n--- REPORT.md:\n" + text);
    }

    /** {@code heading} is a line of the text, and the next non-empty line is {@code line}. */
    private static void assertFollowedBy(String text, String heading, String line) {
        List<String> lines = Arrays.stream(text.split("\n")).filter(l -> !l.isBlank()).toList();
        int at = lines.indexOf(heading);
        assertTrue(at >= 0 && at + 1 < lines.size(), "REPORT.md has the heading " + heading + "\n--- REPORT.md:\n" + text);
        assertEquals(line, lines.get(at + 1), "the line after " + heading);
    }
}
