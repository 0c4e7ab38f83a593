package io.jgo.bench.report;

import io.jgo.bench.macro.Summary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The report's part drawn from the extra measurements' raw files in one folder ({@link Extras}):
 * JMH's JSON ({@link JmhSections}), the footprint CSV (a table and a chart by depth) and the
 * start-up CSV (a table, and what it measures). A file that is absent makes its sections say "not
 * measured"; a file that cannot be read makes them say which file and why; either way the rest of
 * the report is written.
 */
final class ExtrasMarkdown {

    static final String FOOTPRINT_CHART = "footprint.png";

    private static final String CONTINUATIONS = "## Continuations by depth (JMH)";
    private static final String FAST_PATH = "## Fast-path cost (JMH)";
    private static final String FOOTPRINT = "## Memory per parked goroutine";
    private static final String STARTUP = "## Start-up";
    private static final List<String> CONFIGS = List.of("plain", "agent", "build-time");

    /** The markdown; the {@code #} lines of the first CSV found (machine, date, mode), empty if none; whether any file was found. */
    record Written(String text, Map<String, String> meta, boolean anyFound) {
    }

    private ExtrasMarkdown() {
    }

    /** Reads the raw files in {@code raw}, draws the charts into {@code dir}. */
    static Written write(Path raw, Path dir) throws IOException {
        StringBuilder md = new StringBuilder();
        Map<String, String> meta = new LinkedHashMap<>();
        boolean found = false;

        Path json = raw.resolve(Extras.JMH_JSON);
        if (!Files.isRegularFile(json)) {
            notMeasured(md, CONTINUATIONS, Extras.JMH_JSON);
            notMeasured(md, FAST_PATH, Extras.JMH_JSON);
        } else {
            found = true;
            JmhResults jmh = null;
            try {
                jmh = JmhResults.read(json);
            } catch (IllegalArgumentException e) {
                unreadable(md, List.of(CONTINUATIONS, FAST_PATH), e);
            }
            if (jmh != null) {
                StringBuilder sections = new StringBuilder();
                try {
                    JmhSections.continuations(sections, jmh, dir);
                    JmhSections.fastPath(sections, jmh);
                    md.append(sections);
                } catch (RuntimeException e) { // a depth that is not a number
                    unreadable(md, List.of(CONTINUATIONS, FAST_PATH), new IllegalArgumentException(json + ": " + e, e));
                }
            }
        }

        Path footprintCsv = raw.resolve(Extras.FOOTPRINT_CSV);
        ExtrasCsv.Contents footprint = readCsv(md, FOOTPRINT, footprintCsv, FootprintRuns.COLUMNS);
        if (footprint != null) {
            found = true;
            meta.putAll(footprint.meta());
            StringBuilder section = new StringBuilder();
            try {
                footprint(section, footprint, dir);
                md.append(section);
            } catch (RuntimeException e) { // a field that is not a number
                unreadable(md, List.of(FOOTPRINT), new IllegalArgumentException(footprintCsv + ": " + e, e));
            }
        }
        Path startupCsv = raw.resolve(Extras.STARTUP_CSV);
        ExtrasCsv.Contents startup = readCsv(md, STARTUP, startupCsv, StartupRuns.COLUMNS);
        if (startup != null) {
            found = true;
            startup.meta().forEach(meta::putIfAbsent);
            StringBuilder section = new StringBuilder();
            try {
                startup(section, startup);
                md.append(section);
            } catch (RuntimeException e) {
                unreadable(md, List.of(STARTUP), new IllegalArgumentException(startupCsv + ": " + e, e));
            }
        }
        return new Written(md.toString(), meta, found);
    }

    /** The file's contents, or null after writing the section's "not measured" or "unreadable" note. */
    private static ExtrasCsv.Contents readCsv(StringBuilder md, String heading, Path file, List<String> columns) throws IOException {
        if (!Files.isRegularFile(file)) {
            notMeasured(md, heading, file.getFileName().toString());
            return null;
        }
        try {
            return ExtrasCsv.read(file, columns);
        } catch (IllegalArgumentException e) {
            unreadable(md, List.of(heading), e);
            return null;
        }
    }

    private static void notMeasured(StringBuilder md, String heading, String file) {
        md.append(heading).append("\n\nNot measured: no ").append(file)
                .append(" in this report's folder (`ReportRun --extras-only` measures it beside an existing results.csv).\n\n");
    }

    /** The sections that {@code e}'s file feeds say that it cannot be read and why; so does stderr, once. */
    private static void unreadable(StringBuilder md, List<String> headings, IllegalArgumentException e) {
        for (String heading : headings) {
            md.append(heading).append("\n\nNot shown: ").append(e.getMessage().replace('\n', ' ')).append("\n\n");
        }
        System.err.println("report: " + e.getMessage());
    }

    // ------------------------------------------------------------------ footprint

    private static void footprint(StringBuilder md, ExtrasCsv.Contents csv, Path dir) throws IOException {
        md.append(FOOTPRINT).append("\n\n");
        md.append("`Footprint`: n goroutines (virtual threads for Loom) each recurse d frames, every frame with an `int` and a "
                + "reference live across its call, and park on one gate; the figure is (heap used after a full GC with all of "
                + "them parked − heap used after a full GC before they started) / n, so it counts everything a parked one "
                + "holds (jgo: the G, its stack and saved frames, the body, the waiter; Loom: the virtual thread, its "
                + "continuation and stack chunks). One fresh JVM per (runtime, depth, run), ")
                .append(csv.meta().getOrDefault("heap", "heap not recorded")).append("; the median of ")
                .append(csv.meta().getOrDefault("runs", "?")).append(" run(s), min – max in brackets")
                .append(modeNote(csv.meta())).append(". Lower is better.\n\n");
        Map<Integer, Map<String, List<Double>>> bytes = new TreeMap<>();
        Map<Integer, String> parked = new TreeMap<>();
        List<String> problems = new ArrayList<>();
        for (Map<String, String> r : csv.rows()) {
            int depth = Integer.parseInt(r.get("depth"));
            parked.putIfAbsent(depth, r.get("parked"));
            Map<String, List<Double>> byRuntime = bytes.computeIfAbsent(depth, k -> new LinkedHashMap<>());
            List<Double> values = byRuntime.computeIfAbsent(r.get("runtime"), k -> new ArrayList<>());
            if ("ok".equals(r.get("status"))) {
                values.add(Double.parseDouble(r.get("bytes_per_parked")));
            } else {
                problems.add(label(r.get("runtime")) + " at depth " + depth + ", run " + r.get("run") + ": " + r.get("note"));
            }
        }
        md.append("| depth | parked at once | jgo, bytes | Loom, bytes | jgo/Loom |\n|---:|---:|---:|---:|---:|\n");
        Map<String, Map<Integer, Double>> curves = new LinkedHashMap<>();
        curves.put("jgo", new TreeMap<>());
        curves.put("Loom", new TreeMap<>());
        bytes.forEach((depth, byRuntime) -> {
            List<Double> jgo = byRuntime.getOrDefault("jgo", List.of());
            List<Double> loom = byRuntime.getOrDefault("loom", List.of());
            double j = jgo.isEmpty() ? Double.NaN : Summary.of(jgo).median();
            double l = loom.isEmpty() ? Double.NaN : Summary.of(loom).median();
            curves.get("jgo").put(depth, j);
            curves.get("Loom").put(depth, l);
            md.append(String.format("| %,d | %s | %s | %s | %s |%n", depth, number(parked.get(depth)), spread(jgo), spread(loom),
                    Markdown.ratio(j / l)));
        });
        md.append('\n');
        problems.forEach(p -> md.append("- ").append(p).append('\n'));
        if (!problems.isEmpty()) {
            md.append('\n');
        }
        if (CurveCharts.draw("Heap per parked goroutine / virtual thread by depth (lower is better)", "bytes", curves,
                dir.resolve(FOOTPRINT_CHART))) {
            md.append("![memory per parked goroutine by depth](").append(FOOTPRINT_CHART).append(")\n\n");
        }
    }

    // ------------------------------------------------------------------ start-up

    private static void startup(StringBuilder md, ExtrasCsv.Contents csv) {
        md.append(STARTUP).append("\n\n");
        md.append("How long a fresh JVM takes to print the first line of the smallest goroutine program: main starts one "
                + "goroutine, which sends its line over an unbuffered channel; main receives it and prints it. **plain**: the "
                + "same program in plain Java (a platform thread, a `SynchronousQueue`), no jgo: what the JVM alone costs. "
                + "**agent**: the goroutine program as javac wrote it, rewritten as it loads by `-javaagent:jgo-agent.jar`. "
                + "**build-time**: the program rewritten ahead of time by the instrumenter's CLI, run without the agent. "
                + "*Wall*: from the harness starting the process to reading the line (fork and exec, the launcher, the JVM's "
                + "start, the runtime's start, the program). *JVM*: the JVM's own uptime at the line (`RuntimeMXBean.getUptime`, "
                + "whose clock starts when the VM initialises, after the launcher). *Exit*: wall time until the process has "
                + "exited, from runs that do not ask for the uptime (answering loads the management classes). Default JVM "
                + "flags, the default CDS archive; the jgo class path is the program, the runtime and JCTools. ")
                .append(csv.meta().getOrDefault("runs", "?")).append(" rounds; each runs every configuration twice (once asked "
                + "for the uptime, once timed to the exit), in an order that turns every round, after one untimed run of each; "
                + "the median over the runs that have the figure, min – max in brackets").append(modeNote(csv.meta()))
                .append(". A hello world loads few classes: "
                + "the agent's cost per loaded class in a large application is measured by `scripts/startup-overhead.sh`.\n\n");
        Map<String, List<Map<String, String>>> byConfig = new LinkedHashMap<>();
        CONFIGS.forEach(c -> byConfig.put(c, new ArrayList<>()));
        csv.rows().forEach(r -> byConfig.computeIfAbsent(r.get("config"), k -> new ArrayList<>()).add(r));
        double plainWall = median(byConfig.get("plain"), "wall_first_line_ms");
        double plainJvm = median(byConfig.get("plain"), "jvm_first_line_ms");
        md.append("| configuration | wall to first line, ms | JVM uptime at first line, ms | wall to exit, ms | rounds "
                + "| first line over plain, wall / JVM, ms |\n|---|---:|---:|---:|---:|---:|\n");
        List<String> notes = new ArrayList<>();
        byConfig.forEach((config, rows) -> {
            if (rows.isEmpty()) {
                return;
            }
            List<Map<String, String>> ok = rows.stream().filter(r -> "ok".equals(r.get("status"))).toList();
            if (ok.isEmpty()) {
                md.append("| ").append(config).append(" | ").append(rows.get(0).get("status").replace('-', ' ')).append(" | | | | |\n");
            } else {
                double wall = median(rows, "wall_first_line_ms");
                double jvm = median(rows, "jvm_first_line_ms");
                md.append(String.format("| %s | %s | %s | %s | %d | %s |%n", config, spread(values(ok, "wall_first_line_ms")),
                        spread(values(ok, "jvm_first_line_ms")), spread(values(ok, "wall_exit_ms")),
                        ok.stream().map(r -> r.get("run")).distinct().count(),
                        config.equals("plain") || Double.isNaN(plainWall) ? "" : signed(wall - plainWall) + " / " + signed(jvm - plainJvm)));
            }
            notes.add("- " + config + ": " + (ok.isEmpty() ? rows.get(0) : ok.get(0)).get("note"));
            rows.stream().filter(r -> "failed".equals(r.get("status")) && !ok.isEmpty())
                    .forEach(r -> notes.add("- " + config + ", run " + r.get("run") + ": " + r.get("note")));
        });
        md.append('\n');
        notes.forEach(n -> md.append(n).append('\n'));
        md.append('\n');
    }

    // ------------------------------------------------------------------ figures

    /** The column's figures in the rows that have one (a start-up run has either the JVM's uptime or the exit). */
    private static List<Double> values(List<Map<String, String>> rows, String column) {
        return rows.stream().filter(r -> "ok".equals(r.get("status")) && !r.get(column).isBlank())
                .map(r -> Double.parseDouble(r.get(column))).toList();
    }

    private static double median(List<Map<String, String>> rows, String column) {
        List<Double> v = rows == null ? List.of() : values(rows, column);
        return v.isEmpty() ? Double.NaN : Summary.of(v).median();
    }

    /** The median, and (more than one run) min – max in brackets; "not measured" for none. */
    private static String spread(List<Double> values) {
        if (values.isEmpty()) {
            return "not measured";
        }
        Summary s = Summary.of(values);
        return Summary.format(s.median()) + (s.runs() > 1 ? " (" + Summary.format(s.min()) + " – " + Summary.format(s.max()) + ")" : "");
    }

    private static String signed(double v) {
        return (v >= 0 ? "+" : "") + Summary.format(v);
    }

    private static String number(String digits) {
        return digits == null || digits.isEmpty() ? "" : String.format("%,d", Long.parseLong(digits));
    }

    private static String label(String runtime) {
        return runtime.equals("loom") ? "Loom" : runtime;
    }

    private static String modeNote(Map<String, String> meta) {
        String when = meta.containsKey("date") ? "; measured " + meta.get("date") : "";
        return "quick".equals(meta.get("mode")) ? when + " in **quick mode** (small sizes, short runs: not the figures to quote)" : when;
    }
}
