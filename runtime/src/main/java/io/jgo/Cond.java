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
 * Go's {@code sync.Cond} over a {@link Mutex}: {@link #await} atomically unlocks the mutex and
 * waits for a {@link #signal} (one waiter, the longest waiting) or {@link #broadcast} (all), then
 * locks the mutex again before returning. As in Go, re-check the condition in a loop.
 *
 * <p>"Atomically": the waiter is queued before the mutex is unlocked, so a signal sent after the
 * unlock always finds it (Go's notify-list ticket does the same).
 */
public final class Cond {

    private static final int AWAIT_ID = MethodIds.of("io.jgo.Cond", "await", "()V");
    /** Labels of await's records: 1 = waiting for a signal (suspendLeaf's), 2 = re-locking the mutex. */
    private static final int LABEL_RELOCK = 2;
    private static final long RELOCK_SITE = (long) AWAIT_ID << 32 | LABEL_RELOCK | Stack.VIRTUAL_SITE;

    private final Mutex mu;
    private final ReentrantLock lk = new ReentrantLock();
    private final ParkUnlock unlockLk = lk::unlock;
    private final WaitQueue waiters = new WaitQueue();

    public Cond(Mutex mu) {
        this.mu = java.util.Objects.requireNonNull(mu, "mu");
    }

    /** The mutex this condition is bound to (Go's {@code c.L}). */
    public Mutex mutex() {
        return mu;
    }

    /**
     * Unlocks the mutex, waits for a signal, locks the mutex again. Hand-written resumable frame
     * (a leaf while waiting, a middle frame over {@code Mutex.lock} while re-locking).
     */
    @Goroutine
    public void await() {
        Stack s = Stack.current();
        long via = s.takeCallSite();
        Object recv = s.callee; // this Cond, as the caller's virtual call site left it
        G g = Parking.goroutineOf(s);
        waiters.touch(g); // see Parking, "Reach"
        if (s.isResuming()) {
            if (s.onAttention(AWAIT_ID) != LABEL_RELOCK) { // pops await's own record
                Parking.takeWaiting(g); // signalled
            }
        } else {
            lk.lock();
            mu.unlock(); // after the waiter is certain to be found: we hold lk until parked
            Waiter w = Parking.enqueueAndWait(g, waiters, null, unlockLk, WaitReason.SYNC_COND_WAIT);
            if (w == null) {
                if (s.suspendLeaf(via, AWAIT_ID, Stack.YIELD_PARK)) {
                    return; // unwinding; resumed above
                }
                Parking.takeWaiting(g);
            }
        }
        for (;;) { // re-lock; Mutex.lock may park, and then this frame unwinds like rewritten code
            s.callSite = RELOCK_SITE;
            s.callee = mu;
            mu.lock();
            s.callSite = 0;
            if (!s.suspending) {
                return;
            }
            s.pushFrame(AWAIT_ID, LABEL_RELOCK, 0, 0);
            if (s.mayUnwind(via, AWAIT_ID, recv)) {
                return;
            }
            s.pinAfterSave();
        }
    }

    /** Wakes the longest-waiting goroutine or thread, if any. */
    public void signal() {
        waiters.touch();
        Waiter w;
        lk.lock();
        try {
            w = waiters.dequeue();
        } finally {
            lk.unlock();
        }
        if (w != null) {
            w.success = true;
            w.wake();
        }
    }

    /** Wakes every waiter. */
    public void broadcast() {
        waiters.touch();
        Waiter wake = null;
        lk.lock();
        try {
            for (Waiter w; (w = waiters.dequeue()) != null; ) {
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
