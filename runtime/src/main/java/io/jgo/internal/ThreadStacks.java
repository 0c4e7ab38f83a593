package io.jgo.internal;

/**
 * The {@link Stack} that rewritten code sees on threads that are not {@link Carrier}s: plain
 * threads, and the thread that called {@code Go.run} while it serves as M0. Plain threads get a
 * stack of their own that never suspends (so call-site handshakes from many threads never share a
 * cache line); M0 installs the running goroutine's stack here, exactly as a carrier does in its field.
 */
public final class ThreadStacks {

    private static final ThreadLocal<Cell> CELL = ThreadLocal.withInitial(Cell::new);

    private ThreadStacks() {
    }

    static Stack current() {
        return CELL.get().stack;
    }

    /** Installs {@code s} for this thread; returns the stack that was installed before. */
    public static Stack install(Stack s) {
        Cell c = CELL.get();
        Stack before = c.stack;
        c.stack = s;
        return before;
    }

    /** Installs {@code s} on the current thread, whatever kind of thread it is. Returns the previous one. */
    public static Stack installOnCurrentThread(Stack s) {
        Thread t = Thread.currentThread();
        if (t instanceof Carrier) {
            Carrier c = (Carrier) t;
            Stack before = c.stack;
            c.stack = s;
            return before;
        }
        return install(s);
    }

    private static final class Cell {
        Stack stack = new Stack(null);
    }
}
