package io.jgo.internal.sockets;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.UnknownHostException;
import java.nio.channels.SocketChannel;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLSocketFactory;

/**
 * The socket factory of an {@link SSLContext} that jgo serves (the JDK's own provider): what
 * rewritten code gets from {@code SSLSocketFactory.getDefault()} and {@code SSLContext.getSocketFactory()}
 * ({@link TlsIo}). Its sockets are {@link TlsSocket}s over channel-backed sockets, with the engine
 * the context makes for the peer's host and port (so SNI and the context's defaults are as with the
 * JDK's socket). The unconnected {@code createSocket()} and a layered socket over anything but a
 * connected channel-backed socket are the JDK factory's. The connects here block (this is called
 * from unrewritten code too); a goroutine's {@code createSocket(host, port)} in rewritten code
 * connects without a carrier ({@link TlsIo#createSocket}).
 */
final class TlsSocketFactory extends SSLSocketFactory {

    private final SSLContext context;
    private final SSLSocketFactory jdk;

    TlsSocketFactory(SSLContext context, SSLSocketFactory jdk) {
        this.context = context;
        this.jdk = jdk;
    }

    /** A client-mode {@link TlsSocket} over connected channel-backed {@code transport}. */
    Socket layer(Socket transport, String host, int port, boolean autoClose) {
        SSLEngine engine = host == null ? context.createSSLEngine() : context.createSSLEngine(host, port);
        engine.setUseClientMode(true);
        return new TlsSocket(transport, engine, autoClose);
    }

    /** Layered over a connected channel-backed socket with the host's name closed on failure. */
    Socket layerOrClose(Socket transport, String host, int port) throws IOException {
        try {
            return layer(transport, host, port, true);
        } catch (RuntimeException | Error e) {
            transport.close();
            throw e;
        }
    }

    @Override
    public Socket createSocket(Socket s, String host, int port, boolean autoClose) throws IOException {
        if (!TlsSocket.servable(s)) {
            return jdk.createSocket(s, host, port, autoClose);
        }
        return layer(s, host, port, autoClose);
    }

    @Override
    public Socket createSocket() throws IOException {
        return jdk.createSocket();
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return layerOrClose(blockingConnect(address(host, port), null), host, port);
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
        return layerOrClose(blockingConnect(address(host, port), new InetSocketAddress(localHost, localPort)), host, port);
    }

    @Override
    public Socket createSocket(InetAddress host, int port) throws IOException {
        return layerOrClose(blockingConnect(new InetSocketAddress(host, port), null), host.getHostName(), port);
    }

    @Override
    public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort) throws IOException {
        return layerOrClose(blockingConnect(new InetSocketAddress(address, port), new InetSocketAddress(localAddress, localPort)),
                address.getHostName(), port);
    }

    @Override
    public String[] getDefaultCipherSuites() {
        return jdk.getDefaultCipherSuites();
    }

    @Override
    public String[] getSupportedCipherSuites() {
        return jdk.getSupportedCipherSuites();
    }

    static InetSocketAddress address(String host, int port) throws UnknownHostException {
        InetSocketAddress to = host == null ? new InetSocketAddress(InetAddress.getByName(null), port)
                : new InetSocketAddress(host, port);
        if (to.isUnresolved()) {
            throw new UnknownHostException(host);
        }
        return to;
    }

    /** A channel-backed socket connected the JDK's blocking way (closed again on failure). */
    private static Socket blockingConnect(InetSocketAddress to, InetSocketAddress local) throws IOException {
        Socket s = SocketChannel.open().socket();
        try {
            if (local != null) {
                s.bind(local);
            }
            s.connect(to);
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
}
