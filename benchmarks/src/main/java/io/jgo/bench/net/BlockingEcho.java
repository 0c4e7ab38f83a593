package io.jgo.bench.net;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;

/**
 * The thread-per-connection echo server on blocking {@code java.net.Socket} streams: a virtual
 * thread per connection (Loom) or a platform thread per connection. The accept loop runs on a
 * thread of the same kind.
 */
final class BlockingEcho {

    private BlockingEcho() {
    }

    static NetServer.Running start(InetSocketAddress at, boolean virtual) throws IOException {
        ServerSocket server = new ServerSocket();
        server.setReuseAddress(true);
        server.bind(at, NetServer.BACKLOG);
        Thread.Builder threads = virtual ? Thread.ofVirtual().name("echo-", 0) : Thread.ofPlatform().daemon().name("echo-", 0);
        threads.start(() -> {
            for (;;) {
                Socket s;
                try {
                    s = server.accept();
                    s.setTcpNoDelay(true);
                } catch (IOException e) {
                    return;
                }
                threads.start(() -> echo(s));
            }
        });
        int port = server.getLocalPort();
        return () -> port;
    }

    private static void echo(Socket s) {
        try (s) {
            InputStream in = s.getInputStream();
            OutputStream out = s.getOutputStream();
            byte[] b = new byte[NetServer.ECHO_BUFFER];
            for (int n; (n = in.read(b)) >= 0; ) {
                out.write(b, 0, n);
            }
        } catch (IOException e) {
            // the load generator closed or reset the connection
        }
    }
}
