package io.jgo.bench.report;

import io.jgo.bench.macro.Summary;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes REPORT.md's text from a {@link Table}: a header naming the mode, machine, JDK, Go and
 * date; the summary table (medians of every runtime side by side, with jgo's ratios); the scaling
 * table (speed-up from p 1 to each higher p); the extra measurements' sections
 * ({@link ExtrasMarkdown}); one section per workload with median, spread and runs, how each runtime
 * ran it and why a cell has no figure; and the charts by file name.
 */
final class Markdown {

    private Markdown() {
    }

    /** The least warm-up time a JVM gave its workload, as a clause, when the run had one (older CSVs do not say). */
    private static String warmupTime(Map<String, String> meta) {
        String ms = meta.get("min-warmup-ms");
        return ms == null || ms.equals("0") ? ""
                : ", a JVM warming up for at least " + ms + " ms of runs (more warm-up runs, without the pause before each, when its "
                + "count took less; Go needs none)";
    }

    /** The whole report: the macro comparison's tables and charts, then {@code extras} (the extra measurements' sections). */
    static String write(Map<String, String> meta, Table t, Charts.Files charts, String extras) {
        StringBuilder md = new StringBuilder();
        title(md, meta);
        md.append(String.format("Measured %s on %s CPUs (%s), %s. JDK %s; %s. Each (workload, p, runtime) ran in a fresh JVM "
                        + "(a fresh process for Go): %s warm-up and %s measured runs%s; the figure is the median of the measured runs, "
                        + "the spread their min – max. JVM flags: `%s`. Platform threads' CPU confinement: %s.%n%n",
                meta.getOrDefault("date", "?"), meta.getOrDefault("cpus", "?"), meta.getOrDefault("cpu", "?"),
                meta.getOrDefault("os", "?"), meta.getOrDefault("jdk", "?"), meta.getOrDefault("go", "Go: not recorded"),
                meta.getOrDefault("warmups", "?"), meta.getOrDefault("runs", "?"), warmupTime(meta), meta.getOrDefault("jvm-args", ""),
                meta.getOrDefault("platform-confinement", "?")));
        md.append("Lower is better for every figure. p is the parallelism: jgo's GOMAXPROCS (`-Djgo.maxprocs`), Loom's scheduler "
                + "parallelism and pool size, Go's GOMAXPROCS, the CPUs a platform-thread JVM may use. Ratios are of medians, "
                + "jgo over the other runtime: below 1, jgo is faster. **starved**: the measured work could not finish beside "
                + "the others within the workload's bound (the notes say why); —: the workload does not run there.\n\n");

        summary(md, t);
        md.append("![jgo over each runtime](").append(charts.overview()).append(")\n\n");
        scaling(md, t);
        if (charts.scaling() != null) {
            md.append("![speed-up from p 1](").append(charts.scaling()).append(")\n\n");
        }
        md.append(extras);
        md.append("## Workloads\n\n");
        for (String w : t.workloads()) {
            workload(md, meta, t, w, charts.perWorkload().get(w));
        }
        reproduce(md);
        return md.toString();
    }

    /** A report of the extra measurements alone: the folder has no CSV of the macro comparison ({@code csvName}). */
    static String writeWithoutMacro(Map<String, String> meta, String csvName, String extras) {
        StringBuilder md = new StringBuilder();
        title(md, meta);
        md.append(String.format("Measured %s on %s CPUs (%s), %s. JDK %s.%n%n", meta.getOrDefault("date", "?"),
                meta.getOrDefault("cpus", "?"), meta.getOrDefault("cpu", "?"), meta.getOrDefault("os", "?"),
                meta.getOrDefault("jdk", "?")));
        md.append("## Macro workloads\n\nNot measured: no ").append(csvName)
                .append(" in this report's folder (`ReportRun` without `--extras-only` measures them).\n\n");
        md.append(extras);
        reproduce(md);
        return md.toString();
    }

    private static void title(StringBuilder md, Map<String, String> meta) {
        boolean quick = "quick".equals(meta.get("mode"));
        md.append("# jgo performance report").append(quick ? " (QUICK MODE)" : "").append("\n\n");
        if (quick) {
            md.append("> **Quick mode**: small sizes and few runs, to check that everything runs. These figures are not\n"
                    + "> the ones to quote; the full mode (`--full`) is.\n\n");
        } else if (!"full".equals(meta.getOrDefault("mode", "full"))) {
            md.append("> Mode **").append(meta.get("mode")).append("**: not the full sizes; not the figures to quote.\n\n");
        }
    }

    private static void reproduce(StringBuilder md) {
        md.append("## Reproduce\n\n```sh\n")
                .append("mvn -B -ntp -q install -DskipTests   # once, so the benchmarks module finds the runtime, agent and instrumenter\n")
                .append("mvn -B -ntp -q -pl benchmarks validate exec:exec@report -Dreport.args=--quick   # a few minutes\n")
                .append("mvn -B -ntp -q -pl benchmarks validate exec:exec@report                         # the full report\n")
                .append("mvn -B -ntp -q -pl benchmarks validate exec:exec@report -Dreport.args=--extras-only   # JMH, footprint, start-up alone\n")
                .append("```\n");
    }

    private static void summary(StringBuilder md, Table t) {
        List<String> others = t.runtimes().stream().filter(r -> !r.equals(Table.JGO)).toList();
        md.append("## Summary\n\n| workload | p |");
        t.runtimes().forEach(r -> md.append(' ').append(r).append(" |"));
        others.forEach(r -> md.append(" jgo/").append(r).append(" |"));
        md.append("\n|---|---:|");
        t.runtimes().forEach(r -> md.append("---:|"));
        others.forEach(r -> md.append("---:|"));
        md.append('\n');
        for (String w : t.workloads()) {
            for (int p : t.parallelisms()) {
                if (t.runtimes().stream().allMatch(r -> t.cell(w, p, r) == null)) {
                    continue; // not run at this p
                }
                md.append("| ").append(w).append(" (").append(t.unit(w)).append(") | ").append(p).append(" |");
                for (String r : t.runtimes()) {
                    md.append(' ').append(cellText(t.cell(w, p, r))).append(" |");
                }
                for (String r : others) {
                    md.append(' ').append(ratio(t.ratioToJgo(w, p, r))).append(" |");
                }
                md.append('\n');
            }
        }
        md.append('\n');
    }

    private static void scaling(StringBuilder md, Table t) {
        List<Integer> higher = t.parallelisms().stream().filter(p -> p > 1).toList();
        if (higher.isEmpty() || !t.parallelisms().contains(1)) {
            return;
        }
        md.append("## Scaling\n\nSpeed-up from p 1: the median at p 1 over the median at p (above 1: the extra cores help; "
                + "for the fairness rows, the lateness at p 1 over that at p).\n\n| workload |");
        for (int p : higher) {
            t.runtimes().forEach(r -> md.append(' ').append(r).append(" p1→p").append(p).append(" |"));
        }
        md.append("\n|---|");
        higher.forEach(p -> t.runtimes().forEach(r -> md.append("---:|")));
        md.append('\n');
        for (String w : t.workloads()) {
            md.append("| ").append(w).append(" |");
            for (int p : higher) {
                for (String r : t.runtimes()) {
                    double s = t.speedUp(w, p, r);
                    md.append(' ').append(Double.isNaN(s) ? "" : ratio(s) + "×").append(" |");
                }
            }
            md.append('\n');
        }
        md.append('\n');
    }

    private static void workload(StringBuilder md, Map<String, String> meta, Table t, String w, String chart) {
        md.append("### ").append(w).append(" (").append(t.unit(w)).append(")\n\n");
        String measures = meta.get("measures " + w);
        if (measures != null) {
            md.append(capitalized(measures)).append(".\n\n");
        }
        md.append("| p | runtime | median | spread (min – max) | runs |\n|---:|---|---:|---|---:|\n");
        for (int p : t.parallelisms()) {
            for (String r : t.runtimes()) {
                Table.Cell c = t.cell(w, p, r);
                if (c == null) {
                    continue;
                }
                if (c.measured()) {
                    Summary s = c.summary();
                    md.append(String.format("| %d | %s | %s | %s – %s | %d |%n", p, r, Summary.format(s.median()),
                            Summary.format(s.min()), Summary.format(s.max()), s.runs()));
                } else {
                    md.append(String.format("| %d | %s | %s | | |%n", p, r, cellText(c)));
                }
            }
        }
        md.append('\n');
        for (String r : t.runtimes()) {
            for (int p : t.parallelisms()) {
                Table.Cell c = t.cell(w, p, r);
                if (c != null) { // how the runtime ran it, from its first cell
                    md.append("- ").append(r).append(": ").append(c.note().replace('\n', ' ')).append('\n');
                    break;
                }
            }
        }
        for (int p : t.parallelisms()) { // a problem at a later p that the first cell's note does not show
            for (String r : t.runtimes()) {
                Table.Cell c = t.cell(w, p, r);
                if (c != null && !c.measured() && !"skipped".equals(c.status()) && p != t.parallelisms().get(0)) {
                    md.append("- ").append(r).append(" at p ").append(p).append(": ").append(c.note()).append('\n');
                }
            }
        }
        md.append('\n');
        if (chart != null) {
            md.append("![").append(w).append("](").append(chart).append(")\n\n");
        }
    }

    /** A cell of a table: the median, or what stands in for it. */
    static String cellText(Table.Cell c) {
        if (c == null) {
            return "";
        }
        if (c.measured()) {
            return Summary.format(c.summary().median());
        }
        return switch (c.status()) {
            case "starved" -> "**starved**";
            case "skipped" -> "—";
            case "not-measured" -> "not measured";
            default -> c.status();
        };
    }

    /** A ratio: two decimals from 0.1 to 10, two significant digits below, one decimal to 100, none above; empty for NaN. */
    static String ratio(double r) {
        if (Double.isNaN(r) || Double.isInfinite(r)) {
            return "";
        }
        if (r >= 100) {
            return String.format(Locale.ROOT, "%,.0f", r);
        }
        if (r >= 10) {
            return String.format(Locale.ROOT, "%.1f", r);
        }
        return r >= 0.1 ? String.format(Locale.ROOT, "%.2f", r) : new BigDecimal(r).round(new MathContext(2)).toPlainString();
    }

    private static String capitalized(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
