package io.jgo.bench.net;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.util.concurrent.Executors;

/** The JDK's {@code com.sun.net.httpserver} on a virtual thread per exchange, answering {@link HttpLoad#PATH}. */
final class JdkHttp {

    private JdkHttp() {
    }

    static NetServer.Running start(InetSocketAddress at) throws IOException {
        HttpServer server = HttpServer.create(at, NetServer.BACKLOG);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext(HttpLoad.PATH, JdkHttp::plaintext);
        server.start();
        int port = server.getAddress().getPort();
        return () -> port;
    }

    private static void plaintext(HttpExchange ex) throws IOException {
        try (ex) {
            ex.getRequestBody().readAllBytes();
            ex.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
            ex.sendResponseHeaders(200, HttpLoad.BODY_BYTES.length);
            try (OutputStream out = ex.getResponseBody()) {
                out.write(HttpLoad.BODY_BYTES);
            }
        }
    }
}
