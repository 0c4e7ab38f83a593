package io.jgo.internal.sched.park;

import java.util.concurrent.locks.LockSupport;

/**
 * One blocked select: the waiters of its cases share this record, and the first waker to win
 * {@link #tryWin} (a sender, a receiver, a close, a timer's send) completes the select; every other
 * waker skips that select's waiters. Go keeps the flag in the G ({@code g.selectDone}); a record of
 * its own serves plain threads too. This is the park's multi-waker mode for a select: it parks
 * through {@link Parking#park} as every wait does, with this record instead of one waiter.
 *
 * <p>Race, as numbered interleavings: waker A on channel 1 and waker B on channel 2 both find a
 * waiter of this select, each under its own channel's lock. 1. A: CAS outcome WAITING -> WON succeeds.
 * 2. B: CAS fails; B unlinks its waiter and looks at the next one. 3. A writes the value, sets
 * {@link #winner}, unlocks, wakes. The selector then locks every channel of the select and removes
 * its remaining waiters; waiters B already unlinked are skipped ({@link WaitQueue#remove}).
 */
public class SelectWait extends OneWinner implements ThreadWait {

    /** The outcome ({@link OneWinner}) of a select some waker has won. */
    private static final int WON = 1;
    /** The winning waiter; written by the winner before {@link Waiter#wake}, read by the selector after it runs again. */
    private Waiter winner;
    /** Every case's waiter, set by the selector before it parks; for the deadlock check. */
    private volatile Waiter[] waiters;
    /** The blocked plain thread, or null for a goroutine. */
    private final Thread thread;
    /** Plain-thread handshake: written after {@link #winner}, read by the thread blocked in {@link Parking#park}. */
    private volatile boolean woken;

    /** A select blocking the calling thread ({@code goroutine}: false for a plain thread). */
    public SelectWait(boolean goroutine) {
        this.thread = goroutine ? null : Thread.currentThread();
    }

    /**
     * Makes a finished select reusable by its owner. Only once no waker can reach it: every waiter
     * of the last blocking use was removed from its queue under that queue's lock (pass 3), and a
     * waker never touches a waiter after {@link Waiter#wake}; the next waker can only find this
     * record through a waiter enqueued later under a channel lock, which publishes these writes.
     */
    protected void resetWait() {
        resetOutcome();
        winner = null;
        waiters = null;
        woken = false;
    }

    /** Claims this select for {@code w}; true for exactly one caller. Under {@code w}'s queue lock. */
    boolean tryWin(Waiter w) {
        if (win(WON)) { // the one-winner rule: exactly one waker of all the select's cases
            winner = w;
            return true;
        }
        return false;
    }

    /** The case that fired; read by the selector once it runs again. */
    public Waiter winner() {
        return winner;
    }

    /** Records the waiters of every case (before the select parks). */
    public void setWaiters(Waiter[] ws) {
        waiters = ws;
    }

    /** The waiters of the cases, or null before the select parks. */
    Waiter[] waiters() {
        return waiters;
    }

    /** Does any case wait on a primitive reached from outside {@code sched}? Racy; for the deadlock check. */
    boolean reachedFromOutside(Object sched) {
        Waiter[] ws = waiters;
        if (ws != null) {
            for (Waiter w : ws) {
                if (w != null && w.queue != null && w.queue.reachedFromOutside(sched)) {
                    return true;
                }
            }
        }
        return false;
    }

    void wakeThread() {
        woken = true; // volatile write after winner and the waiter's fields, pairs with isOver
        LockSupport.unpark(thread);
    }

    /** Has a case fired for this plain thread? Volatile read, pairs with the write in wakeThread. */
    @Override
    public boolean isOver() {
        return woken;
    }
}
