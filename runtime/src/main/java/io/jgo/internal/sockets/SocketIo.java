package io.jgo.internal.sockets;

import io.jgo.Goroutine;
import io.jgo.internal.blocking.Blocking;
import io.jgo.internal.poll.BlockingChannels;
import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.Charset;

/**
 * What rewritten code calls in place of {@code new Socket(...)}, {@code new ServerSocket(...)},
 * {@code accept}, {@code getInputStream}, the constructors of the JDK's input decorators and their
 * reads (the instrumenter's {@code SocketCalls} chooses the call sites; an instance call's receiver
 * is the first argument). Each stand-in either gives the parking object or makes the JDK's own call,
 * wrapped as rewritten code wraps it elsewhere (a handed-off syscall when it may block).
 *
 * <p>The factories keep the JDK constructor's contract (connected or bound as it would be, its
 * exceptions, the socket closed again when connecting fails) but the socket is channel-backed
 * ({@code SocketChannel.open().socket()}), which the poller can wait on. A decorator is a parking
 * one only over a stream or reader that parks ({@link Parks}); over anything else it is the JDK's.
 */
public final class SocketIo {

    private SocketIo() {
    }

    // ---------------------------------------------------------------- sockets

    /** {@code new Socket()}: unconnected, channel-backed. */
    public static Socket newSocket() throws IOException {
        return SocketChannel.open().socket();
    }

    /** {@code new Socket(host, port)}: a null host is the loopback address, as the JDK's. */
    @Goroutine
    public static Socket newSocket(String host, int port) throws IOException {
        InetSocketAddress to = host == null ? new InetSocketAddress(InetAddress.getByName(null), port)
                : new InetSocketAddress(host, port);
        return connected(to);
    }

    /** {@code new Socket(address, port)}. */
    @Goroutine
    public static Socket newSocket(InetAddress address, int port) throws IOException {
        if (address == null) {
            throw new NullPointerException("address");
        }
        return connected(new InetSocketAddress(address, port));
    }

    /**
     * A channel-backed socket connected to {@code to}, or closed and the JDK's exception thrown. A
     * goroutine connects without holding its carrier ({@link Waits#connect}); a plain thread (or a
     * goroutine in a syscall) makes the blocking connect as a syscall that does not hand the P off
     * up front (a local connect takes microseconds): sysmon retakes the P if it lasts.
     */
    @Goroutine
    private static Socket connected(InetSocketAddress to) throws IOException {
        if (Waits.canPark() && !to.isUnresolved()) {
            return Waits.connect(to);
        }
        SocketChannel ch = SocketChannel.open();
        Socket s = ch.socket();
        boolean entered = Blocking.enter(null, Blocking.BY_CLASS);
        try {
            s.connect(to);
            return s;
        } catch (IOException | RuntimeException | Error e) {
            try {
                s.close();
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        } finally {
            Blocking.exit(entered);
        }
    }

    /** {@code socket.connect(endpoint)}. */
    @Goroutine
    public static void connect(Socket socket, SocketAddress endpoint) throws IOException {
        connect(socket, endpoint, 0);
    }

    /**
     * {@code socket.connect(endpoint, timeout)}: a goroutine connects a fresh channel-backed socket
     * ({@code new Socket()} in rewritten code) parked on the poller ({@link Waits#connect(SocketChannel,
     * InetSocketAddress, int)}); the JDK's argument checks and exceptions. Any other socket, or a
     * plain thread, makes the JDK's call as a handed-off syscall.
     */
    @Goroutine
    public static void connect(Socket socket, SocketAddress endpoint, int timeout) throws IOException {
        SocketChannel ch = socket.getChannel();
        // Without the JDK internals open to jgo the poller cannot wait for the connect (nor honour its timeout): the JDK's call.
        if (ch == null || !Waits.canPark() || !BlockingChannels.available() || socket instanceof javax.net.ssl.SSLSocket || !ch.isBlocking()
                || ch.isRegistered() || ch.isConnected() || ch.isConnectionPending() || !ch.isOpen()
                || !(endpoint instanceof InetSocketAddress) || timeout < 0) {
            boolean entered = Blocking.enter(socket, Blocking.ALWAYS);
            try {
                socket.connect(endpoint, timeout);
                return;
            } finally {
                Blocking.exit(entered);
            }
        }
        InetSocketAddress to = (InetSocketAddress) endpoint;
        if (to.isUnresolved()) {
            socket.close(); // as the JDK's adaptor: a failed connect closes the socket
            throw new java.net.UnknownHostException(to.getHostName());
        }
        Waits.connect(ch, to, timeout);
    }

    /** {@code new ServerSocket()}: unbound. */
    public static ServerSocket newServerSocket() throws IOException {
        return ServerSocketChannel.open().socket();
    }

    /** {@code new ServerSocket(port)}. */
    public static ServerSocket newServerSocket(int port) throws IOException {
        return newServerSocket(port, 50, null);
    }

    /** {@code new ServerSocket(port, backlog)}. */
    public static ServerSocket newServerSocket(int port, int backlog) throws IOException {
        return newServerSocket(port, backlog, null);
    }

    /** {@code new ServerSocket(port, backlog, bindAddr)}: a null address is the wildcard one. */
    public static ServerSocket newServerSocket(int port, int backlog, InetAddress bindAddr) throws IOException {
        if (port < 0 || port > 0xFFFF) {
            throw new IllegalArgumentException("Port value out of range: " + port);
        }
        ServerSocket s = ServerSocketChannel.open().socket();
        try {
            s.bind(new InetSocketAddress(bindAddr, port), backlog < 1 ? 50 : backlog);
            return s;
        } catch (IOException | RuntimeException | Error e) {
            try {
                s.close();
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    /**
     * {@code server.accept()}: a channel-backed listener's goroutine parks until a connection comes
     * (until its {@code soTimeout}: {@code SocketTimeoutException}); the socket it answers is
     * channel-backed too. Any other listener, or a plain thread, makes the JDK's call.
     */
    @Goroutine
    public static Socket accept(ServerSocket server) throws IOException {
        if (server instanceof TlsServerSocket) {
            return TlsIo.acceptTls((TlsServerSocket) server);
        }
        ServerSocketChannel ch = server.getChannel();
        if (ch == null || !Waits.canPark() || !server.isBound() || server.isClosed()) {
            boolean entered = Blocking.enter(server, Blocking.ALWAYS);
            try {
                return server.accept();
            } finally {
                Blocking.exit(entered);
            }
        }
        return Waits.accept(server, ch).socket();
    }

    /**
     * {@code socket.getInputStream()}: the JDK's checks and stream first (closed, unconnected, input
     * shut down throw as they do), then, for a channel-backed socket, a stream that parks. An
     * {@code SSLSocket} keeps its own stream (jgo's parks already; the JDK's layered one must not be
     * bypassed for its transport's channel).
     */
    public static InputStream getInputStream(Socket socket) throws IOException {
        InputStream jdk = socket.getInputStream();
        SocketChannel ch = socket.getChannel();
        // The JDK's SSLSocket layered over a socket answers that socket's channel: its bytes are records, not data.
        if (ch == null || socket instanceof javax.net.ssl.SSLSocket || !BlockingChannels.available()) {
            return jdk;
        }
        return new SocketInput(socket, ch, jdk);
    }

    // ---------------------------------------------------------------- decorators

    /** {@code new InputStreamReader(in)}. */
    public static InputStreamReader newInputStreamReader(InputStream in) {
        return newInputStreamReader(in, Charset.defaultCharset());
    }

    /** {@code new InputStreamReader(in, charsetName)}: an unknown name throws the JDK's exception. */
    public static InputStreamReader newInputStreamReader(InputStream in, String charsetName)
            throws java.io.UnsupportedEncodingException {
        if (!(in instanceof Parks)) {
            return new InputStreamReader(in, charsetName);
        }
        if (charsetName == null) {
            throw new NullPointerException("charsetName");
        }
        Charset cs;
        try {
            cs = Charset.forName(charsetName);
        } catch (IllegalArgumentException e) {
            throw new java.io.UnsupportedEncodingException(charsetName);
        }
        return new ParkingInputStreamReader(in, cs);
    }

    /** {@code new InputStreamReader(in, charset)}. */
    public static InputStreamReader newInputStreamReader(InputStream in, Charset cs) {
        if (!(in instanceof Parks)) {
            return new InputStreamReader(in, cs);
        }
        if (cs == null) {
            throw new NullPointerException("charset");
        }
        return new ParkingInputStreamReader(in, cs);
    }

    /** {@code new BufferedReader(in)}. */
    public static BufferedReader newBufferedReader(Reader in) {
        return newBufferedReader(in, ParkingBufferedReader.DEFAULT_SIZE);
    }

    /** {@code new BufferedReader(in, size)}. */
    public static BufferedReader newBufferedReader(Reader in, int size) {
        if (!(in instanceof Parks)) {
            return new BufferedReader(in, size);
        }
        if (size <= 0) {
            throw new IllegalArgumentException("Buffer size <= 0");
        }
        return new ParkingBufferedReader(in, size);
    }

    /** {@code new BufferedInputStream(in)}. */
    public static BufferedInputStream newBufferedInputStream(InputStream in) {
        return newBufferedInputStream(in, ParkingBufferedInputStream.DEFAULT_SIZE);
    }

    /** {@code new BufferedInputStream(in, size)}. */
    public static BufferedInputStream newBufferedInputStream(InputStream in, int size) {
        if (!(in instanceof Parks)) {
            return new BufferedInputStream(in, size);
        }
        if (size <= 0) {
            throw new IllegalArgumentException("Buffer size <= 0");
        }
        return new ParkingBufferedInputStream(in, size);
    }

    /** {@code new DataInputStream(in)}. */
    public static DataInputStream newDataInputStream(InputStream in) {
        return in instanceof Parks ? new ParkingDataInputStream(in) : new DataInputStream(in);
    }

    // ---------------------------------------------------------------- reads: dispatch

    /** {@code in.read()}. */
    @Goroutine
    public static int read(InputStream in) throws IOException {
        if (in instanceof SocketInput) {
            return ((SocketInput) in).read();
        }
        if (in instanceof TlsInput) {
            return ((TlsInput) in).read();
        }
        if (in instanceof ParkingBufferedInputStream) {
            return ((ParkingBufferedInputStream) in).read();
        }
        if (in instanceof ParkingDataInputStream) {
            return read(((ParkingDataInputStream) in).source());
        }
        boolean entered = Blocking.enter(in, Blocking.BY_CLASS);
        try {
            return in.read();
        } finally {
            Blocking.exit(entered);
        }
    }

    /** {@code in.read(b)}. */
    @Goroutine
    public static int read(InputStream in, byte[] b) throws IOException {
        if (in instanceof Parks) {
            return read(in, b, 0, b.length);
        }
        boolean entered = Blocking.enter(in, Blocking.BY_CLASS);
        try {
            return in.read(b);
        } finally {
            Blocking.exit(entered);
        }
    }

    /** {@code in.read(b, off, len)}. */
    @Goroutine
    public static int read(InputStream in, byte[] b, int off, int len) throws IOException {
        if (in instanceof SocketInput) {
            return ((SocketInput) in).read(b, off, len);
        }
        if (in instanceof TlsInput) {
            return ((TlsInput) in).read(b, off, len);
        }
        if (in instanceof ParkingBufferedInputStream) {
            return ((ParkingBufferedInputStream) in).read(b, off, len);
        }
        if (in instanceof ParkingDataInputStream) {
            return read(((ParkingDataInputStream) in).source(), b, off, len);
        }
        boolean entered = Blocking.enter(in, Blocking.BY_CLASS);
        try {
            return in.read(b, off, len);
        } finally {
            Blocking.exit(entered);
        }
    }

    /** The same three, declared on the other input stream types the instrumenter names. */
    @Goroutine
    public static int read(BufferedInputStream in) throws IOException {
        return read((InputStream) in);
    }

    @Goroutine
    public static int read(BufferedInputStream in, byte[] b) throws IOException {
        return read((InputStream) in, b);
    }

    @Goroutine
    public static int read(BufferedInputStream in, byte[] b, int off, int len) throws IOException {
        return read((InputStream) in, b, off, len);
    }

    @Goroutine
    public static int read(java.io.FilterInputStream in) throws IOException {
        return read((InputStream) in);
    }

    @Goroutine
    public static int read(java.io.FilterInputStream in, byte[] b) throws IOException {
        return read((InputStream) in, b);
    }

    @Goroutine
    public static int read(java.io.FilterInputStream in, byte[] b, int off, int len) throws IOException {
        return read((InputStream) in, b, off, len);
    }

    @Goroutine
    public static int read(DataInputStream in) throws IOException {
        return read((InputStream) in);
    }

    @Goroutine
    public static int read(DataInputStream in, byte[] b) throws IOException {
        return read((InputStream) in, b);
    }

    @Goroutine
    public static int read(DataInputStream in, byte[] b, int off, int len) throws IOException {
        return read((InputStream) in, b, off, len);
    }

    // ---------------------------------------------------------------- reads: readers

    /** {@code in.read(c, off, len)}. */
    @Goroutine
    public static int read(Reader in, char[] c, int off, int len) throws IOException {
        if (in instanceof ParkingBufferedReader) {
            return ((ParkingBufferedReader) in).read(c, off, len);
        }
        if (in instanceof ParkingInputStreamReader) {
            return ((ParkingInputStreamReader) in).read(c, off, len);
        }
        boolean entered = Blocking.enter(in, Blocking.BY_CLASS);
        try {
            return in.read(c, off, len);
        } finally {
            Blocking.exit(entered);
        }
    }

    /** {@code in.read(c)}. */
    @Goroutine
    public static int read(Reader in, char[] c) throws IOException {
        if (in instanceof Parks) {
            return read(in, c, 0, c.length);
        }
        boolean entered = Blocking.enter(in, Blocking.BY_CLASS);
        try {
            return in.read(c);
        } finally {
            Blocking.exit(entered);
        }
    }

    /** {@code in.read()}. */
    @Goroutine
    public static int read(Reader in) throws IOException {
        if (in instanceof ParkingBufferedReader) {
            return ((ParkingBufferedReader) in).read();
        }
        if (in instanceof ParkingInputStreamReader) {
            return ((ParkingInputStreamReader) in).read();
        }
        boolean entered = Blocking.enter(in, Blocking.BY_CLASS);
        try {
            return in.read();
        } finally {
            Blocking.exit(entered);
        }
    }

    @Goroutine
    public static int read(InputStreamReader in) throws IOException {
        return read((Reader) in);
    }

    @Goroutine
    public static int read(InputStreamReader in, char[] c) throws IOException {
        return read((Reader) in, c);
    }

    @Goroutine
    public static int read(InputStreamReader in, char[] c, int off, int len) throws IOException {
        return read((Reader) in, c, off, len);
    }

    @Goroutine
    public static int read(BufferedReader in) throws IOException {
        return read((Reader) in);
    }

    @Goroutine
    public static int read(BufferedReader in, char[] c) throws IOException {
        return read((Reader) in, c);
    }

    @Goroutine
    public static int read(BufferedReader in, char[] c, int off, int len) throws IOException {
        return read((Reader) in, c, off, len);
    }

    /** {@code in.readLine()}. */
    @Goroutine
    public static String readLine(BufferedReader in) throws IOException {
        if (in instanceof ParkingBufferedReader) {
            return ((ParkingBufferedReader) in).readLine();
        }
        boolean entered = Blocking.enter(in, Blocking.BY_CLASS);
        try {
            return in.readLine();
        } finally {
            Blocking.exit(entered);
        }
    }

    // ---------------------------------------------------------------- reads: DataInputStream

    /** {@code in.readFully(b, off, len)}. */
    @Goroutine
    public static void readFully(DataInputStream in, byte[] b, int off, int len) throws IOException {
        if (in instanceof ParkingDataInputStream) {
            DataReads.readFully(((ParkingDataInputStream) in).source(), b, off, len);
            return;
        }
        boolean entered = Blocking.enter(in, Blocking.BY_CLASS);
        try {
            in.readFully(b, off, len);
        } finally {
            Blocking.exit(entered);
        }
    }

    /** {@code in.readFully(b)}. */
    @Goroutine
    public static void readFully(DataInputStream in, byte[] b) throws IOException {
        readFully(in, b, 0, b.length);
    }

    /** {@code in.readInt()}. */
    @Goroutine
    public static int readInt(DataInputStream in) throws IOException {
        if (in instanceof ParkingDataInputStream) {
            return (int) DataReads.readBigEndian(((ParkingDataInputStream) in).source(), 4);
        }
        boolean entered = Blocking.enter(in, Blocking.BY_CLASS);
        try {
            return in.readInt();
        } finally {
            Blocking.exit(entered);
        }
    }

    /** {@code in.readLong()}. */
    @Goroutine
    public static long readLong(DataInputStream in) throws IOException {
        if (in instanceof ParkingDataInputStream) {
            return DataReads.readBigEndian(((ParkingDataInputStream) in).source(), 8);
        }
        boolean entered = Blocking.enter(in, Blocking.BY_CLASS);
        try {
            return in.readLong();
        } finally {
            Blocking.exit(entered);
        }
    }

    /** {@code in.readUnsignedShort()}. */
    @Goroutine
    public static int readUnsignedShort(DataInputStream in) throws IOException {
        if (in instanceof ParkingDataInputStream) {
            return (int) DataReads.readBigEndian(((ParkingDataInputStream) in).source(), 2);
        }
        boolean entered = Blocking.enter(in, Blocking.BY_CLASS);
        try {
            return in.readUnsignedShort();
        } finally {
            Blocking.exit(entered);
        }
    }

    /** {@code in.readShort()}. */
    @Goroutine
    public static short readShort(DataInputStream in) throws IOException {
        return (short) readUnsignedShort(in);
    }

    /** {@code in.readChar()}. */
    @Goroutine
    public static char readChar(DataInputStream in) throws IOException {
        return (char) readUnsignedShort(in);
    }

    /** {@code in.readUnsignedByte()}. */
    @Goroutine
    public static int readUnsignedByte(DataInputStream in) throws IOException {
        if (in instanceof ParkingDataInputStream) {
            return DataReads.readUnsignedByte(((ParkingDataInputStream) in).source());
        }
        boolean entered = Blocking.enter(in, Blocking.BY_CLASS);
        try {
            return in.readUnsignedByte();
        } finally {
            Blocking.exit(entered);
        }
    }

    /** {@code in.readByte()}. */
    @Goroutine
    public static byte readByte(DataInputStream in) throws IOException {
        return (byte) readUnsignedByte(in);
    }

    /** {@code in.readBoolean()}. */
    @Goroutine
    public static boolean readBoolean(DataInputStream in) throws IOException {
        return readUnsignedByte(in) != 0;
    }

    /** {@code in.readUTF()}. */
    @Goroutine
    public static String readUTF(DataInputStream in) throws IOException {
        if (in instanceof ParkingDataInputStream) {
            return DataReads.readUTF(((ParkingDataInputStream) in).source());
        }
        boolean entered = Blocking.enter(in, Blocking.BY_CLASS);
        try {
            return in.readUTF();
        } finally {
            Blocking.exit(entered);
        }
    }
}
