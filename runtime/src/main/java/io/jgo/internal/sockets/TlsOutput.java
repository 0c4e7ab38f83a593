package io.jgo.internal.sockets;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Objects;

/**
 * A {@link TlsSocket}'s output stream: each write is wrapped into records and written at once (no
 * buffering of its own, as the JDK's). Never parks (it is called from the JDK's writers, which are
 * not rewritten): see {@link TlsConnection} for why a write does not wait.
 */
final class TlsOutput extends OutputStream {

    private final TlsSocket socket;
    private final TlsConnection conn;

    TlsOutput(TlsSocket socket, TlsConnection conn) {
        this.socket = socket;
        this.conn = conn;
    }

    @Override
    public void write(int b) throws IOException {
        conn.write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        if (len > 0) {
            conn.write(b, off, len);
        }
    }

    /** As the JDK's: closing a socket's stream closes the socket. */
    @Override
    public void close() throws IOException {
        socket.close();
    }
}
