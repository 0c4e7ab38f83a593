package io.jgo.internal.sockets;

import io.jgo.Goroutine;
import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;

/**
 * A {@link TlsSocket}'s input stream: plaintext from its {@link TlsConnection}. A goroutine's read
 * parks on the poller while no record has come (the handshake first, if none was made); a plain
 * thread's read, or a goroutine's inside a syscall, blocks as the JDK's would. The decorator
 * factories of {@link SocketIo} wrap it in parking decorators ({@link Parks}).
 */
final class TlsInput extends InputStream implements Parks {

    private final TlsSocket socket;
    private final TlsConnection conn;

    TlsInput(TlsSocket socket, TlsConnection conn) {
        this.socket = socket;
        this.conn = conn;
    }

    @Override
    @Goroutine
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    @Goroutine
    public int read(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        return conn.read(b, off, len, Waits.canPark());
    }

    @Override
    public int available() {
        return conn.available();
    }

    /** As the JDK's: closing a socket's stream closes the socket. */
    @Override
    public void close() throws IOException {
        socket.close();
    }
}
