package io.jgo.bench.clients;

import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One client JVM of the HTTP client comparison: {@code CLIENTS} sessions, each sending
 * {@code REQUESTS} requests in turn through the JDK's synchronous {@code HttpClient.send} (one client
 * shared by all, as applications share one) and checking each answer, on goroutines ({@code jgo}),
 * virtual threads ({@code loom}) or a pool of platform threads ({@code pool:N}). Prints one line,
 * {@code RESULT millis=.. peakThreads=.. baseline=.. jvmPeak=.. right=.. wrong=.. pins=..}, as the
 * JDBC client does.
 *
 * <p>Arguments: {@code MODE PORT CLIENTS REQUESTS}. One untimed session first loads (for jgo:
 * rewrites) the client's classes and starts its selector thread.
 */
public final class HttpClientRun {

    private HttpClientRun() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 4) {
            System.err.println("usage: HttpClientRun jgo|loom|pool:N PORT CLIENTS REQUESTS");
            System.exit(2);
        }
        String mode = args[0];
        String base = "http://127.0.0.1:" + Integer.parseInt(args[1]) + "/item?id=";
        int clients = Integer.parseInt(args[2]);
        int requests = Integer.parseInt(args[3]);
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofMinutes(1)).build();
        Tally warm = new Tally();
        runSessions(mode, 1, () -> warm.session(http, base, 0, requests));
        if (!warm.wrong.isEmpty()) {
            throw new IllegalStateException("the warm-up session failed: " + warm.wrong);
        }
        Tally tally = new Tally();
        ThreadPeak peak = new ThreadPeak();
        peak.start();
        long start = System.nanoTime();
        AtomicInteger next = new AtomicInteger();
        long pins = runSessions(mode, clients, () -> tally.session(http, base, next.getAndIncrement(), requests));
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        peak.stop();
        tally.wrong.stream().limit(5).forEach(w -> System.err.println("wrong: " + w));
        System.out.println("RESULT millis=" + millis + " peakThreads=" + peak.peakAbove + " baseline=" + peak.baseline
                + " jvmPeak=" + peak.jvmPeak + " right=" + tally.right.get() + " wrong=" + tally.wrong.size() + " pins=" + pins);
    }

    /** Runs {@code n} copies of {@code session} at once in the mode's kind of thread, to their end; jgo's pins, else -1. */
    private static long runSessions(String mode, int n, Runnable session) throws InterruptedException {
        if (mode.equals("jgo")) {
            long[] counted = {-1};
            Go.run(() -> {
                WaitGroup wg = new WaitGroup();
                wg.add(n);
                for (int i = 0; i < n; i++) {
                    Go.go(() -> {
                        session.run();
                        wg.done();
                    });
                }
                wg.await();
                counted[0] = RuntimePins.count();
            });
            return counted[0];
        }
        ExecutorService ex = mode.equals("loom") ? Executors.newVirtualThreadPerTaskExecutor()
                : Executors.newFixedThreadPool(Integer.parseInt(mode.substring(mode.indexOf(':') + 1)));
        for (int i = 0; i < n; i++) {
            ex.execute(session);
        }
        ex.shutdown();
        if (!ex.awaitTermination(30, TimeUnit.MINUTES)) {
            throw new IllegalStateException("sessions still running after 30 minutes");
        }
        return -1;
    }

    /** The sessions' outcome; shared by every session (atomic counter, concurrent queue). */
    static final class Tally {
        final AtomicInteger right = new AtomicInteger();
        final ConcurrentLinkedQueue<String> wrong = new ConcurrentLinkedQueue<>();

        /** One session: {@code requests} requests in turn, each answer checked. */
        @Goroutine
        void session(HttpClient http, String base, int client, int requests) {
            for (int r = 0; r < requests; r++) {
                int id = (client * 31 + r * 7) % 1_000;
                try {
                    HttpResponse<String> res = http.send(HttpRequest.newBuilder(URI.create(base + id)).build(),
                            HttpResponse.BodyHandlers.ofString());
                    if (res.statusCode() != 200 || !res.body().equals("item-" + id)) {
                        wrong.add("client " + client + " request " + r + ": id " + id + " gave " + res.statusCode() + " " + res.body());
                        continue;
                    }
                    right.incrementAndGet();
                } catch (IOException | InterruptedException | RuntimeException e) {
                    wrong.add("client " + client + " request " + r + ": " + e);
                }
            }
        }
    }
}
