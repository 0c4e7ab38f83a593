package io.jgo.internal.cont;

/**
 * The one place that speaks the continuation-leaf protocol for a park or a yield (take the call
 * site; either resume, popping the leaf's empty record, or start and, if the leaf must wait,
 * suspend), as kotlinx.coroutines' {@code suspendCancellableCoroutine} is the one seam of a
 * suspending leaf there. A leaf (a {@link Leaf}-marked {@code @Goroutine} method) holds one
 * {@code LeafPark} per method id, a stateless constant, and calls {@link #$jgo$park} first thing,
 * passing its arguments; it returns what that returns, or a dummy value when that returns
 * {@link #UNWOUND}. What the leaf does is in two steps it implements:
 * <ul>
 * <li>{@link #start}: the first entry. Does the work if it needs no waiting and returns the result;
 *     else prepares the park (enqueues a waiter, {@code Parking.prepare}, arms a timer) and returns
 *     {@link #PARK}.</li>
 * <li>{@link #resume}: the wait is over (the goroutine was readied and re-entered, or it was pinned
 *     and its carrier waited): collects the outcome the waker left and returns the result, or
 *     prepares another park and returns {@link #PARK} (a network call retries).</li>
 * </ul>
 * Neither step may call rewritten code (it would take or clear the handshake the leaf's caller
 * set), and a resumed call gets back only what its caller's record restores: the receiver and
 * arguments of a virtual call, default arguments (null, 0) for a static one; a step keeps what it
 * needs across the park in its waiter.
 *
 * <p>Cancellation, deadlines and interrupts are the steps' business (a waiter, a timer, an
 * {@code Interrupts} entry), as in kotlinx where the helper is generic over them: here the helper is
 * generic over the continuation, and the park seam below ({@code sched.park.Parking}) over the rest.
 *
 * <h2>Cost</h2>
 * A leaf passes a {@code static final} instance, so once {@link #$jgo$park} is inlined into the leaf
 * the JIT knows the steps' exact class and inlines them too: a channel operation that does not wait
 * costs what the hand-written copy did (the extra arguments are dead values). Arguments are
 * {@code Object}s and one {@code long}; a leaf with more kinds of argument keeps one instance per
 * constant flag ({@code WaitList}'s lifo), or passes a small holder it needs anyway.
 *
 * <h2>Adjacency</h2>
 * The {@code $jgo$} prefix makes {@link #$jgo$park}'s frame continuation machinery for the adjacency
 * check ({@code Adjacency.isMachinery}), so the frame that suspends is the leaf itself, right above
 * the rewritten call site that called it. The steps have returned before the suspension.
 *
 * @param <S> the stack type the steps work with (the contract's {@code io.jgo.internal.Stack})
 * @param <X> the checked exception the steps may throw ({@code RuntimeException} for none)
 */
public abstract class LeafPark<S extends Continuation, X extends Throwable> {

    /** {@link #start}'s or {@link #resume}'s answer: the park is prepared, suspend. */
    public static final Object PARK = new Object() {
        @Override
        public String toString() {
            return "LeafPark.PARK";
        }
    };

    /** {@link #$jgo$park}'s answer while the leaf's frame unwinds: return a dummy value at once. */
    public static final Object UNWOUND = new Object() {
        @Override
        public String toString() {
            return "LeafPark.UNWOUND";
        }
    };

    private final int me;
    private final int yieldKind;

    /**
     * The park of the leaf whose method id is {@code me} ({@code MethodIds.of}), yielding as
     * {@code yieldKind} ({@code Continuation.YIELD_PARK}, or {@code YIELD_GOSCHED} for a yield that
     * only gives the processor up).
     */
    protected LeafPark(int me, int yieldKind) {
        this.me = me;
        this.yieldKind = yieldKind;
    }

    /** The first entry: the result, or {@link #PARK} once the park is prepared. Owner; no rewritten code. */
    protected abstract Object start(S s, Object a, Object b, Object c, long n) throws X;

    /** The wait is over: the result, or {@link #PARK} once another park is prepared. Owner; no rewritten code. */
    protected abstract Object resume(S s, Object a, Object b, Object c, long n) throws X;

    /**
     * Runs the leaf: the protocol, once for every leaf. Returns the leaf's result, or
     * {@link #UNWOUND} when the goroutine parked and the leaf must return at once (it is called
     * again when the goroutine is readied, and {@link #resume} answers then). A goroutine whose
     * frames cannot unwind waits on its carrier inside {@code suspendLeaf} and carries on here.
     * Must be the leaf's first call, on the leaf's own stack {@code s}.
     */
    public final Object $jgo$park(S s, Object a, Object b, Object c, long n) throws X {
        long via = s.takeCallSite();
        Object r;
        if (s.isResuming()) {
            s.resumeLeaf();
            r = resume(s, a, b, c, n);
        } else {
            r = start(s, a, b, c, n);
        }
        while (r == PARK) {
            if (s.suspendLeaf(via, me, yieldKind)) {
                return UNWOUND;
            }
            r = resume(s, a, b, c, n); // pinned: the wait is over
        }
        return r;
    }
}
