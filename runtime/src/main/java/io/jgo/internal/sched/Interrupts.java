package io.jgo.internal.sched;

import io.jgo.internal.cont.StackAccess;

/**
 * {@code Thread.interrupt()} for a goroutine, which has no thread of its own to interrupt (a
 * carrier's interrupt belongs to whichever goroutine runs on it at that moment, see
 * {@link Identity}). Used where Java interrupts a task: an executor's {@code shutdownNow} and
 * {@code Future.cancel(true)}.
 *
 * <h2>Delivery</h2>
 * {@link #interrupt} never touches a carrier thread: between reading which thread runs a G and
 * interrupting it, the G could leave, and the interrupt would land on the next goroutine. It sets
 * {@link G#interruptRequested} instead, which the G's own thread turns into its interrupt status
 * the next time the G runs ({@link Identity#enter}). To make that soon:
 * <ul>
 *   <li>a G parked in an interruptible wait ({@link G#interruptibleWait}, e.g. a {@code Future.get})
 *       is woken through that wait's own winner-takes-all step, and finds itself interrupted when it runs;</li>
 *   <li>a running G is asked to yield ({@code Stack.requestPreempt}): at its next rewritten
 *       prologue or loop head it goes through g0 and comes back interrupted;</li>
 *   <li>a G blocked in a JDK call (a syscall) or in code nobody rewrote sees it only when it next
 *       parks or yields.</li>
 * </ul>
 *
 * <h2>The parked-wait race</h2>
 * The interrupter writes the request, then reads the wait; the G writes its wait, then reads the
 * request ({@link #deliverPending}); both fields are volatile, so at least one side sees the
 * other: either the interrupter wakes the wait, or the G does not park.
 */
public final class Interrupts {

    private Interrupts() {
    }

    /** An interruptible wait: woken by an interrupt of the goroutine parked in it. */
    public interface Wait {
        /** Ends the wait if it is still on (any thread; must not block beyond a short lock). */
        void interrupt();
    }

    /**
     * Interrupts goroutine {@code g}. The caller must know that {@code g} still runs the goroutine
     * it means (a dead G is reused by the next {@code Go.go}), e.g. by holding a lock the goroutine
     * takes before it ends. Any thread.
     */
    public static void interrupt(G g) {
        if (Sched.currentG() == g) {
            Thread.currentThread().interrupt(); // a goroutine interrupting itself: its status is on this thread
            return;
        }
        g.interruptRequested = true; // volatile write, then the read below: see "The parked-wait race"
        Wait w = g.interruptibleWait;
        if (w != null) {
            w.interrupt();
        }
        if (g.status() == G.RUNNING) {
            StackAccess.requestPreempt(g.stack); // advisory: through g0 at its next prologue, and back interrupted
        }
    }

    /**
     * The calling goroutine {@code g} is about to park in {@code w}: records it for
     * {@link #interrupt}, then puts a request already pending on the thread. Returns true when the
     * thread is now interrupted (the caller must not park). {@code g}'s own thread.
     */
    public static boolean enterWait(G g, Wait w) {
        g.interruptibleWait = w; // volatile write, then the read in deliverPending
        deliverPending(g);
        if (Thread.currentThread().isInterrupted()) {
            g.interruptibleWait = null;
            return true;
        }
        return false;
    }

    /** The wait is over (the goroutine runs again). {@code g}'s own thread. */
    public static void exitWait(G g) {
        g.interruptibleWait = null;
    }

    /** Puts an interrupt requested for {@code g} on its thread now. {@code g}'s own thread, while it runs. */
    public static void deliverPending(G g) {
        if (Identity.takeRequest(g)) {
            Thread.currentThread().interrupt();
        }
    }
}
