package io.jgo.bench.net;

import io.jgo.Context;
import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.net.Listener;
import io.jgo.net.Net;
import io.jgo.samples.http.HttpServer;
import io.jgo.samples.http.Request;
import io.jgo.samples.http.Response;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;

/** The sample HTTP server ({@code io.jgo.samples.http}) answering {@link HttpLoad#PATH} with {@link HttpLoad#BODY}. */
final class JgoHttp {

    private JgoHttp() {
    }

    static NetServer.Running start(InetSocketAddress at) {
        CompletableFuture<Integer> port = new CompletableFuture<>();
        HttpServer server = new HttpServer(JgoHttp::plaintext);
        Thread t = new Thread(() -> Go.run(() -> {
            try {
                Listener l = Net.listen(at);
                port.complete(((InetSocketAddress) l.address()).getPort());
                server.serve(l, Context.background());
            } catch (IOException e) {
                port.completeExceptionally(e);
                throw new UncheckedIOException(e);
            }
        }), "jgo-http-m0");
        t.setDaemon(true);
        t.start();
        int p = port.join();
        return () -> p;
    }

    @Goroutine
    private static void plaintext(Request req, Response resp) throws IOException {
        if (!req.path().equals(HttpLoad.PATH)) {
            resp.status(404);
            return;
        }
        resp.write(HttpLoad.BODY_BYTES);
    }
}
