package io.jgo.stress;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * The module's report, from the runs {@link RunReport} wrote under {@code target/jgo-report/}: a
 * table with one line per run (tests and results, times, the slowdown against the plain run,
 * goroutine runs, forced yields, pins, classes rewritten and the bytes the rewrite added), then
 * each run's CPU times (the tests' thread, the JIT compilers, the whole JVM), then the pin report
 * of each run that pinned. The slowdown is a figure, asserted nowhere: on a loaded
 * machine it says little, and the plain run's JIT warms up on different code.
 */
final class ReportText {

    /** The run every other is compared with: the same tests without jgo. */
    static final String PLAIN = "plain";

    private ReportText() {
    }

    /** The report of every run found in {@code runs}, the plain run first. */
    static String of(Path runs) throws IOException {
        List<Properties> all = new ArrayList<>();
        try (Stream<Path> files = Files.list(runs)) {
            for (Path f : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".properties")).sorted()::iterator) {
                Properties p = new Properties();
                try (Reader in = Files.newBufferedReader(f)) {
                    p.load(in);
                }
                all.add(p);
            }
        }
        all.sort(Comparator.comparing((Properties p) -> !PLAIN.equals(p.getProperty("run")))
                .thenComparing(p -> p.getProperty("run")));
        Properties plain = all.stream().filter(p -> PLAIN.equals(p.getProperty("run"))).findFirst().orElse(null);

        StringBuilder out = new StringBuilder();
        out.append("jgo report: Apache Commons Lang's own tests, plain and in goroutines with the library and its tests")
                .append(" rewritten suspendable=org.apache.commons.lang3 under stress").append(System.lineSeparator());
        String header = String.format("%-34s %6s %6s %6s %7s %9s %9s %9s %10s %9s %6s %10s %12s",
                "run", "tests", "passed", "failed", "skipped", "wall ms", "tests ms", "slowdown",
                "goroutines", "forced", "pins", "rewritten", "bytes added");
        out.append(header).append(System.lineSeparator());
        out.append(String.format("%-34s %6s %6s %6s %7s %9s %9s %9s %10s %9s %6s %10s %12s",
                "", "", "", "", "", "", "", "(tests)", "", "yields", "", "(library)", "")).append(System.lineSeparator());
        for (Properties p : all) {
            out.append(String.format("%-34s %6s %6s %6s %7s %9s %9s %9s %10s %9s %6s %10s %12s",
                    p.getProperty("description"), p.getProperty("tests"), p.getProperty("passed"),
                    p.getProperty("failed"), p.getProperty("skipped"), p.getProperty("wallMillis"),
                    p.getProperty("testMillis"), slowdown(p, plain), p.getProperty("goroutineRuns"),
                    p.getProperty("stressYields"), p.getProperty("pins"), rewritten(p), bytesAdded(p)))
                    .append(System.lineSeparator());
        }
        out.append("slowdown: the sum of the tests' own times against the plain run's (wall time: ")
                .append(wallSlowdowns(all, plain)).append("); a figure of this machine at this moment, not a benchmark")
                .append(System.lineSeparator());
        out.append("forced yields: suspensions the stress mode took in rewritten code (jgo-counts stressYields);")
                .append(" rewritten: classes of org.apache.commons rewritten (the agent: those loaded; build time: all)")
                .append(System.lineSeparator());
        String cpu = cpuTimes(all);
        if (!cpu.isEmpty()) {
            out.append("cpu ms, the tests' thread / the JIT compilers / the whole JVM (a loaded machine inflates all three): ")
                    .append(cpu).append(System.lineSeparator());
        }
        for (Properties p : all) {
            String pins = p.getProperty("pinReport");
            if (pins != null && !"0".equals(p.getProperty("pins"))) {
                out.append(p.getProperty("description")).append(": ").append(pins.strip()).append(System.lineSeparator());
            } else if (pins != null) {
                out.append(p.getProperty("description")).append(": no pin").append(System.lineSeparator());
            }
        }
        return out.toString();
    }

    private static String slowdown(Properties p, Properties plain) {
        return ratio(p, plain, "testMillis");
    }

    private static String wallSlowdowns(List<Properties> all, Properties plain) {
        StringBuilder b = new StringBuilder();
        for (Properties p : all) {
            if (p != plain) {
                b.append(b.length() == 0 ? "" : ", ").append(p.getProperty("run")).append(' ').append(ratio(p, plain, "wallMillis"));
            }
        }
        return b.length() == 0 ? "no run to compare" : b.toString();
    }

    /** Each run's CPU times, for the runs that recorded them ({@link CpuTimes}); empty if none did. */
    private static String cpuTimes(List<Properties> all) {
        StringBuilder b = new StringBuilder();
        for (Properties p : all) {
            if (p.getProperty("testCpuMillis") != null) {
                b.append(b.length() == 0 ? "" : "; ").append(p.getProperty("run")).append(' ')
                        .append(p.getProperty("testCpuMillis")).append(" / ").append(p.getProperty("jitCpuMillis", "-"))
                        .append(" / ").append(p.getProperty("processCpuMillis", "-"));
            }
        }
        return b.toString();
    }

    private static String ratio(Properties p, Properties plain, String key) {
        if (plain == null || p == plain) {
            return "-";
        }
        double base = Double.parseDouble(plain.getProperty(key));
        double value = Double.parseDouble(p.getProperty(key));
        return base <= 0 ? "-" : String.format("x%.2f", value / base);
    }

    private static String rewritten(Properties p) {
        String classes = p.getProperty("classesRewritten");
        return classes == null ? "-" : classes + " (" + p.getProperty("libraryClassesRewritten") + ")";
    }

    private static String bytesAdded(Properties p) {
        String before = p.getProperty("bytesBefore");
        if (before == null) {
            return "-";
        }
        long b = Long.parseLong(before);
        long a = Long.parseLong(p.getProperty("bytesAfter"));
        return String.format("%+d%%", b == 0 ? 0 : Math.round(100.0 * (a - b) / b));
    }
}
