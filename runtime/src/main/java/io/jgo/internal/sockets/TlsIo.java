package io.jgo.internal.sockets;

import io.jgo.Goroutine;
import io.jgo.internal.blocking.Blocking;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.security.NoSuchAlgorithmException;
import javax.net.ServerSocketFactory;
import javax.net.SocketFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLServerSocketFactory;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;

/**
 * What rewritten code calls in place of the TLS calls the instrumenter's {@code SocketCalls} chooses:
 * the getters of the default and of an {@link SSLContext}'s factories, {@code createSocket(host, port)},
 * {@code SSLServerSocket.accept}, {@code startHandshake}, {@code getSession} and the stream getters
 * of an {@code SSLSocket} (an instance call's receiver is the first argument).
 *
 * <p>A factory is served (replaced by jgo's {@link TlsSocketFactory} or {@link TlsServerSocketFactory})
 * only when it is the JDK's own provider's ({@code sun.security.ssl}); a factory of another provider,
 * or one named by the {@code ssl.SocketFactory.provider} security property, is returned as it is,
 * and its sockets are the JDK's path (wrapped as any blocking call). On a jgo socket a goroutine's
 * handshake parks wherever it is made, as the JDK's: at {@code startHandshake}, {@code getSession},
 * or the first read or write ({@link TlsConnection}); {@code getOutputStream} makes none.
 */
public final class TlsIo {

    private static final String JDK_PROVIDER_PACKAGE = "sun.security.ssl.";

    /** The served default factories, with the JDK's they stand for (replaced whole: volatile). */
    private static volatile Served<SocketFactory, SSLSocketFactory> defaultSockets;
    private static volatile Served<ServerSocketFactory, SSLServerSocketFactory> defaultServers;

    private TlsIo() {
    }

    /** One served factory and the JDK's one it was made for. */
    private static final class Served<J, T> {
        final J jdk;
        final T served;

        Served(J jdk, T served) {
            this.jdk = jdk;
            this.served = served;
        }
    }

    private static boolean jdkProvider(Object factory) {
        return factory.getClass().getName().startsWith(JDK_PROVIDER_PACKAGE);
    }

    // ---------------------------------------------------------------- factories

    /** {@code SSLSocketFactory.getDefault()}. */
    public static SocketFactory defaultSocketFactory() {
        SocketFactory jdk = SSLSocketFactory.getDefault();
        Served<SocketFactory, SSLSocketFactory> d = defaultSockets;
        if (d != null && d.jdk == jdk) {
            return d.served;
        }
        if (!jdkProvider(jdk)) {
            return jdk;
        }
        try {
            d = new Served<>(jdk, new TlsSocketFactory(SSLContext.getDefault(), (SSLSocketFactory) jdk));
        } catch (NoSuchAlgorithmException e) {
            return jdk;
        }
        defaultSockets = d;
        return d.served;
    }

    /** {@code SSLServerSocketFactory.getDefault()}. */
    public static ServerSocketFactory defaultServerSocketFactory() {
        ServerSocketFactory jdk = SSLServerSocketFactory.getDefault();
        Served<ServerSocketFactory, SSLServerSocketFactory> d = defaultServers;
        if (d != null && d.jdk == jdk) {
            return d.served;
        }
        if (!jdkProvider(jdk)) {
            return jdk;
        }
        try {
            d = new Served<>(jdk, new TlsServerSocketFactory(SSLContext.getDefault(), (SSLServerSocketFactory) jdk));
        } catch (NoSuchAlgorithmException e) {
            return jdk;
        }
        defaultServers = d;
        return d.served;
    }

    /** {@code context.getSocketFactory()}: the JDK's checks (an uninitialized context throws) first. */
    public static SSLSocketFactory getSocketFactory(SSLContext context) {
        SSLSocketFactory jdk = context.getSocketFactory();
        return jdkProvider(jdk) ? new TlsSocketFactory(context, jdk) : jdk;
    }

    /** {@code context.getServerSocketFactory()}. */
    public static SSLServerSocketFactory getServerSocketFactory(SSLContext context) {
        SSLServerSocketFactory jdk = context.getServerSocketFactory();
        return jdkProvider(jdk) ? new TlsServerSocketFactory(context, jdk) : jdk;
    }

    // ---------------------------------------------------------------- connect and accept

    /** {@code factory.createSocket(host, port)}: a goroutine connects a jgo factory's socket without a carrier. */
    @Goroutine
    public static Socket createSocket(SocketFactory factory, String host, int port) throws IOException {
        if (factory instanceof TlsSocketFactory) {
            TlsSocketFactory tls = (TlsSocketFactory) factory;
            TlsSocketFactory.address(host, port); // an unknown host: the JDK factory's UnknownHostException
            return tls.layerOrClose(SocketIo.newSocket(host, port), host, port);
        }
        boolean entered = Blocking.enter(factory, Blocking.ALWAYS);
        try {
            return factory.createSocket(host, port);
        } finally {
            Blocking.exit(entered);
        }
    }

    /** {@code factory.createSocket(address, port)}. */
    @Goroutine
    public static Socket createSocket(SocketFactory factory, InetAddress address, int port) throws IOException {
        if (factory instanceof TlsSocketFactory && address != null) {
            return ((TlsSocketFactory) factory).layerOrClose(SocketIo.newSocket(address, port), address.getHostName(), port);
        }
        boolean entered = Blocking.enter(factory, Blocking.ALWAYS);
        try {
            return factory.createSocket(address, port);
        } finally {
            Blocking.exit(entered);
        }
    }

    /** The same two, declared on {@code SSLSocketFactory}. */
    @Goroutine
    public static Socket createSocket(SSLSocketFactory factory, String host, int port) throws IOException {
        return createSocket((SocketFactory) factory, host, port);
    }

    @Goroutine
    public static Socket createSocket(SSLSocketFactory factory, InetAddress address, int port) throws IOException {
        return createSocket((SocketFactory) factory, address, port);
    }

    /** {@code server.accept()} on an {@code SSLServerSocket}. */
    @Goroutine
    public static Socket accept(SSLServerSocket server) throws IOException {
        return SocketIo.accept(server);
    }

    /** A goroutine's accept on a jgo TLS listener: parks on the poller until a connection comes (soTimeout applies). */
    @Goroutine
    static Socket acceptTls(TlsServerSocket server) throws IOException {
        return server.layer(SocketIo.accept(server.transport()));
    }

    // ---------------------------------------------------------------- handshake and streams

    /** {@code socket.startHandshake()}. */
    @Goroutine
    public static void startHandshake(SSLSocket socket) throws IOException {
        if (socket instanceof TlsSocket) {
            ((TlsSocket) socket).connection().handshake(Waits.canPark());
            return;
        }
        boolean entered = Blocking.enter(socket, Blocking.ALWAYS);
        try {
            socket.startHandshake();
        } finally {
            Blocking.exit(entered);
        }
    }

    /** {@code socket.getSession()}: the handshake first, if none was made (its failure gives the invalid session, as the JDK's). */
    @Goroutine
    public static SSLSession getSession(SSLSocket socket) {
        if (socket instanceof TlsSocket) {
            TlsSocket tls = (TlsSocket) socket;
            try {
                tls.connection().handshake(Waits.canPark());
            } catch (IOException e) {
                // the session says it is invalid
            }
            return tls.getSession();
        }
        boolean entered = Blocking.enter(socket, Blocking.ALWAYS);
        try {
            return socket.getSession();
        } finally {
            Blocking.exit(entered);
        }
    }

    /**
     * {@code socket.getOutputStream()}: a channel-backed socket's stream is one whose writes park
     * ({@link OutputIo#of}); a jgo TLS socket's is its own ({@link TlsOutput}, whose writes park, the
     * handshake's included: none is made here, as the JDK's makes none). Kept {@code @Goroutine}, the
     * instrumenter's {@code SocketCalls} calls it as a suspending stand-in.
     */
    @Goroutine
    public static OutputStream getOutputStream(Socket socket) throws IOException {
        return OutputIo.of(socket);
    }

    @Goroutine
    public static OutputStream getOutputStream(SSLSocket socket) throws IOException {
        return getOutputStream((Socket) socket);
    }

    /** {@code socket.getInputStream()} on an {@code SSLSocket}: as {@link SocketIo#getInputStream}. */
    public static InputStream getInputStream(SSLSocket socket) throws IOException {
        return SocketIo.getInputStream(socket);
    }

}
