package io.jgo.bench.report;

import io.jgo.bench.macro.ResultsCsv;
import io.jgo.bench.macro.Summary;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * This report's time figures beside the last committed report's: every macro median (workload, p,
 * runtime) and every JMH score found in both, with the change, and a flag on each that moved by more
 * than {@link #FLAG_PERCENT} % either way, so that no figure slips back unseen. Bytes are guarded by
 * the build (the runtime's {@code ByteBudgetsTest}); times cannot be, on a shared machine, so they are
 * shown here for a reader to judge.
 *
 * <p>The last committed report is the {@link Report#CSV} and {@link Extras#JMH_JSON} of the report's
 * folder as {@code git show HEAD:} gives them ({@link #fromGit}), or a folder given to the
 * generator ({@code --baseline DIR}). Without one, the section says so.
 */
final class Baseline {

    /** A change beyond this, either way, is flagged. */
    static final double FLAG_PERCENT = 15;

    /** One figure in both reports: what it is, its unit, this report's and the committed report's. */
    record Figure(String what, String unit, double now, double before) {

        double changePercent() {
            return (now / before - 1) * 100;
        }

        boolean moved() {
            return Math.abs(changePercent()) > FLAG_PERCENT;
        }
    }

    private Baseline() {
    }

    /**
     * The committed versions of {@code folder}'s results files, copied into {@code into} (created);
     * returns {@code into}, or null when git is absent, the folder is not in a repository or nothing
     * of it is committed.
     */
    static Path fromGit(Path folder, Path into) {
        boolean any = false;
        for (String name : List.of(Report.CSV, Extras.JMH_JSON)) {
            try {
                Process p = new ProcessBuilder("git", "show", "HEAD:./" + name).directory(folder.toFile())
                        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
                byte[] bytes;
                try (InputStream in = p.getInputStream()) {
                    bytes = in.readAllBytes();
                }
                if (p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0 && bytes.length > 0) {
                    Files.createDirectories(into);
                    Files.write(into.resolve(name), bytes);
                    any = true;
                }
            } catch (IOException e) { // no git on the PATH
                return null;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
        }
        return any ? into : null;
    }

    /**
     * The section: this report's figures ({@code now}, the folder of its raw files) beside those in
     * {@code committed} (a folder, or null for none), as markdown.
     */
    static String section(Path now, Path committed, String committedName) {
        StringBuilder md = new StringBuilder("## Against the last committed report\n\n");
        if (committed == null) {
            return md.append("No committed report to compare with (").append(committedName).append(").\n\n").toString();
        }
        List<Figure> figures = new ArrayList<>();
        List<String> unread = new ArrayList<>();
        figures.addAll(macro(now.resolve(Report.CSV), committed.resolve(Report.CSV), unread));
        figures.addAll(jmh(now.resolve(Extras.JMH_JSON), committed.resolve(Extras.JMH_JSON), unread));
        long moved = figures.stream().filter(Figure::moved).count();
        md.append("Each time figure of this report beside the same figure in the last committed one (").append(committedName)
                .append("), with the change; **moved** marks a change of more than ").append((long) FLAG_PERCENT)
                .append(" % either way (").append(moved).append(" of ").append(figures.size())
                .append("). Lower is better. Figures taken on different machines, or under load, differ for that reason alone.\n\n");
        for (String u : unread) {
            md.append("Not compared: ").append(u).append("\n\n");
        }
        if (figures.isEmpty()) {
            return md.append("No figure is in both reports.\n\n").toString();
        }
        md.append("| figure | unit | this report | committed | change | |\n|---|---|---:|---:|---:|---|\n");
        for (Figure f : figures) {
            md.append("| ").append(f.what()).append(" | ").append(f.unit()).append(" | ").append(Summary.format(f.now()))
                    .append(" | ").append(Summary.format(f.before())).append(" | ")
                    .append(String.format("%+.1f %%", f.changePercent())).append(" | ").append(f.moved() ? "**moved**" : "")
                    .append(" |\n");
        }
        return md.append('\n').toString();
    }

    /** Macro medians in both CSVs, in this report's order. */
    static List<Figure> macro(Path nowCsv, Path beforeCsv, List<String> unread) {
        Map<String, Figure> out = new LinkedHashMap<>();
        Table now = table(nowCsv, unread);
        Table before = table(beforeCsv, unread);
        if (now == null || before == null) {
            return List.of();
        }
        for (String w : now.workloads()) {
            for (int p : now.parallelisms()) {
                for (String r : now.runtimes()) {
                    Table.Cell a = now.cell(w, p, r);
                    Table.Cell b = before.cell(w, p, r);
                    if (a != null && b != null && a.measured() && b.measured() && b.summary().median() > 0
                            && now.unit(w).equals(before.unit(w))) {
                        out.put(w + p + r, new Figure(w + ", p " + p + ", " + r, now.unit(w), a.summary().median(), b.summary().median()));
                    }
                }
            }
        }
        return new ArrayList<>(out.values());
    }

    /** JMH scores in both JSON files (same benchmark, same parameters, same unit), in this report's order. */
    static List<Figure> jmh(Path nowJson, Path beforeJson, List<String> unread) {
        if (!Files.isRegularFile(nowJson) || !Files.isRegularFile(beforeJson)) {
            return List.of();
        }
        Map<String, JmhResults.Score> before = new LinkedHashMap<>();
        List<Figure> out = new ArrayList<>();
        try {
            for (JmhResults.Score s : JmhResults.read(beforeJson).all()) {
                before.put(key(s), s);
            }
            for (JmhResults.Score s : JmhResults.read(nowJson).all()) {
                JmhResults.Score b = before.get(key(s));
                if (b != null && b.unit().equals(s.unit()) && b.score() > 0 && !Double.isNaN(s.score())) {
                    String simple = s.className().substring(s.className().lastIndexOf('.') + 1);
                    String params = s.params().isEmpty() ? "" : " " + new TreeMap<>(s.params()).toString().replace("{", "(").replace("}", ")");
                    out.add(new Figure(simple + "." + s.method() + params, s.unit(), s.score(), b.score()));
                }
            }
        } catch (IOException | IllegalArgumentException e) {
            unread.add(Extras.JMH_JSON + ": " + e.getMessage());
            return List.of();
        }
        return out;
    }

    private static String key(JmhResults.Score s) {
        return s.className() + "." + s.method() + new TreeMap<>(s.params());
    }

    private static Table table(Path csv, List<String> unread) {
        if (!Files.isRegularFile(csv)) {
            return null;
        }
        try {
            return new Table(ResultsCsv.read(csv).rows());
        } catch (IOException | IllegalArgumentException e) {
            unread.add(csv.getFileName() + ": " + e.getMessage());
            return null;
        }
    }
}
