package io.jgo.net;

import io.jgo.internal.cont.Leaf;
import io.jgo.internal.cont.LeafPark;
import io.jgo.Context;
import io.jgo.Goroutine;
import io.jgo.internal.proc.AfterCancel;
import io.jgo.internal.cont.MethodIds;
import io.jgo.internal.Stack;
import io.jgo.internal.poll.PollDesc;
import io.jgo.internal.sched.Runtimes;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.SocketAddress;
import java.net.SocketTimeoutException;
import java.net.StandardSocketOptions;
import java.nio.channels.SelectionKey;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * Go's {@code net.Listen} and {@code net.Dial} for TCP. A connection is registered with the
 * poller of the runtime that makes it (the calling goroutine's; a plain thread's is the default
 * runtime) and may then be used from any goroutine or thread. Sockets get Go's defaults:
 * {@code TCP_NODELAY} on connections, {@code SO_REUSEADDR} and the system's maximum backlog
 * ({@code /proc/sys/net/core/somaxconn}) on listeners.
 *
 * <p>UDP: {@link #listenPacket} (Go's {@code ListenPacket}).
 */
public final class Net {

    private static final int DIAL_ID = MethodIds.of("io.jgo.net.Net", "dial", "(Ljava/net/SocketAddress;)Lio/jgo/net/Conn;");
    private static final int DIAL_TIMEOUT_ID = MethodIds.of("io.jgo.net.Net", "dial",
            "(Ljava/net/SocketAddress;Ljava/time/Duration;)Lio/jgo/net/Conn;");
    private static final int DIAL_CONTEXT_ID = MethodIds.of("io.jgo.net.Net", "dial",
            "(Lio/jgo/Context;Ljava/net/SocketAddress;)Lio/jgo/net/Conn;");

    private static final int BACKLOG = maxListenerBacklog();

    private Net() {
    }

    /** Listens on {@code local} (port 0: the system picks one, see {@link Listener#address}). */
    public static Listener listen(SocketAddress local) throws IOException {
        Objects.requireNonNull(local, "local");
        ServerSocketChannel ch = ServerSocketChannel.open();
        try {
            ch.setOption(StandardSocketOptions.SO_REUSEADDR, true);
            ch.bind(local, BACKLOG);
            ch.configureBlocking(false);
            return new Listener(ch, PollDesc.register(Runtimes.current(), ch));
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /** A UDP endpoint bound to {@code local} (port 0: the system picks one). */
    public static PacketConn listenPacket(SocketAddress local) throws IOException {
        Objects.requireNonNull(local, "local");
        java.nio.channels.DatagramChannel ch = java.nio.channels.DatagramChannel.open();
        try {
            ch.bind(local);
            ch.configureBlocking(false);
            return new PacketConn(ch, PollDesc.register(Runtimes.current(), ch));
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /**
     * Connects to {@code remote}, parking the calling goroutine while the connection is made.
     *
     * @throws java.net.ConnectException refused or unreachable
     */
    @Goroutine
    @Leaf
    public static Conn dial(SocketAddress remote) throws IOException {
        return dialed(DIAL.$jgo$park(Stack.current(), remote, null, null, 0));
    }

    /**
     * Connects to {@code remote}, giving up after {@code timeout} with a
     * {@link SocketTimeoutException} (Go's {@code DialTimeout}).
     */
    @Goroutine
    @Leaf
    public static Conn dial(SocketAddress remote, Duration timeout) throws IOException {
        return dialed(DIAL_TIMEOUT.$jgo$park(Stack.current(), remote, timeout, null, 0));
    }

    /**
     * Connects to {@code remote} unless {@code ctx} ends first (Go's {@code DialContext}): its
     * deadline bounds the connect, and its cancellation wakes the dial, which then fails with an
     * {@link InterruptedIOException} (a {@link SocketTimeoutException} for a passed deadline) whose
     * cause is {@code ctx.err()}.
     */
    @Goroutine
    @Leaf
    public static Conn dial(Context ctx, SocketAddress remote) throws IOException {
        return dialed(DIAL_CONTEXT.$jgo$park(Stack.current(), remote, null, ctx, 0));
    }

    /** A dial in progress, kept across the park. */
    private static final class Dialing {
        final Conn conn;
        final SocketAddress remote;
        final Context ctx;
        /** The context's after-cancel action (it puts the connect's deadline in the past), or none. */
        final AfterCancel.Handle watch;
        /** The connect finished at once (a local peer). */
        boolean done;

        Dialing(Conn conn, SocketAddress remote, Context ctx, AfterCancel.Handle watch) {
            this.conn = conn;
            this.remote = remote;
            this.ctx = ctx;
            this.watch = watch;
        }

        /** The dial failed or succeeded: the watch ends. */
        void end() {
            watch.stop();
        }
    }

    /** A dial leaf's result: null while it unwinds (the resumed call returns the connection). */
    private static Conn dialed(Object c) {
        return c == LeafPark.UNWOUND ? null : (Conn) c;
    }

    private static final Dial DIAL = new Dial(DIAL_ID);
    private static final Dial DIAL_TIMEOUT = new Dial(DIAL_TIMEOUT_ID);
    private static final Dial DIAL_CONTEXT = new Dial(DIAL_CONTEXT_ID);

    /**
     * The dial leaves' steps, one instance for each of the three {@code dial}s: start a non-blocking
     * connect, then park until the socket is writable and finish it. Arguments: the remote
     * address, the timeout, the context. The connection being made is kept in the waiter across
     * the park: a resumed static call gets default arguments (the rewrite saves a static call's
     * arguments in the callee's record, and a leaf has none), so the arguments are checked and used
     * only on the first entry.
     */
    private static final class Dial extends LeafPark<Stack, IOException> {
        private final int leaf;

        Dial(int leaf) {
            super(leaf, Stack.YIELD_PARK);
            this.leaf = leaf;
        }

        @Override
        protected Object start(Stack s, Object remote, Object timeout, Object ctx, long n) throws IOException {
            Objects.requireNonNull(remote, "remote");
            if (leaf == DIAL_TIMEOUT_ID) {
                Objects.requireNonNull(timeout, "timeout");
            } else if (leaf == DIAL_CONTEXT_ID) {
                Objects.requireNonNull(ctx, "ctx");
            }
            Dialing d = Net.start((SocketAddress) remote, timeout == null ? 0 : Math.max(1, saturatedNanos((Duration) timeout)),
                    (Context) ctx);
            if (d.done) {
                return connected(d);
            }
            return connect(s, d);
        }

        @Override
        protected Object resume(Stack s, Object remote, Object timeout, Object ctx, long n) throws IOException {
            return connect(s, (Dialing) PollDesc.afterPark(PollDesc.parker(s)));
        }

        /** Waits until the connect finishes: the connection, or {@link #PARK} with {@code d} kept in the waiter. */
        private static Object connect(Stack s, Dialing d) throws IOException {
            try {
                for (;;) {
                    int r = d.conn.pd.check(PollDesc.WRITE);
                    if (r != PollDesc.OK) {
                        throw dialFailure(d, r);
                    }
                    if (d.conn.ch.finishConnect()) {
                        return connected(d);
                    }
                    r = d.conn.pd.prepareWait(PollDesc.parker(s), PollDesc.WRITE, d, null);
                    if (r == PollDesc.PARKED) {
                        return PARK;
                    }
                    if (r != PollDesc.WOKEN) {
                        throw dialFailure(d, r);
                    }
                }
            } catch (IOException | RuntimeException e) {
                d.end();
                d.conn.close();
                throw e;
            }
        }
    }

    /** Opens, registers and starts connecting (done at once for some local peers). */
    private static Dialing start(SocketAddress remote, long timeoutNanos, Context ctx) throws IOException {
        if (ctx != null && ctx.err() != null) {
            throw contextEnded(ctx, remote);
        }
        SocketChannel ch = SocketChannel.open();
        Conn conn;
        try {
            ch.configureBlocking(false);
            ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
            conn = new Conn(ch, PollDesc.register(Runtimes.current(), ch));
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
        AfterCancel.Handle watch = AfterCancel.NONE;
        try {
            conn.pd.writeInterest(SelectionKey.OP_CONNECT);
            long deadline = timeoutNanos > 0 ? System.nanoTime() + timeoutNanos : 0;
            if (ctx != null && ctx.deadline().isPresent()) {
                long c = Conn.nanoDeadline(ctx.deadline().get());
                deadline = deadline == 0 ? c : Math.min(deadline, c);
            }
            if (deadline != 0) {
                conn.pd.setDeadline(PollDesc.WRITE, true, deadline);
            }
            if (ctx != null) {
                // Go's netFD.connect: a context that ends puts the connect's deadline in the past
                watch = CtxWait.afterCancel(ctx, () -> conn.pd.setDeadline(PollDesc.WRITE, true, System.nanoTime() - 1));
            }
            Dialing d = new Dialing(conn, remote, ctx, watch);
            d.done = ch.connect(remote);
            return d;
        } catch (IOException | RuntimeException e) {
            watch.stop();
            conn.close();
            throw e;
        }
    }

    private static Conn connected(Dialing d) throws IOException {
        d.end();
        d.conn.pd.writeInterest(SelectionKey.OP_WRITE);
        d.conn.pd.setDeadline(PollDesc.WRITE, false, 0);
        d.conn.connected();
        return d.conn;
    }

    private static IOException dialFailure(Dialing d, int outcome) {
        if (d.ctx != null && d.ctx.err() != null) {
            return contextEnded(d.ctx, d.remote);
        }
        if (outcome == PollDesc.TIMEOUT) {
            return new SocketTimeoutException("dial tcp " + d.remote + ": i/o timeout");
        }
        return new java.nio.channels.AsynchronousCloseException();
    }

    private static IOException contextEnded(Context ctx, SocketAddress remote) {
        return CtxWait.ended(ctx, "dial tcp " + remote);
    }

    /** A connection accepted by a listener: non-blocking, TCP_NODELAY, registered with the caller's runtime. */
    static Conn wrap(SocketChannel c, boolean noDelay) throws IOException {
        try {
            c.configureBlocking(false);
            if (noDelay) {
                c.setOption(StandardSocketOptions.TCP_NODELAY, true);
            }
            return new Conn(c, PollDesc.register(Runtimes.current(), c));
        } catch (IOException | RuntimeException e) {
            c.close();
            throw e;
        }
    }

    private static long saturatedNanos(Duration d) {
        try {
            return d.toNanos();
        } catch (ArithmeticException e) {
            return d.isNegative() ? Long.MIN_VALUE : Long.MAX_VALUE / 4;
        }
    }

    /** Go's {@code maxListenerBacklog}: the system's limit, else 4096 (the kernel clamps it anyway). */
    private static int maxListenerBacklog() {
        try {
            // readAllLines, not readString: JDK 17's readString of a /proc file (size 0) returns one byte
            int n = Integer.parseInt(Files.readAllLines(Path.of("/proc/sys/net/core/somaxconn")).get(0).trim());
            return n > 0 ? n : 4096;
        } catch (IOException | RuntimeException e) {
            return 4096;
        }
    }
}
