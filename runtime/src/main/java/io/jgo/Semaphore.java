package io.jgo;

import io.jgo.internal.sched.park.WaitReason;
import io.jgo.internal.sync.WaitList;

/**
 * A weighted semaphore ({@code golang.org/x/sync/semaphore}): {@link #acquire} {@code n} units of
 * {@code size}, waiting FIFO: a large request at the head holds back smaller ones behind it (no
 * starvation of large requests). A request larger than the size waits forever, as there.
 */
public final class Semaphore {

    private final long size;
    /** Waiters, each with its weight as its ticket; its lock guards {@link #cur}. */
    private final WaitList waiters = new WaitList();
    /** Units held; guarded by {@link #waiters}' lock. */
    private long cur;

    public Semaphore(long size) {
        if (size < 0) {
            throw new IllegalArgumentException("negative semaphore size " + size);
        }
        this.size = size;
    }

    /** Acquires one unit: {@code acquire(1)}. */
    @Goroutine
    public void acquire() {
        acquire(1);
    }

    /** Acquires {@code n} units, waiting until they are free and every earlier waiter is served. */
    @Goroutine
    public void acquire(long n) {
        waiters.touch();
        waiters.lock();
        if (size - cur >= n && waiters.isEmpty()) {
            cur += n;
            waiters.unlock();
            return;
        }
        waiters.park(WaitReason.SEMAPHORE_ACQUIRE, n, false); // release counted our units in
    }

    /** Acquires {@code n} units only if that needs no waiting. */
    public boolean tryAcquire(long n) {
        waiters.touch();
        waiters.lock();
        try {
            if (size - cur >= n && waiters.isEmpty()) {
                cur += n;
                return true;
            }
            return false;
        } finally {
            waiters.unlock();
        }
    }

    /**
     * Releases {@code n} units and admits waiters in order while they fit.
     *
     * @throws PanicException "semaphore: released more than held"
     */
    public void release(long n) {
        waiters.touch();
        waiters.lock();
        try {
            if (cur - n < 0) {
                throw new PanicException("semaphore: released more than held");
            }
            cur -= n;
            for (long need; (need = waiters.firstTicket()) != WaitList.NO_WAITER && size - cur >= need; ) {
                cur += need; // FIFO: a head that does not fit holds back everyone behind it
                waiters.readyFirst(true);
            }
        } finally {
            waiters.unlock(); // wakes the waiters admitted above
        }
    }
}
