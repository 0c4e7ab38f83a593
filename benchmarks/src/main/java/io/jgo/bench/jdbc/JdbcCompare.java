package io.jgo.bench.jdbc;

import io.jgo.bench.clients.ClientJvm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JDBC comparison: a real driver over TCP to a real database server started here in a process
 * of its own (H2's TCP server; PostgreSQL where the system has it), {@code CLIENTS} sessions each
 * opening a connection and running {@code QUERIES} checked queries, on goroutines, virtual threads
 * and a pool of platform threads, each in a fresh client JVM ({@link JdbcClient}); prints the time
 * and the client JVM's peak threads side by side as a Markdown table.
 *
 * <p>The goroutine client runs with the agent and {@code suspendable=org.h2:org.postgresql}, so the
 * drivers' own classes are rewritten. Whether a goroutine waiting for the database then holds a
 * thread depends on what jgo does with the drivers' {@code java.net.Socket} streams: the table says
 * what it measured, whatever that is.
 *
 * <p>Options: {@code --clients N} (1000), {@code --queries N} (20), {@code --pool N} (200),
 * {@code --db h2|postgres|all} (all), {@code --quick} (100 clients, 5 queries, a pool of 20).
 * Needs the agent's jar in {@code -Djgo.bench.agentJar} (the {@code jdbccompare} execution sets it).
 * Ends with an {@code IllegalStateException}, after the table, when a client got a row wrong.
 */
public final class JdbcCompare {

    private JdbcCompare() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> opt = options(args);
        boolean quick = opt.containsKey("quick");
        int clients = Integer.parseInt(opt.getOrDefault("clients", quick ? "100" : "1000"));
        int queries = Integer.parseInt(opt.getOrDefault("queries", quick ? "5" : "20"));
        int pool = Integer.parseInt(opt.getOrDefault("pool", quick ? "20" : "200"));
        String db = opt.getOrDefault("db", "all");
        String agent = System.getProperty("jgo.bench.agentJar");
        if (agent == null || !Files.isRegularFile(Path.of(agent))) {
            throw new IllegalArgumentException("-Djgo.bench.agentJar=PATH must name jgo's agent jar (got " + agent
                    + "); run through: mvn -pl benchmarks validate exec:exec@jdbccompare");
        }
        String java = ProcessHandle.current().info().command().orElse("java");
        String classPath = System.getProperty("java.class.path");
        List<String> rows = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        if (db.equals("h2") || db.equals("all")) {
            try (DbServer h2 = DbServer.h2(java, classPath)) {
                compare(h2, java, classPath, agent, clients, queries, pool, rows);
            }
        }
        if (db.equals("postgres") || db.equals("all")) {
            DbServer pg = DbServer.postgres(clients + 1);
            if (pg == null) {
                notes.add("PostgreSQL: not measured (not on this machine, or it did not start; see above)");
            } else {
                try (pg) {
                    compare(pg, java, classPath, agent, clients, queries, pool, rows);
                }
            }
        }
        System.out.println();
        System.out.println("JDBC, " + clients + " sessions x " + queries + " queries (a connection each), client JVM on "
                + Runtime.version().feature() + ", " + Runtime.getRuntime().availableProcessors() + " CPUs:");
        System.out.println();
        System.out.println("| database | client | time, ms | peak client threads (sampled) | JVM peak threads | rows right | errors | jgo pins |");
        System.out.println("|---|---|---|---|---|---|---|---|");
        rows.forEach(System.out::println);
        notes.forEach(n -> System.out.println("\n" + n));
        if (!failures.isEmpty()) {
            throw new IllegalStateException("rows not all right: " + String.join("; ", failures));
        }
    }

    /** Clients whose rows were not all right (a wrong row, a failed session): the run fails after its table. */
    private static final List<String> failures = new ArrayList<>();

    private static void compare(DbServer server, String java, String classPath, String agent, int clients, int queries, int pool,
            List<String> rows) throws IOException, InterruptedException {
        System.out.println(server.name + " at " + server.url);
        client(server, java, classPath, List.of(), "pool:1", 0, 0, true); // the table, once
        Map<String, List<String>> modes = new LinkedHashMap<>();
        modes.put("jgo", List.of("-javaagent:" + agent + "=suspendable=org.h2:org.postgresql"));
        modes.put("loom", List.of());
        modes.put("pool:" + pool, List.of());
        for (Map.Entry<String, List<String>> m : modes.entrySet()) {
            Map<String, String> r = client(server, java, classPath, m.getValue(), m.getKey(), clients, queries, false);
            String label = m.getKey().equals("jgo") ? "jgo (goroutines)" : m.getKey().equals("loom") ? "Loom (virtual threads)"
                    : pool + " platform threads";
            rows.add("| " + server.name + " | " + label + " | " + r.get("millis") + " | " + r.get("peakThreads") + " | "
                    + r.get("jvmPeak") + " | " + r.get("right") + " / " + (clients * queries) + " | " + r.get("wrong") + " | "
                    + (m.getKey().equals("jgo") ? r.get("pins") : "") + " |");
            System.out.println("  " + label + ": " + r);
            if (!r.get("wrong").equals("0") || !r.get("right").equals(String.valueOf(clients * queries))) {
                failures.add(server.name + ", " + label + ": " + r);
            }
        }
    }

    /** Runs one client JVM to its end; the fields of its RESULT line, or an IOException with its output. */
    private static Map<String, String> client(DbServer server, String java, String classPath, List<String> jvmArgs, String mode,
            int clients, int queries, boolean setup) throws IOException, InterruptedException {
        // H2 gives up a connect after 2 s (h2.socketConnectTimeout); a thousand dials at once to its
        // server (one accepting thread) on a loaded machine take longer: every client waits up to a minute.
        List<String> cmd = new ArrayList<>(List.of(java, "-Xmx1g", "-Dh2.socketConnectTimeout=60000"));
        cmd.addAll(jvmArgs);
        cmd.addAll(List.of("-cp", classPath, JdbcClient.class.getName(), mode, server.url, server.user,
                server.password.isEmpty() ? "-" : server.password, String.valueOf(clients), String.valueOf(queries)));
        if (setup) {
            cmd.add("setup");
        }
        return ClientJvm.run(mode, cmd);
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--quick")) {
                m.put("quick", "");
            } else if (a.startsWith("--") && i + 1 < args.length && List.of("--clients", "--queries", "--pool", "--db").contains(a)) {
                m.put(a.substring(2), args[++i]);
            } else {
                throw new IllegalArgumentException("unknown option '" + a
                        + "'; expected --clients N, --queries N, --pool N, --db h2|postgres|all, --quick");
            }
        }
        return m;
    }
}
