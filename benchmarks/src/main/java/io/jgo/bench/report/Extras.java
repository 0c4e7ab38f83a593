package io.jgo.bench.report;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonParser;
import io.jgo.bench.macro.Compare;
import io.jgo.bench.micro.Micro;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The report's extra measurements, each into a raw file of the report's folder that {@link Report}
 * reads when it finds it: the JMH continuation and fast-path benchmarks
 * ({@code SuspendResume}, {@code FastPath}, {@code FastPathOnPlainThread}) into {@value #JMH_JSON},
 * JMH's own JSON; heap per parked goroutine and virtual thread by depth ({@link FootprintRuns}) into
 * {@value #FOOTPRINT_CSV}; start-up to a program's first line ({@link StartupRuns}) into
 * {@value #STARTUP_CSV}. Each runs on its own: one that fails leaves no file (its old one is removed
 * first, so a report never shows figures of an earlier run as this run's) and says why on stderr,
 * and the report says "not measured" there.
 *
 * <p>JMH runs in this JVM through {@link Micro} (JMH's command line): its forks are started from
 * this JVM's {@code java} with this JVM's class path, and the benchmarks' own {@code @Fork} flags
 * (Loom's {@code --add-exports}, the {@code CarrierExecutor}) apply as in {@code exec:exec@jmh}.
 */
public final class Extras {

    /** JMH's JSON results in the report's folder. */
    public static final String JMH_JSON = "jmh.json";
    /** The footprint CSV in the report's folder. */
    public static final String FOOTPRINT_CSV = "footprint.csv";
    /** The start-up CSV in the report's folder. */
    public static final String STARTUP_CSV = "startup.csv";

    /** The measurements by name, as {@code ReportRun --extras} takes them. */
    public static final List<String> ALL = List.of("jmh", "footprint", "startup");

    /**
     * The benchmarks and settings of the full mode: JMH's regular expression over full names, then its options.
     * Every benchmark but the first suspension, which {@link #JMH_FIRST_SUSPENSION} measures apart.
     */
    static final List<String> JMH_FULL = List.of(
            "io\\.jgo\\.bench\\.micro\\.(SuspendResume\\.(jgo|loom)$|FastPath\\.|FastPathOnPlainThread\\.)",
            "-f", "1", "-wi", "3", "-i", "5", "-w", "1s", "-r", "1s");
    /**
     * The full mode's first suspension, its own JMH run: the report gives its cost per extra frame (a
     * least-squares line over the depths), and with one fork and 5 iterations at six depths that slope had
     * errors larger than itself (REPORT.md, 2026-12-06: 9.93 ns a frame, ± 318 ns at depth 1 and ± 11,219
     * at depth 1,000). Here two forks (a JIT outcome of one JVM counts once in two, not in all) and 10
     * iterations each after 5 of warm-up, at the three depths that fix the line (its ends and one between):
     * 20 samples a point, where a 99.9 % interval is 0.87 standard deviations wide against 3.85 with 5.
     * About 3 minutes for jgo and Loom together.
     */
    static final List<String> JMH_FIRST_SUSPENSION = List.of(
            "io\\.jgo\\.bench\\.micro\\.SuspendResume\\.(jgo|loom)FirstSuspension$",
            "-f", "2", "-wi", "5", "-i", "10", "-w", "1s", "-r", "1s", "-p", "depth=1,100,1000");
    /** The quick mode's: short iterations, three depths, no {@code FastPathOnPlainThread} (one JMH fork per benchmark and depth). */
    static final List<String> JMH_QUICK = List.of("io\\.jgo\\.bench\\.micro\\.(SuspendResume|FastPath)\\.",
            "-f", "1", "-wi", "1", "-i", "2", "-w", "200ms", "-r", "200ms", "-p", "depth=1,10,100");

    private Extras() {
    }

    /**
     * Runs the {@code which} measurements (names of {@link #ALL}) into {@code dir}, quick or full,
     * printing progress; answers the names of those that failed.
     */
    public static List<String> run(Path dir, boolean quick, List<String> which, PrintStream progress) throws InterruptedException {
        List<String> failed = new ArrayList<>();
        int step = 0;
        for (String name : ALL) {
            if (!which.contains(name)) {
                continue;
            }
            step++;
            progress.printf("[extras %d/%d] %s ...%n", step, which.size(), what(name, quick));
            try {
                Files.createDirectories(dir);
                switch (name) {
                    case "jmh" -> jmh(dir.resolve(JMH_JSON), quick);
                    case "footprint" -> FootprintRuns.run(dir.resolve(FOOTPRINT_CSV), FootprintRuns.Sizes.of(quick), progress);
                    case "startup" -> StartupRuns.run(dir.resolve(STARTUP_CSV), quick ? "quick" : "full", StartupRuns.runs(quick), progress);
                    default -> throw new IllegalStateException(name);
                }
            } catch (InterruptedException e) {
                throw e;
            } catch (Exception e) {
                failed.add(name);
                System.err.println("extras: " + name + " not measured: " + e);
            }
        }
        return failed;
    }

    /** The names given to {@code --extras}, checked. */
    public static List<String> parse(String list) {
        List<String> names = List.of(list.split(",")).stream().map(String::trim).filter(s -> !s.isEmpty()).distinct().toList();
        for (String n : names) {
            if (!ALL.contains(n)) {
                throw new IllegalArgumentException("--extras: unknown measurement '" + n + "'; choose from " + String.join(",", ALL));
            }
        }
        return names;
    }

    private static String what(String name, boolean quick) {
        return switch (name) {
            case "jmh" -> "JMH " + String.join(" ", quick ? JMH_QUICK : JMH_FULL)
                    + (quick ? "" : ", then JMH " + String.join(" ", JMH_FIRST_SUSPENSION))
                    + " (about " + Compare.left(quick ? 60 : 600) + "; JMH prints its own progress and ETA)";
            case "footprint" -> "heap per parked goroutine and virtual thread by depth, one fresh JVM each";
            case "startup" -> "start-up to the first line: plain JVM, jgo with the agent, jgo rewritten at build time";
            default -> name;
        };
    }

    /** The quick mode's one JMH run, or the full mode's two (see {@link #JMH_FIRST_SUSPENSION}) joined into one JSON array. */
    private static void jmh(Path json, boolean quick) throws Exception {
        Path file = json.toAbsolutePath();
        Files.deleteIfExists(file);
        if (quick) {
            jmhRun(JMH_QUICK, file);
            return;
        }
        Path first = file.resolveSibling("jmh-first-suspension.json");
        Files.deleteIfExists(first);
        jmhRun(JMH_FULL, file);
        jmhRun(JMH_FIRST_SUSPENSION, first);
        appendJmhResults(file, first);
        Files.delete(first);
    }

    /** Appends the benchmarks of JMH's JSON file {@code from} to those of {@code into}, rewritten as one array. */
    static void appendJmhResults(Path into, Path from) throws IOException {
        JsonArray all = readArray(into);
        all.addAll(readArray(from));
        Files.writeString(into, new GsonBuilder().setPrettyPrinting().create().toJson(all), StandardCharsets.UTF_8);
    }

    private static void jmhRun(List<String> options, Path file) throws Exception {
        List<String> args = new ArrayList<>(options);
        args.addAll(List.of("-rf", "json", "-rff", file.toString()));
        Micro.main(args.toArray(String[]::new));
        if (!Files.isRegularFile(file)) {
            throw new IOException("JMH wrote no " + file);
        }
    }

    private static JsonArray readArray(Path file) throws IOException {
        JsonElement root = JsonParser.parseString(Files.readString(file, StandardCharsets.UTF_8));
        if (!root.isJsonArray()) {
            throw new IOException(file + ": JMH's JSON is not an array of benchmarks");
        }
        return root.getAsJsonArray();
    }
}
