package io.jgo.bench.net;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A child JVM the harness talks to line by line: its stdout is read by a daemon thread into a
 * queue (so every wait has a bound), its stdin takes commands, its stderr goes to a file shown
 * when something fails. Used by the harness's thread only.
 */
final class Child implements AutoCloseable {

    private static final String EOF = "\u0000eof";

    private final String name;
    private final Process process;
    private final Path stderr;
    private final Writer stdin;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

    Child(String name, List<String> command) throws IOException {
        this.name = name;
        this.stderr = Files.createTempFile("jgo-net-" + name + "-", ".err");
        this.process = new ProcessBuilder(command).redirectError(stderr.toFile()).start();
        this.stdin = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    lines.add(line);
                }
            } catch (IOException ignored) {
                // the child died; EOF below says so
            }
            lines.add(EOF);
        }, "read-" + name);
        reader.setDaemon(true);
        reader.start();
    }

    /** The rest of the first stdout line starting with {@code prefix}; other lines are passed on to {@code System.out} indented. */
    String await(String prefix, long timeoutSeconds) throws IOException, InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
        for (;;) {
            String line = lines.poll(Math.max(1, end - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (line == null) {
                throw new IOException(name + ": no '" + prefix.trim() + "' within " + timeoutSeconds + " s" + stderrTail());
            }
            if (line.equals(EOF)) {
                lines.add(EOF);
                process.waitFor(5, TimeUnit.SECONDS);
                throw new IOException(name + " ended" + (process.isAlive() ? "" : " (exit " + process.exitValue() + ")")
                        + " before '" + prefix.trim() + "'" + stderrTail());
            }
            if (line.startsWith(prefix)) {
                return line.substring(prefix.length()).trim();
            }
            System.out.println("    (" + name + ") " + line);
        }
    }

    void send(String command) throws IOException {
        stdin.write(command + "\n");
        stdin.flush();
    }

    /** Waits for the child to exit by itself; its exit status. */
    int waitFor(long timeoutSeconds) throws IOException, InterruptedException {
        if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            throw new IOException(name + " still running after " + timeoutSeconds + " s");
        }
        return process.exitValue();
    }

    /** The last lines the child wrote on stderr, for a failure message. */
    String stderrTail() {
        try {
            List<String> l = Files.readAllLines(stderr, StandardCharsets.UTF_8);
            return l.isEmpty() ? "" : "; its stderr ends: " + String.join(" | ", l.subList(Math.max(0, l.size() - 4), l.size()));
        } catch (IOException e) {
            return "";
        }
    }

    /** Closes its stdin (the server's signal to exit), waits a little, then kills it and its descendants. */
    @Override
    public void close() throws IOException {
        try {
            stdin.close();
        } catch (IOException ignored) {
            // it is gone already
        }
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly().waitFor();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        Files.deleteIfExists(stderr);
    }
}
