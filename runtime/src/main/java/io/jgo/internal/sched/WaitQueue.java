package io.jgo.internal.sched;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A FIFO queue of {@link Waiter}s (Go's {@code waitq}), guarded by the lock of the primitive that
 * owns it: every method but {@link #isEmpty} and {@link #touchedByPlainThread} must be called with
 * that lock held.
 *
 * <p>{@link #dequeue} skips the waiters of a select that another waker already won (Go's
 * {@code selectDone} CAS) and the waiters of goroutines whose runtime has stopped (they will never
 * run again: handing them a value would lose it).
 *
 * <p>{@link #touchedByPlainThread} records whether a plain thread ever operated on the primitive:
 * such a thread may still wake a goroutine parked here, so the deadlock check must count those
 * waiters as wakeable.
 */
public final class WaitQueue {

    /** Head; written under the owner's lock with release stores, read lock-free with acquire loads by {@link #isEmpty}. */
    private Waiter first;
    private Waiter last;
    /** Set (never cleared) the first time a plain thread operates on the primitive; volatile. */
    private volatile boolean plainThread;

    /**
     * No waiter right now? Lock-free, for the non-blocking fast paths: an acquire load of the head,
     * paired with the release stores in {@link #enqueue}/{@link #unlink}; callers argue why a stale
     * answer is still a linearizable one.
     */
    public boolean isEmpty() {
        return FIRST.getAcquire(this) == null;
    }

    /** Appends {@code w}. Lock held. */
    public void enqueue(Waiter w) {
        w.queue = this;
        w.queued = true;
        w.next = null;
        Waiter l = last;
        w.prev = l;
        if (l == null) {
            FIRST.setRelease(this, w);
        } else {
            l.next = w;
        }
        last = w;
    }

    /** Puts {@code w} at the head (Go's LIFO re-queue of a woken waiter that lost the race again). Lock held. */
    public void enqueueFirst(Waiter w) {
        w.queue = this;
        w.queued = true;
        w.prev = null;
        Waiter f = first;
        w.next = f;
        if (f == null) {
            last = w;
        } else {
            f.prev = w;
        }
        FIRST.setRelease(this, w);
    }

    /**
     * Removes and returns the first waiter that can take an operation: a plain waiter, or a select
     * waiter whose select this caller wins. Waiters of a select already won, or of a stopped
     * runtime, are dropped on the way. Null when none. Lock held.
     */
    public Waiter dequeue() {
        for (;;) {
            Waiter w = first;
            if (w == null) {
                return null;
            }
            unlink(w);
            if (w.g != null && w.g.sched.stopping) {
                continue; // dropped with its runtime: never runs again
            }
            if (w.select != null && !w.select.tryWin(w)) {
                continue; // another case of that select already fired; the selector removes the rest itself
            }
            return w;
        }
    }

    /** The first waiter without removing it, or null. Lock held. */
    public Waiter peek() {
        return first;
    }

    /** Removes {@code w} if it is still on this queue (a select cleaning up its losing cases). Lock held. */
    public void remove(Waiter w) {
        if (w.queued && w.queue == this) {
            unlink(w);
        }
    }

    private void unlink(Waiter w) {
        Waiter p = w.prev;
        Waiter n = w.next;
        if (p == null) {
            FIRST.setRelease(this, n);
        } else {
            p.next = n;
        }
        if (n == null) {
            last = p;
        } else {
            n.prev = p;
        }
        w.next = w.prev = null;
        w.queued = false;
    }

    /** Records that a plain thread operated on the primitive (a read first: no store once set). Any thread. */
    public void markPlainThread() {
        if (!plainThread) {
            plainThread = true;
        }
    }

    /** Has a plain thread ever operated on the primitive? Any thread; for the deadlock check. */
    public boolean touchedByPlainThread() {
        return plainThread;
    }

    private static final VarHandle FIRST;

    static {
        try {
            FIRST = MethodHandles.lookup().findVarHandle(WaitQueue.class, "first", Waiter.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
