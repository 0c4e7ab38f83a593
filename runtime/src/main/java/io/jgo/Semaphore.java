package io.jgo;

import io.jgo.internal.MethodIds;
import io.jgo.internal.Stack;
import io.jgo.internal.WaitReason;
import io.jgo.internal.sched.G;
import io.jgo.internal.sched.ParkUnlock;
import io.jgo.internal.sched.Parking;
import io.jgo.internal.sched.WaitQueue;
import io.jgo.internal.sched.Waiter;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A weighted semaphore ({@code golang.org/x/sync/semaphore}): {@link #acquire} {@code n} units of
 * {@code size}, waiting FIFO: a large request at the head holds back smaller ones behind it (no
 * starvation of large requests). A request larger than the size waits forever, as there.
 */
public final class Semaphore {

    private static final int ACQUIRE_ID = MethodIds.of("io.jgo.Semaphore", "acquire", "(J)V");

    private final long size;
    private final ReentrantLock lk = new ReentrantLock();
    private final ParkUnlock unlockLk = lk::unlock;
    /** Waiters; each one's {@code elem} is its weight (a Long). Guarded by {@link #lk}. */
    private final WaitQueue waiters = new WaitQueue();
    /** Units held; guarded by {@link #lk}. */
    private long cur;

    public Semaphore(long size) {
        if (size < 0) {
            throw new IllegalArgumentException("negative semaphore size " + size);
        }
        this.size = size;
    }

    /** Acquires {@code n} units, waiting until they are free and every earlier waiter is served. */
    @Goroutine
    public void acquire(long n) {
        Stack s = Stack.current();
        long via = s.takeCallSite();
        G g = Parking.goroutineOf(s);
        waiters.touch(g); // see Parking, "Reach"
        if (s.isResuming()) {
            s.resumeLeaf();
            Parking.takeWaiting(g); // release counted our units in
            return;
        }
        lk.lock();
        if (size - cur >= n && waiters.peek() == null) {
            cur += n;
            lk.unlock();
            return;
        }
        if (Parking.enqueueAndWait(g, waiters, n, unlockLk, WaitReason.SEMAPHORE_ACQUIRE) == null
                && !s.suspendLeaf(via, ACQUIRE_ID, Stack.YIELD_PARK)) {
            Parking.takeWaiting(g);
        }
    }

    /** Acquires {@code n} units only if that needs no waiting. */
    public boolean tryAcquire(long n) {
        waiters.touch();
        lk.lock();
        try {
            if (size - cur >= n && waiters.peek() == null) {
                cur += n;
                return true;
            }
            return false;
        } finally {
            lk.unlock();
        }
    }

    /**
     * Releases {@code n} units and admits waiters in order while they fit.
     *
     * @throws PanicException "semaphore: released more than held"
     */
    public void release(long n) {
        waiters.touch();
        Waiter wake = null;
        lk.lock();
        try {
            cur -= n;
            if (cur < 0) {
                cur += n;
                throw new PanicException("semaphore: released more than held");
            }
            for (Waiter w; (w = waiters.peek()) != null; ) {
                long need = (Long) w.elem;
                if (size - cur < need) {
                    break; // FIFO: the head does not fit, nobody behind it goes first
                }
                Waiter d = waiters.dequeue();
                if (d != w) { // the head belonged to a stopped runtime and was dropped: look again
                    if (d != null) {
                        waiters.enqueueFirst(d);
                    }
                    continue;
                }
                cur += need;
                w.success = true;
                w.wakeLink = wake;
                wake = w;
            }
        } finally {
            lk.unlock();
        }
        while (wake != null) {
            Waiter w = wake;
            wake = w.wakeLink;
            w.wakeLink = null;
            w.wake();
        }
    }
}
