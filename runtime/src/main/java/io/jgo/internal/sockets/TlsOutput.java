package io.jgo.internal.sockets;

import io.jgo.Goroutine;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Objects;

/**
 * A {@link TlsSocket}'s output stream: each write is wrapped into records and written at once (no
 * buffering of its own, as the JDK's), the handshake first if none was made. A goroutine's write
 * parks on the poller while the send buffer is full (and for the handshake's reads); a plain
 * thread's, or a goroutine's inside a syscall, blocks as the JDK's would ({@link TlsConnection}).
 * It is a {@link Parks} stream, so the output decorators made over it in rewritten code are the
 * parking ones ({@link OutputIo}, {@link WriterIo}, {@link PrintIo}).
 */
final class TlsOutput extends OutputStream implements Parks {

    private final TlsSocket socket;
    private final TlsConnection conn;

    TlsOutput(TlsSocket socket, TlsConnection conn) {
        this.socket = socket;
        this.conn = conn;
    }

    @Override
    @Goroutine
    public void write(int b) throws IOException {
        conn.write(new byte[] {(byte) b}, 0, 1, Waits.canPark());
    }

    @Override
    @Goroutine
    public void write(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        if (len > 0) {
            conn.write(b, off, len, Waits.canPark());
        }
    }

    /** As the JDK's: closing a socket's stream closes the socket. */
    @Override
    public void close() throws IOException {
        socket.close();
    }
}
