package io.jgo.internal.sockets;

import io.jgo.Goroutine;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.Objects;

/**
 * A channel-backed socket's input stream whose reads park a goroutine on the poller
 * ({@link Waits#read}). A plain thread, or a goroutine inside a syscall, reads through the JDK's
 * own stream of the socket, unchanged (timeouts included). Everything else (available, close) is
 * the JDK stream's. Not thread-safe beyond what the JDK's is for concurrent readers: two readers
 * of one socket get the bytes in some interleaving, as with the JDK's.
 */
final class SocketInput extends InputStream implements Parks {

    private final Socket socket;
    private final SocketChannel ch;
    private final InputStream jdk;

    SocketInput(Socket socket, SocketChannel ch, InputStream jdk) {
        this.socket = socket;
        this.ch = ch;
        this.jdk = jdk;
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
        if (len == 0 || !Waits.canPark()) {
            return jdk.read(b, off, len);
        }
        if (socket.isClosed()) {
            throw new SocketException("Socket closed");
        }
        if (socket.isInputShutdown()) {
            return -1;
        }
        return Waits.read(socket, ch, ByteBuffer.wrap(b, off, len));
    }

    @Override
    public int available() throws IOException {
        return jdk.available();
    }

    @Override
    public void close() throws IOException {
        jdk.close();
    }
}
