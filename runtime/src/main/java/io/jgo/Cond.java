package io.jgo;

import io.jgo.internal.sched.park.WaitReason;
import io.jgo.internal.sync.WaitList;
import java.util.Objects;

/**
 * Go's {@code sync.Cond} over a {@link Mutex}: {@link #await} atomically unlocks the mutex and
 * waits for a {@link #signal} (one waiter, the longest waiting) or {@link #broadcast} (all), then
 * locks the mutex again before returning. As in Go, re-check the condition in a loop.
 *
 * <p>"Atomically": the waiter holds the wait list's lock from before it unlocks the mutex until it
 * is parked, so a signal sent after the unlock always finds it (Go's notify-list ticket does the same).
 */
public final class Cond {

    private final Mutex mu;
    private final WaitList waiters = new WaitList();

    public Cond(Mutex mu) {
        this.mu = Objects.requireNonNull(mu, "mu");
    }

    /** The mutex this condition is bound to (Go's {@code c.L}). */
    public Mutex mutex() {
        return mu;
    }

    /**
     * Unlocks the mutex, waits for a signal, locks the mutex again.
     *
     * @throws PanicException "sync: unlock of unlocked mutex" when the mutex is not locked
     */
    @Goroutine
    public void await() {
        waiters.touch();
        waiters.lock();
        try {
            mu.unlock(); // after the waiter is certain to be found: we hold the list's lock until parked
        } catch (RuntimeException e) {
            waiters.unlock();
            throw e;
        }
        waiters.park(WaitReason.SYNC_COND_WAIT, 0, false);
        mu.lock();
    }

    /** Wakes the longest-waiting waiter, if any. */
    public void signal() {
        waiters.touch();
        waiters.lock();
        try {
            waiters.readyFirst(true);
        } finally {
            waiters.unlock();
        }
    }

    /** Wakes every waiter. */
    public void broadcast() {
        waiters.touch();
        waiters.lock();
        try {
            waiters.readyAll();
        } finally {
            waiters.unlock();
        }
    }
}
