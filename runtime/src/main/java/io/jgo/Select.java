package io.jgo;

import io.jgo.internal.MethodIds;
import io.jgo.internal.Stack;
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

    private static final int SELECT_ID = MethodIds.of("io.jgo.Select", "select", "([Lio/jgo/Select$Case;)I");
    /** Label of select's own record while a case body is suspended (label 1 is the wait's, from suspendLeaf). */
    private static final int LABEL_BODY = 2;
    /** The call-site id select hands to a case body, so the body may unwind straight into select. */
    private static final long BODY_SITE = (long) SELECT_ID << 32 | LABEL_BODY | Stack.VIRTUAL_SITE;

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
     * returns its index in {@code cases}.
     *
     * <p>Hand-written resumable frame: as a leaf it parks like a channel operation (record label 1,
     * pushed by {@code suspendLeaf}); as a middle frame, when a case body suspends, it saves the
     * case index and the body's argument under {@link #LABEL_BODY} and unwinds into its caller,
     * following the protocol of {@code io.jgo.internal.Stack} exactly as rewritten code does.
     *
     * @throws PanicException "send on closed channel" from a send case
     * @throws IllegalArgumentException for more than one otherwise case
     */
    @Goroutine
    @SuppressWarnings("unchecked")
    public static int select(Case... cases) {
        Stack s = Stack.current();
        long via = s.takeCallSite();
        Object recv = s.callee; // meaningless for this static method's callers, passed on as the protocol asks
        // On resume the caller passes no arguments (rewritten call sites re-invoke with defaults):
        // whatever select needs afterwards comes from its own record or from its SelectOp.
        int i;
        Case c;
        Object arg;
        if (s.isResuming()) {
            int label = s.onAttention(SELECT_ID); // pops select's own record
            if (label == LABEL_BODY) {
                i = s.restoreI(0);
                c = (Case) s.restoreA(0);
                arg = s.restoreA(1);
            } else {
                SelectOp op = SelectOp.resumed(s);
                i = op.fired;
                c = ((Case[]) op.cases)[i];
                arg = argument(c, op);
                op.release(s);
            }
        } else {
            // The stack's reusable record (a select that does not park allocates nothing); it goes
            // back once the outcome is read, before the body runs (a body may select again).
            SelectOp op = SelectOp.acquire(s, cases.length, s.isGoroutine());
            op.cases = cases;
            int otherwise = -1;
            for (int k = 0; k < cases.length; k++) {
                Case ck = cases[k];
                if (ck.kind == OTHERWISE) {
                    if (otherwise >= 0) {
                        throw new IllegalArgumentException("select: more than one otherwise case");
                    }
                    otherwise = k;
                } else if (ck.chan != null) {
                    op.set(k, ck.chan.core, ck.kind == SEND ? SelectOp.SEND : SelectOp.RECV, ck.value);
                }
            }
            i = op.run(s, otherwise >= 0);
            if (i == SelectOp.MUST_PARK) {
                if (s.suspendLeaf(via, SELECT_ID, Stack.YIELD_PARK)) {
                    return 0; // unwinding; resumed above
                }
                op = SelectOp.resumed(s); // pinned: the wait is over
                i = op.fired;
            } else if (i == SelectOp.DEFAULT) {
                i = otherwise;
            }
            c = cases[i];
            arg = argument(c, op);
            op.release(s);
        }
        for (;;) {
            if (c.body == null) {
                return i;
            }
            // The body's frame checks that its caller is the frame that handed it BODY_SITE, so the
            // interface call must be made right here, in select's own frame (not in a helper).
            s.callSite = BODY_SITE;
            s.callee = c.body; // an interface call: the body's class decides what runs first
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
            s.callSite = 0; // a body that was not rewritten left the handshake untaken
            if (!s.suspending) {
                return i;
            }
            // The body suspended: save this frame (case index, case, argument) and unwind, as a rewritten frame does.
            s.pushFrame(SELECT_ID, LABEL_BODY, 1, 2);
            Stack.saveI(i, s, 0);
            Stack.saveA(c, s, 0);
            Stack.saveA(arg, s, 1);
            if (s.mayUnwind(via, SELECT_ID, recv)) {
                return 0;
            }
            s.pinAfterSave(); // our caller is not a rewritten call site: block here, then resume the body
            s.restoreA(0);    // clear the slots of the record pinAfterSave took back
            s.restoreA(1);
        }
    }

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
