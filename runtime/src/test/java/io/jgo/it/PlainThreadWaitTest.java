package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jgo.Chan;
import io.jgo.testing.Await;
import java.io.BufferedReader;
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
 * A plain thread blocked in a jgo call that nothing wakes is never silent, though no deadlock check
 * can see it: after {@code -Djgo.threadWaitWarning} a warning shows where it waits, and the dump on
 * signal lists it, even when no runtime was ever started (the signal must not kill the JVM then). An
 * interrupt does not end the wait and is kept on the thread. In a fresh JVM, on Linux (kill).
 */
@Timeout(120)
class PlainThreadWaitTest {

    @TempDir
    Path dir;

    /** main receives on a channel nobody sends on until the test writes a line to stdin. */
    public static final class Program {
        public static void main(String[] args) throws Exception {
            Chan<String> c = Chan.make();
            Thread main = Thread.currentThread();
            Thread helper = new Thread(() -> {
                try {
                    new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
                main.interrupt(); // does not end the wait: the value below does
                c.send("late");
            }, "helper");
            helper.setDaemon(true);
            helper.start();
            String v = c.recv();
            System.out.println("received " + v + ", interrupted=" + Thread.currentThread().isInterrupted());
        }
    }

    @Test
    void aBlockedPlainThreadIsWarnedAboutAndDumpedOnSignal() throws Exception {
        assumeTrue(System.getProperty("os.name").toLowerCase(Locale.ROOT).contains("linux"), "kill -USR1 needs Linux");
        Process p = Forked.builder(dir, List.of("-Djgo.dumpOnSignal=USR1", "-Djgo.threadWaitWarning=200"), Program.class)
                .redirectInput(ProcessBuilder.Redirect.PIPE).start();
        Path err = dir.resolve("err.txt");
        try (OutputStream in = p.getOutputStream()) {
            Await.until("the warning about main's wait", () -> stderr(err).contains("thread \"main\" has waited"), () -> stderr(err));
            String warning = stderr(err);
            assertTrue(warning.contains("no goroutine's deadlock check can see it"), warning);
            assertTrue(warning.contains("\tat io.jgo.Chan.recv("), "where it waits: " + warning);
            assertTrue(warning.contains("\tat " + Program.class.getName() + ".main("), warning);

            Process kill = new ProcessBuilder("kill", "-USR1", Long.toString(p.pid())).inheritIO().start();
            assertEquals(0, kill.waitFor());
            Await.until("the dump on signal", () -> stderr(err).contains("jgo: plain threads blocked in jgo calls:"),
                    () -> stderr(err) + (p.isAlive() ? "" : "\n(exited " + p.exitValue() + ")"));
            assertTrue(stderr(err).contains("thread \"main\" [jgo wait, plain thread, "), stderr(err));
            assertTrue(p.isAlive(), "the signal did not kill the JVM");

            in.write('\n');
            in.flush();
        } finally {
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        }
        String out = Files.readString(dir.resolve("out.txt"), StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), out + stderr(err));
        assertTrue(out.contains("received late, interrupted=true"), out);
    }

    private static String stderr(Path err) {
        try {
            return Files.readString(err, StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            return e.toString();
        }
    }
}
