package io.jgo;

import io.jgo.internal.sched.park.WaitReason;
import io.jgo.internal.sync.WaitList;

/**
 * Go's {@code sync.RWMutex}: many readers or one writer, with writer preference: once a writer
 * waits, new readers wait too (so a stream of readers cannot starve writers); when a writer
 * unlocks, the readers that queued meanwhile go first, then the next writer. Waiters park
 * (goroutines) or block (plain threads); ownership is handed to them on wake, so they never retry.
 *
 * <p>All state is guarded by the one lock of the two wait lists, held only for bookkeeping (and by
 * a parking party until it is parked).
 */
public final class RWMutex {

    private final WaitList readersWaiting = new WaitList();
    private final WaitList writersWaiting = new WaitList(readersWaiting);
    /** Guarded by the lists' lock: active readers, an active writer, queued writers. */
    private int readers;
    private boolean writer;
    private int queuedWriters;

    /** Locks for reading; waits while a writer holds or waits for the mutex. */
    @Goroutine
    public void rLock() {
        touch();
        readersWaiting.lock();
        if (!writer && queuedWriters == 0) {
            readers++;
            readersWaiting.unlock();
            return;
        }
        readersWaiting.park(WaitReason.SYNC_RWMUTEX_RLOCK, 0, false); // the unlocking writer counted us in
    }

    /** Locks for reading if that needs no waiting (no writer holds or waits); reports whether it did. */
    public boolean tryRLock() {
        touch();
        readersWaiting.lock();
        try {
            if (!writer && queuedWriters == 0) {
                readers++;
                return true;
            }
            return false;
        } finally {
            readersWaiting.unlock();
        }
    }

    /**
     * Undoes one {@link #rLock}; the last reader out lets a waiting writer in.
     *
     * @throws PanicException "sync: RUnlock of unlocked RWMutex"
     */
    public void rUnlock() {
        touch();
        readersWaiting.lock();
        try {
            if (readers == 0) {
                throw new PanicException("sync: RUnlock of unlocked RWMutex");
            }
            if (--readers == 0 && queuedWriters > 0) {
                admitWriter();
            }
        } finally {
            readersWaiting.unlock(); // wakes whom admitWriter readied
        }
    }

    /** Locks for writing; waits until no reader and no writer holds it. */
    @Goroutine
    public void lock() {
        touch();
        readersWaiting.lock();
        if (!writer && readers == 0) {
            writer = true;
            readersWaiting.unlock();
            return;
        }
        queuedWriters++;
        writersWaiting.park(WaitReason.SYNC_RWMUTEX_LOCK, 0, false); // handed over: we are the writer
    }

    /**
     * Unlocks for writing: readers that queued meanwhile go first, else the next writer.
     *
     * @throws PanicException "sync: Unlock of unlocked RWMutex"
     */
    public void unlock() {
        touch();
        readersWaiting.lock();
        try {
            if (!writer) {
                throw new PanicException("sync: Unlock of unlocked RWMutex");
            }
            writer = false;
            int admitted = readersWaiting.readyAll();
            readers += admitted;
            if (admitted == 0 && queuedWriters > 0) {
                admitWriter();
            }
        } finally {
            readersWaiting.unlock(); // wakes whom we readied
        }
    }

    /** Tries to lock for writing without waiting. */
    public boolean tryLock() {
        touch();
        readersWaiting.lock();
        try {
            if (!writer && readers == 0) {
                writer = true;
                return true;
            }
            return false;
        } finally {
            readersWaiting.unlock();
        }
    }

    /** Records the calling party on both lists (see WaitList, "Reach"). Any thread. */
    private void touch() {
        readersWaiting.touch();
        writersWaiting.touch();
    }

    /** Hands the mutex to the first queued writer; if none is left (its runtime stopped), lets the readers in. Lock held. */
    private void admitWriter() {
        if (writersWaiting.readyFirst(true)) {
            queuedWriters--;
            writer = true;
        } else {
            queuedWriters = 0;
            readers += readersWaiting.readyAll();
        }
    }
}
