package io.jgo.internal.sched;

import io.jgo.internal.sched.park.Party;
import io.jgo.internal.cont.StackAccess;

/**
 * {@code Thread.interrupt()} for a goroutine, which has no thread of its own to interrupt (a
 * carrier's interrupt belongs to whichever goroutine runs on it at that moment, see
 * {@link Identity}). Used where Java interrupts a task: an executor's {@code shutdownNow} and
 * {@code Future.cancel(true)}.
 *
 * <h2>Delivery</h2>
 * Between reading which thread runs a G and interrupting that thread, the G could leave it, and
 * the interrupt would land on the next goroutine. So {@link #interrupt} touches a carrier thread
 * only while the G is held to it by a syscall, and otherwise sets {@link G#interruptRequested},
 * which the G's own thread turns into its interrupt status the next time the G runs
 * ({@link Identity#enter}) or enters a syscall. In detail:
 * <ul>
 *   <li>a G inside a syscall ({@code Go.syscall}, or a blocking JDK call that rewritten code wraps:
 *       {@code CountDownLatch.await}, {@code BlockingQueue.take}, {@code Object.wait}, a
 *       {@code FutureTask}'s {@code get}, a busy {@code Lock.lockInterruptibly}, ...) has its
 *       thread in {@link G#syscallThread}: that thread is interrupted, so the call throws
 *       {@code InterruptedException} (or returns, as the JDK says) exactly as on a thread of the
 *       G's own, while the P has gone on to other goroutines;</li>
 *   <li>a G parked in an interruptible wait ({@link G#interruptibleWait}: a {@code Future.get}, a
 *       sleep) is woken through that wait's own winner-takes-all step, and finds itself interrupted
 *       when it runs;</li>
 *   <li>a running G is asked to yield ({@code Stack.requestPreempt}): at its next rewritten
 *       prologue or loop head it goes through g0 and comes back interrupted;</li>
 *   <li>a G blocked in code nobody rewrote, or parked in a jgo primitive (a channel, a
 *       {@code Mutex}, a {@code WaitGroup}: Go's operations have no interrupts), keeps waiting and
 *       finds its status set when it next runs.</li>
 * </ul>
 *
 * <h2>The syscall interlock</h2>
 * {@link G#syscallThread} is written by the G's thread as it enters a syscall and cleared once it
 * has left it ({@link #enterSyscall}, {@link #exitSyscall}); {@link #interrupt} reads it and
 * interrupts that thread, all three under the G's monitor. So the thread it interrupts still holds
 * the G: the G is still in the syscall, or has just left it and still runs on that thread (where
 * the thread's flag is the G's status); it leaves the thread only by parking, yielding or ending,
 * long after {@link #exitSyscall}. A request that came while the G ran is put on the thread as it
 * enters the syscall, under the same monitor, so the blocking call sees it: none is lost between
 * the two. An interrupt put on the thread is not also left as a request, or the status would come
 * back after the call had thrown and cleared it.
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
    public static void interrupt(Party goroutine) {
        G g = (G) goroutine;
        if (Sched.currentG() == g) {
            Thread.currentThread().interrupt(); // a goroutine interrupting itself: its status is on this thread
            return;
        }
        synchronized (g) { // against the G entering or leaving a syscall: see "The syscall interlock"
            Thread t = g.syscallThread;
            if (t != null) {
                t.interrupt(); // the G blocks on t: the JDK call there sees it (its status, as the G's own thread)
            } else {
                g.interruptRequested = true; // volatile write, then the read below: see "The parked-wait race"
            }
        }
        Wait w = g.interruptibleWait; // a pinned park inside a syscall too: its status is on (or stashed from) t
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
    public static boolean enterWait(Party goroutine, Wait w) {
        G g = (G) goroutine;
        g.interruptibleWait = w; // volatile write, then the read in deliverPending
        deliverPending(g);
        if (Thread.currentThread().isInterrupted()) {
            g.interruptibleWait = null;
            return true;
        }
        return false;
    }

    /**
     * Has an interrupt of {@code g} not reached its thread yet: requested and not taken by the G
     * ({@link Identity#enter}, {@link #deliverPending}), or the G is in a syscall, where an
     * interrupt goes to its thread directly? A wait record the G reuses asks this before it acts
     * on {@link Wait#interrupt}: an interrupter that read the record during an earlier wait and
     * calls late finds its request taken (the G ran in between), so it cannot end a later wait.
     * Any thread.
     */
    public static boolean stillPending(Party goroutine) {
        G g = (G) goroutine;
        if (g.interruptRequested) {
            return true;
        }
        synchronized (g) { // see "The syscall interlock"
            return g.syscallThread != null;
        }
    }

    /**
     * The wait is over: {@code g}'s own thread once it runs again, or the party that ends the wait
     * right before it readies g (g writes its next wait only after it runs).
     */
    public static void exitWait(Party g) {
        ((G) g).interruptibleWait = null;
    }

    /**
     * {@code g}, running on the calling thread, has just entered a syscall (its depth went from 0
     * to 1): interrupts now reach this thread directly, and one requested meanwhile is put on it
     * before the blocking call starts. {@code g}'s own thread.
     */
    static void enterSyscall(G g) {
        Thread t = Thread.currentThread();
        synchronized (g) { // see "The syscall interlock"
            g.syscallThread = t;
            if (Identity.takeRequest(g)) {
                t.interrupt();
            }
        }
    }

    /** {@code g} has left its syscall (it still runs on this thread): interrupts go back to requests. {@code g}'s own thread. */
    static void exitSyscall(G g) {
        synchronized (g) { // see "The syscall interlock"
            g.syscallThread = null;
        }
    }

    /** Puts an interrupt requested for {@code g} on its thread now. {@code g}'s own thread, while it runs. */
    public static void deliverPending(G g) {
        if (Identity.takeRequest(g)) {
            Thread.currentThread().interrupt();
        }
    }
}
