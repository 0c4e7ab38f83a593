package io.jgo.internal.sockets;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocketFactory;

/**
 * The server socket factory of an {@link SSLContext} that jgo serves: its server sockets are
 * {@link TlsServerSocket}s over channel-backed listeners ({@link SocketIo}'s factories, the JDK
 * constructors' contract). What rewritten code gets from {@code SSLServerSocketFactory.getDefault()}
 * and {@code SSLContext.getServerSocketFactory()} ({@link TlsIo}).
 */
final class TlsServerSocketFactory extends SSLServerSocketFactory {

    private final SSLContext context;
    private final SSLServerSocketFactory jdk;

    TlsServerSocketFactory(SSLContext context, SSLServerSocketFactory jdk) {
        this.context = context;
        this.jdk = jdk;
    }

    @Override
    public ServerSocket createServerSocket() throws IOException {
        return over(SocketIo.newServerSocket());
    }

    @Override
    public ServerSocket createServerSocket(int port) throws IOException {
        return over(SocketIo.newServerSocket(port));
    }

    @Override
    public ServerSocket createServerSocket(int port, int backlog) throws IOException {
        return over(SocketIo.newServerSocket(port, backlog));
    }

    @Override
    public ServerSocket createServerSocket(int port, int backlog, InetAddress ifAddress) throws IOException {
        return over(SocketIo.newServerSocket(port, backlog, ifAddress));
    }

    private ServerSocket over(ServerSocket transport) throws IOException {
        try {
            return new TlsServerSocket(context, transport);
        } catch (IOException | RuntimeException | Error e) {
            transport.close();
            throw e;
        }
    }

    @Override
    public String[] getDefaultCipherSuites() {
        return jdk.getDefaultCipherSuites();
    }

    @Override
    public String[] getSupportedCipherSuites() {
        return jdk.getSupportedCipherSuites();
    }
}
