package io.jgo;

import io.jgo.internal.sched.park.WaitReason;
import io.jgo.internal.sync.WaitList;

/**
 * A one-shot count-down latch ({@code java.util.concurrent.CountDownLatch}'s contract) whose
 * {@link #await} parks a goroutine instead of blocking its carrier; from a plain thread it blocks
 * the thread. The count is set once, {@link #countDown} lowers it, and every waiter is released
 * when it reaches zero; it never goes back up (unlike a {@link WaitGroup}, whose counter may rise
 * again and panics below zero: a count-down past zero does nothing here).
 *
 * <p>The count is guarded by the wait list's lock; a waiter parks with the lock held and the park
 * releases it once the waiter is parked ({@link WaitList#park}), so the last {@link #countDown}
 * never readies a goroutine that is still running. {@link #count} reads it without the lock: the
 * count only falls, so a stale read is one that could have been made a moment earlier.
 */
public final class Latch {

    private final WaitList waiters = new WaitList();
    /** Guarded by {@link #waiters}' lock for writes; volatile for {@link #count}'s lock-free read. */
    private volatile long count;

    /** A latch released after {@code count} calls of {@link #countDown}; at zero it is open from the start. */
    public Latch(long count) {
        if (count < 0) {
            throw new IllegalArgumentException("Latch count is " + count + "; it must be 0 or more");
        }
        this.count = count;
    }

    /** Lowers the count by one; at zero, releases every waiter. Past zero, does nothing. */
    public void countDown() {
        waiters.touch();
        waiters.lock();
        try {
            long c = count;
            if (c > 0) {
                count = c - 1;
                if (c == 1) {
                    waiters.readyAll();
                }
            }
        } finally {
            waiters.unlock(); // wakes the waiters readied above
        }
    }

    /** The count now (racy, it may fall right after). */
    public long count() {
        return count;
    }

    /** Waits until the count is zero: parks the calling goroutine, or blocks a plain thread. */
    @Goroutine
    public void await() {
        waiters.touch();
        if (count == 0) { // volatile read: once zero, always zero
            return;
        }
        waiters.lock();
        if (count == 0) {
            waiters.unlock();
            return;
        }
        waiters.park(WaitReason.LATCH_AWAIT, 0, false); // readied by the countDown that reached zero
    }
}
