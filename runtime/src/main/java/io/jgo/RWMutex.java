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
 * Go's {@code sync.RWMutex}: many readers or one writer, with writer preference: once a writer
 * waits, new readers wait too (so a stream of readers cannot starve writers); when a writer
 * unlocks, the readers that queued meanwhile go first, then the next writer. Waiters park
 * (goroutines) or block (plain threads); ownership is handed to them on wake, so they never retry.
 *
 * <p>All state is guarded by {@link #lk}, held only for bookkeeping (and by a parking goroutine
 * until g0 has made it WAITING).
 */
public final class RWMutex {

    private static final int LOCK_ID = MethodIds.of("io.jgo.RWMutex", "lock", "()V");
    private static final int RLOCK_ID = MethodIds.of("io.jgo.RWMutex", "rLock", "()V");

    private final ReentrantLock lk = new ReentrantLock();
    private final ParkUnlock unlockLk = lk::unlock;
    private final WaitQueue readersWaiting = new WaitQueue();
    private final WaitQueue writersWaiting = new WaitQueue();
    /** Guarded by {@link #lk}: active readers, an active writer, queued writers. */
    private int readers;
    private boolean writer;
    private int queuedWriters;

    /** Locks for reading; waits while a writer holds or waits for the mutex. */
    @Goroutine
    public void rLock() {
        Stack s = Stack.current();
        long via = s.takeCallSite();
        G g = Parking.goroutineOf(s);
        touch(g);
        if (s.isResuming()) {
            s.resumeLeaf();
            Parking.takeWaiting(g); // the unlocking writer counted us in
            return;
        }
        lk.lock();
        if (!writer && queuedWriters == 0) {
            readers++;
            lk.unlock();
            return;
        }
        if (Parking.enqueueAndWait(g, readersWaiting, null, unlockLk, WaitReason.SYNC_RWMUTEX_RLOCK) == null
                && !s.suspendLeaf(via, RLOCK_ID, Stack.YIELD_PARK)) {
            Parking.takeWaiting(g); // pinned: woken already
        }
    }

    /**
     * Undoes one {@link #rLock}; the last reader out lets a waiting writer in.
     *
     * @throws PanicException "sync: RUnlock of unlocked RWMutex"
     */
    public void rUnlock() {
        touch(Parking.goroutineOf(Stack.current()));
        Waiter wake = null;
        lk.lock();
        try {
            if (readers == 0) {
                throw new PanicException("sync: RUnlock of unlocked RWMutex");
            }
            if (--readers == 0 && queuedWriters > 0) {
                wake = admitWriterLocked();
            }
        } finally {
            lk.unlock();
        }
        if (wake != null) {
            wake.wake();
        }
    }

    /** Locks for writing; waits until no reader and no writer holds it. */
    @Goroutine
    public void lock() {
        Stack s = Stack.current();
        long via = s.takeCallSite();
        G g = Parking.goroutineOf(s);
        touch(g);
        if (s.isResuming()) {
            s.resumeLeaf();
            Parking.takeWaiting(g); // handed over: we are the writer
            return;
        }
        lk.lock();
        if (!writer && readers == 0) {
            writer = true;
            lk.unlock();
            return;
        }
        queuedWriters++;
        if (Parking.enqueueAndWait(g, writersWaiting, null, unlockLk, WaitReason.SYNC_RWMUTEX_LOCK) == null
                && !s.suspendLeaf(via, LOCK_ID, Stack.YIELD_PARK)) {
            Parking.takeWaiting(g);
        }
    }

    /**
     * Unlocks for writing: readers that queued meanwhile go first, else the next writer.
     *
     * @throws PanicException "sync: Unlock of unlocked RWMutex"
     */
    public void unlock() {
        touch(Parking.goroutineOf(Stack.current()));
        Waiter wake = null;
        lk.lock();
        try {
            if (!writer) {
                throw new PanicException("sync: Unlock of unlocked RWMutex");
            }
            writer = false;
            for (Waiter r; (r = readersWaiting.dequeue()) != null; ) {
                readers++;
                r.success = true;
                r.wakeLink = wake;
                wake = r;
            }
            if (wake == null && queuedWriters > 0) {
                wake = admitWriterLocked();
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

    /** Records the calling party on both queues (see Parking, "Reach"). Any thread. */
    private void touch(G g) {
        readersWaiting.touch(g);
        writersWaiting.touch(g);
    }

    /** Hands the mutex to the first queued writer (none if its runtime stopped). lk held. */
    private Waiter admitWriterLocked() {
        Waiter w = writersWaiting.dequeue();
        queuedWriters = w == null ? 0 : queuedWriters - 1;
        if (w != null) {
            writer = true;
            w.success = true;
        } else {
            for (Waiter r; (r = readersWaiting.dequeue()) != null; ) { // no writer after all: let readers in
                readers++;
                r.success = true;
                r.wake(); // lk is held, but waking only queues the G (or unparks a thread): no lock taken
            }
        }
        return w;
    }

    /** Tries to lock for writing without waiting. */
    public boolean tryLock() {
        touch(Parking.goroutineOf(Stack.current()));
        lk.lock();
        try {
            if (!writer && readers == 0) {
                writer = true;
                return true;
            }
            return false;
        } finally {
            lk.unlock();
        }
    }
}
