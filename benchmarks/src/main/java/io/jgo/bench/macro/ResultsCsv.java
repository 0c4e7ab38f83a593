package io.jgo.bench.macro;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The CSV of raw results that the comparison writes and the report reads: one line per measured
 * run, one line per (workload, p, runtime) that produced no figure (skipped, starved, failed),
 * and {@code # key: value} lines on top that describe the run (machine, JDK, date, mode).
 *
 * <pre>
 * # mode: full
 * workload,unit,parallelism,runtime,status,run,value,note
 * ping-pong,ns/round trip,1,jgo,ok,1,254.1,"two goroutines over two unbuffered channels"
 * select-4,ns/item,1,Loom,skipped,,,"java.util.concurrent has no select"
 * </pre>
 */
public final class ResultsCsv {

    /** The column line. */
    public static final String HEADER = "workload,unit,parallelism,runtime,status,run,value,note";

    /** A run that produced a figure. */
    public static final String OK = "ok";

    /**
     * One line: a measured run ({@code status} {@link #OK}, {@code run} from 1, {@code value} in
     * {@code unit}) or a (workload, p, runtime) without a figure ({@code status} skipped, starved,
     * failed; {@code run} 0 and {@code value} NaN; {@code note} says why).
     */
    public record Row(String workload, String unit, int parallelism, String runtime, String status,
                      int run, double value, String note) {

        public boolean measured() {
            return OK.equals(status);
        }
    }

    /** What a CSV holds: the {@code #} lines in order, and the rows in order. */
    public record Results(Map<String, String> meta, List<Row> rows) {
    }

    private ResultsCsv() {
    }

    /** The rows an outcome of {@link Compare} stands for. */
    public static List<Row> rows(Compare.Outcome o) {
        String w = o.workload().name();
        String unit = o.workload().unit();
        String rt = o.contender().label();
        if (!o.measured()) {
            String status = o.problem().startsWith("skipped") ? "skipped"
                    : o.problem().startsWith("starved") ? "starved" : "failed";
            String note = "skipped".equals(status) ? o.how() : o.problem() + ": " + o.how();
            return List.of(new Row(w, unit, o.parallelism(), rt, status, 0, Double.NaN, note));
        }
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < o.values().size(); i++) {
            rows.add(new Row(w, unit, o.parallelism(), rt, OK, i + 1, o.values().get(i), o.how()));
        }
        return rows;
    }

    public static void write(Path csv, Map<String, String> meta, List<Row> rows) throws IOException {
        List<String> lines = new ArrayList<>();
        meta.forEach((k, v) -> lines.add("# " + k + ": " + v.replace('\n', ' ')));
        lines.add(HEADER);
        for (Row r : rows) {
            lines.add(String.join(",", field(r.workload()), field(r.unit()), Integer.toString(r.parallelism()),
                    field(r.runtime()), r.status(), r.measured() ? Integer.toString(r.run()) : "",
                    r.measured() ? Double.toString(r.value()) : "", quote(r.note())));
        }
        Files.createDirectories(csv.toAbsolutePath().getParent());
        Files.write(csv, lines, StandardCharsets.UTF_8);
    }

    /** Reads a CSV written by {@link #write}; a malformed line is an error naming the file and line. */
    public static Results read(Path csv) throws IOException {
        Map<String, String> meta = new LinkedHashMap<>();
        List<Row> rows = new ArrayList<>();
        List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
        boolean header = false;
        for (int n = 0; n < lines.size(); n++) {
            String line = lines.get(n);
            if (line.isBlank()) {
                continue;
            }
            if (readMeta(line, meta)) {
                continue;
            }
            if (!header) {
                if (!line.equals(HEADER)) {
                    throw new IllegalArgumentException(csv + " line " + (n + 1) + ": expected the header \"" + HEADER
                            + "\" (a CSV written by the comparison), found \"" + line + "\"");
                }
                header = true;
                continue;
            }
            List<String> f = split(line);
            if (f.size() != 8) {
                throw new IllegalArgumentException(csv + " line " + (n + 1) + ": expected 8 fields, found " + f.size());
            }
            try {
                boolean ok = OK.equals(f.get(4));
                rows.add(new Row(f.get(0), f.get(1), Integer.parseInt(f.get(2)), f.get(3), f.get(4),
                        ok ? Integer.parseInt(f.get(5)) : 0, ok ? Double.parseDouble(f.get(6)) : Double.NaN, f.get(7)));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(csv + " line " + (n + 1) + ": " + e.getMessage(), e);
            }
        }
        if (!header) {
            throw new IllegalArgumentException(csv + ": no header line \"" + HEADER + "\"");
        }
        return new Results(meta, rows);
    }

    /** A {@code # key: value} line of the head: records it in {@code meta} and returns true; false for any other line. */
    public static boolean readMeta(String line, Map<String, String> meta) {
        if (!line.startsWith("#")) {
            return false;
        }
        int colon = line.indexOf(':');
        if (colon > 0) {
            meta.put(line.substring(1, colon).trim(), line.substring(colon + 1).trim());
        }
        return true;
    }

    /** Fields split at commas outside double quotes; "" inside quotes is a quote (the report's other CSVs use it too). */
    public static List<String> split(String line) {
        List<String> fields = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    cur.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    cur.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                fields.add(cur.toString());
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        fields.add(cur.toString());
        return fields;
    }

    /** A field as a line holds it: quoted when it has a comma or a quote. */
    public static String field(String s) {
        return s.contains(",") || s.contains("\"") ? quote(s) : s;
    }

    private static String quote(String s) {
        return '"' + s.replace("\"", "\"\"") + '"';
    }
}
