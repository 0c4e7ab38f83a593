package io.jgo.bench.jdbc;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A database server in a process of its own, started for one comparison and stopped after it:
 * H2's TCP server in its own JVM ({@link #h2}), or PostgreSQL from the system's packages
 * ({@link #postgres}: {@code initdb} and {@code postgres} on the PATH). The harness's thread only.
 */
final class DbServer implements AutoCloseable {

    final String name;
    final String url;
    final String user;
    final String password;
    private final Process process;
    private final Path dir;

    private DbServer(String name, String url, String user, String password, Process process, Path dir) {
        this.name = name;
        this.url = url;
        this.user = user;
        this.password = password;
        this.process = process;
        this.dir = dir;
    }

    /** H2's TCP server ({@code org.h2.tools.Server -tcp}) in a JVM of its own, serving an in-memory database. */
    static DbServer h2(String java, String classPath) throws IOException, InterruptedException {
        int port = freePort();
        Path log = Files.createTempFile("jgo-jdbc-h2-", ".log");
        Process p = new ProcessBuilder(java, "-Xmx1g", "-cp", classPath, "org.h2.tools.Server", "-tcp", "-tcpPort",
                String.valueOf(port), "-ifNotExists").redirectErrorStream(true).redirectOutput(log.toFile()).start();
        awaitPort(p, port, log, "H2");
        return new DbServer("H2 " + org.h2.engine.Constants.VERSION, "jdbc:h2:tcp://127.0.0.1:" + port + "/mem:bench;DB_CLOSE_DELAY=-1",
                "sa", "", p, log);
    }

    /**
     * PostgreSQL: a fresh cluster ({@code initdb}, trust authentication on the loopback) and a
     * {@code postgres} serving it with room for every client's connection. As root, both run as
     * the {@code postgres} user ({@code runuser}), since PostgreSQL refuses root.
     *
     * @return null, having printed why, when PostgreSQL is not there or does not start
     */
    static DbServer postgres(int connections) throws InterruptedException {
        try {
            List<String> as = new ArrayList<>();
            if ("root".equals(System.getProperty("user.name"))) {
                as.addAll(List.of("runuser", "-u", "postgres", "--"));
            }
            Path dir = Path.of(run(as, "mktemp", "-d", "/tmp/jgo-jdbc-pg-XXXXXX").trim());
            run(as, "initdb", "-D", dir.resolve("data").toString(), "-A", "trust", "-U", "bench", "--no-sync");
            int port = freePort();
            List<String> cmd = new ArrayList<>(as);
            cmd.addAll(List.of("postgres", "-D", dir.resolve("data").toString(), "-p", String.valueOf(port), "-k", dir.toString(),
                    "-c", "listen_addresses=127.0.0.1", "-c", "max_connections=" + (connections + 20), "-c", "fsync=off"));
            Path log = Files.createTempFile("jgo-jdbc-pg-", ".log");
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            awaitPort(p, port, log, "PostgreSQL");
            return new DbServer("PostgreSQL", "jdbc:postgresql://127.0.0.1:" + port + "/postgres", "bench", "", p, dir);
        } catch (IOException e) {
            System.out.println("PostgreSQL: not measured (" + e.getMessage() + ")");
            return null;
        }
    }

    /** Runs a command to its end; its output, or an IOException with it when it fails. */
    private static String run(List<String> prefix, String... command) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(prefix);
        cmd.addAll(List.of(command));
        Process p;
        try {
            p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new IOException(command[0] + " not found on the PATH", e);
        }
        StringBuilder out = new StringBuilder();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                out.append(line).append('\n');
            }
        }
        if (!p.waitFor(2, TimeUnit.MINUTES) || p.exitValue() != 0) {
            throw new IOException(String.join(" ", cmd) + " failed: " + out.toString().strip());
        }
        return out.toString();
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** Waits until the server accepts on {@code port}, or fails with its log when it exits or takes a minute. */
    private static void awaitPort(Process p, int port, Path log, String what) throws IOException, InterruptedException {
        long end = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
        while (System.nanoTime() < end) {
            if (!p.isAlive()) {
                throw new IOException(what + " exited: " + Files.readString(log).strip());
            }
            try (Socket s = new Socket("127.0.0.1", port)) {
                return;
            } catch (IOException notYet) {
                Thread.sleep(200);
            }
        }
        p.destroyForcibly();
        throw new IOException(what + " did not listen on " + port + " within a minute: " + Files.readString(log).strip());
    }

    @Override
    public void close() throws InterruptedException {
        process.descendants().forEach(ProcessHandle::destroy);
        process.destroy();
        if (!process.waitFor(20, TimeUnit.SECONDS)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly().waitFor();
        }
        try (var files = Files.walk(dir)) { // a log file, or PostgreSQL's cluster
            files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException ignored) {
            // temporary files: best effort
        }
    }
}
