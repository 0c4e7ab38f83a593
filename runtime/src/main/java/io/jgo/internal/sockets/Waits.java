package io.jgo.internal.sockets;

import io.jgo.Goroutine;
import io.jgo.internal.blocking.ChannelCalls;
import io.jgo.internal.poll.PollDesc;
import io.jgo.internal.sched.Runtimes;
import io.jgo.internal.poll.SocketWriteProbe;
import io.jgo.internal.sched.Syscalls;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SelectableChannel;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;

/**
 * The waits a channel-backed socket's goroutine makes: a read, a write, an accept and a connect, each through the
 * poller wait of {@link ChannelCalls} (no leaf of its own), with the socket's {@code soTimeout} as
 * the read deadline of the channel's poll descriptor for the length of the call (set before the
 * wait, cleared after it: a timed-out socket stays usable, as the JDK's). The channel's exceptions
 * become the socket's: a close is {@code SocketException("Socket closed")}; an interrupt stays the
 * channel's {@code ClosedByInterruptException} (a channel-backed socket's own behaviour).
 */
final class Waits {

    private Waits() {
    }

    /** Can the caller park: a goroutine, not inside a syscall (where its carrier is meant to block)? */
    static boolean canPark() {
        return Runtimes.ofCurrentGoroutine() != null && !Syscalls.inCall();
    }

    /** Reads into {@code dst} (remaining > 0) from connected {@code socket}'s channel. */
    @Goroutine
    static int read(Socket socket, SocketChannel ch, ByteBuffer dst) throws IOException {
        PollDesc pd = deadline(ch, socket.getSoTimeout());
        try {
            return ChannelCalls.read(ch, dst);
        } catch (ClosedByInterruptException e) {
            throw e;
        } catch (ClosedChannelException e) {
            throw closed(e);
        } finally {
            if (pd != null) {
                pd.setDeadline(PollDesc.READ, false, 0);
            }
        }
    }

    /**
     * Writes all of {@code src} to connected {@code socket}'s channel, whose descriptor
     * {@link SocketOutput} made non-blocking ({@link SocketWriteProbe}): while the socket takes bytes
     * ({@link SocketWriteProbe#writableNow}) a write of what fits returns at once (a syscall that does
     * not hand the P off); once the send buffer is full (a partial write, or the poll says so) the
     * goroutine parks on the poller for {@code OP_WRITE} ({@link ChannelCalls#write}, {@code IO wait},
     * no carrier held) and then writes what fits. Returns when every byte is written, as the JDK's
     * stream does. A close meanwhile is {@code SocketException("Socket closed")}, a
     * {@code shutdownOutput} {@code SocketException("Socket output is shutdown")}, an interrupt the
     * channel's {@code ClosedByInterruptException} (the socket closed), as a read's. The caller holds
     * the socket's write lock ({@link SocketWriteLocks}; {@code SocketOutput.write}, {@code
     * TlsConnection}'s send): no other goroutine writes the channel meanwhile, which is what lets
     * {@link #writeNow} be plain code.
     */
    @Goroutine
    static void write(Socket socket, SocketChannel ch, ByteBuffer src) throws IOException {
        boolean full = false;
        try {
            while (src.hasRemaining()) {
                if (full || !SocketWriteProbe.writableNow(ch)) {
                    ChannelCalls.write(ch, src);
                } else {
                    writeNow(ch, src);
                }
                full = src.hasRemaining();
            }
        } catch (ClosedByInterruptException e) {
            throw e;
        } catch (ClosedChannelException e) {
            SocketException s = new SocketException(socket.isOutputShutdown() && !socket.isClosed()
                    ? "Socket output is shutdown" : "Socket closed");
            s.initCause(e);
            throw s;
        }
    }

    /**
     * The channel's write of what fits, not rewritten (rewritten code would park before it): the
     * socket said it takes bytes, its descriptor does not block and this goroutine holds the socket's
     * write lock ({@link SocketWriteLocks}: no other goroutine's write can take the room first), so
     * the call returns at once, and it is made as plain code, not as a syscall. Entered as a syscall
     * (sysmon may take the P on), a write that the OS preempted for a moment lost its P under load,
     * and its M then waited at the syscall's exit for a P with the goroutine on its stack: about one
     * extra thread per such write (JdbcCompare, 1,000 H2 sessions: 100 client threads at peak, all
     * but a few of them Ms waiting in {@code Handoff.reacquireP} after this write). Go's exit of a
     * retaken syscall queues the goroutine and frees the M; a Java stack cannot move, so the cheaper
     * rule is not to make a call that cannot block a syscall. The one case where it could block, a
     * plain thread's timed read on JDK 17 putting the descriptor back in blocking mode between the
     * probe and this write, or a plain thread blocked in its own write of the same socket, would hold
     * the P for that write only.
     */
    private static void writeNow(SocketChannel ch, ByteBuffer src) throws IOException {
        ch.write(src);
    }

    /** Accepts on bound {@code server}'s channel. */
    @Goroutine
    static SocketChannel accept(ServerSocket server, ServerSocketChannel ch) throws IOException {
        PollDesc pd = deadline(ch, server.getSoTimeout());
        try {
            return ChannelCalls.accept(ch);
        } catch (ClosedByInterruptException e) {
            throw e;
        } catch (ClosedChannelException e) {
            throw closed(e);
        } finally {
            if (pd != null) {
                pd.setDeadline(PollDesc.READ, false, 0);
            }
        }
    }

    /** A goroutine's {@code new Socket(host, port)}: a fresh channel connected by {@link #connect(SocketChannel, InetSocketAddress, int)}. */
    @Goroutine
    static Socket connect(InetSocketAddress to) throws IOException {
        SocketChannel ch = SocketChannel.open();
        connect(ch, to, 0);
        return ch.socket();
    }

    /**
     * Connects {@code ch} (blocking mode, unconnected, not yet registered with any selector) to
     * resolved {@code to}: the connect starts in non-blocking mode, the channel goes back to
     * blocking mode at once (allowed: nothing registered it yet; the connect goes on), and the
     * goroutine parks on the poller until the connect is done ({@link ChannelCalls#finishConnect},
     * {@code OP_CONNECT}); no carrier held. {@code timeoutMillis} > 0 is the write deadline of the
     * channel's descriptor for the wait: {@code SocketTimeoutException("Connect timed out")}. On any
     * failure the channel is closed, as the JDK's connect of a channel socket does: refused is the
     * JDK's {@code ConnectException}; a close from another goroutine or thread
     * {@code SocketException("Socket closed")}; an interrupt {@code ClosedByInterruptException}.
     */
    @Goroutine
    static void connect(SocketChannel ch, InetSocketAddress to, int timeoutMillis) throws IOException {
        PollDesc pd = null;
        try {
            ch.configureBlocking(false);
            boolean done = startConnect(ch, to);
            ch.configureBlocking(true);
            if (done) {
                return;
            }
            pd = PollDesc.forBlockingChannel(Runtimes.ofCurrentGoroutine(), ch);
            if (pd != null && timeoutMillis > 0) {
                pd.setDeadline(PollDesc.WRITE, true, System.nanoTime() + timeoutMillis * 1_000_000L);
            }
            // Without a descriptor (JDK internals closed to jgo) this is the blocking finishConnect as a syscall.
            ChannelCalls.finishConnect(ch);
        } catch (SocketTimeoutException e) {
            closeQuietly(ch, e);
            SocketTimeoutException t = new SocketTimeoutException("Connect timed out");
            t.initCause(e);
            throw t;
        } catch (ClosedByInterruptException e) {
            throw e;
        } catch (ClosedChannelException e) {
            throw closed(e);
        } catch (IOException | RuntimeException | Error e) {
            closeQuietly(ch, e);
            throw e;
        } finally {
            if (pd != null && timeoutMillis > 0) {
                pd.setDeadline(PollDesc.WRITE, false, 0);
            }
        }
    }

    private static void closeQuietly(SocketChannel ch, Throwable failure) {
        try {
            ch.close();
        } catch (IOException suppressed) {
            failure.addSuppressed(suppressed);
        }
    }

    /**
     * The non-blocking connect calls, in methods that are not rewritten: rewritten code wraps every
     * channel {@code connect} in a syscall that hands the P off at once (it may block), which a
     * non-blocking one never does (a thousand of them made hundreds of threads).
     */
    private static boolean startConnect(SocketChannel ch, InetSocketAddress to) throws IOException {
        return ch.connect(to);
    }

    /**
     * For a timeout: the channel's poll descriptor with its read deadline set {@code millis} from now;
     * null without a timeout (or when the channel cannot be parked on: the call then blocks, as before).
     */
    private static PollDesc deadline(SelectableChannel ch, int millis) {
        if (millis <= 0) {
            return null;
        }
        PollDesc pd = PollDesc.forBlockingChannel(Runtimes.ofCurrentGoroutine(), ch);
        if (pd != null) {
            pd.setDeadline(PollDesc.READ, true, System.nanoTime() + millis * 1_000_000L);
        }
        return pd;
    }

    private static SocketException closed(ClosedChannelException e) {
        SocketException s = new SocketException("Socket closed");
        s.initCause(e);
        return s;
    }
}
