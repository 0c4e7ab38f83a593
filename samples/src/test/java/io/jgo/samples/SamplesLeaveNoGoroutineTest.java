package io.jgo.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The samples a newcomer runs first end with nothing left behind: no goroutine blocked when main
 * returns, so {@code Go.run} has none to note as dropped ("main returned with N other goroutines
 * still alive"), as Go is silent. (Workload keeps one stuck on purpose, for dumps: not run here.)
 * Each runs in a fresh JVM from this build's rewritten classes, without the agent.
 */
@Timeout(300)
class SamplesLeaveNoGoroutineTest {

    @TempDir
    Path dir;

    @Test
    void primeSieveStopsItsGeneratorAndFilters() throws Exception {
        String out = run("PrimeSieve", "300");
        assertTrue(out.startsWith("the 300th prime is 1987 ("), out);
    }

    @Test
    void theOtherFirstSamplesEndCleanly() throws Exception {
        for (String sample : List.of("HelloGoroutines", "WorkerFanOut", "Pipeline")) {
            run(sample);
        }
    }

    /** Runs a sample; fails if it wrote anything to stderr (the note, a warning); returns its stdout. */
    private String run(String sample, String... args) throws Exception {
        List<String> command = Commands.jdk("java", "--add-opens", "java.base/java.lang=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"), "io.jgo.samples." + sample);
        command.addAll(List.of(args));
        Path err = dir.resolve(sample + ".err");
        Commands.Result r = Commands.run(dir, command, err);
        String stderr = java.nio.file.Files.readString(err);
        assertEquals(0, r.status(), sample + ":\n" + r.output() + stderr);
        assertFalse(stderr.contains("still alive"), sample + " left goroutines behind:\n" + stderr);
        assertEquals("", stderr, sample + " wrote to stderr");
        return r.output();
    }
}
