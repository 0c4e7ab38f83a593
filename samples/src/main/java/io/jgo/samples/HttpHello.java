package io.jgo.samples;

import io.jgo.CancelContext;
import io.jgo.Context;
import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.net.Net;
import io.jgo.samples.http.HttpServer;
import io.jgo.samples.http.Request;
import io.jgo.samples.http.Response;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The sample HTTP/1.1 server ({@link io.jgo.samples.http}) with three handlers: {@code /} (a
 * {@code Content-Length} response), {@code /chunked} (five lines, one every 100 ms, each flushed: a
 * chunked response, the goroutine sleeping between them), {@code /echo} (the request body back).
 * Ctrl-C shuts it down gracefully: a request in progress is finished first. Listens on port 8080
 * ({@code PORT} in the environment changes it). Run:
 * {@code mvn -B -ntp -q package -DskipTests -pl samples -am exec:exec -Dsample=HttpHello}, then
 * {@code curl -v localhost:8080/ localhost:8080/chunked} (one connection, reused: curl says so).
 */
public final class HttpHello {

    private HttpHello() {
    }

    public static void main(String[] args) throws InterruptedException {
        int port = Integer.parseInt(System.getenv().getOrDefault("PORT", "8080"));
        CancelContext ctx = Context.withCancel(Context.background());
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            ctx.cancel();
            try {
                stopped.await(10, TimeUnit.SECONDS); // let requests in progress finish
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }));
        Go.run(() -> {
            HttpServer server = new HttpServer(HttpHello::route);
            try {
                var listener = Net.listen(new InetSocketAddress(port));
                System.out.println("HTTP server on http://localhost:" + port + "/ (GOMAXPROCS=" + Go.maxProcs() + "); Ctrl-C stops it");
                server.serve(listener, ctx);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } finally {
                System.out.println("shut down after " + server.requestsServed() + " requests on "
                        + server.connectionsAccepted() + " connections");
                stopped.countDown();
            }
        });
    }

    @Goroutine
    static void route(Request req, Response resp) throws IOException {
        switch (req.path()) {
            case "/":
                resp.write("hello from goroutine-per-connection jgo, " + req.method() + " " + req.target() + "\n");
                break;
            case "/chunked":
                for (int i = 1; i <= 5; i++) {
                    resp.write("line " + i + "\n");
                    resp.flush();
                    Go.sleep(Duration.ofMillis(100));
                }
                break;
            case "/echo":
                resp.header("Content-Type", req.header("Content-Type") != null ? req.header("Content-Type") : "application/octet-stream");
                resp.write(req.body());
                break;
            default:
                resp.status(404);
                resp.write("no handler for " + req.path() + "\n");
        }
    }
}
