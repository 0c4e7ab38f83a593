package io.jgo.net;

import io.jgo.internal.cont.StackAccess;
import io.jgo.Goroutine;
import io.jgo.internal.cont.MethodIds;
import io.jgo.internal.Stack;
import io.jgo.internal.sched.G;
import io.jgo.internal.sched.PollDesc;
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
    public SocketAddress readFrom(ByteBuffer dst) throws IOException {
        Stack s = Stack.current();
        long via = s.takeCallSite();
        G g = PollDesc.parker(s);
        boolean waited = false;
        if (s.isResuming()) {
            StackAccess.resumeLeaf(s);
            PollDesc.afterPark(g);
            waited = true;
        }
        for (;;) {
            Conn.fail(pd.check(PollDesc.READ), waited, "read");
            SocketAddress from = ch.receive(dst);
            if (from != null) {
                return from;
            }
            int r = pd.$jgo$await(s, via, g, PollDesc.READ, READ_FROM_ID, null, null);
            if (r == PollDesc.UNWINDING) {
                return null; // resumed above
            }
            Conn.fail(r, waited, "read");
            waited = true;
        }
    }

    /**
     * Sends {@code src}'s remaining bytes as one datagram to {@code to}, waiting while the socket's
     * buffer cannot take it.
     *
     * @throws SocketTimeoutException the write deadline passed
     * @throws ClosedChannelException closed
     */
    @Goroutine
    public void writeTo(ByteBuffer src, SocketAddress to) throws IOException {
        Stack s = Stack.current();
        long via = s.takeCallSite();
        G g = PollDesc.parker(s);
        boolean waited = false;
        if (s.isResuming()) {
            StackAccess.resumeLeaf(s);
            PollDesc.afterPark(g);
            waited = true;
        }
        for (;;) {
            Conn.fail(pd.check(PollDesc.WRITE), waited, "write");
            if (ch.send(src, to) > 0 || !src.hasRemaining()) {
                return;
            }
            int r = pd.$jgo$await(s, via, g, PollDesc.WRITE, WRITE_TO_ID, null, null);
            if (r == PollDesc.UNWINDING) {
                return; // resumed above
            }
            Conn.fail(r, waited, "write");
            waited = true;
        }
    }

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
