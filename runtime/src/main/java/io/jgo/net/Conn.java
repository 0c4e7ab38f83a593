package io.jgo.net;

import io.jgo.Context;
import io.jgo.internal.cont.Leaf;
import io.jgo.internal.cont.LeafPark;
import io.jgo.Goroutine;
import io.jgo.internal.cont.MethodIds;
import io.jgo.internal.Stack;
import io.jgo.internal.poll.PollDesc;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.net.SocketAddress;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.time.Instant;

/**
 * A TCP connection (Go's {@code net.Conn}): {@link #read} and {@link #write} park the calling
 * goroutine on its runtime's poller while the socket is not ready, never its carrier; a plain
 * thread blocks. Deadlines follow Go: a passed deadline fails the waiting and every later call with
 * a {@link SocketTimeoutException} until a later deadline (or none) is set, and the connection
 * stays usable. {@link #close} wakes every waiter with a {@link ClosedChannelException}
 * ({@link AsynchronousCloseException} for one that was waiting).
 *
 * <p>Concurrent reads (or writes) from several goroutines are allowed, as in Go, but interleave
 * at the socket's discretion; one reader and one writer at a time is the usual shape.
 * {@link #inputStream} and {@link #outputStream} adapt it to stream code (see their notes).
 *
 * <p>{@link #read(Context, ByteBuffer)} and {@link #write(Context, ByteBuffer)} also end when a
 * {@link Context} does (what Go code gets with {@code context.AfterFunc} and a deadline).
 */
public final class Conn implements Closeable {

    private static final int READ_ID = MethodIds.of("io.jgo.net.Conn", "read", "(Ljava/nio/ByteBuffer;)I");
    private static final int WRITE_ID = MethodIds.of("io.jgo.net.Conn", "write", "(Ljava/nio/ByteBuffer;)V");
    private static final int READ_CTX_ID = MethodIds.of("io.jgo.net.Conn", "read", "(Lio/jgo/Context;Ljava/nio/ByteBuffer;)I");
    private static final int WRITE_CTX_ID = MethodIds.of("io.jgo.net.Conn", "write", "(Lio/jgo/Context;Ljava/nio/ByteBuffer;)V");

    final SocketChannel ch;
    final PollDesc pd;
    private final SocketAddress local;
    private volatile SocketAddress remote;
    private InputStream in;
    private OutputStream out;

    /** A connected or connecting channel, already non-blocking and registered as {@code pd}. */
    Conn(SocketChannel ch, PollDesc pd) throws IOException {
        this.ch = ch;
        this.pd = pd;
        this.local = ch.getLocalAddress();
        this.remote = ch.getRemoteAddress();
    }

    /**
     * Reads into {@code dst} what the socket has, at least one byte unless {@code dst} is full;
     * waits (parks the goroutine) until there is something. Returns the count, or -1 at the end of
     * the stream (the peer closed or shut down its output).
     *
     * @throws SocketTimeoutException the read deadline passed
     * @throws ClosedChannelException the connection was closed (while waiting: {@link AsynchronousCloseException})
     */
    @Goroutine
    @Leaf
    public int read(ByteBuffer dst) throws IOException {
        int from = dst.position(); // nothing is read before a park: on a resume this is where the read starts too
        return count(READ.$jgo$park(Stack.current(), this, dst, null, 0), dst, from);
    }

    /**
     * {@link #read(ByteBuffer)} unless {@code ctx} ends first: if it has ended, or ends while the
     * read waits, the read fails with an {@link InterruptedIOException} (a
     * {@link SocketTimeoutException} when its deadline passed) whose cause is {@code ctx.err()},
     * and reads nothing. The connection stays usable; its own read deadline still applies, and
     * whichever of the two comes first ends the wait. A context that ends costs no thread: its
     * cancellation wakes the reader directly.
     *
     * @throws ClosedChannelException the connection was closed (while waiting: {@link AsynchronousCloseException})
     */
    @Goroutine
    @Leaf
    public int read(Context ctx, ByteBuffer dst) throws IOException {
        int from = dst.position();
        return count(READ_CTX.$jgo$park(Stack.current(), this, dst, ctx, 0), dst, from);
    }

    /**
     * A read leaf's count from its park's answer, without boxing it: {@link Read#END} is the end of
     * the stream, anything else ({@link NetLeaf#DONE}) means the read moved {@code dst}'s position
     * from {@code from} (0 while unwinding: the resumed call returns the count). A read that waited
     * read nothing before its park (the attempt that decided to park found nothing), so
     * {@code from}, taken again by the resumed call, is still where its bytes start.
     */
    private static int count(Object r, ByteBuffer dst, int from) {
        if (r == LeafPark.UNWOUND) {
            return 0;
        }
        return r == Read.END ? -1 : dst.position() - from;
    }

    /**
     * Writes all of {@code src}, waiting (parking the goroutine) while the socket's send buffer is
     * full. On a timeout or close, {@code src}'s position tells what was written.
     *
     * @throws SocketTimeoutException the write deadline passed
     * @throws ClosedChannelException the connection was closed
     */
    @Goroutine
    @Leaf
    public void write(ByteBuffer src) throws IOException {
        WRITE.$jgo$park(Stack.current(), this, src, null, 0);
    }

    /**
     * {@link #write(ByteBuffer)} unless {@code ctx} ends first, as {@link #read(Context, ByteBuffer)}
     * does for reads: the write fails with an {@link InterruptedIOException} whose cause is
     * {@code ctx.err()}, and {@code src}'s position tells what was written.
     *
     * @throws SocketTimeoutException the write deadline, or the context's, passed
     * @throws ClosedChannelException the connection was closed
     */
    @Goroutine
    @Leaf
    public void write(Context ctx, ByteBuffer src) throws IOException {
        WRITE_CTX.$jgo$park(Stack.current(), this, src, ctx, 0);
    }

    private static final Read READ = new Read(READ_ID, false);
    private static final Read READ_CTX = new Read(READ_CTX_ID, true);
    private static final Write WRITE = new Write(WRITE_ID, false);
    private static final Write WRITE_CTX = new Write(WRITE_CTX_ID, true);

    /**
     * The read leaves' steps: what the socket has, at least one byte unless the buffer is full
     * ({@link NetLeaf#DONE}), or {@link #END} at the end of the stream. The count is not the
     * answer: boxed, a read of more than 127 bytes would allocate; {@link #count} takes it from
     * the buffer's position.
     */
    private static final class Read extends NetLeaf {
        /** The end of the stream (the channel's read returned -1). */
        static final Object END = new Object();

        Read(int leaf, boolean withContext) {
            super(leaf, PollDesc.READ, "read", withContext);
        }

        @Override
        PollDesc pd(Object self) {
            return ((Conn) self).pd;
        }

        @Override
        Object attempt(Object self, Object dst, Object ctx) throws IOException {
            ByteBuffer b = (ByteBuffer) dst;
            int n = ((Conn) self).ch.read(b);
            return n < 0 ? END : n > 0 || !b.hasRemaining() ? DONE : null;
        }
    }

    /** The write leaves' steps: all of the buffer, a part at a time as the send buffer takes it. */
    private static final class Write extends NetLeaf {
        Write(int leaf, boolean withContext) {
            super(leaf, PollDesc.WRITE, "write", withContext);
        }

        @Override
        PollDesc pd(Object self) {
            return ((Conn) self).pd;
        }

        @Override
        Object finished(Object self, Object src, Object ctx) {
            return ((ByteBuffer) src).hasRemaining() ? null : DONE;
        }

        @Override
        Object attempt(Object self, Object src, Object ctx) throws IOException {
            return ((Conn) self).ch.write((ByteBuffer) src) > 0 ? AGAIN : null;
        }
    }

    /**
     * Reads as {@link #read} does but waits in place (a plain thread's wait; a goroutine first
     * hands its P on as in a syscall): for the streams, whose callers are JDK frames that cannot
     * unwind.
     */
    int readInPlace(ByteBuffer dst) throws IOException {
        boolean waited = false;
        for (;;) {
            fail(pd.check(PollDesc.READ), waited, "read");
            int n = ch.read(dst);
            if (n != 0 || !dst.hasRemaining()) {
                return n;
            }
            fail(InPlace.await(pd, PollDesc.READ), waited, "read");
            waited = true;
        }
    }

    /** {@link #write}, waiting in place (see {@link #readInPlace}). */
    void writeInPlace(ByteBuffer src) throws IOException {
        boolean waited = false;
        while (src.hasRemaining()) {
            fail(pd.check(PollDesc.WRITE), waited, "write");
            if (ch.write(src) > 0) {
                continue;
            }
            fail(InPlace.await(pd, PollDesc.WRITE), waited, "write");
            waited = true;
        }
    }

    /** Throws for a {@link PollDesc} outcome that ends the operation; returns for the others. */
    static void fail(int outcome, boolean waited, String op) throws IOException {
        if (outcome == PollDesc.CLOSED) {
            throw waited ? new AsynchronousCloseException() : new ClosedChannelException();
        }
        if (outcome == PollDesc.TIMEOUT) {
            throw new SocketTimeoutException("i/o timeout: " + op + " deadline passed");
        }
    }

    /** Shuts the output down (Go's {@code CloseWrite}): the peer reads the end of the stream; reading goes on. */
    public void closeWrite() throws IOException {
        if (pd.isClosing()) {
            throw new ClosedChannelException();
        }
        ch.shutdownOutput();
    }

    /** Closes the connection; every goroutine or thread waiting on it wakes with a {@link ClosedChannelException}. Idempotent. */
    @Override
    public void close() throws IOException {
        pd.close();
        try {
            ch.close();
        } finally {
            pd.closed();
        }
    }

    /**
     * Sets the read deadline (Go's {@code SetReadDeadline}): a read waiting then, or started later,
     * fails with {@link SocketTimeoutException}; {@code null} means none. A deadline in the past
     * fails waiting reads at once.
     */
    public void setReadDeadline(Instant t) {
        pd.setDeadline(PollDesc.READ, t != null, t == null ? 0 : nanoDeadline(t));
    }

    /** Sets the write deadline, as {@link #setReadDeadline} does for reads. */
    public void setWriteDeadline(Instant t) {
        pd.setDeadline(PollDesc.WRITE, t != null, t == null ? 0 : nanoDeadline(t));
    }

    /** Sets both deadlines (Go's {@code SetDeadline}). */
    public void setDeadline(Instant t) {
        pd.setDeadline(PollDesc.READ | PollDesc.WRITE, t != null, t == null ? 0 : nanoDeadline(t));
    }

    public SocketAddress localAddress() {
        return local;
    }

    public SocketAddress remoteAddress() {
        return remote;
    }

    /** Set once a dial completes (the address is known only then). */
    void connected() throws IOException {
        remote = ch.getRemoteAddress();
    }

    /**
     * An {@link InputStream} over this connection, for stream code ({@code BufferedReader}, parsers,
     * codecs). Its reads are called by JDK frames, which cannot unwind, so a goroutine waiting in
     * one hands its P on at once and waits on its carrier (as in a syscall) rather than parking;
     * deadlines and close act as on {@link #read}. The same stream is returned every time.
     */
    public synchronized InputStream inputStream() {
        if (in == null) {
            in = new ConnStreams.In(this);
        }
        return in;
    }

    /** An {@link OutputStream} over this connection (unbuffered; wrap it), waiting as {@link #inputStream} does. Closing it closes the output ({@link #closeWrite}). */
    public synchronized OutputStream outputStream() {
        if (out == null) {
            out = new ConnStreams.Out(this);
        }
        return out;
    }

    @Override
    public String toString() {
        return "Conn[" + local + " -> " + remote + (pd.isClosing() ? ", closed" : "") + "]";
    }

    /** {@code t} on the {@code System.nanoTime} scale, saturated far in the past or future. */
    static long nanoDeadline(Instant t) {
        long now = System.nanoTime();
        long left;
        try {
            left = Duration.between(Instant.now(), t).toNanos();
        } catch (ArithmeticException e) {
            left = t.isBefore(Instant.now()) ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
        left = Math.max(-(1L << 62), Math.min(1L << 62, left));
        return now + left;
    }
}
