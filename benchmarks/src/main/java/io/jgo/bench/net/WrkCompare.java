package io.jgo.bench.net;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * HTTP judged by a client nobody here wrote: {@code wrk} (found on the PATH) against the jgo sample
 * server ({@link JgoHttp}), Netty's HTTP hello-world ({@link NettyHttp}) and the JDK's
 * {@code HttpServer} on virtual threads ({@link JdkHttp}), each in a fresh server JVM
 * ({@link NetServer}, the same one {@link NetCompare} uses), at each connection count: a warm-up
 * run of wrk, then the measured one with {@code --latency}. One markdown table: requests/s, p50,
 * p99, errors (socket errors, timeouts and non-2xx answers), jgo's req/s and p99 over each other's.
 * Without wrk on the PATH every row says "not measured" and no server is started.
 *
 * <pre>
 * WrkCompare [--quick] [--servers http-jgo,http-netty,http-jdk] [--conns 100,1000] [--parallelism P]
 *            [--warmup S] [--duration S] [--threads T] [--jvm-args -Xms1g,-Xmx1g]
 * </pre>
 * {@code --quick} is {@code --warmup 2 --duration 5}; the defaults are 5 and 15 s, P the machine's
 * CPU count, T 2 wrk threads. Exits with 1 if a row failed (a server that did not start, wrk that
 * did not finish).
 */
public final class WrkCompare {

    private WrkCompare() {
    }

    record Options(List<ServerKind> servers, List<Integer> conns, int parallelism, int warmup, int duration, int threads,
                   List<String> jvmArgs) {

        static Options parse(String... args) {
            Map<String, String> given = new LinkedHashMap<>();
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                if (a.equals("--quick")) {
                    given.put("quick", "true");
                } else if (a.startsWith("--") && i + 1 < args.length) {
                    given.put(a.substring(2), args[++i]);
                } else {
                    throw new IllegalArgumentException("unexpected argument " + a + (a.startsWith("--") ? " (it needs a value)" : ""));
                }
            }
            boolean quick = given.remove("quick") != null;
            List<ServerKind> servers = list(given.getOrDefault("servers", "http-jgo,http-netty,http-jdk")).stream()
                    .map(ServerKind::parse).toList();
            given.remove("servers");
            for (ServerKind k : servers) {
                if (!k.protocol().equals("http")) {
                    throw new IllegalArgumentException("--servers: " + k.id() + " is not an HTTP server; use http-jgo, http-netty, http-jdk");
                }
            }
            List<Integer> conns = list(orDefault(given.remove("conns"), "100,1000")).stream().map(Integer::valueOf).toList();
            int p = Integer.parseInt(orDefault(given.remove("parallelism"), Integer.toString(Runtime.getRuntime().availableProcessors())));
            int warmup = Integer.parseInt(orDefault(given.remove("warmup"), quick ? "2" : "5"));
            int duration = Integer.parseInt(orDefault(given.remove("duration"), quick ? "5" : "15"));
            int threads = Integer.parseInt(orDefault(given.remove("threads"), "2"));
            List<String> jvmArgs = list(orDefault(given.remove("jvm-args"), "-Xms1g,-Xmx1g"));
            if (!given.isEmpty()) {
                throw new IllegalArgumentException("unknown option(s) " + given.keySet());
            }
            return new Options(servers, conns, p, warmup, duration, threads, jvmArgs);
        }

        private static String orDefault(String v, String d) {
            return v == null ? d : v;
        }

        private static List<String> list(String s) {
            return Arrays.stream(s.split(",")).map(String::trim).filter(x -> !x.isEmpty()).toList();
        }
    }

    /** One server at one connection count: wrk's figures, or why there are none. */
    record Row(ServerKind server, int conns, WrkOutput result, String problem) {
    }

    public static void main(String[] args) throws Exception {
        Options options;
        try {
            options = Options.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.println("usage: WrkCompare [--quick] [--servers http-jgo,http-netty,http-jdk] [--conns 100,1000]"
                    + " [--parallelism P] [--warmup S] [--duration S] [--threads T] [--jvm-args a,b]");
            System.exit(2);
            return;
        }
        List<Row> rows = run(options, System.out);
        System.exit(rows.stream().allMatch(r -> r.result() != null || r.problem().startsWith("not measured")) ? 0 : 1);
    }

    static List<Row> run(Options options, PrintStream out) throws InterruptedException {
        Path wrk = findWrk();
        List<Row> rows = new ArrayList<>();
        for (int conns : options.conns()) {
            for (ServerKind k : options.servers()) {
                Row r = wrk == null ? new Row(k, conns, null, "not measured: no wrk on the PATH")
                        : measure(wrk, k, conns, options);
                rows.add(r);
                out.printf("http %5d conns %-15s %s%n", conns, k.label(), r.result() == null ? r.problem()
                        : String.format("%,.0f req/s, p99 %,.0f µs, %d errors", r.result().rps(), r.result().p99us(), r.result().errors()));
            }
        }
        out.println();
        report(rows, options, wrk, out);
        return rows;
    }

    /** {@code wrk} in a directory of the PATH, or null. */
    static Path findWrk() {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path c = Path.of(dir.isEmpty() ? "." : dir, "wrk");
            if (Files.isExecutable(c)) {
                return c;
            }
        }
        return null;
    }

    private static Row measure(Path wrk, ServerKind kind, int conns, Options options) throws InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> serverCmd = new ArrayList<>(kind.commandPrefix(options.parallelism()));
        serverCmd.add(java);
        serverCmd.addAll(options.jvmArgs());
        serverCmd.addAll(kind.jvmFlags(options.parallelism()));
        serverCmd.addAll(List.of("-cp", System.getProperty("java.class.path"), NetServer.class.getName(), kind.id(),
                Integer.toString(options.parallelism())));
        try (Child server = new Child(kind.id(), serverCmd)) {
            String url = "http://127.0.0.1:" + server.await(NetServer.LISTENING, 60) + HttpLoad.PATH;
            int threads = Math.min(options.threads(), conns);
            if (options.warmup() > 0) {
                wrk(wrk, threads, conns, options.warmup(), url); // JIT and connection set-up; its figures are dropped
            }
            return new Row(kind, conns, WrkOutput.parse(wrk(wrk, threads, conns, options.duration(), url)), null);
        } catch (IOException | RuntimeException e) {
            return new Row(kind, conns, null, "failed: " + e.getMessage());
        }
    }

    /** One wrk run; its stdout. */
    private static String wrk(Path wrk, int threads, int conns, int seconds, String url) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(wrk.toString(), "-t", Integer.toString(threads), "-c", Integer.toString(conns),
                "-d", seconds + "s", "--latency", url).redirectErrorStream(true).start();
        p.getOutputStream().close();
        byte[] text = p.getInputStream().readAllBytes(); // until wrk ends (it runs for `seconds`)
        if (!p.waitFor(seconds + 60L, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException("wrk did not end " + (seconds + 60) + " s after starting");
        }
        String s = new String(text, StandardCharsets.UTF_8);
        if (p.exitValue() != 0) {
            throw new IOException("wrk exit " + p.exitValue() + ": " + s.strip());
        }
        return s;
    }

    static void report(List<Row> rows, Options options, Path wrk, PrintStream out) {
        out.printf("HTTP judged by wrk (%s) — JDK %s, %d CPUs; per row a fresh server JVM (%s), p %d"
                        + " (jgo GOMAXPROCS, Netty worker loops, virtual-thread scheduler parallelism);"
                        + " wrk -t %d --latency: %d s warm-up, %d s measured; GET %s, keep-alive; wrk shares the machine's CPUs%n%n",
                wrk == null ? "not on the PATH" : wrk, Runtime.version(), Runtime.getRuntime().availableProcessors(),
                String.join(" ", options.jvmArgs()), options.parallelism(), options.threads(), options.warmup(), options.duration(),
                HttpLoad.PATH);
        out.println("| conns | server | req/s | p50 µs | p99 µs | errors | jgo req/s ÷ this | jgo p99 ÷ this |");
        out.println("|---:|---|---:|---:|---:|---:|---:|---:|");
        for (Row r : rows) {
            if (r.result() == null) {
                out.printf("| %,d | %s | %s | | | | | |%n", r.conns(), r.server().label(), r.problem().replace('|', '/'));
                continue;
            }
            WrkOutput w = r.result();
            WrkOutput jgo = rows.stream().filter(x -> x.server() == ServerKind.HTTP_JGO && x.conns() == r.conns())
                    .map(Row::result).findFirst().orElse(null);
            boolean ratios = jgo != null && r.server() != ServerKind.HTTP_JGO;
            out.printf("| %,d | %s | %,.0f | %,.0f | %,.0f | %s | %s | %s |%n", r.conns(), r.server().label(), w.rps(), w.p50us(),
                    w.p99us(), errors(w), ratios ? String.format("%.2f", jgo.rps() / w.rps()) : "",
                    ratios ? String.format("%.2f", jgo.p99us() / w.p99us()) : "");
        }
        out.println();
        for (ServerKind k : options.servers()) {
            out.printf("- %s: %s%n", k.label(), k.how());
        }
    }

    private static String errors(WrkOutput w) {
        if (w.errors() == 0) {
            return "0";
        }
        return String.format("%,d (%,d socket/timeout, %,d non-2xx, of %,d)", w.errors(), w.socketErrors(), w.non2xx(), w.requests());
    }
}
