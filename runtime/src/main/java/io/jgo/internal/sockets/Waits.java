package io.jgo.internal.sockets;

import io.jgo.Goroutine;
import io.jgo.internal.blocking.ChannelCalls;
import io.jgo.internal.sched.PollDesc;
import io.jgo.internal.sched.Sched;
import io.jgo.internal.sched.Syscalls;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SelectableChannel;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;

/**
 * The two waits a channel-backed socket's goroutine makes: a read and an accept, each through the
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
        return Sched.currentG() != null && !Syscalls.inCall();
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

    /**
     * A goroutine's {@code new Socket(host, port)}: the channel connects in non-blocking mode before
     * anything registered it (so it may go back to blocking mode after), and the goroutine sleeps
     * between looks at {@code finishConnect} (1 ms, doubling up to 16 ms: a timer park, no carrier held;
     * the poller cannot wait for it, since a channel registered in non-blocking mode cannot return to
     * blocking mode until a select drops its key). The JDK's exceptions are the channel's
     * ({@code ConnectException} refused, ...); an interrupt closes the channel and throws
     * {@code ClosedByInterruptException}, as a channel's blocking connect does.
     */
    @Goroutine
    static Socket connect(InetSocketAddress to) throws IOException {
        SocketChannel ch = SocketChannel.open();
        try {
            ch.configureBlocking(false);
            long pause = 1;
            boolean done = startConnect(ch, to);
            while (!done) {
                try {
                    Thread.sleep(pause); // the runtime's build makes it a park (Blocking.sleep)
                } catch (InterruptedException e) {
                    ch.close();
                    throw new ClosedByInterruptException();
                }
                pause = Math.min(pause * 2, 16);
                done = finishConnect(ch);
            }
            ch.configureBlocking(true);
            return ch.socket();
        } catch (IOException | RuntimeException | Error e) {
            try {
                ch.close();
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
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

    private static boolean finishConnect(SocketChannel ch) throws IOException {
        return ch.finishConnect();
    }

    /**
     * For a timeout: the channel's poll descriptor with its read deadline set {@code millis} from now;
     * null without a timeout (or when the channel cannot be parked on: the call then blocks, as before).
     */
    private static PollDesc deadline(SelectableChannel ch, int millis) {
        if (millis <= 0) {
            return null;
        }
        PollDesc pd = PollDesc.forBlockingChannel(Sched.currentG().runtime(), ch);
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
