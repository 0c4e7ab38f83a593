package io.jgo.bench.macro;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The macro comparison: every selected workload, at every selected parallelism, on every selected
 * runtime, each in a fresh JVM ({@link Trial}) started from the same {@code java} and class path as
 * this one; then one table (markdown, so it pastes into README.md) with median, spread and the
 * ratios jgo/Loom and jgo/platform, notes on how each runtime ran each workload, and a CSV of every
 * run for charts.
 *
 * <pre>
 * Compare [--set full|quick|smoke] [--workloads a,b] [--runtimes jgo,loom,platform] [--parallelism 1,2]
 *         [--warmups 3] [--min-warmup-ms 1000] [--runs 5] [--timeout SECONDS] [--jvm-args -Xms2g,-Xmx2g] [--out DIR]
 * </pre>
 *
 * {@code --min-warmup-ms}: after its {@code --warmups} runs a JVM keeps warming up (without the
 * collection and pause before each run) until its warm-up runs after the first took this long in all, so a workload
 * of a few milliseconds is measured compiled, not half interpreted ({@link Trial}); 0 turns it off.
 *
 * {@code --set} picks the sizes ({@link Workloads#set}): {@code quick} is the report's quick mode.
 */
public final class Compare {

    private Compare() {
    }

    /** The command line. */
    public record Options(String set, List<Workload> workloads, List<Contender> contenders, List<Integer> parallelism,
                   int warmups, long minWarmupMillis, int runs, long timeoutSeconds, List<String> jvmArgs, Path out) {

        public static Options parse(String[] args) {
            Map<String, String> given = new LinkedHashMap<>();
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                if (!a.startsWith("--")) {
                    throw new IllegalArgumentException("unexpected argument " + a);
                }
                int eq = a.indexOf('=');
                if (eq > 0) {
                    given.put(a.substring(2, eq), a.substring(eq + 1));
                } else if (i + 1 < args.length) {
                    given.put(a.substring(2), args[++i]);
                } else {
                    throw new IllegalArgumentException(a + " needs a value");
                }
            }
            String set = given.getOrDefault("set", "full");
            given.remove("set");
            List<Workload> inSet = Workloads.set(set);
            List<Workload> workloads = given.containsKey("workloads")
                    ? list(given.remove("workloads")).stream().map(n -> Workloads.named(inSet, n)).toList() : inSet;
            List<Contender> contenders = given.containsKey("runtimes")
                    ? list(given.remove("runtimes")).stream().map(Contender::parse).toList() : List.of(Contender.values());
            List<Integer> parallelism = list(given.getOrDefault("parallelism", "1,2")).stream().map(Integer::valueOf).toList();
            given.remove("parallelism");
            int warmups = Integer.parseInt(given.getOrDefault("warmups", "3"));
            long minWarmupMillis = Long.parseLong(given.getOrDefault("min-warmup-ms", "1000"));
            int runs = Integer.parseInt(given.getOrDefault("runs", "5"));
            long timeout = Long.parseLong(given.getOrDefault("timeout", "600"));
            List<String> jvmArgs = list(given.getOrDefault("jvm-args", "-Xms2g,-Xmx2g"));
            Path out = Path.of(given.getOrDefault("out", "target/compare"));
            given.keySet().removeAll(List.of("warmups", "min-warmup-ms", "runs", "timeout", "jvm-args", "out"));
            if (!given.isEmpty()) {
                throw new IllegalArgumentException("unknown option(s) " + given.keySet());
            }
            if (runs < 1 || warmups < 0 || minWarmupMillis < 0) {
                throw new IllegalArgumentException("need --runs >= 1, --warmups >= 0 and --min-warmup-ms >= 0");
            }
            return new Options(set, workloads, contenders, parallelism, warmups, minWarmupMillis, runs, timeout, jvmArgs, out);
        }

        private static List<String> list(String s) {
            return Arrays.stream(s.split(",")).map(String::trim).filter(x -> !x.isEmpty()).toList();
        }
    }

    /** What one fresh JVM reported: runs, or a skip, or a failure. */
    public record Outcome(Workload workload, int parallelism, Contender contender, String how,
                   List<Double> values, String problem) {

        public boolean measured() {
            return !values.isEmpty();
        }
    }

    public static void main(String[] args) throws Exception {
        Options options;
        try {
            options = Options.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.println("usage: Compare [--set full|quick|smoke] [--workloads a,b] [--runtimes jgo,loom,platform] [--parallelism 1,2]"
                    + " [--warmups N] [--min-warmup-ms MS] [--runs N] [--timeout SECONDS] [--jvm-args a,b] [--out DIR]");
            System.exit(2);
            return;
        }
        List<Outcome> outcomes = run(options, System.out, 0);
        PrintStream out = System.out;
        out.println();
        report(outcomes, options, out);
        Path csv = options.out().resolve("results-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + ".csv");
        List<ResultsCsv.Row> rows = new ArrayList<>();
        outcomes.forEach(o -> rows.addAll(ResultsCsv.rows(o)));
        ResultsCsv.write(csv, meta(options), rows);
        out.println();
        out.println("Every run: " + csv.toAbsolutePath());
    }

    /**
     * Runs every (workload, p, runtime) of {@code options} in a fresh JVM, printing one progress line
     * per JVM on {@code progress}: its figure, how many JVMs are done of how many, and about how long
     * is left (the mean time of a JVM so far times the JVMs to go, here and the {@code after} more
     * processes a caller plans to run after these).
     */
    public static List<Outcome> run(Options options, PrintStream progress, int after)
            throws IOException, InterruptedException {
        int total = count(options);
        List<Outcome> outcomes = new ArrayList<>();
        long start = System.nanoTime();
        for (Workload w : options.workloads()) {
            for (int p : options.parallelism()) {
                for (Contender c : options.contenders()) {
                    progress.printf("[%d/%d] %s p=%d %s ...%n", outcomes.size() + 1, total + after, w.name(), p, c.label());
                    Outcome o = fork(w, p, c, options);
                    outcomes.add(o);
                    double perJvm = (System.nanoTime() - start) / 1e9 / outcomes.size();
                    progress.printf("    %s   (about %s left)%n", progress(o), left(perJvm * (total + after - outcomes.size())));
                }
            }
        }
        return outcomes;
    }

    /** How many JVMs {@link #run} starts for {@code options}. */
    public static int count(Options options) {
        return options.workloads().size() * options.parallelism().size() * options.contenders().size();
    }

    /** Seconds as a progress line says them. */
    public static String left(double seconds) {
        long s = Math.round(seconds);
        return s >= 90 ? (s + 30) / 60 + " min" : s + " s";
    }

    /** What the CSV says about this run: mode, sizes, machine, JDK, date. */
    public static Map<String, String> meta(Options options) {
        Map<String, String> m = machine(options.set());
        m.put("warmups", Integer.toString(options.warmups()));
        m.put("min-warmup-ms", Long.toString(options.minWarmupMillis()));
        m.put("runs", Integer.toString(options.runs()));
        m.put("jvm-args", String.join(" ", options.jvmArgs()));
        boolean tasksetAtOne = !Contender.PLATFORM.commandPrefix(1).isEmpty();
        boolean everyP = options.parallelism().stream().allMatch(p -> !Contender.PLATFORM.commandPrefix(p).isEmpty());
        m.put("platform-confinement", !tasksetAtOne ? "none (taskset missing)"
                : everyP ? "taskset to p CPUs"
                : "taskset to p CPUs; a p above the CPU count uses every CPU");
        for (Workload w : options.workloads()) {
            m.put("measures " + w.name(), w.measures());
        }
        return m;
    }

    /** The mode, the date, and the machine and JDK this JVM runs on, as the CSVs' {@code #} lines say them. */
    public static Map<String, String> machine(String mode) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("mode", mode);
        m.put("date", java.time.ZonedDateTime.now(java.time.ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'")));
        m.put("jdk", Runtime.version() + " (" + System.getProperty("java.vm.vendor") + ")");
        m.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"));
        m.put("cpus", Integer.toString(Runtime.getRuntime().availableProcessors()));
        m.put("cpu", cpuModel());
        return m;
    }

    private static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: the architecture alone
        }
        return System.getProperty("os.arch");
    }

    // ------------------------------------------------------------------ running one JVM

    private static Outcome fork(Workload w, int p, Contender c, Options options) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(c.commandPrefix(p));
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(options.jvmArgs());
        command.addAll(c.jvmFlags(p));
        command.add("-D" + Workloads.SET_PROPERTY + "=" + options.set());
        command.add("-D" + Trial.MIN_WARMUP_PROPERTY + "=" + options.minWarmupMillis());
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), Trial.class.getName(),
                w.name(), c.label(), Integer.toString(p), Integer.toString(options.warmups()), Integer.toString(options.runs())));
        String how = w.plan(c, p).how();

        Path stdout = Files.createTempFile("jgo-bench-", ".out");
        Path stderr = Files.createTempFile("jgo-bench-", ".err");
        try {
            Process process = new ProcessBuilder(command)
                    .redirectOutput(stdout.toFile())
                    .redirectError(stderr.toFile())
                    .start();
            if (!process.waitFor(options.timeoutSeconds(), TimeUnit.SECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly().waitFor();
                return new Outcome(w, p, c, how, List.of(), "timed out after " + options.timeoutSeconds() + " s");
            }
            List<Double> values = new ArrayList<>();
            String skip = null;
            String starved = null;
            for (String line : Files.readAllLines(stdout, StandardCharsets.UTF_8)) {
                if (line.startsWith(Trial.RESULT)) {
                    values.add(Double.parseDouble(line.substring(Trial.RESULT.length()).trim()));
                } else if (line.startsWith(Trial.SKIP)) {
                    skip = line.substring(Trial.SKIP.length()).trim();
                } else if (line.startsWith(Trial.STARVED)) {
                    starved = line.substring(Trial.STARVED.length()).trim();
                }
            }
            if (skip != null) {
                return new Outcome(w, p, c, skip, List.of(), "skipped");
            }
            if (starved != null) {
                return new Outcome(w, p, c, how + "; starved: " + starved, List.of(), "starved");
            }
            if (process.exitValue() != 0 || values.size() != options.runs()) {
                return new Outcome(w, p, c, how, List.of(), "failed (exit " + process.exitValue() + "): " + firstError(stderr));
            }
            echoRuntimeMessages(stderr);
            return new Outcome(w, p, c, how, values, null);
        } finally {
            Files.deleteIfExists(stdout);
            Files.deleteIfExists(stderr);
        }
    }

    /** Passes on what the runtime said on stderr (a pinned goroutine, dropped goroutines), once per distinct line. */
    private static void echoRuntimeMessages(Path stderr) throws IOException {
        Files.readAllLines(stderr, StandardCharsets.UTF_8).stream()
                .filter(line -> line.startsWith("jgo"))
                .distinct()
                .limit(5)
                .forEach(line -> System.out.println("    (child) " + line));
    }

    /** The most telling line of a failed JVM's stderr: the first exception or error line, else the last line. */
    private static String firstError(Path stderr) throws IOException {
        List<String> lines = Files.readAllLines(stderr, StandardCharsets.UTF_8);
        for (String line : lines) {
            if (line.contains("Exception") || line.contains("Error")) {
                return line.trim();
            }
        }
        return lines.isEmpty() ? "no output" : lines.get(lines.size() - 1).trim();
    }

    private static String progress(Outcome o) {
        String head = String.format("%-14s p=%d %-8s ", o.workload().name(), o.parallelism(), o.contender().label());
        if (!o.measured()) {
            return head + o.problem() + ("skipped".equals(o.problem()) || "starved".equals(o.problem()) ? ": " + o.how() : "");
        }
        Summary s = Summary.of(o.values());
        return head + Summary.format(s.median()) + " " + o.workload().unit()
                + " [" + Summary.format(s.min()) + " – " + Summary.format(s.max()) + "]";
    }

    // ------------------------------------------------------------------ report

    static void report(List<Outcome> outcomes, Options options, PrintStream out) {
        out.printf("jgo vs Loom vs platform threads — JDK %s, %d CPUs, %d warm-up (at least %d ms) + %d measured runs per JVM, "
                        + "one fresh JVM per row, JVM flags %s%n%n",
                Runtime.version(), Runtime.getRuntime().availableProcessors(), options.warmups(), options.minWarmupMillis(), options.runs(),
                String.join(" ", options.jvmArgs()));
        out.println("| workload | p | runtime | median | spread (min – max) | runs | jgo/Loom | jgo/platform |");
        out.println("|---|---:|---|---:|---|---:|---:|---:|");
        for (Outcome o : outcomes) {
            String workload = o.workload().name() + " (" + o.workload().unit() + ")";
            if (!o.measured()) {
                out.printf("| %s | %d | %s | %s | | | | |%n", workload, o.parallelism(), o.contender().label(),
                        "skipped".equals(o.problem()) ? "—" : o.problem().replace('|', '/'));
                continue;
            }
            Summary s = Summary.of(o.values());
            String toLoom = "";
            String toPlatform = "";
            if (o.contender() == Contender.JGO) {
                toLoom = ratio(s, find(outcomes, o, Contender.LOOM));
                toPlatform = ratio(s, find(outcomes, o, Contender.PLATFORM));
            }
            out.printf("| %s | %d | %s | %s | %s – %s | %d | %s | %s |%n", workload, o.parallelism(), o.contender().label(),
                    Summary.format(s.median()), Summary.format(s.min()), Summary.format(s.max()), s.runs(), toLoom, toPlatform);
        }
        out.println();
        out.println("Ratios are medians, jgo over the other (below 1: jgo is faster). p: jgo GOMAXPROCS (-Djgo.maxprocs),"
                + " Loom scheduler parallelism = maxPoolSize, CPUs for platform threads ("
                + (options.parallelism().stream().allMatch(p -> !Contender.PLATFORM.commandPrefix(p).isEmpty())
                        ? "their JVM is confined to p CPUs with taskset, GC and JIT threads included)."
                        : "taskset is missing or p exceeds the CPU count: the platform JVM uses every CPU)."));
        out.println();
        for (Workload w : options.workloads()) {
            out.printf("- **%s** (%s): %s.%n", w.name(), w.unit(), w.measures());
            for (Outcome o : outcomes) {
                if (o.workload() == w && o.parallelism() == options.parallelism().get(0)) {
                    out.printf("  - %s: %s%n", o.contender().label(), o.how());
                }
            }
        }
    }

    private static Outcome find(List<Outcome> outcomes, Outcome like, Contender c) {
        for (Outcome o : outcomes) {
            if (o.workload() == like.workload() && o.parallelism() == like.parallelism() && o.contender() == c) {
                return o;
            }
        }
        return null;
    }

    private static String ratio(Summary jgo, Outcome other) {
        if (other == null || !other.measured()) {
            return "—";
        }
        double r = jgo.median() / Summary.of(other.values()).median();
        return r >= 0.1 ? String.format("%.2f", r)
                : new java.math.BigDecimal(r).round(new java.math.MathContext(2)).toPlainString();
    }
}
