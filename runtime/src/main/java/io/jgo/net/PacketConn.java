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
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.DatagramChannel;
import java.time.Instant;

/**
 * A UDP endpoint (Go's {@code net.PacketConn}, from {@link Net#listenPacket}): {@link #readFrom}
 * parks the calling goroutine until a datagram arrives, {@link #writeTo} while the socket cannot
 * take one; a plain thread blocks. Deadlines and close behave as on {@link Conn}.
 */
public final class PacketConn implements Closeable {

    private static final int READ_FROM_ID = MethodIds.of("io.jgo.net.PacketConn", "readFrom",
            "(Ljava/nio/ByteBuffer;)Ljava/net/SocketAddress;");
    private static final int WRITE_TO_ID = MethodIds.of("io.jgo.net.PacketConn", "writeTo",
            "(Ljava/nio/ByteBuffer;Ljava/net/SocketAddress;)V");

    private final DatagramChannel ch;
    private final PollDesc pd;
    private final SocketAddress local;

    PacketConn(DatagramChannel ch, PollDesc pd) throws IOException {
        this.ch = ch;
        this.pd = pd;
        this.local = ch.getLocalAddress();
    }

    /**
     * Receives one datagram into {@code dst} (what does not fit is discarded, as UDP does) and
     * returns its sender, waiting until one arrives.
     *
     * @throws SocketTimeoutException the read deadline passed
     * @throws ClosedChannelException closed (while waiting: {@link AsynchronousCloseException})
     */
    @Goroutine
    @Leaf
    public SocketAddress readFrom(ByteBuffer dst) throws IOException {
        Object from = READ_FROM.$jgo$park(Stack.current(), this, dst, null, 0);
        return from == LeafPark.UNWOUND ? null : (SocketAddress) from; // null while unwinding
    }

    /** {@link #readFrom}'s steps. */
    private static final NetLeaf READ_FROM = new NetLeaf(READ_FROM_ID, PollDesc.READ, "read", false) {
        @Override
        PollDesc pd(Object self) {
            return ((PacketConn) self).pd;
        }

        @Override
        Object attempt(Object self, Object dst, Object unused) throws IOException {
            return ((PacketConn) self).ch.receive((ByteBuffer) dst);
        }
    };

    /**
     * Sends {@code src}'s remaining bytes as one datagram to {@code to}, waiting while the socket's
     * buffer cannot take it.
     *
     * @throws SocketTimeoutException the write deadline passed
     * @throws ClosedChannelException closed
     */
    @Goroutine
    @Leaf
    public void writeTo(ByteBuffer src, SocketAddress to) throws IOException {
        WRITE_TO.$jgo$park(Stack.current(), this, src, to, 0);
    }

    /** {@link #writeTo}'s steps. */
    private static final NetLeaf WRITE_TO = new NetLeaf(WRITE_TO_ID, PollDesc.WRITE, "write", false) {
        @Override
        PollDesc pd(Object self) {
            return ((PacketConn) self).pd;
        }

        @Override
        Object attempt(Object self, Object src, Object to) throws IOException {
            ByteBuffer b = (ByteBuffer) src;
            return ((PacketConn) self).ch.send(b, (SocketAddress) to) > 0 || !b.hasRemaining() ? DONE : null;
        }
    };

    /** As {@link Conn#setReadDeadline}. */
    public void setReadDeadline(Instant t) {
        pd.setDeadline(PollDesc.READ, t != null, t == null ? 0 : Conn.nanoDeadline(t));
    }

    /** As {@link Conn#setWriteDeadline}. */
    public void setWriteDeadline(Instant t) {
        pd.setDeadline(PollDesc.WRITE, t != null, t == null ? 0 : Conn.nanoDeadline(t));
    }

    public SocketAddress localAddress() {
        return local;
    }

    /** Closes the endpoint; waiting calls fail with {@link AsynchronousCloseException}. Idempotent. */
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
        return "PacketConn[" + local + (pd.isClosing() ? ", closed" : "") + "]";
    }
}
