package io.jgo.internal.sockets;

import io.jgo.Goroutine;
import io.jgo.internal.blocking.ChannelCalls;
import io.jgo.internal.sched.PollDesc;
import io.jgo.internal.sched.Sched;
import io.jgo.internal.sched.Syscalls;
import java.io.IOException;
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
