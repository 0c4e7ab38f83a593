package io.jgo.internal.sockets;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketException;
import java.net.SocketOption;
import java.nio.channels.ServerSocketChannel;
import java.util.Set;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocket;

/**
 * jgo's {@code SSLServerSocket}: a channel-backed listener (the transport) whose accepted sockets
 * are {@link TlsSocket}s in server mode, made by {@link TlsServerSocketFactory}. The TLS settings
 * are kept as the {@link SSLParameters} (and client mode, session creation) every accepted socket's
 * engine gets. A goroutine's {@code accept} in rewritten code parks ({@link TlsIo#acceptTls});
 * {@code getChannel()} is null, as for the JDK's.
 */
final class TlsServerSocket extends SSLServerSocket {

    private final SSLContext context;
    private final ServerSocket transport;
    /**
     * Written by the setters, read by every accept: one settings object replaced whole (volatile), so
     * an accept never sees a half-made one. A setter copies, changes and replaces it without a lock:
     * of two setters racing, one's change can be lost (the JDK's server socket takes a lock there).
     * {@code clientMode} and {@code sessionCreation} are read by every accept likewise (volatile).
     */
    private volatile SSLParameters params;
    private volatile boolean clientMode;
    private volatile boolean sessionCreation = true;
    private final String[] supportedSuites;
    private final String[] supportedProtocols;

    TlsServerSocket(SSLContext context, ServerSocket transport) throws IOException {
        this.context = context;
        this.transport = transport;
        SSLEngine prototype = context.createSSLEngine();
        prototype.setUseClientMode(false);
        this.params = prototype.getSSLParameters();
        this.supportedSuites = prototype.getSupportedCipherSuites();
        this.supportedProtocols = prototype.getSupportedProtocols();
    }

    /** A plain thread's accept (or unrewritten code's): the transport's blocking accept. */
    @Override
    public Socket accept() throws IOException {
        return layer(transport.accept());
    }

    /** A server-mode {@link TlsSocket} over {@code accepted} (closed on failure). */
    Socket layer(Socket accepted) throws IOException {
        try {
            SSLEngine engine = context.createSSLEngine(
                    accepted.getInetAddress().getHostAddress(), accepted.getPort());
            engine.setUseClientMode(clientMode);
            engine.setSSLParameters(params);
            engine.setEnableSessionCreation(sessionCreation);
            return new TlsSocket(accepted, engine, true);
        } catch (RuntimeException | Error e) {
            accepted.close();
            throw e;
        }
    }

    // ---------------------------------------------------------------- TLS settings

    /** A fresh copy of the settings (the engine makes it). */
    private SSLParameters copy() {
        return checked(params);
    }

    @Override
    public String[] getEnabledCipherSuites() {
        return params.getCipherSuites();
    }

    @Override
    public void setEnabledCipherSuites(String[] suites) {
        SSLParameters c = copy();
        c.setCipherSuites(suites);
        params = checked(c);
    }

    @Override
    public String[] getSupportedCipherSuites() {
        return supportedSuites.clone();
    }

    @Override
    public String[] getSupportedProtocols() {
        return supportedProtocols.clone();
    }

    @Override
    public String[] getEnabledProtocols() {
        return params.getProtocols();
    }

    @Override
    public void setEnabledProtocols(String[] protocols) {
        SSLParameters c = copy();
        c.setProtocols(protocols);
        params = checked(c);
    }

    @Override
    public void setNeedClientAuth(boolean need) {
        SSLParameters c = copy();
        c.setNeedClientAuth(need);
        params = c;
    }

    @Override
    public boolean getNeedClientAuth() {
        return params.getNeedClientAuth();
    }

    @Override
    public void setWantClientAuth(boolean want) {
        SSLParameters c = copy();
        c.setWantClientAuth(want);
        params = c;
    }

    @Override
    public boolean getWantClientAuth() {
        return params.getWantClientAuth();
    }

    @Override
    public void setUseClientMode(boolean mode) {
        clientMode = mode;
    }

    @Override
    public boolean getUseClientMode() {
        return clientMode;
    }

    @Override
    public void setEnableSessionCreation(boolean flag) {
        sessionCreation = flag;
    }

    @Override
    public boolean getEnableSessionCreation() {
        return sessionCreation;
    }

    @Override
    public SSLParameters getSSLParameters() {
        return copy();
    }

    @Override
    public void setSSLParameters(SSLParameters p) {
        params = checked(p);
    }

    /** The engine's own checks of the settings (unsupported suites or protocols throw its exception) now, not at accept. */
    private SSLParameters checked(SSLParameters p) {
        SSLEngine probe = context.createSSLEngine();
        probe.setUseClientMode(false);
        probe.setSSLParameters(p);
        return probe.getSSLParameters();
    }

    // ---------------------------------------------------------------- the transport's

    ServerSocket transport() {
        return transport;
    }

    @Override
    public void bind(SocketAddress endpoint) throws IOException {
        transport.bind(endpoint);
    }

    @Override
    public void bind(SocketAddress endpoint, int backlog) throws IOException {
        transport.bind(endpoint, backlog);
    }

    @Override
    public InetAddress getInetAddress() {
        return transport.getInetAddress();
    }

    @Override
    public int getLocalPort() {
        return transport.getLocalPort();
    }

    @Override
    public SocketAddress getLocalSocketAddress() {
        return transport.getLocalSocketAddress();
    }

    @Override
    public void close() throws IOException {
        transport.close();
    }

    @Override
    public ServerSocketChannel getChannel() {
        return null;
    }

    @Override
    public boolean isBound() {
        return transport.isBound();
    }

    @Override
    public boolean isClosed() {
        return transport.isClosed();
    }

    @Override
    public void setSoTimeout(int timeout) throws SocketException {
        transport.setSoTimeout(timeout);
    }

    @Override
    public int getSoTimeout() throws IOException {
        return transport.getSoTimeout();
    }

    @Override
    public void setReuseAddress(boolean on) throws SocketException {
        transport.setReuseAddress(on);
    }

    @Override
    public boolean getReuseAddress() throws SocketException {
        return transport.getReuseAddress();
    }

    @Override
    public void setReceiveBufferSize(int size) throws SocketException {
        transport.setReceiveBufferSize(size);
    }

    @Override
    public int getReceiveBufferSize() throws SocketException {
        return transport.getReceiveBufferSize();
    }

    @Override
    public void setPerformancePreferences(int connectionTime, int latency, int bandwidth) {
        transport.setPerformancePreferences(connectionTime, latency, bandwidth);
    }

    @Override
    public <T> ServerSocket setOption(SocketOption<T> name, T value) throws IOException {
        transport.setOption(name, value);
        return this;
    }

    @Override
    public <T> T getOption(SocketOption<T> name) throws IOException {
        return transport.getOption(name);
    }

    @Override
    public Set<SocketOption<?>> supportedOptions() {
        return transport.supportedOptions();
    }

    @Override
    public String toString() {
        return "jgo TLS server socket over " + transport;
    }
}
