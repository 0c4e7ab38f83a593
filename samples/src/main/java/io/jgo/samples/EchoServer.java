package io.jgo.samples;

import static io.jgo.Go.go;

import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.net.Conn;
import io.jgo.net.Listener;
import io.jgo.net.Net;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;

/**
 * A TCP echo server, Go's classic first network program: one goroutine per connection, each
 * parked in {@code read} on the runtime's poller while its client is quiet (no thread per
 * connection). Listens on port 7007 ({@code PORT} in the environment changes it); stop it with
 * Ctrl-C. Run: {@code mvn -B -ntp -q package -DskipTests -pl samples -am exec:exec -Dsample=EchoServer},
 * then {@code nc localhost 7007} (or {@code telnet}) and type.
 */
public final class EchoServer {

    private EchoServer() {
    }

    public static void main(String[] args) {
        int port = Integer.parseInt(System.getenv().getOrDefault("PORT", "7007"));
        Go.run(() -> {
            try (Listener l = Net.listen(new InetSocketAddress(port))) {
                System.out.println("echo server listening on " + l.address() + " (GOMAXPROCS=" + Go.maxProcs() + ")");
                for (;;) {
                    Conn c = l.accept();
                    go(() -> echo(c));
                }
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }

    /** Sends back what arrives until the client closes. */
    @Goroutine
    static void echo(Conn c) {
        try (c) {
            ByteBuffer b = ByteBuffer.allocate(4096);
            while (c.read(b.clear()) >= 0) {
                c.write(b.flip());
            }
        } catch (IOException e) {
            System.err.println(c.remoteAddress() + ": " + e);
        }
    }
}
