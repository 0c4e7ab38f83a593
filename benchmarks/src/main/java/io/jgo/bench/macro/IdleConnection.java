package io.jgo.bench.macro;

import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import io.jgo.net.Conn;
import io.jgo.net.Listener;
import io.jgo.net.Net;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;

/**
 * The "a poll costs nothing" switch of the jgo workloads that call it ({@code skynet},
 * {@code ping-pong}, {@code spawn-join}): with {@code -Djgo.bench.idleConn=true} the run's runtime
 * holds one idle loopback connection whose server end has a goroutine parked in {@code read} for
 * the whole run, so every scheduling round sees something waiting on the network
 * ({@code findRunnable} polls, an idle M blocks in the poll, sysmon polls every 10 ms). Compare a
 * run with it against one without. Without the property it does nothing.
 */
final class IdleConnection {

    static final boolean ASKED = Boolean.getBoolean("jgo.bench.idleConn");
    private static final IdleConnection NONE = new IdleConnection(null, null, null);

    private final Listener listener;
    private final Conn client;
    /** Done when the reading goroutine has ended (so main does not return with it alive). */
    private final WaitGroup reader;

    private IdleConnection(Listener listener, Conn client, WaitGroup reader) {
        this.listener = listener;
        this.client = client;
        this.reader = reader;
    }

    /** Opens the idle connection in the calling goroutine's runtime if {@code -Djgo.bench.idleConn=true}. */
    @Goroutine
    static IdleConnection openIfAsked() {
        if (!ASKED) {
            return NONE;
        }
        try {
            Listener l = Net.listen(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            WaitGroup reader = new WaitGroup();
            reader.add(1);
            Go.go(() -> {
                readUntilClosed(l);
                reader.done();
            });
            return new IdleConnection(l, Net.dial(l.address()), reader);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Accepts the one connection and waits in {@code read} until the client closes it. */
    @Goroutine
    private static void readUntilClosed(Listener l) {
        try (Conn s = l.accept()) {
            while (s.read(ByteBuffer.allocate(1)) >= 0) {
                // nothing is ever sent
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Closes the connection and waits until the reading goroutine has ended. */
    @Goroutine
    void close() {
        if (client == null) {
            return;
        }
        try {
            client.close();
            listener.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        reader.await();
    }
}
