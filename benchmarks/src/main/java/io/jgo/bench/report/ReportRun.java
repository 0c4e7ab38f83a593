package io.jgo.bench.report;

import io.jgo.bench.macro.Compare;
import io.jgo.bench.macro.GoRuns;
import io.jgo.bench.macro.ResultsCsv;
import io.jgo.bench.macro.Workload;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The one command behind the report: runs the macro comparison (every workload at p 1, 2 and
 * every core count of the machine, on jgo, Loom and platform threads, each in a fresh JVM; then
 * on Go when a {@code go} toolchain is on the PATH) into the raw CSV, then the extra measurements
 * ({@link Extras}: JMH's continuation and fast-path benchmarks, heap per parked goroutine by depth,
 * start-up) into their raw files beside it, then {@link Report}. Progress goes to stdout, one line
 * per process with about how long is left.
 *
 * <pre>
 * ReportRun [--quick | --full] [--extras-only | --no-extras] [--extras jmh,footprint,startup] [--no-go] [--go-dir go]
 *           [any Compare option: --workloads a,b --runtimes jgo,loom,platform --parallelism 1,2 --warmups N --runs N --out DIR ...]
 * </pre>
 *
 * Full (the default): {@code Workloads.ALL}, 3 warm-ups + 5 runs, JMH 3 × 1 s + 5 × 1 s, into
 * {@code results/}. Quick: {@code Workloads.QUICK} (small sizes), 1 warm-up + 3 runs, JMH 1 × 200 ms
 * + 2 × 200 ms at fewer depths, into {@code target/report-quick/}, so a quick report never
 * overwrites the full one; the report says it is quick. {@code --extras-only} measures the extras
 * alone into the folder and rewrites the report from the {@code results.csv} already there (or
 * from the extras alone when there is none); {@code --no-extras} measures the macro comparison alone.
 */
public final class ReportRun {

    private static final String USAGE = "usage: ReportRun [--quick | --full] [--extras-only | --no-extras] [--extras jmh,footprint,startup]"
            + " [--no-go] [--go-dir DIR] [--workloads a,b] [--runtimes jgo,loom,platform] [--parallelism 1,2] [--warmups N] [--runs N]"
            + " [--timeout SECONDS] [--jvm-args a,b] [--out DIR]";

    private ReportRun() {
    }

    public static void main(String[] args) throws Exception {
        boolean quick = false;
        boolean go = true;
        boolean macro = true;
        List<String> extras = Extras.ALL;
        Path goDir = Path.of("go");
        List<String> rest = new ArrayList<>();
        Compare.Options options;
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--quick" -> quick = true;
                    case "--full" -> quick = false;
                    case "--no-go" -> go = false;
                    case "--go-dir" -> goDir = Path.of(value(args, ++i, "--go-dir"));
                    case "--extras-only" -> macro = false;
                    case "--no-extras" -> extras = List.of();
                    case "--extras" -> extras = Extras.parse(value(args, ++i, "--extras"));
                    default -> rest.add(args[i]);
                }
            }
            if (!macro && extras.isEmpty()) {
                throw new IllegalArgumentException("--extras-only with --no-extras (or an empty --extras) leaves nothing to measure");
            }
            List<String> compareArgs = new ArrayList<>(List.of("--set", quick ? "quick" : "full",
                    "--warmups", quick ? "1" : "3", "--min-warmup-ms", quick ? "300" : "1000", "--runs", quick ? "3" : "5",
                    "--out", quick ? "target/report-quick" : "results", "--parallelism", defaultParallelism()));
            compareArgs.addAll(rest); // later values win: Options keeps the last of a repeated option
            options = Compare.Options.parse(compareArgs.toArray(String[]::new));
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.println(USAGE);
            System.exit(2);
            return;
        }

        Path csv = options.out().resolve(Report.CSV);
        if (macro) {
            if (!extras.isEmpty()) {
                System.out.println("the macro comparison first, then the extras (" + String.join(", ", extras) + ")");
            }
            macro(options, go, goDir, csv);
        }
        List<String> failed = Extras.run(options.out(), quick, extras, System.out);
        Path report;
        try {
            report = Report.generate(csv, options.out());
        } catch (IllegalArgumentException e) { // nothing measured, or a results.csv that is not the comparison's
            System.err.println("report: " + e.getMessage());
            System.exit(1);
            return;
        }
        System.out.println();
        if (macro) {
            System.out.println("Raw results: " + csv.toAbsolutePath());
        }
        if (!extras.isEmpty()) {
            System.out.println("Extras:      " + options.out().toAbsolutePath() + " (" + String.join(", ", extras) + ")"
                    + (failed.isEmpty() ? "" : "; not measured: " + String.join(", ", failed) + " (see above)"));
        }
        System.out.println("Report:      " + report.toAbsolutePath());
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }

    /** The macro comparison, then Go's runs, into {@code csv}. */
    private static void macro(Compare.Options options, boolean go, Path goDir, Path csv) throws Exception {
        String noGo = go ? GoRuns.unavailable(goDir) : "left out (--no-go)";
        GoRuns goRuns = null;
        List<String> goWorkloads = List.of();
        if (noGo == null) {
            System.out.println("building the Go workloads in " + goDir.toAbsolutePath() + " ...");
            goRuns = GoRuns.build(goDir, Path.of("target", "go"));
            goWorkloads = goRuns.workloads(options.set());
        }
        List<String> goNames = goWorkloads;
        int goProcesses = (int) options.workloads().stream().filter(w -> goNames.contains(w.name())).count()
                * options.parallelism().size();

        long start = System.nanoTime();
        List<ResultsCsv.Row> rows = new ArrayList<>();
        Compare.run(options, System.out, goProcesses).forEach(o -> rows.addAll(ResultsCsv.rows(o)));
        int done = Compare.count(options);
        int total = done + goProcesses;
        for (Workload w : options.workloads()) {
            for (int p : options.parallelism()) {
                if (goRuns == null) {
                    rows.add(new ResultsCsv.Row(w.name(), w.unit(), p, GoRuns.LABEL, "not-measured", 0, Double.NaN,
                            "not measured: " + noGo));
                } else if (!goWorkloads.contains(w.name())) {
                    rows.add(GoRuns.skipped(w, p, "no Go form of this workload"));
                } else {
                    System.out.printf("[%d/%d] %s p=%d %s ...%n", done + 1, total, w.name(), p, GoRuns.LABEL);
                    List<ResultsCsv.Row> got = goRuns.run(w, options.set(), p, options.warmups(), options.runs(), options.timeoutSeconds());
                    rows.addAll(got);
                    done++;
                    double perProcess = (System.nanoTime() - start) / 1e9 / done;
                    System.out.printf("    %s   (about %s left)%n", GoRuns.progress(w, p, got), Compare.left(perProcess * (total - done)));
                }
            }
        }

        Map<String, String> meta = Compare.meta(options);
        meta.put("go", goRuns == null ? "Go not measured (" + noGo + ")" : goRuns.version());
        ResultsCsv.write(csv, meta, rows);
    }

    /** p 1, 2 and every core count of the machine. */
    private static String defaultParallelism() {
        TreeSet<Integer> ps = new TreeSet<>(List.of(1, 2));
        for (int p = 1; p <= Runtime.getRuntime().availableProcessors(); p++) {
            ps.add(p);
        }
        return String.join(",", ps.stream().map(String::valueOf).toList());
    }
}
