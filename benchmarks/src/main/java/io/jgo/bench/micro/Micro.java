package io.jgo.bench.micro;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.CommandLineOptions;

/**
 * JMH's command line (same arguments as {@code org.openjdk.jmh.Main}) followed by the summary the
 * the benchmarks are read by: for {@link FastPath}, the cost added per call by the rewrite; for
 * {@link SuspendResume}, the jgo/Loom ratio per depth and a least-squares line through the depths
 * (intercept and cost per extra frame).
 */
public final class Micro {

    private Micro() {
    }

    public static void main(String[] args) throws Exception {
        CommandLineOptions options = new CommandLineOptions(args);
        if (options.shouldHelp() || options.shouldList() || options.shouldListWithParams()
                || options.shouldListProfilers() || options.shouldListResultFormats()) {
            org.openjdk.jmh.Main.main(args);
            return;
        }
        Collection<RunResult> results = new Runner(options).run();
        System.out.println();
        fastPathSummary(results);
        suspendResumeSummary(results);
    }

    /** Score (ns/op) by benchmark method name, for one benchmark class. */
    private static Map<String, Double> scores(Collection<RunResult> results, String benchmarkClass) {
        Map<String, Double> byMethod = new TreeMap<>();
        for (RunResult r : results) {
            String name = r.getParams().getBenchmark();
            int dot = name.lastIndexOf('.');
            if (name.substring(0, dot).equals(benchmarkClass)) {
                byMethod.put(name.substring(dot + 1), r.getPrimaryResult().getScore());
            }
        }
        return byMethod;
    }

    private static void fastPathSummary(Collection<RunResult> results) {
        for (Class<?> c : List.of(FastPath.class, FastPathOnPlainThread.class)) {
            Map<String, Double> s = scores(results, c.getName());
            boolean header = false;
            for (String body : List.of("small", "medium")) {
                for (int depth : new int[] {1, 10}) {
                    Double plain = s.get(body + "Depth" + depth + "Plain");
                    Double rewritten = s.get(body + "Depth" + depth + "Rewritten");
                    if (plain == null || rewritten == null) {
                        continue;
                    }
                    if (!header) {
                        System.out.printf("%s: cost added by the rewrite (target <= ~1 ns per call)%n", c.getSimpleName());
                        System.out.printf("  %-7s %5s %12s %12s %16s%n", "body", "depth", "plain ns", "rewritten ns", "added ns/call");
                        header = true;
                    }
                    System.out.printf("  %-7s %5d %12.2f %12.2f %16.2f%n", body, depth, plain, rewritten, (rewritten - plain) / depth);
                }
            }
        }
    }

    private static void suspendResumeSummary(Collection<RunResult> results) {
        Map<String, Map<Integer, Double>> byRuntime = new TreeMap<>();
        for (RunResult r : results) {
            String name = r.getParams().getBenchmark();
            if (!name.startsWith(SuspendResume.class.getName() + ".")) {
                continue;
            }
            String runtime = name.substring(name.lastIndexOf('.') + 1);
            int depth = Integer.parseInt(r.getParams().getParam("depth"));
            byRuntime.computeIfAbsent(runtime, k -> new TreeMap<>()).put(depth, r.getPrimaryResult().getScore());
        }
        if (byRuntime.isEmpty()) {
            return;
        }
        Map<Integer, Double> jgo = byRuntime.getOrDefault("jgo", Map.of());
        Map<Integer, Double> loom = byRuntime.getOrDefault("loom", Map.of());
        System.out.println("SuspendResume: one resume + one suspend (ns/op)");
        System.out.printf("  %5s %10s %10s %10s%n", "depth", "jgo", "Loom", "jgo/Loom");
        List<Integer> depths = new ArrayList<>(new java.util.TreeSet<>(concat(jgo, loom)));
        for (int d : depths) {
            Double j = jgo.get(d);
            Double l = loom.get(d);
            System.out.printf("  %5d %10s %10s %10s%n", d, fmt(j), fmt(l), j != null && l != null ? String.format("%.2f", j / l) : "-");
        }
        for (Map.Entry<String, Map<Integer, Double>> e : byRuntime.entrySet()) {
            double[] line = leastSquares(e.getValue());
            if (line != null) {
                System.out.printf("  %s: %.1f ns + %.2f ns per extra frame (least squares over depths %s)%n",
                        e.getKey(), line[0], line[1], e.getValue().keySet());
            }
        }
    }

    private static List<Integer> concat(Map<Integer, Double> a, Map<Integer, Double> b) {
        List<Integer> all = new ArrayList<>(a.keySet());
        all.addAll(b.keySet());
        return all;
    }

    private static String fmt(Double v) {
        return v == null ? "-" : String.format("%.1f", v);
    }

    /** {intercept, slope} of the least-squares line through (depth, ns), or null with fewer than two points. */
    public static double[] leastSquares(Map<Integer, Double> points) {
        int n = points.size();
        if (n < 2) {
            return null;
        }
        double sx = 0, sy = 0, sxx = 0, sxy = 0;
        for (Map.Entry<Integer, Double> p : points.entrySet()) {
            double x = p.getKey();
            double y = p.getValue();
            sx += x;
            sy += y;
            sxx += x * x;
            sxy += x * y;
        }
        double slope = (n * sxy - sx * sy) / (n * sxx - sx * sx);
        return new double[] {(sy - slope * sx) / n, slope};
    }
}
