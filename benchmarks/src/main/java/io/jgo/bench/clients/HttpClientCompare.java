package io.jgo.bench.clients;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The HTTP client comparison: the JDK's synchronous {@code HttpClient.send} (a client library
 * nobody here wrote) from {@code CLIENTS} sessions of {@code REQUESTS} requests each, against a
 * server in a JVM of its own ({@link DelayServer}: each answer {@code DELAY} ms late, so the
 * sessions' requests are in flight together), on goroutines, virtual threads and a pool of platform
 * threads, each in a fresh client JVM ({@link HttpClientRun}); prints time and the client JVM's
 * peak threads side by side as a Markdown table.
 *
 * <p>The goroutine client runs with the agent and no option: the sessions' {@code send} is
 * rewritten code's, which jgo sends asynchronously and waits for on its own future (no carrier
 * held); the table says what it measured, whatever that is.
 *
 * <p>Options: {@code --clients N} (1000), {@code --requests N} (20), {@code --pool N} (200),
 * {@code --delay MS} (20), {@code --quick} (100 clients, 5 requests, a pool of 20). Needs the
 * agent's jar in {@code -Djgo.bench.agentJar} (the {@code httpclientcompare} execution sets it).
 * Ends with an {@code IllegalStateException}, after the table, when a client got an answer wrong.
 */
public final class HttpClientCompare {

    private static final List<String> VALUED = List.of("--clients", "--requests", "--pool", "--delay");

    private HttpClientCompare() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> opt = options(args);
        boolean quick = opt.containsKey("quick");
        int clients = Integer.parseInt(opt.getOrDefault("clients", quick ? "100" : "1000"));
        int requests = Integer.parseInt(opt.getOrDefault("requests", quick ? "5" : "20"));
        int pool = Integer.parseInt(opt.getOrDefault("pool", quick ? "20" : "200"));
        int delay = Integer.parseInt(opt.getOrDefault("delay", "20"));
        String agent = System.getProperty("jgo.bench.agentJar");
        if (agent == null || !Files.isRegularFile(Path.of(agent))) {
            throw new IllegalArgumentException("-Djgo.bench.agentJar=PATH must name jgo's agent jar (got " + agent
                    + "); run through: mvn -pl benchmarks validate exec:exec@httpclientcompare");
        }
        String java = ProcessHandle.current().info().command().orElse("java");
        String classPath = System.getProperty("java.class.path");
        Process server = new ProcessBuilder(java, "-Xmx1g", "-cp", classPath, DelayServer.class.getName(), String.valueOf(delay))
                .redirectErrorStream(true).start();
        List<String> rows = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        try {
            int port = awaitPort(server);
            Map<String, List<String>> modes = new LinkedHashMap<>();
            modes.put("jgo", List.of("-javaagent:" + agent));
            modes.put("loom", List.of());
            modes.put("pool:" + pool, List.of());
            for (Map.Entry<String, List<String>> m : modes.entrySet()) {
                List<String> cmd = new ArrayList<>(List.of(java, "-Xmx1g"));
                cmd.addAll(m.getValue());
                cmd.addAll(List.of("-cp", classPath, HttpClientRun.class.getName(), m.getKey(), String.valueOf(port),
                        String.valueOf(clients), String.valueOf(requests)));
                Map<String, String> r = ClientJvm.run(m.getKey(), cmd);
                String label = m.getKey().equals("jgo") ? "jgo (goroutines)" : m.getKey().equals("loom") ? "Loom (virtual threads)"
                        : pool + " platform threads";
                rows.add("| " + label + " | " + r.get("millis") + " | " + r.get("peakThreads") + " | " + r.get("jvmPeak") + " | "
                        + r.get("right") + " / " + (clients * requests) + " | " + r.get("wrong") + " | "
                        + (m.getKey().equals("jgo") ? r.get("pins") : "") + " |");
                System.out.println("  " + label + ": " + r);
                if (!r.get("wrong").equals("0") || !r.get("right").equals(String.valueOf(clients * requests))) {
                    failures.add(label + ": " + r);
                }
            }
        } finally {
            server.destroy();
            server.waitFor();
        }
        System.out.println();
        System.out.println("HttpClient.send, " + clients + " sessions x " + requests + " requests (answers " + delay
                + " ms late), client JVM on " + Runtime.version().feature() + ", " + Runtime.getRuntime().availableProcessors()
                + " CPUs:");
        System.out.println();
        System.out.println("| client | time, ms | peak client threads (sampled) | JVM peak threads | answers right | errors | jgo pins |");
        System.out.println("|---|---|---|---|---|---|---|");
        rows.forEach(System.out::println);
        if (!failures.isEmpty()) {
            throw new IllegalStateException("answers not all right: " + String.join("; ", failures));
        }
    }

    /** The port the server printed ({@code PORT n}); an IOException with its output if it ends first. */
    private static int awaitPort(Process server) throws IOException {
        BufferedReader out = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
        StringBuilder seen = new StringBuilder();
        for (String line; (line = out.readLine()) != null; ) {
            if (line.startsWith("PORT ")) {
                return Integer.parseInt(line.substring("PORT ".length()).trim());
            }
            seen.append(line).append('\n');
        }
        throw new IOException("the HTTP server ended before listening:\n" + seen);
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--quick")) {
                m.put("quick", "");
            } else if (VALUED.contains(a) && i + 1 < args.length) {
                m.put(a.substring(2), args[++i]);
            } else {
                throw new IllegalArgumentException("unknown option '" + a
                        + "'; expected --clients N, --requests N, --pool N, --delay MS, --quick");
            }
        }
        return m;
    }
}
