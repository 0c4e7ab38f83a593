package io.jgo.internal.cont;

/**
 * The bottom frame of every goroutine, and g0's side of the resume: {@link #run} starts a
 * goroutine's body, or resumes it after a suspension.
 *
 * <h2>Two ways back into a suspended goroutine</h2>
 * <ul>
 * <li><b>Eager</b> ({@link #call}): call the body again; every rewritten prologue on the way pops
 *     its record, restores its locals and calls again at the site that suspended, down to the
 *     innermost frame. A round trip costs every saved frame: the way of a goroutine's first
 *     unwind (most goroutines park once, and this is the cheaper way back for them), and of any
 *     chain whose outermost new frame has no resume entry.</li>
 * <li><b>Lazy</b> (the loop in {@link #run}): the records are laid out innermost on top
 *     ({@link LazyLayout}) and g0 re-enters only the innermost frame, through its class's
 *     {@code Resumer}. When that frame returns, g0 hands the value to the next saved frame
 *     ({@code Stack.handX}) and re-enters it alone at the code after the call that suspended, which
 *     takes the value ({@code Stack.handedX}); an exception is handed over the same way and rethrown
 *     at that call, inside the handlers that covered it. Frames saved by an earlier suspension stay
 *     saved until their turn: a goroutine that yields in a loop 100 frames down saves and re-enters
 *     one frame per round trip (Kotlin's {@code resumeWith}, on jgo's segmented stack).</li>
 * </ul>
 * A frame re-entered alone has g0's resume entry as its caller, so it gets {@link #LAZY_VIA}
 * as its call-site id and may always unwind back there.
 */
public final class Entry {

    /** The call-site id of {@link #call}'s call to {@code body.run()} (site 0 of this method). */
    public static final long VIA = (long) MethodIds.of(Entry.class.getName(), "call", "(Lio/jgo/internal/cont/Continuation;Ljava/lang/Runnable;)V") << 32;

    /**
     * The call-site id g0's resume entries hand a frame they re-enter alone: its caller is g0 itself,
     * so {@link Adjacency} lets it unwind. A constant of the protocol ({@code Stack.LAZY_VIA}, and the
     * instrumenter's {@code RuntimeNames.LAZY_VIA} computes the same): an id no real site has.
     */
    public static final long LAZY_VIA = (long) MethodIds.of("io.jgo.internal.cont.Entry", "run", "(Lio/jgo/internal/Stack;Ljava/lang/Runnable;)I") << 32 | 1;

    /** Name of the static resume entry of every rewritten class ({@code $jgo$resume(Stack, int)}). */
    public static final String RESUME_ENTRY = "$jgo$resume";

    private Entry() {
    }

    /** Runs (or resumes the eager way) a body until it ends or unwinds; the caller inspects {@code s.suspending}. */
    public static void call(Continuation s, Runnable body) {
        s.handshake(VIA | Adjacency.VIRTUAL_SITE, body); // an interface call: the body's class decides what runs first
        body.run();
    }

    /**
     * g0: starts or resumes the goroutine whose stack is {@code s} and runs it until it ends (an
     * exception it throws propagates) or unwinds ({@code s.suspending} is then true and its records
     * are laid out for the next run). Returns how many frames were re-entered alone (tests).
     */
    public static int run(Continuation s, Runnable body) {
        if (!s.resumesLazily()) {
            s.prepareResume();
            call(s, body);
            if (s.suspending) {
                s.layOutUnwound();
            }
            return 0;
        }
        int alone = 0;
        Throwable recovered = null; // the exception whose trace LogicalTrace recovered last, in this resume
        s.beginTopGroup();
        while (true) {
            Throwable thrown = null;
            try {
                s.reenterTop();
                alone++;
            } catch (Throwable t) {
                thrown = t;
            }
            if (s.suspending) {
                if (thrown == null) {
                    s.layOutUnwound();
                    return alone;
                }
                // A save threw on the way out (no memory for a segment): the unwind is over, its wait
                // undone, and the exception goes to the saved frames below, whose handlers may catch it.
                s.cancelUnwind();
            }
            s.endReentry();
            if (s.depth() == 0) { // the outermost frame, the body, is over
                if (thrown != null) {
                    throw sneaky(thrown);
                }
                return alone;
            }
            if (thrown != null) {
                s.handThrown(recovered = LogicalTrace.recover(thrown, s, recovered));
            }
            s.beginHandOff();
        }
    }

    /** Throws any throwable without declaring it (a handed exception is rethrown as it was thrown). */
    static RuntimeException sneaky(Throwable t) {
        throw Entry.<RuntimeException>rethrow(t);
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> T rethrow(Throwable t) throws T {
        throw (T) t;
    }
}
