package io.jgo.internal.blocking;

import io.jgo.Goroutine;
import io.jgo.internal.Stack;
import io.jgo.internal.cont.MethodIds;
import io.jgo.internal.cont.Leaf;
import io.jgo.internal.cont.LeafPark;
import io.jgo.internal.sched.Interrupts;
import io.jgo.internal.sched.Runtimes;
import io.jgo.internal.sched.park.Party;
import io.jgo.internal.poll.PollDesc;
import io.jgo.internal.sched.Syscalls;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.SelectableChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;

/**
 * What rewritten code calls instead of {@code read}, {@code write} (with their scatter/gather forms)
 * on a {@code SocketChannel} and {@code accept} on a {@code ServerSocketChannel} (the instrumenter's
 * {@code BlockingCalls} substitutes the call site; the receiver becomes the first argument). On a
 * blocking-mode channel, a goroutine first parks on its runtime's poller until the socket is ready
 * (wait reason {@code IO wait}), then makes the call itself as a handed-off syscall, which then
 * returns at once (or, if another thread took the bytes or the connection first, blocks its carrier
 * as it always did). The channel's mode is never changed: it is registered with the poller as it is
 * ({@code io.jgo.internal.poll.BlockingChannels}). Everything the JDK decides stays the JDK's: the
 * call's result and exceptions are the channel's own. A close while the goroutine waits wakes it with
 * an {@link AsynchronousCloseException}, as a thread blocked in the call gets; an interrupt wakes it
 * and the call then sees the interrupt (the JDK closes the channel and throws
 * {@code ClosedByInterruptException}). A read deadline on the channel's descriptor (only
 * {@code io.jgo.internal.sockets} sets one, for a socket's {@code soTimeout}) ends the wait with a
 * {@code SocketTimeoutException}.
 *
 * <p>{@code finishConnect} is not a call site rewritten code makes: {@code io.jgo.internal.sockets} calls
 * it for a blocking-mode channel whose connect it started in non-blocking mode (waiting for {@code OP_CONNECT}).
 *
 * <p>Not parked, called as before (a handed-off syscall for a goroutine): a non-blocking channel, a
 * plain thread, a call inside {@code Go.syscall}, a call that cannot block (nothing to read into or
 * to write, an unconnected or unbound channel, a closed one), a channel of a class the JDK did not
 * make, and any channel when the JDK internals are not open to jgo (one note says so).
 *
 * <p>Each public method is a {@link Leaf} that parks through its {@link LeafPark} ({@link Await}).
 * On a resume the leaf's arguments are not passed again: the wait keeps them.
 */
public final class ChannelCalls {

    private static final String OWNER = "io.jgo.internal.blocking.ChannelCalls";
    private static final int READ_ID = MethodIds.of(OWNER, "read", "(Ljava/nio/channels/SocketChannel;Ljava/nio/ByteBuffer;)I");
    private static final int SCATTER_ID = MethodIds.of(OWNER, "read", "(Ljava/nio/channels/SocketChannel;[Ljava/nio/ByteBuffer;)J");
    private static final int SCATTER_RANGE_ID = MethodIds.of(OWNER, "read", "(Ljava/nio/channels/SocketChannel;[Ljava/nio/ByteBuffer;II)J");
    private static final int WRITE_ID = MethodIds.of(OWNER, "write", "(Ljava/nio/channels/SocketChannel;Ljava/nio/ByteBuffer;)I");
    private static final int GATHER_ID = MethodIds.of(OWNER, "write", "(Ljava/nio/channels/SocketChannel;[Ljava/nio/ByteBuffer;)J");
    private static final int GATHER_RANGE_ID = MethodIds.of(OWNER, "write", "(Ljava/nio/channels/SocketChannel;[Ljava/nio/ByteBuffer;II)J");
    private static final int ACCEPT_ID = MethodIds.of(OWNER, "accept", "(Ljava/nio/channels/ServerSocketChannel;)Ljava/nio/channels/SocketChannel;");
    private static final int FINISH_CONNECT_ID = MethodIds.of(OWNER, "finishConnect", "(Ljava/nio/channels/SocketChannel;)Z");

    /** What a leaf's park returns while its frame unwinds (the goroutine parked). */
    private static final Object UNWOUND = LeafPark.UNWOUND;

    private ChannelCalls() {
    }

    /** {@code ch.read(dst)}. */
    @Goroutine
    @Leaf
    public static int read(SocketChannel ch, ByteBuffer dst) throws IOException {
        Object w = READ.$jgo$park(Stack.current(), ch, dst, null, range(0, -1));
        if (w == UNWOUND) {
            return 0; // resumed in READ
        }
        if (w != null) {
            ChannelWait cw = (ChannelWait) w;
            ch = (SocketChannel) cw.ch;
            dst = (ByteBuffer) cw.buf;
        }
        boolean entered = enter(w);
        try {
            return ch.read(dst);
        } finally {
            exit(entered);
        }
    }

    /** {@code ch.read(dsts)}. */
    @Goroutine
    @Leaf
    public static long read(SocketChannel ch, ByteBuffer[] dsts) throws IOException {
        Object w = SCATTER.$jgo$park(Stack.current(), ch, dsts, null, range(0, dsts == null ? 0 : dsts.length));
        if (w == UNWOUND) {
            return 0;
        }
        if (w != null) {
            ChannelWait cw = (ChannelWait) w;
            ch = (SocketChannel) cw.ch;
            dsts = (ByteBuffer[]) cw.buf;
        }
        boolean entered = enter(w);
        try {
            return ch.read(dsts);
        } finally {
            exit(entered);
        }
    }

    /** {@code ch.read(dsts, offset, length)}. */
    @Goroutine
    @Leaf
    public static long read(SocketChannel ch, ByteBuffer[] dsts, int offset, int length) throws IOException {
        Object w = SCATTER_RANGE.$jgo$park(Stack.current(), ch, dsts, null, range(offset, length));
        if (w == UNWOUND) {
            return 0;
        }
        if (w != null) {
            ChannelWait cw = (ChannelWait) w;
            ch = (SocketChannel) cw.ch;
            dsts = (ByteBuffer[]) cw.buf;
            offset = cw.off;
            length = cw.len;
        }
        boolean entered = enter(w);
        try {
            return ch.read(dsts, offset, length);
        } finally {
            exit(entered);
        }
    }

    /** {@code ch.write(src)}: parks until the socket takes bytes; a blocking write then writes all of {@code src}. */
    @Goroutine
    @Leaf
    public static int write(SocketChannel ch, ByteBuffer src) throws IOException {
        Object w = WRITE.$jgo$park(Stack.current(), ch, src, null, range(0, -1));
        if (w == UNWOUND) {
            return 0;
        }
        if (w != null) {
            ChannelWait cw = (ChannelWait) w;
            ch = (SocketChannel) cw.ch;
            src = (ByteBuffer) cw.buf;
        }
        boolean entered = enter(w);
        try {
            return ch.write(src);
        } finally {
            exit(entered);
        }
    }

    /** {@code ch.write(srcs)}. */
    @Goroutine
    @Leaf
    public static long write(SocketChannel ch, ByteBuffer[] srcs) throws IOException {
        Object w = GATHER.$jgo$park(Stack.current(), ch, srcs, null, range(0, srcs == null ? 0 : srcs.length));
        if (w == UNWOUND) {
            return 0;
        }
        if (w != null) {
            ChannelWait cw = (ChannelWait) w;
            ch = (SocketChannel) cw.ch;
            srcs = (ByteBuffer[]) cw.buf;
        }
        boolean entered = enter(w);
        try {
            return ch.write(srcs);
        } finally {
            exit(entered);
        }
    }

    /** {@code ch.write(srcs, offset, length)}. */
    @Goroutine
    @Leaf
    public static long write(SocketChannel ch, ByteBuffer[] srcs, int offset, int length) throws IOException {
        Object w = GATHER_RANGE.$jgo$park(Stack.current(), ch, srcs, null, range(offset, length));
        if (w == UNWOUND) {
            return 0;
        }
        if (w != null) {
            ChannelWait cw = (ChannelWait) w;
            ch = (SocketChannel) cw.ch;
            srcs = (ByteBuffer[]) cw.buf;
            offset = cw.off;
            length = cw.len;
        }
        boolean entered = enter(w);
        try {
            return ch.write(srcs, offset, length);
        } finally {
            exit(entered);
        }
    }

    /** {@code ch.accept()}. */
    @Goroutine
    @Leaf
    public static SocketChannel accept(ServerSocketChannel ch) throws IOException {
        Object w = ACCEPT.$jgo$park(Stack.current(), ch, null, null, range(0, -1));
        if (w == UNWOUND) {
            return null;
        }
        if (w != null) {
            ch = (ServerSocketChannel) ((ChannelWait) w).ch;
        }
        boolean entered = enter(w);
        try {
            return ch.accept();
        } finally {
            exit(entered);
        }
    }

    /**
     * {@code ch.finishConnect()} on a blocking-mode channel whose connect is pending (started in
     * non-blocking mode before anything registered it, then put back in blocking mode: only
     * {@code io.jgo.internal.sockets} does that): parks until the poller sees the connect done
     * ({@code OP_CONNECT}, which the descriptor's write interest is for the length of the wait), then
     * finishes it as a syscall that returns at once: true, or the JDK's exception
     * ({@code ConnectException} when refused). A write deadline on the descriptor is the connect's
     * timeout ({@code SocketTimeoutException}); a close meanwhile is an {@link AsynchronousCloseException}.
     */
    @Goroutine
    @Leaf
    public static boolean finishConnect(SocketChannel ch) throws IOException {
        Object w = CONNECT.$jgo$park(Stack.current(), ch, null, null, range(0, -1));
        if (w == UNWOUND) {
            return false;
        }
        if (w != null) {
            ch = (SocketChannel) ((ChannelWait) w).ch;
        }
        boolean entered = enter(w);
        try {
            return ch.finishConnect();
        } finally {
            exit(entered);
        }
    }

    private static final Await READ = new Await(READ_ID, PollDesc.READ);
    private static final Await SCATTER = new Await(SCATTER_ID, PollDesc.READ);
    private static final Await SCATTER_RANGE = new Await(SCATTER_RANGE_ID, PollDesc.READ);
    private static final Await WRITE = new Await(WRITE_ID, PollDesc.WRITE);
    private static final Await GATHER = new Await(GATHER_ID, PollDesc.WRITE);
    private static final Await GATHER_RANGE = new Await(GATHER_RANGE_ID, PollDesc.WRITE);
    private static final Await ACCEPT = new Await(ACCEPT_ID, PollDesc.READ);
    private static final Await CONNECT = new Await(FINISH_CONNECT_ID, PollDesc.WRITE, true);

    /** {@link Await}'s last argument: a range's offset and length in one long. */
    private static long range(int off, int len) {
        return (long) off << 32 | (len & 0xFFFF_FFFFL);
    }

    /**
     * The leaves' steps, one instance per method: park until {@code ch} is ready for the mode, if
     * the call would block and parking is possible; after the wake, the finished wait. Arguments:
     * the channel, the buffer (or buffers), and the range's offset and length in one long.
     * Results: the finished {@link ChannelWait} holding the call's arguments (the caller makes the
     * call with them); null when the caller makes the call with its own arguments (no wait).
     * Throws {@link AsynchronousCloseException} when the channel was closed while the goroutine waited,
     * and {@link SocketTimeoutException} when a read deadline set by {@code io.jgo.internal.sockets}
     * (a {@code Socket}'s soTimeout) passed.
     */
    private static final class Await extends LeafPark<Stack, IOException> {
        private final int mode;
        /** A pending connect's wait: the write interest is OP_CONNECT while it lasts. */
        private final boolean connect;

        Await(int leaf, int mode) {
            this(leaf, mode, false);
        }

        Await(int leaf, int mode, boolean connect) {
            super(leaf, Stack.YIELD_PARK);
            this.mode = mode;
            this.connect = connect;
        }

        @Override
        protected Object start(Stack s, Object channel, Object buf, Object c, long range) throws SocketTimeoutException {
            Party g = PollDesc.parker(s);
            SelectableChannel ch = (SelectableChannel) channel;
            int off = (int) (range >>> 32);
            int len = (int) range;
            boolean blocks = connect ? ch instanceof SocketChannel && ((SocketChannel) ch).isConnectionPending()
                    : mayBlock(ch, mode, buf, off, len);
            if (g == null || Syscalls.inCall() || ch == null || !ch.isBlocking() || !blocks) {
                return null;
            }
            PollDesc pd = PollDesc.forBlockingChannel(Runtimes.of(g), ch);
            if (pd == null) {
                return null;
            }
            ChannelWait w = new ChannelWait(ch, pd, mode, buf, off, len);
            if (Interrupts.enterWait(g, w)) {
                return null; // interrupted: the call itself acts on it, as the JDK's does
            }
            if (connect) {
                // No write can wait while the connect is pending, so the write interest is the connect's
                // until the wait ends (the poller drops a fired write interest; resume sets it back).
                pd.writeInterest(SelectionKey.OP_CONNECT);
            }
            int r = pd.prepareWait(g, mode, w, null);
            if (r == PollDesc.PARKED) {
                return PARK;
            }
            if (connect) {
                pd.writeInterest(SelectionKey.OP_WRITE);
            }
            Interrupts.exitWait(g);
            if (r == PollDesc.TIMEOUT) { // a read deadline set by io.jgo.internal.sockets (a Socket's soTimeout)
                throw ChannelWait.timedOut(mode);
            }
            return null; // CLOSED: the call answers
        }

        @Override
        protected Object resume(Stack s, Object channel, Object buf, Object c, long range)
                throws AsynchronousCloseException, SocketTimeoutException {
            Party g = PollDesc.parker(s);
            ChannelWait w = (ChannelWait) PollDesc.afterPark(g);
            Interrupts.exitWait(g);
            if (connect) {
                w.pd.writeInterest(SelectionKey.OP_WRITE);
            }
            return w.after();
        }
    }

    /**
     * The syscall policy of the call: after a wait the poller said the socket is ready and the call
     * returns at once, so the P is not handed off up front (sysmon retakes it if the call lasts, as
     * when another thread took the bytes first); without a wait the call may block: handed off.
     * (A thousand readers woken together, each handing its P on at once, made hundreds of threads.)
     */
    private static Syscalls.Policy afterWait(Object w) {
        return w != null ? Syscalls.Policy.RETAKE_IF_IT_LASTS : Syscalls.Policy.HAND_OFF_AT_ONCE;
    }

    /** Enters the call's syscall ({@link Syscalls#enter}); true if entered, for {@link #exit}. */
    private static boolean enter(Object w) {
        return Syscalls.enter(afterWait(w));
    }

    /** Leaves the syscall {@link #enter} entered, if it did. */
    private static void exit(boolean entered) {
        if (entered) {
            Syscalls.exit();
        }
    }

    /**
     * Would the call block a blocking-mode channel? Not with nothing to read into or write (the JDK
     * returns 0), nor on an unconnected or unbound or closed channel (the JDK throws): those are
     * called at once. A bad argument also goes to the call, which throws the JDK's exception.
     */
    private static boolean mayBlock(SelectableChannel ch, int mode, Object buf, int off, int len) {
        if (ch instanceof SocketChannel) {
            if (!((SocketChannel) ch).isConnected() || buf == null) {
                return false;
            }
            if (buf instanceof ByteBuffer) {
                return ((ByteBuffer) buf).hasRemaining();
            }
            ByteBuffer[] bufs = (ByteBuffer[]) buf;
            if (off < 0 || len < 0 || off > bufs.length - len) {
                return false;
            }
            for (int i = off; i < off + len; i++) {
                if (bufs[i] == null) {
                    return false;
                }
                if (bufs[i].hasRemaining()) {
                    return true;
                }
            }
            return false;
        }
        if (ch instanceof ServerSocketChannel) {
            try {
                return ((ServerSocketChannel) ch).getLocalAddress() != null;
            } catch (IOException e) {
                return false; // closed: accept throws
            }
        }
        return false;
    }

    /** One wait's arguments and state, kept across the park; also the interrupt hook of the wait. */
    private static final class ChannelWait implements Interrupts.Wait {
        final SelectableChannel ch;
        final PollDesc pd;
        final int mode;
        final Object buf;
        final int off;
        final int len;

        ChannelWait(SelectableChannel ch, PollDesc pd, int mode, Object buf, int off, int len) {
            this.ch = ch;
            this.pd = pd;
            this.mode = mode;
            this.buf = buf;
            this.off = off;
            this.len = len;
        }

        /** The goroutine waited and runs again: a close meanwhile is the JDK's asynchronous close. */
        ChannelWait after() throws AsynchronousCloseException, SocketTimeoutException {
            if (!ch.isOpen()) {
                throw new AsynchronousCloseException();
            }
            if (pd.check(mode) == PollDesc.TIMEOUT) {
                throw timedOut(mode);
            }
            return this;
        }

        /**
         * Only a {@code java.net.Socket}'s {@code soTimeout} sets a deadline on a blocking channel's
         * descriptor ({@code io.jgo.internal.sockets}): its wait ends as the JDK's timed read does, with
         * the socket still usable.
         */
        static SocketTimeoutException timedOut(int mode) {
            // a write deadline is only ever a connect's (Waits.connect), whose caller says "Connect timed out"
            return new SocketTimeoutException(mode == PollDesc.READ ? "Read timed out" : "Write timed out");
        }

        @Override
        public void interrupt() {
            pd.wake(mode);
        }
    }
}
