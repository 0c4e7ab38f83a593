package io.jgo.aot;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.Goroutine;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.time.Duration;

/**
 * A goroutine reading a blocking-mode {@code SocketChannel}, for {@link BuildTimeRewriteTest}:
 * rewritten by the build-time CLI, run without the agent. Prints how the reader waited, as the
 * goroutine dump shows it ({@code parked}: in {@code IO wait} on the poller; {@code handed-off}:
 * blocked in the socket's native read on its carrier), then what it read.
 */
public final class ChannelApp {

    private ChannelApp() {
    }

    public static void main(String[] args) throws IOException {
        try (ServerSocketChannel l = ServerSocketChannel.open().bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
             SocketChannel client = SocketChannel.open(l.getLocalAddress());
             SocketChannel server = l.accept()) {
            String[] out = new String[1];
            Go.run(() -> {
                Chan<Integer> got = Chan.make(1);
                Go.go(() -> got.send(readOne(server)));
                String how = null;
                while (how == null) {
                    String dump = Go.dumpGoroutines();
                    how = dump.contains("[IO wait") ? "parked" : dump.contains("SocketDispatcher.read0") ? "handed-off" : null;
                    Go.sleep(Duration.ofMillis(1));
                }
                writeOne(client);
                out[0] = how + " read=" + got.recv();
            });
            System.out.println(out[0]);
        }
    }

    @Goroutine
    static int readOne(SocketChannel ch) {
        ByteBuffer b = ByteBuffer.allocate(1);
        try {
            return ch.read(b) == 1 ? b.get(0) : -1;
        } catch (IOException e) {
            return -2;
        }
    }

    @Goroutine
    static void writeOne(SocketChannel ch) {
        try {
            ch.write(ByteBuffer.wrap(new byte[] {7}));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
