package io.jgo.internal;

/**
 * The bottom frame of every goroutine: g0 calls {@link #call} to start or resume a goroutine's
 * body. It hands the body the call-site handshake {@link #VIA}, so the body's first rewritten
 * frame knows it may unwind straight back here.
 */
public final class Entry {

    /** The call-site id of {@link #call}'s call to {@code body.run()} (site 0 of this method). */
    public static final long VIA = (long) MethodIds.of("io.jgo.internal.Entry", "call", "(Lio/jgo/internal/Stack;Ljava/lang/Runnable;)V") << 32;

    private Entry() {
    }

    /** Runs (or resumes) a body until it ends or unwinds; the caller inspects {@code s.suspending}. */
    public static void call(Stack s, Runnable body) {
        s.callSite = VIA | Stack.VIRTUAL_SITE; // an interface call: the body's class decides what runs first
        s.callee = body;
        body.run();
    }
}
