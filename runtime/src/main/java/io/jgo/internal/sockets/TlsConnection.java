package io.jgo.internal.sockets;

import io.jgo.Goroutine;
import io.jgo.internal.blocking.Blocking;
import io.jgo.internal.blocking.ParkingReentrantLock;
import io.jgo.internal.poll.SocketWriteProbe;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SocketChannel;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;

/**
 * One TLS connection: an {@link SSLEngine} driven over a channel-backed socket (the transport, in
 * blocking mode). It makes the handshake, turns records read from the transport into plaintext and
 * plaintext into records written to it, and sends {@code close_notify}.
 *
 * <p>Waiting. Every wait for the peer's bytes is a read of the transport, every wait for room in the
 * send buffer a write of it. With {@code park} true (a goroutine in rewritten code) a read is
 * {@link Waits#read}: the goroutine parks on the poller, the transport's {@code soTimeout} is the
 * deadline, a close wakes it; a write is {@link Waits#write} (the transport's descriptor made
 * non-blocking, {@link SocketWriteProbe}): what fits is written at once, and while the send buffer is
 * full the goroutine parks on the poller for {@code OP_WRITE}, no carrier held. Otherwise (a plain
 * thread, a goroutine inside a syscall, or JDK internals closed to jgo) a read is the JDK's own stream
 * of the transport and a write a blocking write of the channel (the thread blocks, timeouts included).
 * So the handshake, which both reads and writes, parks wherever it is made from rewritten code: at
 * {@code startHandshake}, {@code getSession}, or the first read or write, as the JDK's.
 *
 * <p>Concurrency invariants. One reader and one writer may work at once (the engine itself locks
 * around each wrap and unwrap). The read side's buffers ({@link #netIn}, {@link #appIn}) belong to
 * the one reader at a time, as with the JDK's streams. Records go out whole and in the order the
 * engine made them because every wrap and all the partial writes of its records happen under
 * {@link #writeLock}: the transport's socket write lock ({@link SocketWriteLocks}), shared with the
 * plain streams of the same socket, so a plain write to the transport never lands inside a record
 * either. It is goroutine-owned ({@link ParkingReentrantLock}): a writer parks holding it while the
 * send buffer is full, and a goroutine waiting for it parks (a plain thread blocks). The handshake is
 * made by one caller ({@link #state} goes from NEW to RUNNING by compare-and-set); another one that
 * needs it meanwhile waits until it is DONE or FAILED (a goroutine by sleeping, which parks).
 *
 * <p>Close never waits for {@link #writeLock}: a writer parked on a full send buffer holds it for as
 * long as the peer does not read (forever, if it never does). So {@code close} and
 * {@code shutdownOutput} try the lock once ({@link #closeOutbound}); free, they send
 * {@code close_notify}; held, they send nothing and go on to close (or shut down) the transport,
 * which wakes the parked writer ({@code SocketException("Socket closed")}, or {@code "Socket output
 * is shutdown"}). The JDK's {@code SSLSocket} waits for the lock instead (without {@code SO_LINGER},
 * until the writer's bytes are taken).
 */
final class TlsConnection {

    private static final int NEW = 0;
    private static final int RUNNING = 1;
    private static final int DONE = 2;
    private static final int FAILED = 3;
    private static final ByteBuffer NOTHING = ByteBuffer.allocate(0);

    final SSLEngine engine;
    final Socket transport;
    private final SocketChannel ch;
    private final boolean autoClose;
    private final Runnable onHandshake;
    private final AtomicInteger state = new AtomicInteger(NEW);
    /**
     * The transport's write lock ({@link SocketWriteLocks}): held across each wrap and every partial
     * write (and park) of its records. Goroutine-owned, so it may be held across a park (class comment).
     */
    private final ParkingReentrantLock writeLock;
    /**
     * Whether a goroutine's writes may park: the transport's descriptor was made non-blocking
     * ({@link SocketWriteProbe}), so that a write of what fits returns at once. Final after construction.
     */
    private final boolean writesPark;
    private volatile IOException failure;
    private volatile boolean inboundDone;
    private volatile boolean closed;
    /** Records read from the transport, not yet unwrapped; kept ready to get (flipped). Reader's. */
    private ByteBuffer netIn;
    /** Plaintext unwrapped, not yet read; kept ready to get. Reader's. */
    private ByteBuffer appIn;
    /** Records made by a wrap; used under {@link #writeLock} only. */
    private ByteBuffer netOut;
    private InputStream plainIn;

    /**
     * @param transport a connected channel-backed socket in blocking mode
     * @param autoClose whether closing this connection closes the transport
     * @param onHandshake run once after the handshake completes (the socket's listeners)
     */
    TlsConnection(SSLEngine engine, Socket transport, boolean autoClose, Runnable onHandshake) {
        this.engine = engine;
        this.transport = transport;
        this.ch = transport.getChannel();
        this.autoClose = autoClose;
        this.onHandshake = onHandshake;
        int packet = engine.getSession().getPacketBufferSize();
        this.netIn = ByteBuffer.allocate(packet).flip();
        this.appIn = ByteBuffer.allocate(engine.getSession().getApplicationBufferSize()).flip();
        this.netOut = ByteBuffer.allocate(packet);
        this.writeLock = SocketWriteLocks.of(ch);
        this.writesPark = descriptorMadeNonBlocking(ch);
    }

    /**
     * Puts the transport's descriptor in non-blocking mode (the channel stays in blocking mode, as for
     * {@link SocketOutput}); false when the JDK internals are closed to jgo or the channel is not the
     * JDK's, closed or not in blocking mode: writes are then blocking writes, as before.
     */
    private static boolean descriptorMadeNonBlocking(SocketChannel ch) {
        if (!SocketWriteProbe.applies(ch)) {
            return false;
        }
        try {
            return SocketWriteProbe.forceNonBlocking(ch);
        } catch (IOException e) {
            return false; // the channel's own failure: its next call reports it
        }
    }

    boolean handshakeDone() {
        return state.get() == DONE;
    }

    boolean isClosed() {
        return closed;
    }

    /** Makes the handshake if nobody has (or waits for the one under way); throws its failure. */
    @Goroutine
    void handshake(boolean park) throws IOException {
        int s = state.get();
        if (s == DONE) {
            return;
        }
        if (s == NEW && state.compareAndSet(NEW, RUNNING)) {
            try {
                checkOpen();
                engine.beginHandshake();
                runHandshake(park);
                state.set(DONE);
            } catch (IOException | RuntimeException | Error e) {
                failure = e instanceof IOException ? (IOException) e : new SSLException(e);
                state.set(FAILED);
                closeAfterFailure();
                throw e;
            }
            onHandshake.run();
            return;
        }
        while ((s = state.get()) == RUNNING) {
            if (park) {
                try {
                    Thread.sleep(1); // the runtime's build makes it a park (Blocking.sleep)
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new java.io.InterruptedIOException("interrupted waiting for the TLS handshake");
                }
            } else {
                pause();
            }
        }
        if (s == FAILED) {
            throw new SSLException("the TLS handshake failed", failure);
        }
    }

    @Goroutine
    private void runHandshake(boolean park) throws IOException {
        while (true) {
            switch (engine.getHandshakeStatus()) {
                case NEED_WRAP:
                    wrapAndSend(NOTHING, park);
                    break;
                case NEED_UNWRAP:
                case NEED_UNWRAP_AGAIN:
                    if (!unwrapSome(park)) {
                        throw new SSLHandshakeException("Remote host terminated the handshake");
                    }
                    break;
                case NEED_TASK:
                    runTasks();
                    break;
                default: // FINISHED, NOT_HANDSHAKING
                    return;
            }
        }
    }

    /**
     * Reads plaintext into {@code b}: at least one byte, or -1 at the end of the peer's data
     * ({@code close_notify}, or the transport's end of stream after the handshake).
     */
    @Goroutine
    int read(byte[] b, int off, int len, boolean park) throws IOException {
        if (len == 0) {
            return 0;
        }
        handshake(park);
        while (!appIn.hasRemaining()) {
            if (inboundDone || transport.isInputShutdown()) {
                return -1;
            }
            checkOpen();
            if (!unwrapSome(park)) {
                inboundDone = true; // the peer closed its end without close_notify
                return -1;
            }
            answerEngine(park);
        }
        int n = Math.min(len, appIn.remaining());
        appIn.get(b, off, n);
        return n;
    }

    /** Plaintext bytes unwrapped and not yet read. */
    int available() {
        return appIn.remaining();
    }

    /** What an unwrap left the engine wanting: its tasks run, or a record it must send (a reply). */
    @Goroutine
    private void answerEngine(boolean park) throws IOException {
        SSLEngineResult.HandshakeStatus hs = engine.getHandshakeStatus();
        while (hs == SSLEngineResult.HandshakeStatus.NEED_TASK || hs == SSLEngineResult.HandshakeStatus.NEED_WRAP) {
            if (hs == SSLEngineResult.HandshakeStatus.NEED_TASK) {
                runTasks();
            } else if (!engine.isOutboundDone()) {
                wrapAndSend(NOTHING, park);
            } else {
                return;
            }
            hs = engine.getHandshakeStatus();
        }
    }

    /**
     * One unwrap that makes progress: plaintext in {@link #appIn}, a handshake message consumed, or
     * the peer's {@code close_notify}. Reads the transport while the engine needs more bytes
     * (growing {@link #netIn} to the session's packet size); grows {@link #appIn} on overflow.
     * Returns false at the transport's end of stream.
     */
    @Goroutine
    private boolean unwrapSome(boolean park) throws IOException {
        while (true) {
            appIn.compact();
            SSLEngineResult r;
            try {
                r = engine.unwrap(netIn, appIn);
            } catch (SSLException e) {
                sendAlertQuietly(park); // the engine made a fatal alert for the peer
                throw e;
            } finally {
                appIn.flip();
            }
            switch (r.getStatus()) {
                case CLOSED:
                    inboundDone = true;
                    return true;
                case BUFFER_OVERFLOW:
                    appIn = grown(appIn, engine.getSession().getApplicationBufferSize());
                    continue;
                case BUFFER_UNDERFLOW:
                    int packet = engine.getSession().getPacketBufferSize();
                    if (netIn.capacity() < packet) {
                        netIn = grown(netIn, packet);
                    }
                    if (fill(park) < 0) {
                        return false;
                    }
                    continue;
                default: // OK
                    if (r.bytesConsumed() == 0 && r.bytesProduced() == 0
                            && r.getHandshakeStatus() == SSLEngineResult.HandshakeStatus.NEED_UNWRAP) {
                        if (fill(park) < 0) {
                            return false;
                        }
                        continue;
                    }
                    return true;
            }
        }
    }

    /** Reads more records from the transport into {@link #netIn}; the bytes read, or -1. */
    @Goroutine
    private int fill(boolean park) throws IOException {
        if (!netIn.hasRemaining()) {
            netIn.clear();
        } else {
            netIn.compact();
        }
        if (!netIn.hasRemaining()) {
            netIn.flip();
            netIn = grown(netIn, netIn.capacity() * 2);
            netIn.compact();
        }
        try {
            if (park && Waits.canPark()) {
                return Waits.read(transport, ch, netIn);
            }
            return plainRead(netIn);
        } finally {
            netIn.flip();
        }
    }

    /** A plain thread's read: the JDK's stream of the transport (its soTimeout applies). */
    private int plainRead(ByteBuffer dst) throws IOException {
        if (plainIn == null) {
            plainIn = transport.getInputStream();
        }
        int n = plainIn.read(dst.array(), dst.arrayOffset() + dst.position(), dst.remaining());
        if (n > 0) {
            dst.position(dst.position() + n);
        }
        return n;
    }

    /**
     * Writes {@code b} as records, the handshake first if none was made. With {@code park} (a
     * goroutine in rewritten code) every wait, the handshake's and the send buffer's, parks.
     */
    @Goroutine
    void write(byte[] b, int off, int len, boolean park) throws IOException {
        if (state.get() != DONE) {
            handshake(park);
        }
        checkOpen();
        wrapAndSend(ByteBuffer.wrap(b, off, len), park);
    }

    /**
     * Wraps all of {@code src} (or one handshake or alert record when it is empty) and sends it,
     * holding {@link #writeLock} from the first wrap to the last partial write.
     */
    @Goroutine
    private void wrapAndSend(ByteBuffer src, boolean park) throws IOException {
        writeLock.lock();
        try {
            wrapAndSendLocked(src, park);
        } finally {
            writeLock.unlock();
        }
    }

    /** {@link #wrapAndSend}'s work; the caller holds {@link #writeLock}. */
    @Goroutine
    private void wrapAndSendLocked(ByteBuffer src, boolean park) throws IOException {
        do {
            netOut.clear();
            SSLEngineResult r = engine.wrap(src, netOut);
            if (r.getStatus() == SSLEngineResult.Status.BUFFER_OVERFLOW) {
                netOut = ByteBuffer.allocate(Math.max(netOut.capacity() * 2, engine.getSession().getPacketBufferSize()));
                continue;
            }
            netOut.flip();
            send(netOut, park);
            if (r.getHandshakeStatus() == SSLEngineResult.HandshakeStatus.NEED_TASK) {
                runTasks();
            }
            if (r.getStatus() == SSLEngineResult.Status.CLOSED) {
                if (src.hasRemaining()) {
                    throw new SocketException("Socket output is closed (TLS close_notify sent)");
                }
                return;
            }
        } while (src.hasRemaining());
    }

    /**
     * Writes all of {@code records} (the caller holds {@link #writeLock}). A goroutine that may park
     * writes through {@link Waits#write}: what fits at once, and while the send buffer is full it
     * parks on the poller ({@code OP_WRITE}); a close meanwhile is {@code SocketException("Socket
     * closed")}, an interrupt the channel's {@code ClosedByInterruptException}, as a plain socket's
     * write. Anyone else makes a blocking write.
     */
    @Goroutine
    private void send(ByteBuffer records, boolean park) throws IOException {
        if (park && writesPark && Waits.canPark()) {
            Waits.write(transport, ch, records);
            return;
        }
        blockingSend(records);
    }

    /**
     * A blocking write of the whole buffer. As a syscall that does not hand the P off up front: it
     * returns at once unless the send buffer is full (sysmon retakes the P if it lasts).
     */
    private void blockingSend(ByteBuffer records) throws IOException {
        boolean entered = Blocking.enter(ch, Blocking.BY_CLASS);
        try {
            while (records.hasRemaining()) {
                ch.write(records);
            }
        } catch (ClosedChannelException e) {
            throw closedException(e);
        } finally {
            Blocking.exit(entered);
        }
    }

    private void runTasks() {
        Runnable task;
        while ((task = engine.getDelegatedTask()) != null) {
            task.run();
        }
    }

    /** Sends {@code close_notify} if the output is open and no write is under way, then closes the transport if it owns it. */
    void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        try {
            closeOutbound();
        } finally {
            if (autoClose) {
                transport.close();
            }
        }
    }

    /** {@code shutdownOutput}: {@code close_notify}, then the transport's output shut down. */
    void shutdownOutput() throws IOException {
        closeOutbound();
        transport.shutdownOutput();
    }

    /** {@code shutdownInput}: no more plaintext is read; the transport's input shut down. */
    void shutdownInput() throws IOException {
        inboundDone = true;
        transport.shutdownInput();
    }

    /**
     * Best effort, never waiting for {@link #writeLock} (class comment): {@code close_notify} is sent
     * only when no write holds the lock; a writer parked on a full send buffer keeps it, and then
     * nothing is sent. Its write is a blocking one (a close is no goroutine's call to park in): one
     * small record, which waits only if the send buffer is full.
     */
    private void closeOutbound() {
        engine.closeOutbound();
        if (state.get() != DONE || transport.isClosed() || transport.isOutputShutdown() || !writeLock.tryLock()) {
            return;
        }
        try {
            wrapAndSendLocked(NOTHING, false);
        } catch (IOException | RuntimeException e) {
            // the peer may be gone: the close goes on
        } finally {
            writeLock.unlock();
        }
    }

    /** The fatal alert the engine made, if no write holds {@link #writeLock} (the first failure is the one thrown). */
    @Goroutine
    private void sendAlertQuietly(boolean park) {
        try {
            if (!engine.isOutboundDone() && writeLock.tryLock()) {
                try {
                    wrapAndSendLocked(NOTHING, park);
                } finally {
                    writeLock.unlock();
                }
            }
        } catch (IOException | RuntimeException e) {
            // the first failure is the one thrown
        }
    }

    /** As the JDK's: a fatal handshake failure closes the socket. */
    private void closeAfterFailure() {
        closed = true;
        try {
            transport.close();
        } catch (IOException e) {
            // the handshake's failure is the one thrown
        }
    }

    private void checkOpen() throws SocketException {
        if (closed || transport.isClosed()) {
            throw new SocketException("Socket closed");
        }
    }

    private SocketException closedException(ClosedChannelException e) {
        SocketException s = new SocketException(transport.isOutputShutdown() && !transport.isClosed()
                ? "Socket output is shutdown" : "Socket closed");
        s.initCause(e);
        return s;
    }

    /** A copy of {@code b} (ready to get) with room for at least {@code size} bytes. */
    private static ByteBuffer grown(ByteBuffer b, int size) {
        ByteBuffer bigger = ByteBuffer.allocate(Math.max(size, b.capacity() + 1));
        bigger.put(b);
        return bigger.flip();
    }

    /** A plain thread's wait for another caller's handshake (never a park: may run in unrewritten code). */
    private static void pause() {
        LockSupport.parkNanos(1_000_000L);
    }
}
