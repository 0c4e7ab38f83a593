package io.jgo;

import io.jgo.internal.Stack;
import io.jgo.internal.chan.SelectLeaf;
import io.jgo.internal.chan.SelectOp;

/**
 * Go's {@code select}: waits until one of several channel operations can proceed, performs it and
 * runs that case's body.
 *
 * <pre>{@code
 * int i = Select.select(
 *         Select.recv(jobs, job -> handle(job)),
 *         Select.recvOk(results, r -> { if (!r.ok()) done = true; }),
 *         Select.send(out, value, () -> sent++),
 *         Select.recv(Go.after(Duration.ofSeconds(1)), t -> timedOut = true));
 * }</pre>
 *
 * Among the cases ready at once, one is picked uniformly at random. Without a ready case the
 * select waits, unless an {@link #otherwise} case is present, which then runs instead. A case on a
 * {@code null} channel is never ready (Go's nil channel, to switch a case off); a select with only
 * such cases and no {@code otherwise} blocks forever. A send case on a closed channel panics.
 *
 * <p>Case bodies are {@link OnRecv}, {@link OnRecvOk} and {@link Body}: jgo's functional interfaces
 * whose single method is {@code @Goroutine}, so a body may call {@code @Goroutine} methods and
 * suspend like any goroutine code. A body may be null (nothing to run).
 */
public final class Select {

    private static final int RECV = 0;
    private static final int RECV_OK = 1;
    private static final int SEND = 2;
    private static final int OTHERWISE = 3;

    private Select() {
    }

    /** Body of a receive case: gets the value received (null when the channel is closed). */
    @FunctionalInterface
    public interface OnRecv<T> {
        @Goroutine
        void accept(T value);
    }

    /** Body of a {@link #recvOk} case: gets the value and whether the channel was open. */
    @FunctionalInterface
    public interface OnRecvOk<T> {
        @Goroutine
        void accept(Chan.Result<T> result);
    }

    /** Body of a send or otherwise case. */
    @FunctionalInterface
    public interface Body {
        @Goroutine
        void run();
    }

    /** One case of a select; made by {@link #recv}, {@link #recvOk}, {@link #send}, {@link #otherwise}. */
    public static final class Case {
        final int kind;
        final Chan<?> chan;
        final Object value;
        final Object body;

        private Case(int kind, Chan<?> chan, Object value, Object body) {
            this.kind = kind;
            this.chan = chan;
            this.value = value;
            this.body = body;
        }
    }

    /**
     * Receive from {@code ch} ({@code null}: never ready), then run {@code body} with the value (null if closed).
     * A select in a loop that passes the same body each time (a lambda that captures nothing, or
     * none) gets the same case back: the channel keeps its last receive case.
     */
    public static <T> Case recv(Chan<T> ch, OnRecv<? super T> body) {
        if (ch == null) {
            return new Case(RECV, null, null, body);
        }
        // Racy by design: a Case is immutable (final fields, safely published by any read), so a
        // stale or missing cache entry only costs an allocation.
        Case c = ch.recvCase;
        if (c == null || c.body != body) {
            c = new Case(RECV, ch, null, body);
            ch.recvCase = c;
        }
        return c;
    }

    /** Receive from {@code ch}, then run {@code body} with value and ok flag. */
    public static <T> Case recvOk(Chan<T> ch, OnRecvOk<T> body) {
        return new Case(RECV_OK, ch, null, body);
    }

    /**
     * Send {@code v} on {@code ch}, then run {@code body}.
     *
     * @throws NullPointerException when {@code v} is null
     */
    public static <T> Case send(Chan<T> ch, T v, Body body) {
        if (v == null) {
            throw new NullPointerException("send(null): a channel carries no nulls");
        }
        return new Case(SEND, ch, v, body);
    }

    /** Go's {@code default}: runs when no other case is ready. At most one per select. */
    public static Case otherwise(Body body) {
        return new Case(OTHERWISE, null, null, body);
    }

    /**
     * Waits until a case can proceed (or runs {@code otherwise}), performs it, runs its body and
     * returns its index in {@code cases}. The waiting is {@code SelectLeaf}'s, a leaf;
     * this method, bodies included, is ordinary {@code @Goroutine} code.
     *
     * @throws PanicException "send on closed channel" from a send case
     * @throws IllegalArgumentException for more than one otherwise case
     */
    @Goroutine
    @SuppressWarnings("unchecked")
    public static int select(Case... cases) {
        SelectOp op = SelectLeaf.select(cases, DESCRIBE);
        int i = op.fired;
        Case c = cases[i];
        Object arg = argument(c, op);
        op.release(Stack.current()); // before the body runs: a body may select again
        if (c.body != null) {
            switch (c.kind) {
                case RECV:
                    ((OnRecv<Object>) c.body).accept(arg);
                    break;
                case RECV_OK:
                    ((OnRecvOk<Object>) c.body).accept((Chan.Result<Object>) arg);
                    break;
                default:
                    ((Body) c.body).run();
            }
        }
        return i;
    }

    /** Fills a select record from the API's cases, for {@link SelectLeaf}. */
    private static final SelectLeaf.Cases DESCRIBE = (op, cs) -> {
        int otherwise = -1;
        for (int k = 0; k < cs.length; k++) {
            Case ck = (Case) cs[k];
            if (ck.kind == OTHERWISE) {
                if (otherwise >= 0) {
                    throw new IllegalArgumentException("select: more than one otherwise case");
                }
                otherwise = k;
            } else if (ck.chan != null) {
                op.set(k, ck.chan.core, ck.kind == SEND ? SelectOp.SEND : SelectOp.RECV, ck.value);
            }
        }
        return otherwise;
    };

    /** What the body of case {@code c} gets: the value, a Result, or nothing. */
    private static Object argument(Case c, SelectOp op) {
        if (c.kind == RECV) {
            return op.received;
        }
        if (c.kind == RECV_OK) {
            return op.ok ? new Chan.Result<>(op.received, true) : Chan.CLOSED_RESULT;
        }
        return null;
    }
}
