package io.jgo.bench.macro;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A runtime compared by the harness, and how a fresh JVM is told to use {@code parallelism}
 * carriers (CPUs, for platform threads).
 */
public enum Contender {

    /**
     * jgo goroutines: GOMAXPROCS through {@code -Djgo.maxprocs}. The classes are rewritten at build
     * time (no agent), so the one flag per-goroutine {@code ThreadLocal}s need is given here, as the
     * README tells every build-time user to.
     */
    JGO("jgo") {
        @Override
        List<String> jvmFlags(int parallelism) {
            return List.of("-Djgo.maxprocs=" + parallelism, "--add-opens", "java.base/java.lang=ALL-UNNAMED");
        }
    },

    /** Loom virtual threads: the default scheduler's parallelism and pool size. */
    LOOM("Loom") {
        @Override
        List<String> jvmFlags(int parallelism) {
            return List.of("-Djdk.virtualThreadScheduler.parallelism=" + parallelism,
                    "-Djdk.virtualThreadScheduler.maxPoolSize=" + parallelism);
        }
    },

    /**
     * Platform threads. They have no parallelism knob: the JVM is confined to {@code parallelism}
     * CPUs with {@code taskset} (GC and JIT threads included) when taskset exists, else it runs
     * unconfined and the table says so.
     */
    PLATFORM("platform") {
        @Override
        List<String> jvmFlags(int parallelism) {
            return List.of();
        }

        @Override
        List<String> commandPrefix(int parallelism) {
            String taskset = onPath("taskset");
            if (taskset == null || parallelism > Runtime.getRuntime().availableProcessors()) {
                return List.of();
            }
            return List.of(taskset, "-c", parallelism == 1 ? "0" : "0-" + (parallelism - 1));
        }
    };

    private final String label;

    Contender(String label) {
        this.label = label;
    }

    /** Name in tables and on the command line (case-insensitive there). */
    public String label() {
        return label;
    }

    /** JVM flags that set this contender's parallelism. */
    abstract List<String> jvmFlags(int parallelism);

    /** Words in front of the {@code java} command (CPU confinement), usually none. */
    List<String> commandPrefix(int parallelism) {
        return List.of();
    }

    public static Contender parse(String s) {
        for (Contender c : values()) {
            if (c.label.equalsIgnoreCase(s) || c.name().equalsIgnoreCase(s)) {
                return c;
            }
        }
        throw new IllegalArgumentException("unknown runtime " + s + " (expected jgo, loom or platform)");
    }

    private static String onPath(String command) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path p = Path.of(dir.isEmpty() ? "." : dir, command);
            if (Files.isExecutable(p)) {
                return p.toString();
            }
        }
        return null;
    }
}
