package io.jgo.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report's footprint and start-up runs at a tiny size, as the report runs them (fresh JVMs, the
 * agent and instrumenter jars the build names), so that a broken configuration fails the build
 * instead of leaving a "failed" or "not measured" cell in the next report: every (runtime, depth)
 * yields a positive heap figure, and every start-up configuration prints its line and times it.
 * (JMH's part is left to the report: one fork per benchmark is too slow for {@code verify}.)
 */
class ExtrasSmokeTest {

    @TempDir
    Path dir;

    private final ByteArrayOutputStream progress = new ByteArrayOutputStream();

    @Test
    void footprintGivesAPositiveFigurePerRuntimeAndDepth() throws Exception {
        Path csv = dir.resolve(Extras.FOOTPRINT_CSV);
        FootprintRuns.run(csv, new FootprintRuns.Sizes("smoke", List.of(1, 3), 1, "256m", 2_000, 6_000), out());
        List<Map<String, String>> rows = ExtrasCsv.read(csv, FootprintRuns.COLUMNS).rows();
        assertEquals(4, rows.size(), text());
        for (Map<String, String> r : rows) {
            assertEquals("ok", r.get("status"), r + "\n" + text());
            assertTrue(Long.parseLong(r.get("bytes_per_parked")) > 0, r.toString());
            assertEquals("2000", r.get("parked"));
        }
    }

    @Test
    void everyStartupConfigurationPrintsItsLineAndIsTimed() throws Exception {
        Path csv = dir.resolve(Extras.STARTUP_CSV);
        StartupRuns.run(csv, "smoke", 1, out());
        List<Map<String, String>> rows = ExtrasCsv.read(csv, StartupRuns.COLUMNS).rows();
        assertEquals(Set.of("plain", "agent", "build-time"), rows.stream().map(r -> r.get("config")).collect(Collectors.toSet()), text());
        assertEquals(6, rows.size(), "each configuration asked for its uptime once, timed to its exit once\n" + text());
        for (Map<String, String> r : rows) {
            assertEquals("ok", r.get("status"), r + "\n" + text());
            double wall = Double.parseDouble(r.get("wall_first_line_ms"));
            if (r.get("wall_exit_ms").isEmpty()) {
                double jvm = Double.parseDouble(r.get("jvm_first_line_ms"));
                assertTrue(jvm > 0 && wall >= jvm, r.toString()); // the JVM's clock starts after the process's
            } else {
                assertTrue(r.get("jvm_first_line_ms").isEmpty() && Double.parseDouble(r.get("wall_exit_ms")) >= wall, r.toString());
            }
        }
    }

    private PrintStream out() {
        return new PrintStream(progress, true, StandardCharsets.UTF_8);
    }

    private String text() {
        return "--- progress:\n" + progress.toString(StandardCharsets.UTF_8);
    }
}
