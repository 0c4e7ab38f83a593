package io.jgo.net;

import io.jgo.Context;
import io.jgo.internal.Stack;
import io.jgo.internal.cont.LeafPark;
import io.jgo.internal.poll.PollDesc;
import java.io.IOException;

/**
 * The steps of a network leaf ({@link Conn#read}, {@link Conn#write} and their context forms,
 * {@link Listener#accept}, {@link PacketConn#readFrom}, {@link PacketConn#writeTo}): Go's
 * {@code fd.Read} loop. Check the descriptor (closed, deadline passed), try the call, and while it
 * would block wait on the poll descriptor for the mode and try again; the outcome is read from the
 * state after every wake-up, never from the wake-up. The park itself is {@link LeafPark}'s: a
 * goroutine's wait ends the step with {@link #PARK}, and {@link #resume} picks the loop up again
 * after the wake (a plain thread waits inside {@code PollDesc.prepareWait}).
 *
 * <p>Arguments of {@code $jgo$park}: the receiver (a {@code Conn}, {@code Listener} or
 * {@code PacketConn}) and the call's own two; for a leaf made {@code withContext}, the second is
 * the {@link Context} whose end fails the call ({@link CtxWait}: kept across the park as the
 * waiter's element, stopped when the call ends).
 */
abstract class NetLeaf extends LeafPark<Stack, IOException> {

    /** {@link #attempt}'s answer: progress was made, try again (a write that wrote part of its buffer). */
    static final Object AGAIN = new Object();
    /** A result for a call that returns nothing. */
    static final Object DONE = new Object();

    private final int mode;
    private final String op;
    private final boolean withContext;

    /**
     * The steps of leaf {@code leaf} waiting for {@code mode} ({@code PollDesc.READ} or
     * {@code WRITE}); {@code op} names the operation in failures ("read", "accept").
     */
    NetLeaf(int leaf, int mode, String op, boolean withContext) {
        super(leaf, Stack.YIELD_PARK);
        this.mode = mode;
        this.op = op;
        this.withContext = withContext;
    }

    /** The poll descriptor of {@code self}. */
    abstract PollDesc pd(Object self);

    /** One try of the call: its result, {@link #AGAIN} after progress, or null when it would block. */
    abstract Object attempt(Object self, Object arg, Object arg2) throws IOException;

    /** The call's result when it is over before any check (a write with nothing left to write), else null. */
    Object finished(Object self, Object arg, Object arg2) {
        return null;
    }

    @Override
    protected final Object start(Stack s, Object self, Object arg, Object arg2, long n) throws IOException {
        CtxWait w = withContext ? CtxWait.start((Context) arg2, pd(self), mode, op, self) : null;
        return loop(s, self, arg, arg2, w, false);
    }

    @Override
    protected final Object resume(Stack s, Object self, Object arg, Object arg2, long n) throws IOException {
        Object keep = PollDesc.afterPark(PollDesc.parker(s));
        return loop(s, self, arg, arg2, withContext ? (CtxWait) keep : null, true);
    }

    private Object loop(Stack s, Object self, Object arg, Object arg2, CtxWait w, boolean waited) throws IOException {
        PollDesc pd = pd(self);
        boolean parked = false;
        try {
            for (;;) {
                Object r = finished(self, arg, arg2);
                if (r != null) {
                    return r;
                }
                Conn.fail(pd.check(mode), waited, op);
                if (w != null && w.getAsBoolean()) {
                    throw w.ended(op + " " + self);
                }
                r = attempt(self, arg, arg2);
                if (r == AGAIN) {
                    continue;
                }
                if (r != null) {
                    return r;
                }
                int outcome = pd.prepareWait(PollDesc.parker(s), mode, w, w);
                if (outcome == PollDesc.PARKED) {
                    parked = true; // w stays registered across the park; resume gets it back
                    return PARK;
                }
                if (outcome == PollDesc.CANCELED) {
                    throw w.ended(op + " " + self);
                }
                Conn.fail(outcome, waited, op);
                waited = true;
            }
        } finally {
            if (w != null && !parked) {
                w.stop();
            }
        }
    }
}
