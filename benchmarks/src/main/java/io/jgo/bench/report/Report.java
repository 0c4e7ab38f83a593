package io.jgo.bench.report;

import io.jgo.bench.macro.ResultsCsv;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The report generator: turns a CSV of raw results ({@link ResultsCsv}) into {@code REPORT.md} and
 * its PNG charts in one folder. It measures nothing, so a report can be rewritten from a kept CSV.
 *
 * <pre>Report RESULTS.csv [OUT_DIR]    (OUT_DIR defaults to the CSV's folder)</pre>
 */
public final class Report {

    /** The report's file name in its folder. */
    public static final String FILE = "REPORT.md";

    private Report() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 1 || args.length > 2) {
            System.err.println("usage: Report RESULTS.csv [OUT_DIR]");
            System.exit(2);
        }
        Path csv = Path.of(args[0]);
        Path dir = args.length == 2 ? Path.of(args[1]) : csv.toAbsolutePath().getParent();
        System.out.println("Report: " + generate(csv, dir).toAbsolutePath());
    }

    /** Writes {@code dir/REPORT.md} and the charts beside it from {@code csv}; returns the report's path. */
    public static Path generate(Path csv, Path dir) throws IOException {
        ResultsCsv.Results results = ResultsCsv.read(csv);
        if (results.rows().isEmpty()) {
            throw new IllegalArgumentException(csv + " has no results: nothing to report");
        }
        Table table = new Table(results.rows());
        Files.createDirectories(dir);
        Charts.Files charts = Charts.draw(table, dir);
        Path report = dir.resolve(FILE);
        Files.writeString(report, Markdown.write(results.meta(), table, charts), StandardCharsets.UTF_8);
        return report;
    }
}
