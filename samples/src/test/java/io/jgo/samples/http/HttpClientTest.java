package io.jgo.samples.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.CancelContext;
import io.jgo.Chan;
import io.jgo.Context;
import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.net.Listener;
import io.jgo.net.Net;
import io.jgo.testing.Await;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The sample server talks to a client nobody here wrote: the JDK's {@link HttpClient} (HTTP/1.1).
 * 200 requests, 50 at a time, over kept-alive connections: every body checked, {@code Content-Length}
 * and chunked responses each recognised as such by the client, fewer connections accepted than
 * requests made, request heads larger than the server's first read buffer. Then a graceful shutdown with a request in progress. The server runs in its own
 * {@code Go.run} at GOMAXPROCS 4 (oversubscribed on purpose).
 */
@Timeout(120)
class HttpClientTest {

    private static final int REQUESTS = 200;
    private static final int IN_FLIGHT = 50;

    /** A server in its own runtime, on a platform thread; {@link #stop} cancels its context and waits for serve to return. */
    private static final class Running {
        final HttpServer server;
        final CancelContext ctx = Context.withCancel(Context.background());
        final CompletableFuture<InetSocketAddress> address = new CompletableFuture<>();
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final Thread thread;

        Running(Handler handler) {
            this(new HttpServer(handler));
        }

        Running(HttpServer s) {
            server = s;
            thread = new Thread(() -> {
                try {
                    Go.run(() -> {
                        Go.maxProcs(4);
                        try {
                            Listener l = Net.listen(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
                            address.complete((InetSocketAddress) l.address());
                            server.serve(l, ctx);
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    });
                } catch (Throwable t) {
                    failure.set(t);
                    address.completeExceptionally(t);
                }
            }, "http-server-runtime");
            thread.start();
        }

        URI uri(String path) {
            InetSocketAddress a = address.join();
            return URI.create("http://127.0.0.1:" + a.getPort() + path);
        }

        void stop() throws InterruptedException {
            ctx.cancel();
            thread.join();
            if (failure.get() != null) {
                throw new AssertionError("the server's runtime failed", failure.get());
            }
        }
    }

    @Test
    void jdkHttpClientGetsEveryBodyOverReusedConnections() throws Exception {
        Running srv = new Running(HttpClientTest::route);
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        int chunked = 0;
        int fixed = 0;
        for (int wave = 0; wave < REQUESTS / IN_FLIGHT; wave++) {
            List<CompletableFuture<HttpResponse<String>>> inFlight = new ArrayList<>();
            for (int k = 0; k < IN_FLIGHT; k++) {
                inFlight.add(client.sendAsync(request(srv, wave * IN_FLIGHT + k), HttpResponse.BodyHandlers.ofString()));
            }
            for (int k = 0; k < IN_FLIGHT; k++) {
                int i = wave * IN_FLIGHT + k;
                HttpResponse<String> r = inFlight.get(k).join();
                assertEquals(200, r.statusCode(), "request " + i);
                assertEquals(expectedBody(i), r.body(), "body of request " + i);
                if (i % 3 == 1) {
                    assertEquals("chunked", r.headers().firstValue("transfer-encoding").orElse(null), "request " + i + " framing");
                    assertTrue(r.headers().firstValue("content-length").isEmpty(), "request " + i + ": no Content-Length beside chunked");
                    chunked++;
                } else {
                    assertEquals(Long.valueOf(r.body().length()), r.headers().firstValueAsLong("content-length").orElse(-1),
                            "request " + i + " Content-Length");
                    fixed++;
                }
            }
        }
        long accepted = srv.server.connectionsAccepted();
        assertEquals(REQUESTS, srv.server.requestsServed(), "requests answered");
        assertTrue(accepted < REQUESTS, accepted + " connections accepted for " + REQUESTS + " requests: keep-alive never reused one");
        assertTrue(chunked > 0 && fixed > 0);
        srv.stop();
        assertEquals(0, srv.server.connectionsOpen(), "connections left open after the shutdown");
        System.err.printf("HttpClient: %d requests (%d chunked, %d Content-Length) on %d connections%n",
                REQUESTS, chunked, fixed, accepted);
    }

    /** An idle client and a slowloris (half a request head, then nothing) are closed once the read timeout passes. */
    @Test
    void anIdleOrSlowConnectionIsClosedAfterTheReadTimeout() throws Exception {
        Running srv = new Running(new HttpServer(HttpClientTest::route).readTimeout(java.time.Duration.ofMillis(200)));
        InetSocketAddress a = srv.address.join();
        try (java.net.Socket idle = new java.net.Socket(InetAddress.getLoopbackAddress(), a.getPort());
                java.net.Socket slow = new java.net.Socket(InetAddress.getLoopbackAddress(), a.getPort())) {
            slow.getOutputStream().write("GET / HTTP/1.1\r\nHost: x\r\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
            for (java.net.Socket s : List.of(idle, slow)) {
                s.setSoTimeout(60_000); // a bound on the test only: the server closes long before
                assertTrue(closedByServer(s), "the server left a connection open past its read timeout");
            }
        }
        Await.until("both connections to be let go", () -> srv.server.connectionsOpen() == 0,
                () -> srv.server.connectionsOpen() + " open");
        srv.stop();
    }

    private static boolean closedByServer(java.net.Socket s) throws IOException {
        try {
            return s.getInputStream().read() == -1;
        } catch (java.net.SocketTimeoutException stillOpen) {
            return false;
        } catch (java.net.SocketException reset) {
            return true; // closed with our unread bytes pending: a reset
        }
    }

    /** HTTP's IMF-fixdate: two-digit day, English names, GMT. */
    @Test
    void theDateHeaderIsAnImfFixdate() {
        assertEquals("Tue, 05 Mar 2024 07:08:09 GMT", Response.httpDate(java.time.Instant.parse("2024-03-05T07:08:09Z")));
        java.util.Locale before = java.util.Locale.getDefault();
        java.util.Locale.setDefault(java.util.Locale.GERMANY);
        try {
            assertEquals("Sun, 01 Dec 2024 23:59:59 GMT", Response.httpDate(java.time.Instant.parse("2024-12-01T23:59:59Z")));
        } finally {
            java.util.Locale.setDefault(before);
        }
    }

    @Test
    void shutdownFinishesTheRequestInProgressAndClosesIdleConnections() throws Exception {
        Chan<String> release = Chan.make(0);
        CompletableFuture<Void> entered = new CompletableFuture<>();
        Running srv = new Running((req, resp) -> slowOrFast(req, resp, entered, release));
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

        // an idle kept-alive connection, and a request in progress on another
        HttpResponse<String> idle = client.send(HttpRequest.newBuilder(srv.uri("/fast")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals("fast\n", idle.body());
        CompletableFuture<HttpResponse<String>> slow = client.sendAsync(
                HttpRequest.newBuilder(srv.uri("/slow")).build(), HttpResponse.BodyHandlers.ofString());
        entered.join();

        srv.ctx.cancel();
        Await.until("the server to start shutting down", srv.server::shuttingDown, () -> "not shutting down");
        Await.until("the idle connection to be closed", () -> srv.server.connectionsOpen() == 1,
                () -> srv.server.connectionsOpen() + " open");
        release.send("finished after the shutdown began\n"); // a plain thread hands the handler its answer

        HttpResponse<String> r = slow.join();
        assertEquals(200, r.statusCode());
        assertEquals("finished after the shutdown began\n", r.body());
        assertEquals("close", r.headers().firstValue("connection").orElse(null), "the last response announces the close");
        srv.stop();
        assertEquals(0, srv.server.connectionsOpen());
        assertEquals(2, srv.server.requestsServed());
    }

    @Goroutine
    private static void slowOrFast(Request req, Response resp, CompletableFuture<Void> entered, Chan<String> release) throws IOException {
        if (req.path().equals("/slow")) {
            entered.complete(null);
            resp.write(release.recv()); // parks until the test releases it
        } else {
            resp.write("fast\n");
        }
    }

    /** Request {@code i}: a third each of fixed, chunked and echo; every tenth with a head larger than the server's first read buffer. */
    private static HttpRequest request(Running srv, int i) {
        String path = i % 3 == 0 ? "/fixed/" : i % 3 == 1 ? "/chunked/" : "/echo/";
        HttpRequest.Builder b = HttpRequest.newBuilder(srv.uri(path + i));
        if (i % 10 == 0) {
            b.header("X-Padding", "p".repeat(3 * RequestReader.FIRST_BUFFER));
        }
        return i % 3 == 2 ? b.POST(HttpRequest.BodyPublishers.ofString(expectedBody(i))).build() : b.build();
    }

    /** What request {@code i} gets back; the chunked ones are longer than the response buffer, so they cannot fit a Content-Length response. */
    static String expectedBody(int i) {
        StringBuilder b = new StringBuilder("request ").append(i).append('\n');
        int lines = i % 3 == 1 ? 200 : 3;
        for (int k = 0; k < lines; k++) {
            b.append("line ").append(k).append(" of request ").append(i).append('\n');
        }
        return b.toString();
    }

    @Goroutine
    static void route(Request req, Response resp) throws IOException {
        String path = req.path();
        int i = Integer.parseInt(path.substring(path.lastIndexOf('/') + 1));
        if (path.startsWith("/fixed/")) {
            resp.write(expectedBody(i));
        } else if (path.startsWith("/chunked/")) {
            String body = expectedBody(i);
            for (int at = 0; at < body.length(); at += 1000) {
                resp.write(body.substring(at, Math.min(body.length(), at + 1000)));
                Go.gosched(); // let the other connections' goroutines in between the pieces
            }
        } else if (path.startsWith("/echo/")) {
            resp.write(req.body());
        } else {
            resp.status(404);
        }
    }
}
