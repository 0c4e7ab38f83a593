package io.jgo;

import io.jgo.internal.cont.Leaf;
import io.jgo.internal.cont.LeafPark;
import io.jgo.internal.cont.MethodIds;
import io.jgo.internal.Stack;
import io.jgo.internal.chan.HChan;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Objects;

/**
 * Go's {@code chan T}: {@link #make} one, {@link #send}, {@link #recv} or {@link #recvOk}, and
 * {@link #close}. Unbuffered ({@code make(0)}) channels hand each value from a sender directly to a
 * receiver; buffered ones hold up to {@link #cap} values. Blocking operations park the calling
 * goroutine, not its carrier; from a plain Java thread they block that thread, so threads and
 * goroutines (of any runtime) can talk over the same channel. Waiters are served first come,
 * first served.
 *
 * <p>Go's rules: {@code send} on a closed channel and {@code close} of a closed channel panic
 * ({@link PanicException}); a receive from a closed channel returns what is still buffered, then
 * {@code null} ({@link #recvOk} tells a closed channel apart with {@code ok() == false}).
 * {@code send(null)} throws {@link NullPointerException}. Iterating ({@code for (T v : ch)})
 * receives until the channel is closed and drained. A {@code null} channel in a {@link Select}
 * case is never ready (Go's nil channel).
 *
 * @param <T> element type
 */
public final class Chan<T> implements Iterable<T> {

    private static final int SEND_ID = MethodIds.of("io.jgo.Chan", "send", "(Ljava/lang/Object;)V");
    private static final int RECV_ID = MethodIds.of("io.jgo.Chan", "recv", "()Ljava/lang/Object;");
    private static final int RECV_OK_ID = MethodIds.of("io.jgo.Chan", "recvOk", "()Lio/jgo/Chan$Result;");
    @SuppressWarnings("rawtypes")
    static final Result CLOSED_RESULT = new Result<>(null, false);

    final HChan core;
    /** The last {@link Select#recv} case made for this channel, reused while its body is the same (racy, immutable). */
    Select.Case recvCase;

    private Chan(HChan core) {
        this.core = core;
    }

    /**
     * A channel with room for {@code capacity} values; 0 makes an unbuffered channel.
     *
     * @throws IllegalArgumentException for a negative capacity (a bad argument: see the package note)
     */
    public static <T> Chan<T> make(int capacity) {
        return new Chan<>(new HChan(capacity, null));
    }

    /** An unbuffered channel: {@code make(0)}. */
    public static <T> Chan<T> make() {
        return make(0);
    }

    /** {@code timer}'s channel (Go 1.23: one slot, len and cap 0, drained on stop and reset). */
    static <T> Chan<T> makeTimer(io.jgo.internal.chan.ChanTimer timer) {
        return new Chan<>(new HChan(1, timer));
    }

    /**
     * Sends {@code v}: hands it to a waiting receiver, or buffers it, or waits until one of those
     * is possible.
     *
     * @throws NullPointerException when {@code v} is null
     * @throws PanicException "send on closed channel"
     */
    @Goroutine
    @Leaf
    public void send(T v) {
        SEND.$jgo$park(Stack.current(), core, v, null, 0);
    }

    /** {@link #send}'s steps: send, or park until a receiver takes the value or a close wakes us. */
    private static final LeafPark<Stack, RuntimeException> SEND = new LeafPark<>(SEND_ID, Stack.YIELD_PARK) {
        @Override
        protected Object start(Stack s, Object core, Object v, Object c, long n) {
            Objects.requireNonNull(v, "send(null): a channel carries no nulls (a receive from a closed channel returns null)");
            return ((HChan) core).send(v, s, true) == HChan.MUST_PARK ? PARK : null;
        }

        @Override
        protected Object resume(Stack s, Object core, Object v, Object c, long n) {
            HChan.finishSend(s); // a receiver took the value, or a close woke us (then it panics)
            return null;
        }
    };

    /**
     * Receives a value, waiting until there is one; {@code null} when the channel is closed and
     * drained.
     */
    @Goroutine
    @Leaf
    @SuppressWarnings("unchecked")
    public T recv() {
        Object v = RECV.$jgo$park(Stack.current(), core, null, null, 0);
        return v == LeafPark.UNWOUND || v == HChan.CLOSED ? null : (T) v; // null while unwinding: resumed in RECV
    }

    /** As {@link #recv}, telling a value ({@code ok() == true}) from a closed, drained channel. */
    @Goroutine
    @Leaf
    @SuppressWarnings("unchecked")
    public Result<T> recvOk() {
        Object v = RECV_OK.$jgo$park(Stack.current(), core, null, null, 0);
        if (v == LeafPark.UNWOUND) {
            return null; // unwinding; resumed in RECV_OK
        }
        return v == HChan.CLOSED ? CLOSED_RESULT : new Result<>((T) v, true);
    }

    private static final Receive RECV = new Receive(RECV_ID);
    private static final Receive RECV_OK = new Receive(RECV_OK_ID);

    /**
     * The receive leaves' steps, one class for {@link #recv}, {@link #recvOk} and the iterator's
     * {@code hasNext} and {@code next} (one instance per method id): receive, parking if there is
     * nothing yet; after the wake, collect what the sender or the close left. Arguments: the
     * channel's core, and an iterator whose value fetched ahead by {@code hasNext} (or whose end)
     * answers before a receive when not resuming, or null. Results: the value, or
     * {@link HChan#CLOSED} (closed and drained).
     */
    private static final class Receive extends LeafPark<Stack, RuntimeException> {
        Receive(int leaf) {
            super(leaf, Stack.YIELD_PARK);
        }

        @Override
        protected Object start(Stack s, Object core, Object iterator, Object c, long n) {
            if (iterator != null) {
                Receiver<?> it = (Receiver<?>) iterator;
                if (it.ahead != null) {
                    return it.ahead;
                }
                if (it.drained) {
                    return HChan.CLOSED;
                }
            }
            Object v = ((HChan) core).recv(s, true);
            return v == HChan.PARK ? PARK : v;
        }

        @Override
        protected Object resume(Stack s, Object core, Object iterator, Object c, long n) {
            return ((HChan) core).finishRecv(s);
        }
    }

    /**
     * Sends {@code v} only if that needs no waiting (Go's {@code select} with a send case and a
     * default); allocates nothing.
     *
     * @return whether the value was sent
     * @throws NullPointerException when {@code v} is null
     * @throws PanicException "send on closed channel"
     */
    public boolean trySend(T v) {
        Objects.requireNonNull(v, "trySend(null)");
        return core.send(v, Stack.current(), false) == HChan.SENT;
    }

    /**
     * Receives a value only if that needs no waiting (Go's {@code select} with a receive case and a
     * default); allocates nothing.
     *
     * @return the value, or null when nothing is ready or the channel is closed and drained
     */
    @SuppressWarnings("unchecked")
    public T tryRecv() {
        Object v = core.recv(Stack.current(), false);
        return v == HChan.EMPTY || v == HChan.CLOSED ? null : (T) v;
    }

    /**
     * Closes the channel: receivers drain what is buffered and then get {@code null} (or
     * {@code ok() == false}); waiting senders panic.
     *
     * @throws PanicException "close of closed channel"
     */
    public void close() {
        core.close(Stack.current());
    }

    /**
     * Closes {@code ch}, as Go's {@code close(ch)}, nil channel included. A null {@code Chan} is Go's
     * nil channel (a select case on it is never ready), a value a program may hold; closing it is
     * misuse of that value, which Go reports with a panic, so this gives Go's panic where
     * {@code ch.close()} would give a {@code NullPointerException}. For code ported from Go that
     * closes a channel which may be nil.
     *
     * @throws PanicException "close of nil channel" when {@code ch} is null, "close of closed channel"
     */
    public static void close(Chan<?> ch) {
        if (ch == null) {
            throw new PanicException("close of nil channel");
        }
        ch.close();
    }

    /** Values buffered now. */
    public int len() {
        return core.len();
    }

    /** Buffer capacity (0 for an unbuffered channel). */
    public int cap() {
        return core.cap();
    }

    /**
     * Receives until the channel is closed and drained. {@code hasNext} waits for the next value (it
     * is a suspension point, as every {@code Iterator} call in rewritten code is).
     */
    @Override
    public Iterator<T> iterator() {
        return new Receiver<>(core);
    }

    @Override
    public String toString() {
        return "Chan[len=" + len() + ", cap=" + cap() + "]";
    }

    /** A receive's outcome: {@code ok()} is false when the channel was closed and drained (then {@code value()} is null). */
    public record Result<T>(T value, boolean ok) {
    }

    /** The iterator: one value fetched ahead by {@link #hasNext}. Not thread-safe, like any iterator. */
    private static final class Receiver<T> implements Iterator<T> {

        private static final int HAS_NEXT_ID = MethodIds.of("io.jgo.Chan$Receiver", "hasNext", "()Z");
        private static final int NEXT_ID = MethodIds.of("io.jgo.Chan$Receiver", "next", "()Ljava/lang/Object;");

        private final HChan core;
        /** The value fetched by hasNext and not yet returned by next, or null. */
        private Object ahead;
        private boolean drained;

        Receiver(HChan core) {
            this.core = core;
        }

        private static final Receive HAS_NEXT = new Receive(HAS_NEXT_ID);
        private static final Receive NEXT = new Receive(NEXT_ID);

        @Override
        @Goroutine
        @Leaf
        public boolean hasNext() {
            Object v = HAS_NEXT.$jgo$park(Stack.current(), core, this, null, 0); // the value ahead, or CLOSED once drained
            if (v == LeafPark.UNWOUND) {
                return false; // unwinding; resumed in HAS_NEXT
            }
            if (v == HChan.CLOSED) {
                drained = true;
                return false;
            }
            ahead = v;
            return true;
        }

        @Override
        @Goroutine
        @Leaf
        @SuppressWarnings("unchecked")
        public T next() {
            Object v = NEXT.$jgo$park(Stack.current(), core, this, null, 0); // the value ahead, or CLOSED once drained
            if (v == LeafPark.UNWOUND) {
                return null; // unwinding; resumed in NEXT
            }
            ahead = null; // taken (it was null unless v is it)
            if (v == HChan.CLOSED) {
                drained = true;
                throw new NoSuchElementException("channel closed and drained");
            }
            return (T) v;
        }
    }
}
