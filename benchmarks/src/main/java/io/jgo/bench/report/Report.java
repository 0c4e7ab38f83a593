package io.jgo.bench.report;

import io.jgo.bench.macro.ResultsCsv;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The report generator: turns a CSV of raw results ({@link ResultsCsv}) and the extra
 * measurements' raw files beside it ({@link Extras}: JMH's JSON, the footprint and start-up CSVs;
 * whichever are there) into {@code REPORT.md} and its PNG charts in one folder. It measures nothing,
 * so a report can be rewritten from kept raw files.
 *
 * <pre>Report [--baseline DIR] RESULTS.csv|FOLDER [OUT_DIR]    (a FOLDER means its results.csv; OUT_DIR defaults to the CSV's folder)</pre>
 * Each time figure is shown beside the last committed report's ({@link Baseline}): the raw files of the
 * CSV's folder at git's {@code HEAD}, or those in the {@code --baseline} folder.
 */
public final class Report {

    /** The report's file name in its folder. */
    public static final String FILE = "REPORT.md";
    /** The macro comparison's CSV in the report's folder. */
    public static final String CSV = "results.csv";

    private Report() {
    }

    public static void main(String[] args) throws IOException {
        Path baseline = null;
        if (args.length >= 2 && args[0].equals("--baseline")) {
            baseline = Path.of(args[1]);
            args = java.util.Arrays.copyOfRange(args, 2, args.length);
        }
        if (args.length < 1 || args.length > 2) {
            System.err.println("usage: Report [--baseline DIR] RESULTS.csv|FOLDER [OUT_DIR]");
            System.exit(2);
        }
        Path csv = Files.isDirectory(Path.of(args[0])) ? Path.of(args[0], CSV) : Path.of(args[0]);
        Path dir = args.length == 2 ? Path.of(args[1]) : csv.toAbsolutePath().getParent();
        Path report = baseline == null ? generate(csv, dir) : generate(csv, dir, baseline, baseline.toString());
        System.out.println("Report: " + report.toAbsolutePath());
    }

    /**
     * Writes {@code dir/REPORT.md} and the charts beside it from {@code csv} and the extra
     * measurements' raw files found beside it ({@link Extras}); returns the report's path. Without
     * {@code csv} the report has the extras alone; with neither there is nothing to report.
     *
     * @throws IllegalArgumentException naming the file, for a CSV that is not the comparison's or has
     *                                  no results, or a folder with nothing to report
     */
    public static Path generate(Path csv, Path dir) throws IOException {
        Path folder = csv.toAbsolutePath().getParent();
        Path committed = Files.createTempDirectory("jgo-report-committed-");
        try {
            Path found = Baseline.fromGit(folder, committed);
            return generate(csv, dir, found, "git HEAD of " + folder.getFileName() + "/");
        } finally {
            try (java.util.stream.Stream<Path> files = Files.list(committed)) {
                for (Path f : (Iterable<Path>) files::iterator) {
                    Files.deleteIfExists(f);
                }
            }
            Files.deleteIfExists(committed);
        }
    }

    /**
     * As {@link #generate(Path, Path)}, with the last committed report's raw files in {@code committed}
     * (a folder holding its results.csv and jmh.json, or null for none), called {@code committedName}.
     */
    public static Path generate(Path csv, Path dir, Path committed, String committedName) throws IOException {
        ResultsCsv.Results results = null;
        if (Files.exists(csv)) {
            results = ResultsCsv.read(csv);
            if (results.rows().isEmpty()) {
                throw new IllegalArgumentException(csv + " has no results: nothing to report");
            }
        }
        Files.createDirectories(dir);
        ExtrasMarkdown.Written extras = ExtrasMarkdown.write(csv.toAbsolutePath().getParent(), dir);
        String md;
        if (results != null) {
            Table table = new Table(results.rows());
            md = Markdown.write(results.meta(), table, Charts.draw(table, dir), extras.text());
        } else if (extras.anyFound()) {
            md = Markdown.writeWithoutMacro(extras.meta(), csv.getFileName().toString(), extras.text());
        } else {
            throw new IllegalArgumentException("nothing to report in " + csv.toAbsolutePath().getParent() + ": no " + csv.getFileName()
                    + ", " + Extras.JMH_JSON + ", " + Extras.FOOTPRINT_CSV + " or " + Extras.STARTUP_CSV);
        }
        String against = Baseline.section(csv.toAbsolutePath().getParent(), committed, committedName);
        int reproduce = md.lastIndexOf("## Reproduce\n");
        md = reproduce < 0 ? md + against : md.substring(0, reproduce) + against + md.substring(reproduce);
        Path report = dir.resolve(FILE);
        Files.writeString(report, md, StandardCharsets.UTF_8);
        return report;
    }
}
