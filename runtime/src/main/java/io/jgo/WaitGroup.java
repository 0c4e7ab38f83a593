package io.jgo;

import io.jgo.internal.sched.park.WaitReason;
import io.jgo.internal.sync.WaitList;

/**
 * Go's {@code sync.WaitGroup}: {@link #add} work, {@link #done} it, {@link #await} until the
 * counter is zero. {@code await} parks a goroutine (not its carrier); from a plain thread it blocks
 * the thread. A negative counter panics with Go's message.
 *
 * <p>The counter is guarded by the wait list's lock; a waiter parks with the lock held and the
 * scheduler releases it once the waiter is parked ({@link WaitList#park}), so {@link #add} never
 * readies a goroutine that is still running.
 */
public final class WaitGroup {

    private final WaitList waiters = new WaitList();
    /** Guarded by {@link #waiters}' lock. */
    private long counter;

    /** Adds {@code delta} (may be negative); at zero, wakes every waiter. */
    public void add(int delta) {
        waiters.touch();
        long c;
        waiters.lock();
        try {
            c = counter += delta;
            if (c == 0) {
                waiters.readyAll();
            }
        } finally {
            waiters.unlock(); // wakes the waiters readied above
        }
        if (c < 0) {
            throw new PanicException("sync: negative WaitGroup counter");
        }
    }

    /** {@code add(-1)}. */
    public void done() {
        add(-1);
    }

    /**
     * Reports whether the counter is zero, that is whether {@link #await} would return at once,
     * without waiting: a non-blocking {@code Wait}, as {@link Mutex#tryLock} is a non-blocking
     * {@code Lock}.
     */
    public boolean tryAwait() {
        waiters.touch();
        waiters.lock();
        try {
            return counter == 0;
        } finally {
            waiters.unlock();
        }
    }

    /** Waits until the counter is zero: parks the calling goroutine, or blocks a plain thread. */
    @Goroutine
    public void await() {
        waiters.touch();
        waiters.lock();
        if (counter == 0) {
            waiters.unlock();
            return;
        }
        waiters.park(WaitReason.SYNC_WAIT_GROUP_WAIT, 0, false); // readied by add: the counter reached zero
    }
}
