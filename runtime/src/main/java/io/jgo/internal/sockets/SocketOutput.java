package io.jgo.internal.sockets;

import io.jgo.Goroutine;
import io.jgo.internal.blocking.ParkingReentrantLock;
import io.jgo.internal.poll.SocketWriteProbe;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.Objects;

/**
 * A channel-backed socket's output stream whose writes park a goroutine on the poller while the
 * send buffer is full ({@link Waits#write}); each write returns when all its bytes are written, as
 * the JDK's. A plain thread, or a goroutine inside a syscall, writes through the JDK's own stream of
 * the socket, unchanged. A goroutine's write on a closed socket throws {@code SocketException("Socket
 * closed")}, after {@code shutdownOutput} {@code SocketException("Socket output is shutdown")} (as a
 * {@code new Socket()}'s stream says, where the channel's own stream says
 * {@code ClosedChannelException}). {@code flush} and {@code close} are the JDK stream's (a close does
 * not wait for the write lock, so it wakes a parked writer).
 *
 * <p>Made with the socket's descriptor put in non-blocking mode ({@link SocketWriteProbe}; the
 * channel stays in blocking mode for every other user), so that a write that finds some room writes
 * what fits and returns instead of waiting in the JDK for the rest.
 *
 * <p>Each write holds the socket's write lock ({@link SocketWriteLocks}) from its first partial
 * write to its last, so writers sharing the socket (goroutines, and plain threads writing through a
 * stream made here) never interleave bytes within one call, as with the JDK's stream. A plain thread
 * writing through a stream of the socket that the JDK made (outside rewritten code) does not take
 * this lock: its bytes may land between a parked goroutine's partial writes.
 */
final class SocketOutput extends OutputStream implements Parks {

    /**
     * The socket's write lock ({@link SocketWriteLocks}, shared by every stream of the socket), held
     * by {@link #write(byte[], int, int)} across its whole loop of partial writes and parks, so each
     * call's bytes are written whole, as the JDK's stream writes under its channel's write lock.
     * Goroutine-owned: a goroutine that waits for it parks (no carrier held), a plain thread blocks.
     */
    private final ParkingReentrantLock writeLock;

    private final Socket socket;
    private final SocketChannel ch;
    private final OutputStream jdk;

    SocketOutput(Socket socket, SocketChannel ch, OutputStream jdk) throws IOException {
        this.socket = socket;
        this.ch = ch;
        this.jdk = jdk;
        this.writeLock = SocketWriteLocks.of(ch);
        SocketWriteProbe.forceNonBlocking(ch);
    }

    @Override
    @Goroutine
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    @Goroutine
    public void write(byte[] b, int off, int len) throws IOException {
        writeLock.lock();
        try {
            Objects.checkFromIndexSize(off, len, b.length);
            if (len == 0 || !Waits.canPark()) {
                jdk.write(b, off, len); // nothing to wait for, or a thread's blocking write
                return;
            }
            if (socket.isClosed()) {
                throw new SocketException("Socket closed"); // the JDK's socket's own words (its channel's say ClosedChannelException)
            }
            if (socket.isOutputShutdown()) {
                throw new SocketException("Socket output is shutdown");
            }
            Waits.write(socket, ch, ByteBuffer.wrap(b, off, len));
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    public void flush() throws IOException {
        jdk.flush();
    }

    @Override
    public void close() throws IOException {
        jdk.close();
    }
}
