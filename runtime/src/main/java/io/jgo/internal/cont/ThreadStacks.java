package io.jgo.internal.cont;

/**
 * The stack that rewritten code sees on threads that are not {@link Carrier}s: plain threads, and
 * the thread that called {@code Go.run} while it serves as M0. Plain threads get a stack of their
 * own that never suspends ({@code Stack.current()} makes it on first use, so call-site handshakes
 * from many threads never share a cache line); M0 installs the running goroutine's stack here,
 * exactly as a carrier does in its field. Each cell is read and written by its own thread only.
 */
public final class ThreadStacks {

    private static final ThreadLocal<Cell> CELL = ThreadLocal.withInitial(Cell::new);

    private ThreadStacks() {
    }

    /** The stack installed on this (non-carrier) thread, or null before the first. */
    public static Continuation current() {
        return CELL.get().stack;
    }

    /** Installs {@code s} for this thread; returns the stack that was installed before (null: none yet). */
    public static Continuation install(Continuation s) {
        Cell c = CELL.get();
        Continuation before = c.stack;
        c.stack = s;
        return before;
    }

    /** Installs {@code s} on the current thread, whatever kind of thread it is. Returns the previous one. */
    public static Continuation installOnCurrentThread(Continuation s) {
        Thread t = Thread.currentThread();
        if (t instanceof Carrier) {
            Carrier c = (Carrier) t;
            Continuation before = c.stack;
            c.stack = s;
            return before;
        }
        return install(s);
    }

    private static final class Cell {
        Continuation stack;
    }
}
