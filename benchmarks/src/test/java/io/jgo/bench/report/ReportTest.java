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
 * The report generator on a fixed CSV (test resource {@code small-results.csv}: 3 or 4 runs per
 * cell, a failed, a skipped, a starved and a not-measured cell): the markdown's tables hold the
 * medians (an even count's is the mean of the middle two), the ratios jgo/other and the speed-ups
 * p1→p2 worked out by hand below, the notes say why a cell has no figure, and the charts the
 * report links are PNG files.
 */
class ReportTest {

    private static final byte[] PNG_MAGIC = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    @TempDir
    static Path dir;

    private static String md;

    @BeforeAll
    static void generate() throws IOException {
        Locale.setDefault(Locale.US); // the figures' thousands separator
        Path csv = dir.resolve("results.csv");
        try (InputStream in = ReportTest.class.getResourceAsStream("small-results.csv")) {
            Files.copy(in, csv);
        }
        Path report = Report.generate(csv, dir.resolve("out"));
        assertEquals(dir.resolve("out").resolve("REPORT.md"), report);
        md = Files.readString(report, StandardCharsets.UTF_8);
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

    private static void assertLine(String line) {
        assertTrue(Arrays.asList(md.split("\n")).contains(line), "REPORT.md has the line\n" + line + "\n--- REPORT.md:\n" + md);
    }
}
