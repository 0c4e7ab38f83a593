package io.jgo.internal.sockets;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketException;
import java.net.SocketOption;
import java.nio.channels.SocketChannel;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiFunction;
import javax.net.ssl.HandshakeCompletedEvent;
import javax.net.ssl.HandshakeCompletedListener;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSocket;

/**
 * jgo's {@code SSLSocket}: an {@link SSLEngine} over a connected channel-backed socket (the
 * transport), so that a goroutine reading it parks on the poller instead of blocking a carrier in
 * the JDK's TLS code ({@link TlsConnection} drives the engine). Made only by jgo's factories
 * ({@link TlsSocketFactory}, {@link TlsServerSocket#accept}), always connected. The socket calls go
 * to the transport; the TLS calls to the engine, whose settings are the socket's. The handshake is
 * made at the first {@code startHandshake}, {@code getSession}, read or write, as the JDK's; a failed
 * handshake closes the socket.
 * {@code getChannel()} is null, as for the JDK's {@code SSLSocket}.
 */
final class TlsSocket extends SSLSocket {

    private final Socket transport;
    private final SSLEngine engine;
    private final TlsConnection conn;
    private final List<HandshakeCompletedListener> listeners = new CopyOnWriteArrayList<>();
    private final TlsInput in;
    private final TlsOutput out;

    /** Over {@code transport} (connected, channel-backed); {@code engine}'s mode is already set. */
    TlsSocket(Socket transport, SSLEngine engine, boolean autoClose) {
        this.transport = transport;
        this.engine = engine;
        this.conn = new TlsConnection(engine, transport, autoClose, this::handshakeCompleted);
        this.in = new TlsInput(this, conn);
        this.out = new TlsOutput(this, conn);
    }

    TlsConnection connection() {
        return conn;
    }

    /** Is {@code s} a connected channel-backed socket (not a layered TLS one, whose channel is its transport's), which a {@code TlsSocket} can be layered over? */
    static boolean servable(Socket s) {
        SocketChannel ch = s.getChannel();
        return ch != null && !(s instanceof SSLSocket) && s.isConnected() && !s.isClosed() && ch.isBlocking();
    }

    private void handshakeCompleted() {
        if (listeners.isEmpty()) {
            return;
        }
        HandshakeCompletedEvent event = new HandshakeCompletedEvent(this, engine.getSession());
        for (HandshakeCompletedListener l : listeners) {
            l.handshakeCompleted(event);
        }
    }

    // ---------------------------------------------------------------- TLS

    @Override
    public void startHandshake() throws IOException {
        conn.handshake(false);
    }

    @Override
    public SSLSession getSession() {
        try {
            conn.handshake(false);
        } catch (IOException e) {
            // as the JDK's: a failed handshake leaves the invalid session the engine reports
        }
        return engine.getSession();
    }

    @Override
    public SSLSession getHandshakeSession() {
        return engine.getHandshakeSession();
    }

    @Override
    public String[] getSupportedCipherSuites() {
        return engine.getSupportedCipherSuites();
    }

    @Override
    public String[] getEnabledCipherSuites() {
        return engine.getEnabledCipherSuites();
    }

    @Override
    public void setEnabledCipherSuites(String[] suites) {
        engine.setEnabledCipherSuites(suites);
    }

    @Override
    public String[] getSupportedProtocols() {
        return engine.getSupportedProtocols();
    }

    @Override
    public String[] getEnabledProtocols() {
        return engine.getEnabledProtocols();
    }

    @Override
    public void setEnabledProtocols(String[] protocols) {
        engine.setEnabledProtocols(protocols);
    }

    @Override
    public void addHandshakeCompletedListener(HandshakeCompletedListener listener) {
        if (listener == null) {
            throw new IllegalArgumentException("listener is null");
        }
        listeners.add(listener);
    }

    @Override
    public void removeHandshakeCompletedListener(HandshakeCompletedListener listener) {
        if (listener == null) {
            throw new IllegalArgumentException("listener is null");
        }
        if (!listeners.remove(listener)) {
            throw new IllegalArgumentException("listener not registered");
        }
    }

    @Override
    public void setUseClientMode(boolean mode) {
        engine.setUseClientMode(mode);
    }

    @Override
    public boolean getUseClientMode() {
        return engine.getUseClientMode();
    }

    @Override
    public void setNeedClientAuth(boolean need) {
        engine.setNeedClientAuth(need);
    }

    @Override
    public boolean getNeedClientAuth() {
        return engine.getNeedClientAuth();
    }

    @Override
    public void setWantClientAuth(boolean want) {
        engine.setWantClientAuth(want);
    }

    @Override
    public boolean getWantClientAuth() {
        return engine.getWantClientAuth();
    }

    @Override
    public void setEnableSessionCreation(boolean flag) {
        engine.setEnableSessionCreation(flag);
    }

    @Override
    public boolean getEnableSessionCreation() {
        return engine.getEnableSessionCreation();
    }

    @Override
    public SSLParameters getSSLParameters() {
        return engine.getSSLParameters();
    }

    @Override
    public void setSSLParameters(SSLParameters params) {
        engine.setSSLParameters(params);
    }

    @Override
    public String getApplicationProtocol() {
        return engine.getApplicationProtocol();
    }

    @Override
    public String getHandshakeApplicationProtocol() {
        return engine.getHandshakeApplicationProtocol();
    }

    @Override
    public void setHandshakeApplicationProtocolSelector(BiFunction<SSLSocket, List<String>, String> selector) {
        engine.setHandshakeApplicationProtocolSelector(selector == null ? null : (e, protocols) -> selector.apply(this, protocols));
    }

    // ---------------------------------------------------------------- streams and life cycle

    @Override
    public InputStream getInputStream() throws IOException {
        checkUsable();
        if (transport.isInputShutdown()) {
            throw new SocketException("Socket input is shutdown");
        }
        return in;
    }

    @Override
    public OutputStream getOutputStream() throws IOException {
        checkUsable();
        if (transport.isOutputShutdown()) {
            throw new SocketException("Socket output is shutdown");
        }
        return out;
    }

    private void checkUsable() throws SocketException {
        if (isClosed()) {
            throw new SocketException("Socket is closed");
        }
    }

    @Override
    public void close() throws IOException {
        conn.close();
    }

    @Override
    public boolean isClosed() {
        return conn.isClosed() || transport.isClosed();
    }

    @Override
    public void shutdownInput() throws IOException {
        checkUsable();
        conn.shutdownInput();
    }

    @Override
    public void shutdownOutput() throws IOException {
        checkUsable();
        conn.shutdownOutput();
    }

    @Override
    public boolean isInputShutdown() {
        return transport.isInputShutdown();
    }

    @Override
    public boolean isOutputShutdown() {
        return transport.isOutputShutdown();
    }

    // ---------------------------------------------------------------- the transport's

    @Override
    public void connect(SocketAddress endpoint) throws IOException {
        transport.connect(endpoint);
    }

    @Override
    public void connect(SocketAddress endpoint, int timeout) throws IOException {
        transport.connect(endpoint, timeout);
    }

    @Override
    public void bind(SocketAddress bindpoint) throws IOException {
        transport.bind(bindpoint);
    }

    @Override
    public SocketChannel getChannel() {
        return null;
    }

    @Override
    public InetAddress getInetAddress() {
        return transport.getInetAddress();
    }

    @Override
    public InetAddress getLocalAddress() {
        return transport.getLocalAddress();
    }

    @Override
    public int getPort() {
        return transport.getPort();
    }

    @Override
    public int getLocalPort() {
        return transport.getLocalPort();
    }

    @Override
    public SocketAddress getRemoteSocketAddress() {
        return transport.getRemoteSocketAddress();
    }

    @Override
    public SocketAddress getLocalSocketAddress() {
        return transport.getLocalSocketAddress();
    }

    @Override
    public boolean isConnected() {
        return transport.isConnected();
    }

    @Override
    public boolean isBound() {
        return transport.isBound();
    }

    @Override
    public void setSoTimeout(int timeout) throws SocketException {
        transport.setSoTimeout(timeout);
    }

    @Override
    public int getSoTimeout() throws SocketException {
        return transport.getSoTimeout();
    }

    @Override
    public void setTcpNoDelay(boolean on) throws SocketException {
        transport.setTcpNoDelay(on);
    }

    @Override
    public boolean getTcpNoDelay() throws SocketException {
        return transport.getTcpNoDelay();
    }

    @Override
    public void setSoLinger(boolean on, int linger) throws SocketException {
        transport.setSoLinger(on, linger);
    }

    @Override
    public int getSoLinger() throws SocketException {
        return transport.getSoLinger();
    }

    @Override
    public void sendUrgentData(int data) throws IOException {
        throw new SocketException("This method is not supported by SSLSockets");
    }

    @Override
    public void setOOBInline(boolean on) throws SocketException {
        throw new SocketException("This method is ineffective, since sending urgent data is not supported by SSLSockets");
    }

    @Override
    public boolean getOOBInline() throws SocketException {
        return transport.getOOBInline();
    }

    @Override
    public void setSendBufferSize(int size) throws SocketException {
        transport.setSendBufferSize(size);
    }

    @Override
    public int getSendBufferSize() throws SocketException {
        return transport.getSendBufferSize();
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
    public void setKeepAlive(boolean on) throws SocketException {
        transport.setKeepAlive(on);
    }

    @Override
    public boolean getKeepAlive() throws SocketException {
        return transport.getKeepAlive();
    }

    @Override
    public void setTrafficClass(int tc) throws SocketException {
        transport.setTrafficClass(tc);
    }

    @Override
    public int getTrafficClass() throws SocketException {
        return transport.getTrafficClass();
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
    public void setPerformancePreferences(int connectionTime, int latency, int bandwidth) {
        transport.setPerformancePreferences(connectionTime, latency, bandwidth);
    }

    @Override
    public <T> Socket setOption(SocketOption<T> name, T value) throws IOException {
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
        return "jgo TLS socket over " + transport;
    }
}
