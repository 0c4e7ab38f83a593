package io.jgo.bench.net;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The network comparison: for every connection count, parallelism and server, a fresh server JVM
 * ({@link NetServer}) and a fresh load-generator JVM ({@link LoadGen}), the same generator for
 * every server. Each row: requests per second, p50/p99/p99.9 latency (HdrHistogram, µs), and the
 * server's heap per idle connection: the heap in use (after full collections) with all the
 * connections open and idle, minus that with half of them, over the other half (each connection
 * has made one round trip; fixed and lazily made structures cancel out). One
 * markdown table with jgo's ratios to the others, and a CSV of every row.
 *
 * <pre>
 * NetCompare [--quick] [--servers echo-jgo,echo-loom,...] [--conns 1000,10000] [--http-conns 1000]
 *            [--parallelism 1,2] [--warmup S] [--duration S] [--requests N] [--threads T]
 *            [--platform-max 1000] [--jvm-args -Xms1g,-Xmx1g] [--timeout S] [--out DIR]
 * </pre>
 * {@code --requests N} replaces the timed run by N checked requests in all (the smoke size);
 * {@code --quick} is {@code --warmup 2 --duration 3}. Exits with 1 if any row failed.
 */
public final class NetCompare {

    private NetCompare() {
    }

    /** The command line. */
    record Options(List<ServerKind> servers, List<Integer> echoConns, List<Integer> httpConns, List<Integer> parallelism,
                   double warmup, double duration, long requests, int threads, int platformMax,
                   List<String> jvmArgs, long timeoutSeconds, Path out) {

        static Options parse(String... args) {
            Map<String, String> given = new LinkedHashMap<>();
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                if (!a.startsWith("--")) {
                    throw new IllegalArgumentException("unexpected argument " + a);
                }
                int eq = a.indexOf('=');
                if (eq > 0) {
                    given.put(a.substring(2, eq), a.substring(eq + 1));
                } else if (a.equals("--quick")) {
                    given.put("quick", "true");
                } else if (i + 1 < args.length) {
                    given.put(a.substring(2), args[++i]);
                } else {
                    throw new IllegalArgumentException(a + " needs a value");
                }
            }
            boolean quick = Boolean.parseBoolean(given.remove("quick"));
            List<ServerKind> servers = given.containsKey("servers")
                    ? list(given.remove("servers")).stream().map(ServerKind::parse).toList() : List.of(ServerKind.values());
            List<Integer> conns = ints(given.remove("conns"), "1000,10000");
            List<Integer> httpConns = ints(given.remove("http-conns"), "1000");
            List<Integer> parallelism = ints(given.remove("parallelism"), "1,2");
            double warmup = Double.parseDouble(orDefault(given.remove("warmup"), quick ? "2" : "5"));
            double duration = Double.parseDouble(orDefault(given.remove("duration"), quick ? "3" : "15"));
            long requests = Long.parseLong(orDefault(given.remove("requests"), "0"));
            int threads = Integer.parseInt(orDefault(given.remove("threads"), "1"));
            int platformMax = Integer.parseInt(orDefault(given.remove("platform-max"), "1000"));
            List<String> jvmArgs = list(orDefault(given.remove("jvm-args"), "-Xms1g,-Xmx1g"));
            long timeout = Long.parseLong(orDefault(given.remove("timeout"), "300"));
            Path out = Path.of(orDefault(given.remove("out"), "target/netcompare"));
            if (!given.isEmpty()) {
                throw new IllegalArgumentException("unknown option(s) " + given.keySet());
            }
            return new Options(servers, conns, httpConns, parallelism, warmup, duration, requests, threads, platformMax,
                    jvmArgs, timeout, out);
        }

        private static String orDefault(String v, String d) {
            return v == null ? d : v;
        }

        private static List<Integer> ints(String v, String d) {
            return list(orDefault(v, d)).stream().map(Integer::valueOf).toList();
        }

        private static List<String> list(String s) {
            return Arrays.stream(s.split(",")).map(String::trim).filter(x -> !x.isEmpty()).toList();
        }
    }

    /** One server at one size: its figures, or why there are none. */
    record Row(ServerKind server, int conns, int parallelism, Map<String, Double> figures, double heapPerConn, String problem) {

        boolean measured() {
            return problem == null;
        }

        double get(String key) {
            return figures.getOrDefault(key, Double.NaN);
        }
    }

    public static void main(String[] args) throws Exception {
        Options options;
        try {
            options = Options.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.println("usage: NetCompare [--quick] [--servers a,b] [--conns 1000,10000] [--http-conns 1000] [--parallelism 1,2]"
                    + " [--warmup S] [--duration S] [--requests N] [--threads T] [--platform-max N] [--jvm-args a,b] [--timeout S] [--out DIR]");
            System.exit(2);
            return;
        }
        List<Row> rows = run(options, System.out);
        System.exit(rows.stream().allMatch(r -> r.measured() || r.problem().startsWith("skipped")) ? 0 : 1);
    }

    /** Runs every row, prints progress, the table and the CSV's path on {@code out}; returns the rows. */
    static List<Row> run(Options options, PrintStream out) throws IOException, InterruptedException {
        List<Row> rows = new ArrayList<>();
        for (String protocol : List.of("echo", "http")) {
            for (int conns : protocol.equals("echo") ? options.echoConns() : options.httpConns()) {
                for (int p : options.parallelism()) {
                    for (ServerKind k : options.servers()) {
                        if (!k.protocol().equals(protocol)) {
                            continue;
                        }
                        Row r = k == ServerKind.ECHO_PLATFORM && conns > options.platformMax()
                                ? new Row(k, conns, p, Map.of(), Double.NaN, "skipped: a platform thread per connection only up to " + options.platformMax())
                                : measure(k, conns, p, options);
                        rows.add(r);
                        out.println(progress(r));
                    }
                }
            }
        }
        out.println();
        report(rows, options, out);
        Path csv = writeCsv(rows, options.out());
        out.println();
        out.println("Every row: " + csv.toAbsolutePath());
        return rows;
    }

    private static Row measure(ServerKind kind, int conns, int p, Options options) throws InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = System.getProperty("java.class.path");
        List<String> serverCmd = new ArrayList<>(kind.commandPrefix(p));
        serverCmd.add(java);
        serverCmd.addAll(options.jvmArgs());
        serverCmd.addAll(kind.jvmFlags(p));
        serverCmd.addAll(List.of("-cp", cp, NetServer.class.getName(), kind.id(), Integer.toString(p)));
        try (Child server = new Child(kind.id(), serverCmd)) {
            int port = Integer.parseInt(server.await(NetServer.LISTENING, 60));

            List<String> genCmd = new ArrayList<>(List.of(java, "-Xms512m", "-Xmx512m", "-cp", cp, LoadGen.class.getName(),
                    "--port", Integer.toString(port), "--protocol", kind.protocol(), "--conns", Integer.toString(conns),
                    "--threads", Integer.toString(options.threads()), "--pause"));
            if (options.requests() > 0) {
                genCmd.addAll(List.of("--requests", Long.toString(options.requests())));
            } else {
                genCmd.addAll(List.of("--warmup", Double.toString(options.warmup()), "--duration", Double.toString(options.duration())));
            }
            try (Child gen = new Child("loadgen", genCmd)) {
                long[] open = new long[2];
                long[] heap = new long[2];
                for (int stage = 0; stage < 2; stage++) { // heap with half the connections idle, then with all
                    open[stage] = Long.parseLong(gen.await(LoadGen.IDLE, options.timeoutSeconds()));
                    server.send("heap");
                    heap[stage] = Long.parseLong(server.await(NetServer.HEAP, 60));
                    gen.send("go");
                }
                String result = gen.await(LoadGen.RESULT, options.timeoutSeconds());
                int exit = gen.waitFor(30);
                if (exit != 0) {
                    return failed(kind, conns, p, "load generator exit " + exit + gen.stderrTail() + "; server" + server.stderrTail());
                }
                double perConn = open[1] > open[0] ? (heap[1] - heap[0]) / (double) (open[1] - open[0]) : Double.NaN;
                return new Row(kind, conns, p, parseResult(result), perConn, null);
            } catch (IOException | RuntimeException e) {
                return failed(kind, conns, p, e.getMessage() + "; server" + server.stderrTail());
            }
        } catch (IOException | RuntimeException e) {
            return failed(kind, conns, p, e.getMessage());
        }
    }

    private static Row failed(ServerKind kind, int conns, int p, String why) {
        return new Row(kind, conns, p, Map.of(), Double.NaN, "failed: " + why);
    }

    private static Map<String, Double> parseResult(String line) {
        Map<String, Double> m = new HashMap<>();
        for (String kv : line.split(" ")) {
            int eq = kv.indexOf('=');
            if (eq > 0) {
                m.put(kv.substring(0, eq), Double.parseDouble(kv.substring(eq + 1)));
            }
        }
        return m;
    }

    private static String progress(Row r) {
        String head = String.format("%-5s %6d conns p=%d %-15s ", r.server().protocol(), r.conns(), r.parallelism(), r.server().label());
        if (!r.measured()) {
            return head + r.problem();
        }
        return head + String.format("%s req/s (%.0f requests), p50 %s µs, p99 %s µs, p99.9 %s µs, heap/idle conn %s B",
                fmt(r.get("rps")), r.get("requests"), fmt(r.get("p50us")), fmt(r.get("p99us")), fmt(r.get("p999us")), fmt(r.heapPerConn()));
    }

    // ------------------------------------------------------------------ report

    static void report(List<Row> rows, Options options, PrintStream out) {
        out.printf("Network comparison — JDK %s, %d CPUs, one fresh server JVM (%s) and one fresh load-generator JVM"
                        + " (NIO, %d thread(s), depth 1) per row; %s%n%n",
                Runtime.version(), Runtime.getRuntime().availableProcessors(), String.join(" ", options.jvmArgs()), options.threads(),
                options.requests() > 0 ? options.requests() + " checked requests per row (smoke size: the figures mean nothing)"
                        : options.warmup() + " s warm-up, " + options.duration() + " s measured");
        out.println("| workload | conns | p | server | req/s | p50 µs | p99 µs | p99.9 µs | heap/idle conn | jgo req/s ÷ this | jgo p99 ÷ this |");
        out.println("|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|");
        for (Row r : rows) {
            if (!r.measured()) {
                out.printf("| %s | %d | %d | %s | %s | | | | | | |%n", r.server().protocol(), r.conns(), r.parallelism(),
                        r.server().label(), r.problem().replace('|', '/'));
                continue;
            }
            Row jgo = find(rows, r, r.server().protocol().equals("echo") ? ServerKind.ECHO_JGO : ServerKind.HTTP_JGO);
            boolean self = jgo == r;
            String rpsRatio = self || jgo == null || !jgo.measured() ? "" : String.format("%.2f", jgo.get("rps") / r.get("rps"));
            String p99Ratio = self || jgo == null || !jgo.measured() ? "" : String.format("%.2f", jgo.get("p99us") / r.get("p99us"));
            out.printf("| %s | %,d | %d | %s | %s | %s | %s | %s | %s B | %s | %s |%n", r.server().protocol(), r.conns(), r.parallelism(),
                    r.server().label(), fmt(r.get("rps")), fmt(r.get("p50us")), fmt(r.get("p99us")), fmt(r.get("p999us")),
                    fmt(r.heapPerConn()), rpsRatio, p99Ratio);
        }
        out.println();
        out.println("Targets (reported against, not gates): jgo ≥ 1.2× Loom's req/s with a lower p99; within 10 % of Netty's req/s;"
                + " heap per idle connection < 2 KB. Heap is the server's Java heap only (thread stacks and Netty's direct buffers are not in it).");
        out.println("p: jgo GOMAXPROCS (-Djgo.maxprocs), Loom scheduler parallelism = maxPoolSize, Netty worker loops,"
                + " CPUs for platform threads (taskset).");
        for (ServerKind k : options.servers()) {
            out.printf("- %s %s: %s%n", k.protocol(), k.label(), k.how());
        }
    }

    private static Row find(List<Row> rows, Row like, ServerKind k) {
        for (Row r : rows) {
            if (r.server() == k && r.conns() == like.conns() && r.parallelism() == like.parallelism()) {
                return r;
            }
        }
        return null;
    }

    private static String fmt(double v) {
        if (Double.isNaN(v)) {
            return "—";
        }
        return v >= 100 ? String.format("%,.0f", v) : String.format("%.1f", v);
    }

    private static Path writeCsv(List<Row> rows, Path dir) throws IOException {
        Files.createDirectories(dir);
        Path csv = dir.resolve("net-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + ".csv");
        List<String> lines = new ArrayList<>();
        lines.add("protocol,conns,parallelism,server,requests,seconds,rps,p50us,p99us,p999us,maxus,heap_per_idle_conn,problem");
        for (Row r : rows) {
            lines.add(String.join(",", r.server().protocol(), Integer.toString(r.conns()), Integer.toString(r.parallelism()),
                    r.server().label(), num(r.get("requests")), num(r.get("seconds")), num(r.get("rps")), num(r.get("p50us")),
                    num(r.get("p99us")), num(r.get("p999us")), num(r.get("maxus")), num(r.heapPerConn()),
                    r.problem() == null ? "" : '"' + r.problem().replace("\"", "\"\"") + '"'));
        }
        Files.write(csv, lines, StandardCharsets.UTF_8);
        return csv;
    }

    private static String num(double v) {
        return Double.isNaN(v) ? "" : Double.toString(v);
    }
}
