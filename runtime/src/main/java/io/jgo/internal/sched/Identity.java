package io.jgo.internal.sched;

/**
 * What Java code keeps per thread, made per goroutine: the interrupt status and the
 * {@code ThreadLocal} maps ({@link ThreadLocalMaps}). Inside a goroutine
 * {@code Thread.currentThread()} is the carrier, so both live on the carrier while the goroutine
 * runs; g0 moves them into the G when it leaves the carrier ({@link #leave}) and back when it runs
 * again ({@link #enter}), so a goroutine that migrates takes them along and never leaves them to
 * the next goroutine on that carrier. Between goroutines the carrier holds no map at all (the
 * scheduler's code on g0 uses no {@code ThreadLocal}), so a goroutine that g0 starts (a timer's
 * {@code Go.afterFunc}) inherits nothing.
 *
 * <h2>Interrupts</h2>
 * <ul>
 *   <li>A goroutine's status is saved in {@link G#interrupted} when it parks, yields or ends (the
 *       carrier's flag is cleared in the same step) and restored when it runs again, on whichever
 *       carrier. A G that stays on its thread while blocked (pinned, in a syscall's return path)
 *       keeps it through {@link #stashWhileBlocked}: the thread parks with its flag clear
 *       (a set flag makes {@code LockSupport.park} return at once: a spinning carrier) and the
 *       status comes back when the G carries on.</li>
 *   <li>{@code Thread.interrupt()} of a carrier from outside interrupts the goroutine that runs on
 *       it at that moment (or that is locked to it: pinned, in a syscall), exactly as if
 *       that goroutine had interrupted itself; a carrier that runs no goroutine (its g0 is idle or
 *       scheduling) drops it. Carriers never stop because of an interrupt: a runtime stops through
 *       {@code Go.run} returning, or the JVM exiting.</li>
 *   <li>Another party interrupts a goroutine (not its carrier) with {@link Interrupts#interrupt}:
 *       the request waits in {@link G#interruptRequested} and becomes the G's status the next time
 *       the G runs ({@link #enter}, {@link #restoreAfterBlocked}); a running G is asked to yield so
 *       that this comes soon, and a G parked in an interruptible wait is woken.</li>
 *   <li>The main goroutine of {@code Go.run} continues the calling thread: it starts with the
 *       caller's interrupt status and {@code ThreadLocal} maps (the caller's own map objects, swapped onto
 *       carriers like any goroutine's), and {@code Go.run} returns leaving the thread's status and
 *       maps as main left them; an interrupt of the caller while it waits is main's ({@link MainLoop}).</li>
 * </ul>
 *
 * <p>Threads: every method runs on the thread that runs (or is locked to) {@code g}, which owns g's
 * identity fields while it does; the run queues' release/acquire pairs publish them to the next
 * carrier, as they publish the G's stack.
 */
final class Identity {

    private Identity() {
    }

    /** g0, on its thread {@code t}, right before it runs {@code g}. */
    static void enter(G g, Thread t) {
        Thread.interrupted(); // an interrupt that reached the carrier between goroutines is dropped (class comment)
        if (ThreadLocalMaps.PER_GOROUTINE) {
            // Stores only where the map differs: a reference store into the (old) Thread costs a
            // GC barrier, and a goroutine without ThreadLocals then costs two loads here.
            Object l = g.locals;
            if (ThreadLocalMaps.locals(t) != l) {
                ThreadLocalMaps.setLocals(t, l);
            }
            Object i = g.inheritable;
            if (ThreadLocalMaps.inheritable(t) != i) {
                ThreadLocalMaps.setInheritable(t, i);
            }
        }
        if (g.interrupted | takeRequest(g)) {
            g.interrupted = false;
            t.interrupt();
        }
    }

    /**
     * Takes an interrupt another party asked for ({@link Interrupts#interrupt}); the G's own thread.
     * A volatile read, and a write only when one is pending: two requests that meet here are one
     * interrupt, as two {@code Thread.interrupt()} calls are.
     */
    static boolean takeRequest(G g) {
        if (g.interruptRequested) {
            g.interruptRequested = false;
            return true;
        }
        return false;
    }

    /** g0, on its thread {@code t}, right after {@code g} parked, yielded or ended on it. */
    static void leave(G g, Thread t) {
        g.interrupted = Thread.interrupted(); // clears the carrier's flag: it never survives the goroutine
        if (ThreadLocalMaps.PER_GOROUTINE) {
            // g0 keeps no map: the carrier goes back to none (a map g0 code makes for itself is
            // dropped at the next enter). A map's identity rarely changes, so g's field is written
            // only when it did (the first ThreadLocal the goroutine set).
            Object l = ThreadLocalMaps.locals(t);
            if (l != null) {
                if (g.locals != l) {
                    g.locals = l;
                }
                ThreadLocalMaps.setLocals(t, null);
            }
            Object i = ThreadLocalMaps.inheritable(t);
            if (i != null) {
                if (g.inheritable != i) {
                    g.inheritable = i;
                }
                ThreadLocalMaps.setInheritable(t, null);
            }
        }
    }

    /**
     * The calling thread, which runs or is locked to {@code g}, is about to park (or parks again
     * after a wake-up) while g waits on it: moves the thread's flag into g, so the park blocks.
     */
    static void stashWhileBlocked(G g) {
        if (Thread.interrupted()) {
            g.interrupted = true;
        }
    }

    /** The blocked wait is over and g carries on on this thread: its status comes back. */
    static void restoreAfterBlocked(G g) {
        if (g.interrupted | takeRequest(g)) {
            g.interrupted = false;
            Thread.currentThread().interrupt();
        }
    }

    /** A G is dead: its maps go (so a reused G starts empty), its status with them. */
    static void forget(G g) {
        g.locals = null;
        g.inheritable = null;
        g.interrupted = false;
        g.interruptRequested = false;
    }
}
