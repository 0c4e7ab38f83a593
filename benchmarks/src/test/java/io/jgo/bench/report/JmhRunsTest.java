package io.jgo.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonParser;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The full report's two JMH runs ({@link Extras#JMH_FULL}, {@link Extras#JMH_FIRST_SUSPENSION}): between
 * them every benchmark the report shows runs exactly once, the first suspension in the run with two forks,
 * and their JSON files joined are read as one, with both runs' settings named.
 */
class JmhRunsTest {

    private static final String MICRO = "io.jgo.bench.micro.";

    @TempDir
    Path dir;

    @Test
    void everyReportedBenchmarkRunsInExactlyOneOfTheTwoRuns() {
        Pattern full = Pattern.compile(Extras.JMH_FULL.get(0));
        Pattern first = Pattern.compile(Extras.JMH_FIRST_SUSPENSION.get(0));
        for (String b : List.of("SuspendResume.jgo", "SuspendResume.loom", "FastPath.smallDepth1Plain",
                "FastPath.mediumDepth10Rewritten", "FastPathOnPlainThread.smallDepth1Plain")) {
            assertTrue(full.matcher(MICRO + b).find(), b + " is left out of the full run");
            assertFalse(first.matcher(MICRO + b).find(), b + " runs in the first suspension's run too");
        }
        for (String b : List.of("SuspendResume.jgoFirstSuspension", "SuspendResume.loomFirstSuspension")) {
            assertTrue(first.matcher(MICRO + b).find(), b + " is left out of its own run");
            assertFalse(full.matcher(MICRO + b).find(), b + " runs in the full run too");
        }
        assertFalse(full.matcher(MICRO + "ChanOps.sendRecv").find(), "a benchmark the report does not show");
        String options = String.join(" ", Extras.JMH_FIRST_SUSPENSION);
        assertTrue(options.contains("-f 2") && options.contains("-i 10") && options.contains("-p depth=1,100,1000"), options);
    }

    @Test
    void theTwoRunsJsonFilesJoinedReadAsOneWithBothSettings() throws Exception {
        JsonArray all;
        try (InputStream in = getClass().getResourceAsStream("extras/jmh.json")) {
            all = JsonParser.parseString(new String(in.readAllBytes(), StandardCharsets.UTF_8)).getAsJsonArray();
        }
        JsonArray rest = new JsonArray();
        JsonArray firstSuspension = new JsonArray();
        for (JsonElement b : all) {
            boolean isFirst = b.getAsJsonObject().get("benchmark").getAsString().endsWith("FirstSuspension");
            if (isFirst) {
                b.getAsJsonObject().addProperty("forks", 2);
            }
            (isFirst ? firstSuspension : rest).add(b);
        }
        assertFalse(firstSuspension.isEmpty(), "the sample file has first-suspension results");
        Path into = dir.resolve(Extras.JMH_JSON);
        Path from = dir.resolve("jmh-first-suspension.json");
        Files.writeString(into, rest.toString());
        Files.writeString(from, firstSuspension.toString());
        Extras.appendJmhResults(into, from);
        JmhResults joined = JmhResults.read(into);
        assertEquals(all.size(), joined.all().size());
        assertEquals(firstSuspension.size(), joined.all().stream().filter(s -> s.method().endsWith("FirstSuspension")).count());
        assertEquals(2, joined.settings().size(), "each run's settings are named: " + joined.settings());
        assertTrue(joined.settings().stream().anyMatch(s -> s.startsWith("2 forks")), joined.settings().toString());
        // each section names only the run its benchmarks were in
        java.util.List<JmhResults.Score> fastPath = joined.of(JmhSections.FAST_PATH);
        assertFalse(fastPath.isEmpty(), "the sample file has FastPath results");
        assertEquals(1, joined.settingsOf(fastPath).size(), joined.settingsOf(fastPath).toString());
        assertTrue(joined.settingsOf(fastPath).iterator().next().startsWith("1 fork,"), joined.settingsOf(fastPath).toString());
        java.util.List<JmhResults.Score> first = joined.all().stream().filter(s -> s.method().endsWith("FirstSuspension")).toList();
        assertEquals(java.util.Set.of(joined.settings().stream().filter(s -> s.startsWith("2 forks")).findFirst().orElseThrow()),
                joined.settingsOf(first));
    }
}
