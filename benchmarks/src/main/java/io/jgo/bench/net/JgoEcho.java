package io.jgo.bench.net;

import static io.jgo.Go.go;

import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.net.Conn;
import io.jgo.net.Listener;
import io.jgo.net.Net;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;

/** The jgo echo server: a {@code Go.run} whose main goroutine accepts, one goroutine per connection. */
final class JgoEcho {

    private JgoEcho() {
    }

    static NetServer.Running start(InetSocketAddress at) {
        CompletableFuture<Integer> port = new CompletableFuture<>();
        Thread t = new Thread(() -> Go.run(() -> {
            try {
                Listener l = Net.listen(at);
                port.complete(((InetSocketAddress) l.address()).getPort());
                acceptLoop(l);
            } catch (IOException e) {
                port.completeExceptionally(e);
                throw new UncheckedIOException(e);
            }
        }), "jgo-echo-m0");
        t.setDaemon(true);
        t.start();
        int p = port.join();
        return () -> p;
    }

    /** Accepts for the JVM's life: nobody closes the listener, so a failing accept ends the run (a panic, on stderr). */
    @Goroutine
    private static void acceptLoop(Listener l) throws IOException {
        for (;;) {
            Conn c = l.accept();
            go(() -> echo(c));
        }
    }

    @Goroutine
    private static void echo(Conn c) {
        try (c) {
            ByteBuffer b = ByteBuffer.allocate(NetServer.ECHO_BUFFER);
            while (c.read(b.clear()) >= 0) {
                c.write(b.flip());
            }
        } catch (IOException e) {
            // the load generator closed or reset the connection
        }
    }
}
