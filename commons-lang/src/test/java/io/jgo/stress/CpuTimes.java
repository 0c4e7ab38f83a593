package io.jgo.stress;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * Where a run's CPU went, for the report: the whole JVM's, and its JIT compilers' (the C1 and C2
 * compiler threads, which the JVM hides from {@code ThreadMXBean}, read from Linux's
 * {@code /proc/self/task/TID/stat}). A wall-time ratio on a 2-core machine mixes the rewritten
 * code's own cost with the compilers' work on the bigger methods, which competes with the tests for
 * the cores; these figures tell the two apart (the tests' own CPU is {@link RunReport}'s). On a
 * loaded machine every CPU figure is inflated too, but the A/B comparison of two runs taken side by
 * side stays fair. -1 where the platform does not tell.
 */
final class CpuTimes {

    /** Clock ticks per second of {@code /proc}'s utime and stime (USER_HZ: 100 on every Linux build we run on). */
    private static final long TICKS_PER_SECOND = 100;

    private CpuTimes() {
    }

    /** The whole JVM's CPU time (user + system) so far, in ms; -1 if unknown. */
    static long processMillis() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            long nanos = os.getProcessCpuTime();
            return nanos < 0 ? -1 : nanos / 1_000_000;
        }
        return -1;
    }

    /** The CPU time (user + system) of this JVM's JIT compiler threads still alive, in ms; -1 without {@code /proc}. */
    static long jitMillis() {
        Path tasks = Path.of("/proc/self/task");
        if (!Files.isDirectory(tasks)) {
            return -1;
        }
        long ticks = 0;
        try (Stream<Path> all = Files.list(tasks)) {
            for (Path task : (Iterable<Path>) all::iterator) {
                ticks += compilerTicks(task);
            }
        } catch (IOException e) {
            return -1;
        }
        return ticks * 1000 / TICKS_PER_SECOND;
    }

    /** utime + stime of one thread if it is a compiler thread ("C1 CompilerThre", "C2 CompilerThre"), else 0. */
    private static long compilerTicks(Path task) {
        try {
            if (!Files.readString(task.resolve("comm")).contains("CompilerThre")) {
                return 0;
            }
            String stat = Files.readString(task.resolve("stat"));
            // After "(comm) ": state is field 3, utime field 14, stime field 15 of the whole line.
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
            return Long.parseLong(f[11]) + Long.parseLong(f[12]);
        } catch (IOException | RuntimeException e) {
            return 0; // the thread ended meanwhile: its time is lost, as a dead thread's always is
        }
    }
}
