package io.jgo.bench.macro;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The Go side of the comparison: builds the program under {@code benchmarks/go/} with the
 * {@code go} on the PATH (or, failing that, the newest of Debian's versioned toolchains,
 * {@code /usr/lib/go-1.NN/bin/go}, which {@code golang-1.23-go} installs off the PATH) and runs
 * each workload it has (the same names and sizes as the Java set) at each parallelism in its own
 * process ({@code GOMAXPROCS=p}), reading the same {@code jgo-bench-result} lines as
 * {@link Trial} prints. Without a {@code go} nothing runs and {@link #unavailable} says why, so the report can say Go was not measured.
 */
public final class GoRuns {

    /** The runtime's label in the CSV and the tables. */
    public static final String LABEL = "Go";

    private final Path binary;
    private final String version;

    private GoRuns(Path binary, String version) {
        this.binary = binary;
        this.version = version;
    }

    /** Why Go cannot run here, or null when {@code go} is on the PATH and {@code sourceDir} holds the program. */
    public static String unavailable(Path sourceDir) {
        if (goCommand() == null) {
            return "no go toolchain on the PATH or under /usr/lib/go-*";
        }
        if (!Files.isRegularFile(sourceDir.resolve("go.mod"))) {
            return "no Go program at " + sourceDir.toAbsolutePath();
        }
        return null;
    }

    /** Builds the program in {@code sourceDir} into {@code outDir}; call only when {@link #unavailable} is null. */
    public static GoRuns build(Path sourceDir, Path outDir) throws IOException, InterruptedException {
        Files.createDirectories(outDir);
        Path bin = outDir.resolve("jgo-bench-go").toAbsolutePath();
        String out = exec(new ProcessBuilder(goCommand(), "build", "-o", bin.toString(), ".").directory(sourceDir.toFile()), 600);
        if (!Files.isExecutable(bin)) {
            throw new IOException("go build in " + sourceDir.toAbsolutePath() + " failed: " + out);
        }
        return new GoRuns(bin, exec(new ProcessBuilder(goCommand(), "version"), 60).trim());
    }

    /** {@code go version}'s answer, for the report's header. */
    public String version() {
        return version;
    }

    /** The workloads of {@code set} that have a Go form. */
    public List<String> workloads(String set) throws IOException, InterruptedException {
        return exec(new ProcessBuilder(binary.toString(), "-list", "-set", set), 60).lines()
                .map(String::trim).filter(s -> !s.isEmpty()).toList();
    }

    /**
     * Runs one workload at GOMAXPROCS {@code p}: its rows for the CSV (measured runs, or one row
     * saying starved or failed).
     */
    public List<ResultsCsv.Row> run(Workload w, String set, int p, int warmups, int runs, long timeoutSeconds)
            throws IOException, InterruptedException {
        String how = "goroutines, GOMAXPROCS = the row's p (" + version + ")";
        ProcessBuilder pb = new ProcessBuilder(binary.toString(), "-set", set, "-workload", w.name(),
                "-warmups", Integer.toString(warmups), "-runs", Integer.toString(runs));
        pb.environment().put("GOMAXPROCS", Integer.toString(p));
        Path stdout = Files.createTempFile("jgo-bench-go-", ".out");
        Path stderr = Files.createTempFile("jgo-bench-go-", ".err");
        try {
            Process process = pb.redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
            if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
                return List.of(problem(w, p, "failed", "timed out after " + timeoutSeconds + " s: " + how));
            }
            List<ResultsCsv.Row> rows = new ArrayList<>();
            for (String line : Files.readAllLines(stdout, StandardCharsets.UTF_8)) {
                if (line.startsWith(Trial.RESULT)) {
                    double v = Double.parseDouble(line.substring(Trial.RESULT.length()).trim());
                    rows.add(new ResultsCsv.Row(w.name(), w.unit(), p, LABEL, ResultsCsv.OK, rows.size() + 1, v, how));
                } else if (line.startsWith(Trial.STARVED)) {
                    return List.of(problem(w, p, "starved", "starved: " + how + "; " + line.substring(Trial.STARVED.length()).trim()));
                }
            }
            if (process.exitValue() != 0 || rows.size() != runs) {
                List<String> err = Files.readAllLines(stderr, StandardCharsets.UTF_8);
                return List.of(problem(w, p, "failed", "failed (exit " + process.exitValue() + "): "
                        + (err.isEmpty() ? "no output" : err.get(0).trim())));
            }
            return rows;
        } finally {
            Files.deleteIfExists(stdout);
            Files.deleteIfExists(stderr);
        }
    }

    /** A row for a (workload, p) that Go does not run at all. */
    public static ResultsCsv.Row skipped(Workload w, int p, String why) {
        return new ResultsCsv.Row(w.name(), w.unit(), p, LABEL, "skipped", 0, Double.NaN, why);
    }

    private static ResultsCsv.Row problem(Workload w, int p, String status, String note) {
        return new ResultsCsv.Row(w.name(), w.unit(), p, LABEL, status, 0, Double.NaN, note);
    }

    private static String exec(ProcessBuilder pb, long timeoutSeconds) throws IOException, InterruptedException {
        Path out = Files.createTempFile("jgo-bench-go-", ".txt");
        try {
            Process process = pb.redirectErrorStream(true).redirectOutput(out.toFile()).start();
            if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
                throw new IOException(String.join(" ", pb.command()) + " timed out after " + timeoutSeconds + " s");
            }
            return Files.readString(out, StandardCharsets.UTF_8);
        } finally {
            Files.deleteIfExists(out);
        }
    }

    /**
     * The {@code go} to run: the one on the PATH, else the newest {@code /usr/lib/go-1.NN/bin/go}
     * (compared by minor version, so 1.23 beats 1.9); null when there is none.
     */
    static String goCommand() {
        String onPath = onPath("go");
        if (onPath != null) {
            return onPath;
        }
        File[] dirs = new File("/usr/lib").listFiles((d, name) -> name.matches("go-1\\.\\d+"));
        if (dirs == null) {
            return null;
        }
        return java.util.Arrays.stream(dirs)
                .filter(d -> Files.isExecutable(d.toPath().resolve("bin/go")))
                .max(java.util.Comparator.comparingInt(d -> Integer.parseInt(d.getName().substring("go-1.".length()))))
                .map(d -> d.toPath().resolve("bin/go").toString()).orElse(null);
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

    /** Progress line for one Go process, like {@link Compare}'s. */
    public static String progress(Workload w, int p, List<ResultsCsv.Row> rows) {
        String head = String.format("%-14s p=%d %-8s ", w.name(), p, LABEL);
        if (rows.size() == 1 && !rows.get(0).measured()) {
            return head + rows.get(0).note();
        }
        Summary s = Summary.of(rows.stream().map(ResultsCsv.Row::value).toList());
        return head + Summary.format(s.median()) + " " + w.unit() + " [" + Summary.format(s.min()) + " – " + Summary.format(s.max()) + "]";
    }
}
