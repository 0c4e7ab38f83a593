package io.jgo.bench.clients;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;

/**
 * The HTTP client comparison's server, in a JVM of its own: the JDK's {@code HttpServer} on the
 * loopback, a virtual thread per exchange, answering {@code GET /item?id=N} with {@code item-N}
 * after {@code DELAY_MILLIS} (so a thousand requests are in flight together, as a slow service's
 * are). Prints {@code PORT n} once it listens; runs until its process is destroyed.
 *
 * <p>Arguments: {@code DELAY_MILLIS}.
 */
public final class DelayServer {

    private DelayServer() {
    }

    public static void main(String[] args) throws IOException {
        long delay = Long.parseLong(args[0]);
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 4096);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/item", exchange -> answer(exchange, delay));
        server.start();
        System.out.println("PORT " + server.getAddress().getPort());
        System.out.flush();
    }

    private static void answer(HttpExchange exchange, long delay) throws IOException {
        try (exchange) {
            String query = exchange.getRequestURI().getQuery();
            if (query == null || !query.startsWith("id=")) {
                exchange.sendResponseHeaders(400, -1);
                return;
            }
            try {
                Thread.sleep(delay);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                exchange.sendResponseHeaders(503, -1);
                return;
            }
            byte[] body = ("item-" + query.substring(3)).getBytes(StandardCharsets.US_ASCII);
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }
}
