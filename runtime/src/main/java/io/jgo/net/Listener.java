package io.jgo.net;

import io.jgo.internal.cont.Leaf;
import io.jgo.internal.cont.LeafPark;
import io.jgo.Goroutine;
import io.jgo.internal.cont.MethodIds;
import io.jgo.internal.Stack;
import io.jgo.internal.poll.PollDesc;
import java.io.Closeable;
import java.io.IOException;
import java.net.SocketAddress;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;

/**
 * A TCP listener (Go's {@code net.Listener}): {@link #accept} parks the calling goroutine on its
 * runtime's poller until a connection arrives (a plain thread blocks). {@link #close} wakes every
 * waiting {@code accept} with an {@link AsynchronousCloseException}.
 */
public final class Listener implements Closeable {

    private static final int ACCEPT_ID = MethodIds.of("io.jgo.net.Listener", "accept", "()Lio/jgo/net/Conn;");

    private final ServerSocketChannel ch;
    private final PollDesc pd;
    private final SocketAddress address;

    Listener(ServerSocketChannel ch, PollDesc pd) throws IOException {
        this.ch = ch;
        this.pd = pd;
        this.address = ch.getLocalAddress();
        pd.readInterest(java.nio.channels.SelectionKey.OP_ACCEPT);
    }

    /**
     * The next connection, waiting (parking the goroutine) until one arrives. The new
     * connection is registered with the calling goroutine's runtime (a plain thread's: the default
     * runtime).
     *
     * @throws ClosedChannelException the listener was closed (while waiting: {@link AsynchronousCloseException})
     */
    @Goroutine
    @Leaf
    public Conn accept() throws IOException {
        Object c = ACCEPT.$jgo$park(Stack.current(), this, null, null, 0);
        return c == LeafPark.UNWOUND ? null : (Conn) c; // null while unwinding
    }

    /** {@link #accept}'s steps. */
    private static final NetLeaf ACCEPT = new NetLeaf(ACCEPT_ID, PollDesc.READ, "accept", false) {
        @Override
        PollDesc pd(Object self) {
            return ((Listener) self).pd;
        }

        @Override
        Object attempt(Object self, Object unused, Object unused2) throws IOException {
            SocketChannel c = ((Listener) self).ch.accept();
            return c == null ? null : Net.wrap(c, true);
        }
    };

    /** The address it listens on (with the port the system chose for port 0). */
    public SocketAddress address() {
        return address;
    }

    /** Stops listening; waiting {@code accept}s fail. Idempotent. */
    @Override
    public void close() throws IOException {
        pd.close();
        try {
            ch.close();
        } finally {
            pd.closed();
        }
    }

    @Override
    public String toString() {
        return "Listener[" + address + (pd.isClosing() ? ", closed" : "") + "]";
    }
}
