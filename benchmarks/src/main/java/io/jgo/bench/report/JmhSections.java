package io.jgo.bench.report;

import io.jgo.bench.macro.Summary;
import io.jgo.bench.micro.Micro;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The report's sections drawn from JMH's JSON ({@link JmhResults}): the continuation curves by depth
 * ({@code SuspendResume}: jgo's round trip and first suspension against Loom's
 * {@code jdk.internal.vm.Continuation}, with the least-squares cost per extra frame, and a chart with
 * a log depth axis) and the fast-path cost ({@code FastPath}, {@code FastPathOnPlainThread}: plain
 * against rewritten, and the cost added per call). A benchmark the file lacks is "not measured".
 */
final class JmhSections {

    static final String SUSPEND_RESUME = "io.jgo.bench.micro.SuspendResume";
    static final String FAST_PATH = "io.jgo.bench.micro.FastPath";
    static final String FAST_PATH_PLAIN_THREAD = "io.jgo.bench.micro.FastPathOnPlainThread";
    static final String CHART = "continuations.png";

    private JmhSections() {
    }

    static void continuations(StringBuilder md, JmhResults jmh, Path dir) throws IOException {
        md.append("## Continuations by depth (JMH)\n\n");
        Map<String, Map<Integer, JmhResults.Score>> byMethod = new LinkedHashMap<>();
        for (JmhResults.Score s : jmh.of(SUSPEND_RESUME)) {
            byMethod.computeIfAbsent(s.method(), k -> new TreeMap<>()).put(s.intParam("depth"), s);
        }
        if (byMethod.isEmpty()) {
            md.append("Not measured: ").append(Extras.JMH_JSON).append(" has no `SuspendResume` result (JMH leaves out a benchmark that failed).\n\n");
            return;
        }
        md.append("`SuspendResume`, jgo's `Coroutine` over `@Goroutine` frames against Loom's own `jdk.internal.vm.Continuation`, "
                + "in the same JMH run, on a carrier thread. **Round trip**: one resume of a continuation whose body has recursed "
                + "`depth` frames and sits in a yield loop, i.e. one resume plus one suspend. **First suspension**: a new continuation "
                + "run from its start down `depth` frames to its first yield. Average time per operation ± JMH's 99.9 % error; ")
                .append(runsOf(jmh, "round trip", byMethod, "jgo", "loom")).append("; ")
                .append(runsOf(jmh, "first suspension", byMethod, "jgoFirstSuspension", "loomFirstSuspension"))
                .append(". Lower is better.\n\n");
        table(md, "Suspend + resume round trip, ns", byMethod.get("jgo"), byMethod.get("loom"));
        table(md, "First suspension from depth d, ns", byMethod.get("jgoFirstSuspension"), byMethod.get("loomFirstSuspension"));
        Map<String, Map<Integer, Double>> curves = new LinkedHashMap<>();
        curves.put("jgo round trip", scores(byMethod.get("jgo")));
        curves.put("Loom round trip", scores(byMethod.get("loom")));
        curves.put("jgo first suspension", scores(byMethod.get("jgoFirstSuspension")));
        curves.put("Loom first suspension", scores(byMethod.get("loomFirstSuspension")));
        if (CurveCharts.draw("Continuations by depth: ns per operation (lower is better)", "ns per operation", curves,
                dir.resolve(CHART))) {
            md.append("![continuations by depth](").append(CHART).append(")\n\n");
        }
    }

    private static void table(StringBuilder md, String title, Map<Integer, JmhResults.Score> jgo, Map<Integer, JmhResults.Score> loom) {
        Map<Integer, JmhResults.Score> j = jgo == null ? Map.of() : jgo;
        Map<Integer, JmhResults.Score> l = loom == null ? Map.of() : loom;
        md.append("### ").append(title).append("\n\n| depth | jgo | Loom | jgo/Loom |\n|---:|---:|---:|---:|\n");
        for (int d : new TreeSet<>(concat(j, l))) {
            JmhResults.Score a = j.get(d);
            JmhResults.Score b = l.get(d);
            md.append(String.format("| %,d | %s | %s | %s |%n", d, score(a), score(b),
                    a == null || b == null ? "" : Markdown.ratio(a.score() / b.score())));
        }
        md.append(String.format("| per extra frame (least-squares slope) | %s | %s | |%n%n", slope(j), slope(l)));
    }

    static void fastPath(StringBuilder md, JmhResults jmh) {
        md.append("## Fast-path cost (JMH)\n\n");
        StringBuilder rows = new StringBuilder();
        for (String c : List.of(FAST_PATH, FAST_PATH_PLAIN_THREAD)) {
            Map<String, JmhResults.Score> byMethod = new LinkedHashMap<>();
            jmh.of(c).forEach(s -> byMethod.put(s.method(), s));
            String where = c.equals(FAST_PATH) ? "in a goroutine" : "from a plain thread";
            for (String body : List.of("small", "medium")) {
                for (int depth : new int[] {1, 10}) {
                    JmhResults.Score plain = byMethod.get(body + "Depth" + depth + "Plain");
                    JmhResults.Score rewritten = byMethod.get(body + "Depth" + depth + "Rewritten");
                    if (plain == null && rewritten == null) {
                        continue;
                    }
                    rows.append(String.format("| %s | %s | %d | %s | %s | %s |%n", where, body, depth, score(plain), score(rewritten),
                            plain == null || rewritten == null ? "" : Summary.format((rewritten.score() - plain.score()) / depth)));
                }
            }
        }
        if (rows.isEmpty()) {
            md.append("Not measured: ").append(Extras.JMH_JSON).append(" has no `FastPath` result (JMH leaves out a benchmark that failed).\n\n");
            return;
        }
        md.append("`FastPath`: a chain of `@Goroutine` methods that never suspends, rewritten, against the same code not rewritten, "
                + "at call depth 1 and 10, with a small body (a multiply-add, a shift, a xor) and a medium one (a 50-iteration loop). "
                + "In a goroutine: the JMH worker is a carrier with a goroutine's stack installed, where rewritten code runs in "
                + "production; from a plain thread: `FastPathOnPlainThread`, a `@Goroutine` method called outside any goroutine. "
                + "Added per call = (rewritten − plain) / depth. Average time per call chain ± JMH's 99.9 % error; ")
                .append(String.join("; ", jmh.settingsOf(fastPathScores(jmh)))).append(".\n\n");
        md.append("| where | body | depth | plain, ns | rewritten, ns | added per call, ns |\n|---|---|---:|---:|---:|---:|\n")
                .append(rows).append('\n');
    }

    private static String score(JmhResults.Score s) {
        if (s == null) {
            return "not measured";
        }
        String error = Double.isNaN(s.error()) || Double.isInfinite(s.error()) ? "" : " ± " + Summary.format(s.error());
        return Summary.format(s.score()) + error;
    }

    private static String slope(Map<Integer, JmhResults.Score> points) {
        double[] line = Micro.leastSquares(scores(points));
        return line == null ? "" : Summary.format(line[1]);
    }

    private static Map<Integer, Double> scores(Map<Integer, JmhResults.Score> points) {
        Map<Integer, Double> m = new TreeMap<>();
        if (points != null) {
            points.forEach((d, s) -> m.put(d, s.score()));
        }
        return m;
    }

    private static List<Integer> concat(Map<Integer, ?> a, Map<Integer, ?> b) {
        List<Integer> all = new java.util.ArrayList<>(a.keySet());
        all.addAll(b.keySet());
        return all;
    }

    /** "{@code what}: settings" for the given methods' scores (a joined JSON may run them differently). */
    private static String runsOf(JmhResults jmh, String what, Map<String, Map<Integer, JmhResults.Score>> byMethod, String... methods) {
        List<JmhResults.Score> of = new java.util.ArrayList<>();
        for (String m : methods) {
            if (byMethod.containsKey(m)) {
                of.addAll(byMethod.get(m).values());
            }
        }
        return what + ": " + String.join(", ", jmh.settingsOf(of));
    }

    private static List<JmhResults.Score> fastPathScores(JmhResults jmh) {
        List<JmhResults.Score> of = new java.util.ArrayList<>(jmh.of(FAST_PATH));
        of.addAll(jmh.of(FAST_PATH_PLAIN_THREAD));
        return of;
    }
}
