package io.jgo.internal.cont;

/**
 * Runs application code that the runtime calls from inside the suspension protocol on a stack of
 * its own: a fresh stack with no owner (a plain thread's, which never suspends), installed on this
 * thread for the call and taken off after it.
 *
 * <p>Why: the runtime prints its warnings ({@link Warnings}) where it finds what to warn about,
 * often in the middle of a suspension (a frame has saved its record and asks whether it may unwind;
 * a resumed prologue meets a record not its own). The stream it prints to, {@code System.err}, is
 * the application's to replace, and under the whole-application rewrite the stream installed there
 * (a logging bridge, a test runner's console capture) is rewritten code. Rewritten code finds its
 * stack through the thread, so on the goroutine's stack its call sites read the goroutine's words:
 * {@code suspending} (an unwind in progress that is not theirs: each saved itself and pinned, taking
 * the goroutine's record with it), {@code RESUMING} (a prologue that met a record not its own
 * abandoned the goroutine's), the call-site handshake. On a stack of its own the same code runs as
 * on any plain thread: its handshakes are its own and a park there blocks the thread.
 *
 * <p>The runtime's own look-ups can run application code too, unasked: {@link Adjacency} reflects on
 * the classes of the frames below a suspension ({@code Class.getDeclaredMethods} resolves every class
 * its methods' signatures name, {@code StackFrame.getMethodType} those of a frame's descriptor), and a
 * class not loaded yet is loaded there, on this thread, by the class's loader: an application's
 * {@code ClassLoader}, whose {@code findClass} the whole-application rule rewrites like any other
 * method. On the goroutine's stack that loader's call sites read {@code suspending} in the middle of
 * the unwind, saved themselves, pinned (which ends the goroutine's unwind: its caller went on with a
 * dummy value) and, re-entering, abandoned the goroutine's records (the fuzzer's program
 * {@code StaleHandshakeClassLoad}). Such look-ups run between {@link #enter} and {@link #leave},
 * which add no frame of their own to the stack a walk sees.
 *
 * <p>Threads: a thread's installed stack is written only by that thread (a carrier's field, or the
 * plain thread's cell in {@link ThreadStacks}), so the swap and the restore need no ordering; the
 * goroutine's stack is not touched, and it is installed again before this returns, thrown or not.
 * Called rarely (a warning once per place), so the fresh stack's allocation does not matter.
 */
public final class AsideStack {

    private AsideStack() {
    }

    /** Runs {@code call} with a fresh ownerless stack installed on this thread, then the one installed before. */
    public static void run(Runnable call) {
        Continuation before = enter();
        try {
            call.run();
        } finally {
            leave(before);
        }
    }

    /**
     * Installs a fresh ownerless stack on this thread, for code that must not see the one installed
     * now; returns what {@link #leave} must be given, in a {@code finally}, to install that one again.
     * Returns null, and installs nothing, on a thread that never ran rewritten code (there is no state
     * to keep out of reach).
     */
    public static Continuation enter() {
        Thread t = Thread.currentThread();
        Continuation installed = t instanceof Carrier ? ((Carrier) t).stack() : ThreadStacks.current();
        if (installed == null) {
            return null;
        }
        ThreadStacks.installOnCurrentThread(installed.newPlainStack());
        return installed;
    }

    /** Ends what {@link #enter} began: installs {@code before} (what it returned) again; null: nothing to do. */
    public static void leave(Continuation before) {
        if (before != null) {
            ThreadStacks.installOnCurrentThread(before);
        }
    }
}
