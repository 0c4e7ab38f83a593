package io.jgo.internal.sched.park;

import java.util.concurrent.locks.LockSupport;

/**
 * One blocked party on one wait queue (Go's {@code sudog}): a goroutine or a plain thread, a value
 * slot, whether the operation completed ({@link #success}), the select it belongs to, and the
 * links of a FIFO {@link WaitQueue}. The one record of a parked party: every wait puts one on a
 * queue ({@link Parking#enqueue}, the park's single-waker mode, and {@code park.Park} on its own
 * queue); a goroutine reuses its G's cached waiter for each of its waits ({@link Parking#waiterFor});
 * a select uses one waiter per case.
 *
 * <h2>Who writes what</h2>
 * The blocked party fills the waiter and enqueues it under the primitive's lock. A waker, under
 * the same lock, dequeues it (a select waiter only if the waker wins {@link SelectWait#tryWin}),
 * writes {@link #elem} and {@link #success}, and after unlocking calls {@link #wake}. The woken party
 * reads the fields after it runs again: for a goroutine the run queue orders the waker's writes
 * before the resume (the queue put is a release, the dequeue an acquire); for a plain thread the
 * volatile {@link #woken} flag does. After {@link #wake} the waker never touches the waiter again,
 * so the woken party may reuse it.
 */
public final class Waiter implements ThreadWait {

    /**
     * The blocked party: the parked goroutine ({@link Party}), or the blocked plain {@link Thread}. One field for
     * both (a parked goroutine holds its waiter; a second reference would make every waiter 8
     * bytes bigger). Set once, before the waiter is enqueued; see {@link #g()}.
     */
    private final Object party;
    /** The value slot: a sender's value, or what a receiver was handed. Guarded by the queue's lock until woken. */
    public Object elem;
    /** True when woken by a completed operation, false when woken by a close. */
    public boolean success;
    /** The select this waiter is one case of, or null. */
    SelectWait select;
    /**
     * What the primitive wrote on the waiter when it parked, for a waker to read at the head of the
     * queue: a semaphore's weight, a mutex's wait start (Go's {@code sudog.ticket} and
     * {@code waitStartTime}). Written by the blocked party before enqueueing, under the queue's lock.
     */
    public long ticket;
    /** The case index within {@link #select}. */
    public int caseIndex;
    /** The queue the waiter was last put on (kept after dequeue: it names the primitive for the deadlock check). */
    WaitQueue queue;
    /** FIFO links; guarded by {@link #queue}'s owner lock. {@link #queued} is true while linked. */
    Waiter next;
    Waiter prev;
    /** Read (under the queue's lock) by the poller's plain-thread deadline path ({@code poll.PollDesc}); written only by {@link WaitQueue}. */
    public boolean queued;
    /** Link of a {@link WakeList} (waiters to wake after unlocking); the waker's only. */
    Waiter wakeLink;
    /** Plain-thread handshake: written by the waker after the fields above, read by the thread blocked in {@link Parking#park}. */
    private volatile boolean woken;

    Waiter(Party g, Thread thread, SelectWait select) {
        this.party = g != null ? g : thread;
        this.select = select;
    }

    /** The parked goroutine, or null for a plain thread. */
    public Party g() {
        return party instanceof Party ? (Party) party : null;
    }

    /** A waiter for the calling plain thread. */
    public static Waiter forThread() {
        return new Waiter(null, Thread.currentThread(), null);
    }

    /** A waiter for case {@code index} of {@code sw}, owned by {@code g} (null: a plain thread). */
    public static Waiter forSelect(Party g, SelectWait sw, int index) {
        Waiter w = new Waiter(g, g == null ? Thread.currentThread() : null, sw);
        w.caseIndex = index;
        return w;
    }

    /**
     * Makes the blocked party runnable again: a goroutine is readied (runnext of the waker's P when
     * the waker is a goroutine of the same runtime holding a P, else the global queue and wakep);
     * a plain thread is unparked. Called after the waker released the queue's lock; the waker must
     * not touch this waiter afterwards.
     */
    public void wake() {
        if (party instanceof Party) {
            ((Party) party).ready();
        } else if (select != null) {
            select.wakeThread();
        } else {
            Thread t = (Thread) party;
            woken = true; // volatile write after elem/success, pairs with the read in isOver
            LockSupport.unpark(t);
        }
    }

    /** Has {@link #wake} been called for this plain thread's waiter? Volatile read, pairs with the write in wake. */
    public boolean isWoken() {
        return woken;
    }

    @Override
    public boolean isOver() {
        return woken;
    }

    /** Clears a reused waiter (the G's cached one) before it is filled again. Owner only. */
    void reset() {
        elem = null;
        success = false;
        caseIndex = 0;
        ticket = 0;
        queue = null;
        next = prev = wakeLink = null;
        queued = false;
    }
}
