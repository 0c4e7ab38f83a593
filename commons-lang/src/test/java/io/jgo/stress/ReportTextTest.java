package io.jgo.stress;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report's text from fixed runs: the plain run first, the slowdown against it, the rewritten classes, the pins by frame. */
class ReportTextTest {

    @Test
    void combinesTheRunsAgainstThePlainOne(@TempDir Path runs) throws IOException {
        write(runs, "agent-gomaxprocs-1", "agent, GOMAXPROCS 1", 3000, 12, """
                jgo: pin report: 12 pin(s) at 1 frame(s)
                        12  jdk.internal.reflect.NativeMethodAccessorImpl.invoke0 (NativeMethodAccessorImpl.java:-2)
                """);
        write(runs, "plain", "plain (no jgo)", 1000, 0, null);

        String text = ReportText.of(runs);

        String[] lines = text.split("\\R");
        int plain = indexOf(lines, "plain (no jgo)");
        int agent = indexOf(lines, "agent, GOMAXPROCS 1 ");
        assertTrue(plain >= 0 && agent > plain, "the plain run comes first:\n" + text);
        assertTrue(lines[agent].contains("x3.00"), "the tests' time against the plain run's:\n" + text);
        assertTrue(lines[agent].contains("40 (30)") && lines[agent].contains("+100%"), "classes rewritten, bytes added:\n" + text);
        assertTrue(text.contains("12  jdk.internal.reflect.NativeMethodAccessorImpl.invoke0"), "the pins by frame:\n" + text);
    }

    @Test
    void listsEachRunsCpuTimesWhereRecorded(@TempDir Path runs) throws IOException {
        write(runs, "plain", "plain (no jgo)", 1000, 0, null);
        write(runs, "cost-agent-default-plain-threads", "agent, no options, no goroutines", 1100, 0, null);
        Path cost = runs.resolve("cost-agent-default-plain-threads.properties");
        Files.writeString(cost, "testCpuMillis=2822\njitCpuMillis=17530\nprocessCpuMillis=27170\n",
                java.nio.file.StandardOpenOption.APPEND);

        String text = ReportText.of(runs);

        assertTrue(text.contains("cost-agent-default-plain-threads 2822 / 17530 / 27170"),
                "the tests' thread, the JIT compilers, the whole JVM:\n" + text);
        assertTrue(!text.matches("(?s).*\\bplain \\d.*"), "a run that recorded no CPU time is left out:\n" + text);
    }

    private static int indexOf(String[] lines, String start) {
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].startsWith(start)) {
                return i;
            }
        }
        return -1;
    }

    private static void write(Path runs, String run, String description, long testMillis, long pins, String pinReport)
            throws IOException {
        Properties p = new Properties();
        p.setProperty("run", run);
        p.setProperty("description", description);
        for (String key : new String[] {"tests", "passed"}) {
            p.setProperty(key, "947");
        }
        p.setProperty("failed", "0");
        p.setProperty("skipped", "1");
        p.setProperty("wallMillis", Long.toString(testMillis + 500));
        p.setProperty("testMillis", Long.toString(testMillis));
        p.setProperty("goroutineRuns", pinReport == null ? "0" : "947");
        p.setProperty("stressYields", pinReport == null ? "0" : "700");
        p.setProperty("pins", Long.toString(pins));
        if (pinReport != null) {
            p.setProperty("pinReport", pinReport);
            p.setProperty("classesRewritten", "40");
            p.setProperty("libraryClassesRewritten", "30");
            p.setProperty("bytesBefore", "1000");
            p.setProperty("bytesAfter", "2000");
        }
        try (Writer out = Files.newBufferedWriter(runs.resolve(run + ".properties"))) {
            p.store(out, null);
        }
    }
}
