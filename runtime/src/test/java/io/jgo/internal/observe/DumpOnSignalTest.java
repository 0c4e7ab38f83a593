package io.jgo.internal.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -Djgo.dumpOnSignal}: a bad value is refused with a message naming the property, the value
 * and a fix; a good one makes {@code kill -USR2 PID} print every runtime's goroutines to stderr
 * (shown on a forked JVM, on Linux).
 */
@Timeout(120)
class DumpOnSignalTest {

    @TempDir
    Path dir;

    @Test
    void signalNamesAreNormalized() {
        assertEquals("USR1", DumpOnSignal.signalName("USR1"));
        assertEquals("USR1", DumpOnSignal.signalName(" sigusr1 "));
        assertEquals("WINCH", DumpOnSignal.signalName("SIGWINCH"));
    }

    @Test
    void aValueThatIsNoSignalNameIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DumpOnSignal.signalName("USR2;rm"));
        assertTrue(e.getMessage().startsWith("-Djgo.dumpOnSignal=USR2;rm: not a signal name; "), e.getMessage());
        assertTrue(e.getMessage().contains("such as USR1"), e.getMessage());
    }

    /** sun.misc.Signal takes USR2, but HotSpot's thread suspension (Flight Recorder's sampler) raises it. */
    @Test
    void usr2IsRefusedForHotSpotsOwnUse() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DumpOnSignal.signalName("SIGUSR2"));
        assertTrue(e.getMessage().startsWith("-Djgo.dumpOnSignal=SIGUSR2: HotSpot suspends threads with SIGUSR2"), e.getMessage());
        assertTrue(e.getMessage().contains("such as USR1 (-Djgo.dumpOnSignal=USR1)"), e.getMessage());
    }

    @Test
    void aShutdownSignalIsRefused() {
        for (String s : List.of("INT", "SIGTERM", "hup")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DumpOnSignal.signalName(s));
            assertTrue(e.getMessage().contains("the JVM shuts down on SIG"), e.getMessage());
        }
    }

    @Test
    void aSignalTheJvmKeepsOrDoesNotKnowIsRefusedByName() {
        IllegalArgumentException quit = assertThrows(IllegalArgumentException.class, () -> DumpOnSignal.installOnce("QUIT"));
        assertTrue(quit.getMessage().startsWith("-Djgo.dumpOnSignal=QUIT: Signal already used by VM or OS: SIGQUIT; "),
                quit.getMessage());
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class, () -> DumpOnSignal.installOnce("NOSUCH"));
        assertTrue(unknown.getMessage().startsWith("-Djgo.dumpOnSignal=NOSUCH: Unknown signal: NOSUCH; "), unknown.getMessage());
    }

    @Test
    void aBadValueKeepsTheRuntimeFromStarting() throws Exception {
        Result r = fork("-Djgo.dumpOnSignal=BOGUS!", "start");
        assertTrue(r.stderr.contains("IllegalArgumentException: -Djgo.dumpOnSignal=BOGUS!: not a signal name"), r.stderr);
        assertTrue(r.exit != 0, "exit status " + r.exit);
    }

    @Test
    void usr1PrintsEveryRuntimesGoroutinesToStderr() throws Exception {
        assumeTrue(System.getProperty("os.name").toLowerCase(Locale.ROOT).contains("linux"), "kill -USR1 needs Linux");
        Path err = dir.resolve("stderr.txt");
        Process p = new ProcessBuilder(command("-Djgo.dumpOnSignal=USR1", "wait", "-Djgo.maxprocs=2")).redirectError(err.toFile()).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
             OutputStream in = p.getOutputStream()) {
            assertEquals("parked", out.readLine(), "the child's goroutine parked");
            Process kill = new ProcessBuilder("kill", "-USR1", Long.toString(p.pid())).inheritIO().start();
            assertEquals(0, kill.waitFor());
            String stderr = "";
            for (int i = 0; i < 30_000 && !stderr.contains("[chan receive"); i++) { // until the handler has written
                Thread.sleep(1);
                stderr = Files.readString(err, StandardCharsets.UTF_8);
            }
            in.write('\n'); // let the child end
            in.flush();
            assertTrue(p.waitFor(60, TimeUnit.SECONDS));
            stderr = Files.readString(err, StandardCharsets.UTF_8);
            assertTrue(stderr.contains("jgo: goroutines of runtime jgo:\n\ngoroutine 1 [running]:\n"), stderr);
            assertTrue(stderr.contains("goroutine 2 [chan receive, locked to thread]:\n"), stderr);
            assertTrue(stderr.contains("io.jgo.internal.observe.SignalDumpApp.lambda$"), "the goroutine's frames: " + stderr);
            assertEquals(0, p.exitValue(), stderr);
        } finally {
            p.destroyForcibly();
        }
    }

    private static List<String> command(String option, String mode, String... more) {
        List<String> c = new java.util.ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), option));
        c.addAll(List.of(more));
        c.addAll(List.of("-cp", System.getProperty("java.class.path"), SignalDumpApp.class.getName(), mode));
        return c;
    }

    private Result fork(String option, String mode) throws IOException, InterruptedException {
        Path err = Files.createTempFile(dir, "stderr", ".txt");
        Process p = new ProcessBuilder(command(option, mode)).redirectError(err.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        return new Result(p.exitValue(), Files.readString(err, StandardCharsets.UTF_8));
    }

    private static final class Result {
        final int exit;
        final String stderr;

        Result(int exit, String stderr) {
            this.exit = exit;
            this.stderr = stderr;
        }
    }
}
