package io.jgo.internal.coroutine;

import io.jgo.internal.cont.Leaf;
import io.jgo.internal.cont.LeafPark;
import io.jgo.internal.cont.StackAccess;
import io.jgo.Goroutine;
import io.jgo.internal.Stack;
import io.jgo.internal.cont.Continuation;
import io.jgo.internal.cont.Entry;
import io.jgo.internal.cont.MethodIds;
import io.jgo.internal.cont.ThreadStacks;

/**
 * Runs a body as a continuation on the calling thread, one step at a time: the smallest driver of
 * the continuation machinery, used by tests and by the suspend/resume benchmark. The scheduler's g0
 * loop does the same thing with a run queue around it. Not thread-safe: one thread steps it at a time.
 */
public final class Coroutine implements Continuation.Owner {

    private static final int SUSPEND_ID = MethodIds.of(Coroutine.class.getName(), "suspend", "()V");

    private final Runnable body;
    private final Stack stack = new Stack(this);
    private final boolean suspendEveryPoint;
    private boolean done;
    private int pins;
    private long reenteredAlone;

    public Coroutine(Runnable body) {
        this(body, false);
    }

    /**
     * A coroutine for tests of the rewrite. With {@code suspendEveryPoint}, every step also asks
     * for a preemption, so the body suspends at the next rewritten prologue or loop poll it reaches
     * after the resumed frames are back in place, not only at its yield primitives: every call of a
     * rewritten method, and every loop iteration, becomes a suspension and a resume of the whole
     * logical stack. (A frame that cannot unwind there carries on, as a preemption always may.)
     */
    public Coroutine(Runnable body, boolean suspendEveryPoint) {
        this.body = body;
        this.suspendEveryPoint = suspendEveryPoint;
    }

    /**
     * Runs the body until it suspends (returns true) or ends (returns false). An exception escaping
     * the body ends the coroutine and propagates.
     */
    public boolean resume() {
        if (done) {
            throw new IllegalStateException("the coroutine has ended");
        }
        Continuation before = ThreadStacks.installOnCurrentThread(stack);
        boolean finished = true;
        try {
            if (suspendEveryPoint) {
                StackAccess.requestPreempt(stack); // taken by the first prologue or poll after the resume (RESUMING comes first)
            }
            reenteredAlone += Entry.run(stack, body);
            finished = !StackAccess.suspending(stack);
        } finally {
            ThreadStacks.installOnCurrentThread(before);
            if (finished) {
                done = true;
                StackAccess.reset(stack);
            }
        }
        if (finished) {
            return false;
        }
        StackAccess.endUnwind(stack);
        return true;
    }

    /** Runs the body to its end, resuming it after every suspension; returns how many times it suspended. */
    public int runToEnd() {
        int suspensions = 0;
        while (resume()) {
            suspensions++;
        }
        return suspensions;
    }

    public boolean isDone() {
        return done;
    }

    public Stack stack() {
        return stack;
    }

    /** How many frames were re-entered alone, the lazy way ({@link Entry}), so far. */
    public long reenteredAlone() {
        return reenteredAlone;
    }

    /** How many times the body could not unwind and carried on in place instead. */
    public int pins() {
        return pins;
    }

    @Override
    public void parkPinned(Continuation s, int kind) {
        pins++; // nothing to wait for: a coroutine's yields are all "carry on later", so carry on now
    }

    /** Suspends the running coroutine or goroutine (a leaf primitive). Outside one, does nothing. */
    @Goroutine
    @Leaf
    public static void suspend() {
        SUSPEND.$jgo$park(Stack.current(), null, null, null, 0);
    }

    /** {@link #suspend}'s steps: a goroutine or coroutine yields (a pinned one carries on at once); anything else does nothing. */
    private static final LeafPark<Stack, RuntimeException> SUSPEND = new LeafPark<>(SUSPEND_ID, Stack.YIELD_GOSCHED) {
        @Override
        protected Object start(Stack s, Object a, Object b, Object c, long n) {
            return s.isGoroutine() ? PARK : null;
        }

        @Override
        protected Object resume(Stack s, Object a, Object b, Object c, long n) {
            return null;
        }
    };
}
