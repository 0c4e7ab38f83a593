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
 * Go's {@code sync.WaitGroup}: {@link #add} work, {@link #done} it, {@link #await} until the
 * counter is zero. {@code await} parks a goroutine (not its carrier); from a plain thread it blocks
 * the thread. A negative counter panics with Go's message.
 *
 * <p>Waiters are kept under {@link #lock} on the parking seam ({@link Parking}): a waiting goroutine
 * enqueues itself and yields while still holding the lock; the scheduler releases it once the
 * goroutine is off its carrier, so {@link #add} never readies a goroutine that is still running.
 */
public final class WaitGroup {

    private static final int AWAIT_ID = MethodIds.of("io.jgo.WaitGroup", "await", "()V");

    private final ReentrantLock lock = new ReentrantLock();
    /** Guarded by {@link #lock}. */
    private long counter;
    private final WaitQueue waiters = new WaitQueue();
    /** Run by g0 (or the blocked plain thread) once the waiter is parked. */
    private final ParkUnlock unlock = lock::unlock;

    /** Adds {@code delta} (may be negative); at zero, wakes every waiter. */
    public void add(int delta) {
        waiters.touch(); // see Parking, "Reach"
        Waiter wake = null;
        long c;
        lock.lock();
        try {
            c = counter += delta;
            if (c == 0) {
                for (Waiter w; (w = waiters.dequeue()) != null; ) {
                    w.success = true;
                    w.wakeLink = wake;
                    wake = w;
                }
            }
        } finally {
            lock.unlock();
        }
        if (c < 0) {
            throw new PanicException("sync: negative WaitGroup counter");
        }
        while (wake != null) {
            Waiter w = wake;
            wake = w.wakeLink; // read before wake: the woken party may reuse w at once
            w.wake();
        }
    }

    /** {@code add(-1)}. */
    public void done() {
        add(-1);
    }

    /** Waits until the counter is zero: parks the calling goroutine, or blocks a plain thread. */
    @Goroutine
    public void await() {
        Stack s = Stack.current();
        long via = s.takeCallSite();
        if (s.isResuming()) {
            s.resumeLeaf();
            Parking.takeWaiting(Parking.goroutineOf(s));
            return; // readied by add: the counter reached zero
        }
        G g = Parking.goroutineOf(s);
        waiters.touch(g);
        lock.lock();
        if (counter == 0) {
            lock.unlock();
            return;
        }
        if (g == null) {
            Waiter w = Waiter.forThread();
            Parking.enterThreadWait(); // before a goroutine can see the waiter: no deadlock report while we wait
            waiters.enqueue(w);
            w.awaitAsThread(unlock);
            return;
        }
        Waiter w = Parking.waiterFor(g);
        waiters.enqueue(w);
        Parking.prepare(g, w, unlock, WaitReason.SYNC_WAIT_GROUP_WAIT); // the scheduler unlocks once g is parked
        if (s.suspendLeaf(via, AWAIT_ID, Stack.YIELD_PARK)) {
            return; // unwinding; resumed above
        }
        Parking.takeWaiting(g); // pinned: parkPinned already waited until add readied us
    }
}
