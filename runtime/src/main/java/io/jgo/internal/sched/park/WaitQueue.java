package io.jgo.internal.sched.park;

import io.jgo.internal.Stack;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A FIFO queue of {@link Waiter}s (Go's {@code waitq}), guarded by the lock of the primitive that
 * owns it: every method but {@link #isEmpty}, {@link #touch} and {@link #reachedFromOutside} must
 * be called with that lock held.
 *
 * <p>{@link #dequeue} skips the waiters of a select that another waker already won (Go's
 * {@code selectDone} CAS) and the waiters of goroutines whose runtime has stopped (they will never
 * run again: handing them a value would lose it).
 *
 * <h2>Reach: who may still wake a waiter</h2>
 * A primitive created on a plain thread starts reached. Every public operation of every primitive
 * on the parking seam calls {@link #touch} on its queues first (fast paths included), which
 * records who operates on the primitive: nobody yet, the
 * goroutines of one runtime, or {@link #OUTSIDE} (a plain thread, or goroutines of two runtimes).
 * For a runtime's deadlock check ({@code sched.Deadlock}), a goroutine parked on a queue that someone
 * outside that runtime has reached may still be woken by them, whom the runtime cannot see: it is
 * never reported as deadlocked. The field only ever moves null -> runtime -> OUTSIDE (or null ->
 * OUTSIDE), so once settled a touch is one volatile load and a compare.
 */
public final class WaitQueue {

    /** Head; written under the owner's lock with release stores, read lock-free with acquire loads by {@link #isEmpty}. */
    private Waiter first;
    private Waiter last;
    /**
     * Who has operated on the primitive: null, the runtime ({@link Party#runtimeIdentity}) whose goroutines alone have, or
     * {@link #OUTSIDE}. Moves forward only, by CAS (two runtimes touching at once both count);
     * volatile, read by the deadlock check of any runtime.
     */
    private volatile Object reach;
    /** {@link #reach} once a plain thread, or goroutines of a second runtime, have operated. */
    private static final Object OUTSIDE = new Object();

    /**
     * A queue for a primitive being created now: a primitive created by a plain thread is in that
     * thread's hands from the start (the {@code WaitGroup} that {@code main} makes and a worker
     * thread later releases), so it starts {@link #OUTSIDE}.
     */
    public WaitQueue() {
        if (Parking.goroutineOf(Stack.current()) == null) {
            reach = OUTSIDE;
        }
    }

    /**
     * A queue for a wait whose waker jgo cannot see (a {@code CompletableFuture} that any thread may
     * complete): reached from outside from the start, so the deadlock check never reports its waiters.
     */
    public static WaitQueue reachedByAnyone() {
        WaitQueue q = new WaitQueue();
        q.reach = OUTSIDE;
        return q;
    }

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
            if (w.g() != null && w.g().runtimeStopped()) {
                continue; // dropped with its runtime: never runs again
            }
            if (w.select != null && !w.select.tryWin(w)) {
                continue; // another case of that select already fired; the selector removes the rest itself
            }
            return w;
        }
    }

    /**
     * The first waiter that {@link #dequeue} would return, without removing it, or null: waiters of
     * a stopped runtime at the head are dropped first. For queues without select waiters (the sync
     * primitives), so that what a waker reads here is what it dequeues next. Lock held.
     */
    public Waiter peekLive() {
        for (;;) {
            Waiter w = first;
            if (w == null || w.g() == null || !w.g().runtimeStopped()) {
                return w;
            }
            unlink(w); // dropped with its runtime: never runs again
        }
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

    /**
     * Records the calling party, {@code g} (the caller's goroutine, or null on a plain thread):
     * call on entry to every operation, before taking the primitive's lock. Any thread.
     */
    public void touch(Party g) {
        Object r = reach; // volatile read: once OUTSIDE (or this runtime, for its goroutines), no write
        if (r == OUTSIDE) {
            return;
        }
        Object me = g == null ? OUTSIDE : g.runtimeIdentity();
        while (r != me && r != OUTSIDE) {
            if (REACH.compareAndSet(this, r, r == null ? me : OUTSIDE)) {
                return;
            }
            r = reach;
        }
    }

    /** {@link #touch} for a caller that does not know its goroutine (a fast path). Any thread. */
    public void touch() {
        if (reach != OUTSIDE) { // volatile read: skip the lookup once settled
            touch(Parking.goroutineOf(Stack.current()));
        }
    }

    /**
     * May someone outside {@code sched} (a plain thread, another runtime's goroutine) still wake a
     * waiter here? Any thread; for the deadlock check.
     */
    public boolean reachedFromOutside(Object sched) {
        Object r = reach;
        return r != null && r != sched;
    }

    private static final VarHandle FIRST;
    private static final VarHandle REACH;

    static {
        try {
            FIRST = MethodHandles.lookup().findVarHandle(WaitQueue.class, "first", Waiter.class);
            REACH = MethodHandles.lookup().findVarHandle(WaitQueue.class, "reach", Object.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
