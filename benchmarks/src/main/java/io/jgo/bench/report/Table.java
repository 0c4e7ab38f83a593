package io.jgo.bench.report;

import io.jgo.bench.macro.ResultsCsv;
import io.jgo.bench.macro.Summary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The CSV's rows grouped into cells, one per (workload, parallelism, runtime), each with its
 * median and spread or the reason it has no figure; workloads, parallelisms and runtimes in the
 * order the CSV first names them (runtimes in the fixed order jgo, Loom, platform, Go first).
 */
final class Table {

    /** The runtime the ratios are taken of. */
    static final String JGO = "jgo";

    private static final List<String> RUNTIME_ORDER = List.of("jgo", "Loom", "platform", "Go");

    /** One (workload, p, runtime): a summary of its runs, or a status (skipped, starved, failed) and why. */
    record Cell(String workload, int parallelism, String runtime, Summary summary, String status, String note) {

        boolean measured() {
            return summary != null;
        }
    }

    private final Map<String, String> units = new LinkedHashMap<>();
    private final Set<Integer> parallelisms = new LinkedHashSet<>();
    private final List<String> runtimes = new ArrayList<>();
    private final Map<String, Cell> cells = new LinkedHashMap<>();

    Table(List<ResultsCsv.Row> rows) {
        Map<String, List<ResultsCsv.Row>> grouped = new LinkedHashMap<>();
        Set<String> seen = new LinkedHashSet<>();
        for (ResultsCsv.Row r : rows) {
            units.putIfAbsent(r.workload(), r.unit());
            parallelisms.add(r.parallelism());
            seen.add(r.runtime());
            grouped.computeIfAbsent(key(r.workload(), r.parallelism(), r.runtime()), k -> new ArrayList<>()).add(r);
        }
        for (String rt : RUNTIME_ORDER) {
            if (seen.remove(rt)) {
                runtimes.add(rt);
            }
        }
        runtimes.addAll(seen);
        grouped.forEach((k, rs) -> {
            ResultsCsv.Row first = rs.get(0);
            List<Double> values = rs.stream().filter(ResultsCsv.Row::measured).map(ResultsCsv.Row::value).toList();
            cells.put(k, values.isEmpty()
                    ? new Cell(first.workload(), first.parallelism(), first.runtime(), null, first.status(), first.note())
                    : new Cell(first.workload(), first.parallelism(), first.runtime(), Summary.of(values), ResultsCsv.OK, first.note()));
        });
    }

    List<String> workloads() {
        return List.copyOf(units.keySet());
    }

    String unit(String workload) {
        return units.get(workload);
    }

    List<Integer> parallelisms() {
        return List.copyOf(parallelisms);
    }

    List<String> runtimes() {
        return List.copyOf(runtimes);
    }

    /** The cell, or null when the CSV has no row for it. */
    Cell cell(String workload, int p, String runtime) {
        return cells.get(key(workload, p, runtime));
    }

    /** The median, or NaN when the cell has no figure. */
    double median(String workload, int p, String runtime) {
        Cell c = cell(workload, p, runtime);
        return c == null || !c.measured() ? Double.NaN : c.summary().median();
    }

    /** jgo's median over {@code other}'s at p (below 1: jgo is faster), or NaN. */
    double ratioToJgo(String workload, int p, String other) {
        return median(workload, p, JGO) / median(workload, p, other);
    }

    /** How much faster {@code runtime} is at p than at p 1: median at 1 over median at p (above 1: p helps), or NaN. */
    double speedUp(String workload, int p, String runtime) {
        return median(workload, 1, runtime) / median(workload, p, runtime);
    }

    private static String key(String workload, int p, String runtime) {
        return workload + '\u0000' + p + '\u0000' + runtime;
    }
}
