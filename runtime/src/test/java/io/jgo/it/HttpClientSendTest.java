package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The JDK's synchronous {@code HttpClient.send} from a thousand goroutines at GOMAXPROCS 2, against
 * the JDK's {@code HttpServer} in this JVM: every answer right, and the threads beyond the server's
 * and the client's own at most GOMAXPROCS + 32 at any sample. The server holds the first
 * {@link #GATE} requests until that many are in flight at once, which the client can reach only if
 * a waiting goroutine holds no thread; before {@code send} was redirected, each waiting goroutine
 * held its carrier inside the JDK's frames. Refused connections and timeouts throw what the JDK's
 * {@code send} throws on a plain thread.
 */
@Timeout(value = 180, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class HttpClientSendTest {

    private static final int GOROUTINES = 1_000;
    private static final int MAX_PROCS = 2;
    /** Requests held by the server until this many are in flight together (more than the thread budget). */
    private static final int GATE = 100;
    private static final long DELAY_MILLIS = 20;
    private static final String SERVER_THREAD = "test-http-";

    private HttpServer server;
    private ExecutorService serverHandlers;
    private ScheduledExecutorService serverDelays;
    /** Requests held at the gate; guarded by its own monitor together with {@link #gateOpen}. */
    private final List<HttpExchange> held = new ArrayList<>();
    private boolean gateOpen;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger maxInFlight = new AtomicInteger();
    private final ConcurrentLinkedQueue<HttpExchange> neverAnswered = new ConcurrentLinkedQueue<>();

    @BeforeEach
    void startServer() throws IOException {
        AtomicInteger n = new AtomicInteger();
        serverHandlers = Executors.newFixedThreadPool(2, r -> new Thread(r, SERVER_THREAD + "handler-" + n.incrementAndGet()));
        serverDelays = Executors.newSingleThreadScheduledExecutor(r -> new Thread(r, SERVER_THREAD + "delay"));
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 4096);
        server.setExecutor(serverHandlers);
        server.createContext("/hello/", this::hello);
        server.createContext("/never", neverAnswered::add); // answered by stop(): a client times out first
        server.start();
    }

    @AfterEach
    void stopServer() {
        server.stop(0);
        serverHandlers.shutdownNow();
        serverDelays.shutdownNow();
    }

    /** {@code /hello/N} answers {@code hello N}: the first GATE once GATE are in flight, the rest after a delay. */
    private void hello(HttpExchange exchange) {
        int now = inFlight.incrementAndGet();
        maxInFlight.accumulateAndGet(now, Math::max);
        synchronized (held) {
            if (!gateOpen) {
                held.add(exchange);
                if (held.size() == GATE) {
                    gateOpen = true;
                    for (int i = 0; i < held.size(); i++) { // paced: one per millisecond
                        HttpExchange e = held.get(i);
                        serverDelays.schedule(() -> answer(e), i, TimeUnit.MILLISECONDS);
                    }
                }
                return;
            }
        }
        serverDelays.schedule(() -> answer(exchange), DELAY_MILLIS, TimeUnit.MILLISECONDS);
    }

    private void answer(HttpExchange exchange) {
        inFlight.decrementAndGet();
        String path = exchange.getRequestURI().getPath();
        byte[] body = ("hello " + path.substring(path.lastIndexOf('/') + 1)).getBytes(StandardCharsets.UTF_8);
        try (OutputStream out = exchange.getResponseBody()) {
            exchange.sendResponseHeaders(200, body.length);
            out.write(body);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Goroutine
    static String fetch(HttpClient client, URI uri) throws IOException, InterruptedException {
        return client.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString()).body();
    }

    @Goroutine
    static Exception sendFailure(HttpClient client, HttpRequest request) {
        try {
            client.send(request, HttpResponse.BodyHandlers.ofString());
            return null;
        } catch (IOException | InterruptedException | RuntimeException e) {
            return e;
        }
    }

    @Test
    void aThousandGoroutinesSendWithAFewThreads() throws Exception {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        String base = "http://127.0.0.1:" + server.getAddress().getPort() + "/hello/";
        ThreadSampler threads = new ThreadSampler();
        AtomicInteger right = new AtomicInteger();
        ConcurrentLinkedQueue<String> wrong = new ConcurrentLinkedQueue<>();
        threads.start();
        try {
            Go.run(() -> {
                Go.maxProcs(MAX_PROCS);
                WaitGroup wg = new WaitGroup();
                wg.add(GOROUTINES);
                for (int i = 0; i < GOROUTINES; i++) {
                    int id = i;
                    Go.go(() -> {
                        try {
                            String body = fetch(client, URI.create(base + id));
                            if (body.equals("hello " + id)) {
                                right.incrementAndGet();
                            } else {
                                wrong.add(id + ": " + body);
                            }
                        } catch (Exception e) {
                            wrong.add(id + ": " + e);
                        }
                        wg.done();
                    });
                }
                wg.await();
            });
        } finally {
            threads.stop();
        }
        System.err.println("HttpClientSendTest: " + threads + "; at most " + maxInFlight.get() + " requests in flight at the server");
        assertEquals(List.of(), List.copyOf(wrong));
        assertEquals(GOROUTINES, right.get());
        assertTrue(gateOpen, "the server never saw " + GATE + " requests in flight at once");
        assertTrue(threads.peakExtra <= MAX_PROCS + 32, "extra threads at peak: " + threads);
    }

    @Test
    void aRefusedConnectionThrowsWhatSendThrows() throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = s.getLocalPort();
        }
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + closedPort + "/")).build();
        assertSameFailure(client, request, false);
    }

    @Test
    void aRequestTimeoutThrowsWhatSendThrows() throws Exception {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/never"))
                .timeout(Duration.ofMillis(200)).build();
        assertSameFailure(client, request, true);
    }

    /** The JDK's send on this thread and the redirected one in a goroutine fail alike: type, message, cause's type. */
    private static void assertSameFailure(HttpClient client, HttpRequest request, boolean timeout) throws Exception {
        Exception jdk = sendFailure(client, request); // a plain thread: the JDK's own send
        AtomicReference<Exception> inGoroutine = new AtomicReference<>();
        Go.run(() -> inGoroutine.set(sendFailure(client, request)));
        Exception jgo = inGoroutine.get();
        assertNotNull(jdk, "the JDK's send did not fail");
        assertNotNull(jgo, "send in a goroutine did not fail");
        assertEquals(jdk.getClass(), jgo.getClass(), () -> "JDK: " + jdk + "\njgo: " + jgo);
        assertEquals(jdk.getMessage(), jgo.getMessage());
        assertEquals(jdk.getCause() == null ? null : jdk.getCause().getClass(), jgo.getCause() == null ? null : jgo.getCause().getClass());
        if (timeout) {
            assertEquals("java.net.http.HttpTimeoutException", jgo.getClass().getName());
            assertNull(jgo.getCause());
        } else {
            assertEquals("java.net.ConnectException", jgo.getClass().getName());
        }
        for (StackTraceElement e : jgo.getStackTrace()) {
            assertFalse(e.getClassName().equals("java.util.concurrent.CompletableFuture") && e.getMethodName().equals("get"),
                    "the goroutine's send waited in CompletableFuture.get, not parked: " + e);
        }
    }

    /**
     * Samples every 2 ms the live threads by name: the server's ({@link #SERVER_THREAD}, the
     * {@code HttpServer}'s dispatcher), the client's ({@code HttpClient-N-SelectorManager},
     * {@code HttpClient-N-Worker-M}), the JDK's threads completing {@code sendAsync}'s futures
     * ({@link #completesAFuture}), this sampler, and the rest, whose peak above the count before
     * the run is {@link #peakExtra}. A short-lived thread between two samples is not seen: the
     * JVM's peak count over the run is printed next to it as an upper bound.
     */
    private static final class ThreadSampler implements Runnable {
        private final ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        private final Thread thread = new Thread(this, "test-thread-sampler");
        private volatile boolean running = true;
        private int baseline;
        volatile int peakExtra;
        private int peakServer;
        private int peakClient;
        private int peakCompletions;
        /** Deep enough to reach a completion thread's task below the wake-up it runs. */
        private static final int STACK_DEPTH = 200;
        private int jvmPeak;
        private String atPeak = "";

        void start() {
            baseline = counts(new java.util.TreeMap<>())[0];
            mx.resetPeakThreadCount();
            thread.setDaemon(true);
            thread.start();
        }

        void stop() throws InterruptedException {
            running = false;
            thread.join();
            jvmPeak = mx.getPeakThreadCount();
        }

        @Override
        public void run() {
            while (running) {
                java.util.Map<String, Integer> names = new java.util.TreeMap<>();
                int[] c = counts(names);
                if (c[0] - baseline > peakExtra) {
                    peakExtra = c[0] - baseline;
                    atPeak = names.toString();
                }
                peakServer = Math.max(peakServer, c[1]);
                peakClient = Math.max(peakClient, c[2]);
                peakCompletions = Math.max(peakCompletions, c[3]);
                try {
                    Thread.sleep(2);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }

        /** {others, server, client}. */
        private int[] counts(java.util.Map<String, Integer> names) {
            int others = 0;
            int server = 0;
            int client = 0;
            int completions = 0;
            for (ThreadInfo t : mx.getThreadInfo(mx.getAllThreadIds(), STACK_DEPTH)) {
                if (t == null) {
                    continue; // ended meanwhile
                }
                String name = t.getThreadName();
                if (name.startsWith(SERVER_THREAD) || name.startsWith("HTTP-Dispatcher") || name.equals("server-timer")) {
                    server++;
                } else if (name.startsWith("HttpClient-")) {
                    client++;
                } else if (completesAFuture(t)) {
                    completions++;
                } else if (!name.equals("test-thread-sampler")) {
                    others++;
                    names.merge(name.replaceAll("[0-9]+", "N"), 1, Integer::sum);
                }
            }
            return new int[] {others, server, client, completions};
        }

        /**
         * A thread the JDK started for one {@code CompletableFuture} completion: {@code sendAsync}
         * completes its future on {@code CompletableFuture}'s default executor, which is a new
         * thread per task when the common pool's parallelism is below 2 (two cores). Seen by its
         * stack: a {@code CompletableFuture} completion run as the thread's task.
         */
        private static boolean completesAFuture(ThreadInfo t) {
            if (!t.getThreadName().startsWith("Thread-")) {
                return false;
            }
            for (StackTraceElement e : t.getStackTrace()) {
                if (e.getClassName().startsWith("java.util.concurrent.CompletableFuture$") && e.getMethodName().equals("run")) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public String toString() {
            return "peak extra threads " + peakExtra + " (budget " + (MAX_PROCS + 32) + "), server's " + peakServer
                    + ", HttpClient's " + peakClient
                    + ", the JDK's future-completion threads " + peakCompletions + ", JVM's peak " + jvmPeak + " with " + baseline + " others before; at the peak " + atPeak;
        }
    }
}
