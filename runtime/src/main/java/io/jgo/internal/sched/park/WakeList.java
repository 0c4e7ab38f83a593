package io.jgo.internal.sched.park;

/**
 * The waiters a waker has dequeued under a primitive's lock and wakes once it has released that
 * lock (Go's {@code gList} in {@code closechan}): a channel's close, a {@code WaitGroup} reaching
 * zero, a broadcast. One of three loops that walk {@link Waiter#wakeLink}: {@code poll.PollDesc} has its
 * own two (its wake of every waiter, and its batch for one injection, {@code Inject.list}). Each reads the link
 * before the wake, since the woken party may reuse the waiter at once; this one also clears it
 * (PollDesc's leave it to {@link Waiter#reset}, which a reused waiter goes through).
 *
 * <p>Owned by the waker: {@link #add} with the primitive's lock held, {@link #wakeAll} after
 * releasing it, on the same thread. Waiters are woken last added first, as Go pops its list.
 */
public final class WakeList {

    private Waiter head;

    /** Queues {@code w} (just dequeued, its outcome written) for {@link #wakeAll}. Lock held. */
    public void add(Waiter w) {
        w.wakeLink = head;
        head = w;
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
        while (w != null) {
            Waiter next = w.wakeLink; // read before wake: the woken party may reuse w at once
            w.wakeLink = null;
            w.wake();
            w = next;
        }
    }
}
