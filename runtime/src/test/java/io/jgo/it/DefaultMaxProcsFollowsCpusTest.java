package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jgo.Go;
import io.jgo.testing.Heavy;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The default GOMAXPROCS is the number of CPUs the JVM may use, as in Go 1.25: a JVM started under
 * {@code taskset -c 0} (one CPU in its affinity mask) runs a runtime with one P. The count is
 * {@code Runtime.availableProcessors()}, which on JDK 17 honours the affinity mask and the cgroup's
 * CPU quota (a container's {@code --cpus}); a cgroup quota needs privileges to set up, so only the
 * affinity mask is tested here. A fresh JVM, without {@code GOMAXPROCS} in its environment.
 */
@Heavy
@Timeout(120)
class DefaultMaxProcsFollowsCpusTest {

    @TempDir
    Path dir;

    /** Prints the runtime's GOMAXPROCS and the JVM's CPU count. */
    public static final class Program {
        public static void main(String[] args) {
            int[] procs = new int[1];
            Go.run(() -> procs[0] = Go.maxProcs());
            System.out.println("maxprocs " + procs[0] + " cpus " + Runtime.getRuntime().availableProcessors());
        }
    }

    @Test
    void oneCpuInTheAffinityMaskMeansOneP() throws Exception {
        assumeTrue(tasksetWorks(), "taskset is not on the PATH, or may not set an affinity mask here");
        List<String> cmd = new ArrayList<>(List.of("taskset", "-c", "0"));
        cmd.add(System.getProperty("java.home") + File.separator + "bin" + File.separator + "java");
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Program.class.getName()));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve("out.txt").toFile());
        pb.environment().remove("GOMAXPROCS");
        Process p = pb.start();
        int exit = p.waitFor();
        String out = Files.readString(dir.resolve("out.txt"), StandardCharsets.UTF_8);
        assertEquals(0, exit, out);
        assertEquals("maxprocs 1 cpus 1", out.lines().filter(l -> l.startsWith("maxprocs")).findFirst().orElse(out),
                "a JVM bound to one CPU by taskset must default to GOMAXPROCS 1");
    }

    /** Can {@code taskset -c 0} run a program here (it exists, and CPU 0 may be chosen)? */
    private static boolean tasksetWorks() {
        try {
            Process p = new ProcessBuilder("taskset", "-c", "0", "true").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (java.io.IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
