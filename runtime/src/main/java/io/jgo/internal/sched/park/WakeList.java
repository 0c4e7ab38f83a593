package io.jgo.internal.sched.park;

/**
 * The waiters a waker has dequeued under a primitive's lock and wakes once it has released that
 * lock (Go's {@code gList} in {@code closechan}): a channel's close, a {@code WaitGroup} reaching
 * zero, a broadcast, the poller's wake of a descriptor's waiters. The one loop that walks
 * {@link Waiter#wakeLink}: it reads the link before the wake, since the woken party may reuse the
 * waiter at once, and clears it.
 *
 * <p>Two forms of one list. An object ({@link #add}, {@link #wakeAll()}) for a primitive that keeps
 * its list beside its lock; a bare chain (a head {@link Waiter}, or null: {@link #push},
 * {@link #wakeAll(Waiter)}, {@link #wakeAll(Waiter, Diverter)}) for a waker that builds it on its
 * stack, allocating nothing (the poller, per ready descriptor).
 *
 * <p>Owned by the waker: {@link #add} / {@link #push} with the primitive's lock held, the wake
 * after releasing it, on the same thread. Waiters are woken last added first, as Go pops its list.
 */
public final class WakeList {

    private Waiter head;

    /** Queues {@code w} (just dequeued, its outcome written) for {@link #wakeAll()}. Lock held. */
    public void add(Waiter w) {
        head = push(head, w);
    }

    /** Is nothing queued? */
    public boolean isEmpty() {
        return head == null;
    }

    /**
     * Moves every waiter of {@code other} to this empty list, in order (a waker taking the batch out
     * from under its lock, to wake it after releasing the lock).
     */
    public void takeAll(WakeList other) {
        if (head != null) {
            throw new IllegalStateException("takeAll into a list that is not empty");
        }
        head = other.head;
        other.head = null;
    }

    /** Wakes every queued waiter and empties the list. Call after releasing the primitive's lock. */
    public void wakeAll() {
        Waiter w = head;
        head = null;
        wakeAll(w);
    }

    /** The chain {@code list} (null: empty) with {@code w} (just dequeued, its outcome written) in front. Lock held. */
    public static Waiter push(Waiter list, Waiter w) {
        w.wakeLink = list;
        return w;
    }

    /** Wakes every waiter of the chain {@code list}. Call after releasing the primitive's lock. */
    public static void wakeAll(Waiter list) {
        wakeAll(list, null);
    }

    /**
     * Wakes every waiter of the chain {@code list}, but hands each goroutine {@code divert} takes
     * to it instead (the poller batches its own runtime's goroutines for one injection). Call after
     * releasing the primitive's lock.
     */
    public static void wakeAll(Waiter list, Diverter divert) {
        while (list != null) {
            Waiter w = list;
            list = w.wakeLink; // read before the wake: the woken party may reuse w at once
            w.wakeLink = null;
            Party g;
            if (divert == null || (g = w.g()) == null || !divert.take(g)) {
                w.wake();
            }
        }
    }

    /** Takes a woken goroutine in place of its {@link Waiter#wake} (the poller's injection batch). */
    public interface Diverter {
        /** True if this diverter readies {@code g} itself (later, in a batch); false: wake it now. The waker's thread. */
        boolean take(Party g);
    }
}
