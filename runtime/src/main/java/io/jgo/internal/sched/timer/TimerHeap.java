package io.jgo.internal.sched.timer;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One P's timers (Go's {@code p.timers}): a 4-ary min-heap on {@code when}, as in Go (shallower than
 * a binary heap, so a sift touches fewer cache lines). Any thread may add, modify, remove and run
 * expired timers under the heap's own lock ({@link #lock}): the P's holder does in
 * {@code findRunnable}, stealers and idle Ms do for idle or busy Ps, sysmon does as a backstop.
 * Fired timers' functions run after the lock is released, so they may arm timers themselves.
 *
 * <p>The lock is a {@link ReentrantLock}, not the monitor, for {@link #tryRunBatch}: another P's
 * holder that takes over this heap's overdue timers must never wait while the heap's owner (or an
 * arming goroutine) holds it, so it only tries. Uncontended, lock and unlock are one CAS each, as a
 * monitor's are. {@link #batchesRun} tells sysmon whether anyone ran the heap since it last looked.
 */
public final class TimerHeap {

    private final TimerHost host;
    /** Guards everything below but {@link #minWhen}'s reads and {@link #batches}' opaque reads. Package-private for tests. */
    final ReentrantLock lock = new ReentrantLock();
    private RuntimeTimer[] heap = new RuntimeTimer[16];
    private int size;
    /** {@code when} of the root, or Long.MAX_VALUE; written under the lock, read racily (volatile) by anyone looking for the earliest timer. */
    private volatile long minWhen = Long.MAX_VALUE;
    /**
     * Batches of due timers taken off this heap by anyone (its holder, a thief, sysmon); written under
     * the lock, read without it ({@link #batchesRun}, opaque): a count that moved means someone is
     * running the heap, so it is not stuck.
     */
    private int batches;

    /** The earliest deadline on the heap, or Long.MAX_VALUE when empty. Any thread (volatile read, no lock). */
    public long minWhen() {
        return minWhen;
    }

    public TimerHeap(TimerHost host) {
        this.host = host;
    }

    public int size() {
        lock.lock();
        try {
            return size;
        } finally {
            lock.unlock();
        }
    }

    /**
     * How many batches of due timers were taken off this heap so far (wraps around); compare two
     * reads for equality only. Any thread, no lock (an opaque read: a later read never sees an
     * older count).
     */
    public int batchesRun() {
        return (int) BATCHES.getOpaque(this);
    }

    /** Set when the P retires (its timers moved away); a retired heap refuses timers. Guarded by the lock. */
    private boolean retired;

    /** The P is back after a grow. */
    public void revive() {
        lock.lock();
        try {
            retired = false;
        } finally {
            lock.unlock();
        }
    }

    /** Adds an unarmed timer (the caller holds its monitor); false if this P retired. */
    boolean add(RuntimeTimer t, long when) {
        lock.lock();
        try {
            if (retired) {
                return false;
            }
            if (size == heap.length) {
                heap = Arrays.copyOf(heap, size * 2);
            }
            t.when = when;
            t.index = size;
            heap[size++] = t;
            siftUp(t.index);
            t.heap = this; // volatile write, under the lock
            host.armedDelta(1);
            updateMin();
            return true;
        } finally {
            lock.unlock();
        }
    }

    /** Moves {@code t} to {@code when} if it is still on this heap; false if it left it. */
    boolean modify(RuntimeTimer t, long when) {
        lock.lock();
        try {
            if (t.heap != this) {
                return false;
            }
            long old = t.when;
            t.when = when;
            if (when < old) {
                siftUp(t.index);
            } else {
                siftDown(t.index);
            }
            updateMin();
            return true;
        } finally {
            lock.unlock();
        }
    }

    /** Removes {@code t} if it is still on this heap (a stop); false if it left it. */
    boolean remove(RuntimeTimer t) {
        lock.lock();
        try {
            if (t.heap != this) {
                return false;
            }
            removeAt(t.index);
            host.armedDelta(-1);
            updateMin();
            return true;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Takes every timer due at {@code now} off the heap, fires them outside the lock, and returns
     * how many fired. The armed count drops only after each has fired, so the deadlock check sees
     * either the armed timer or what it readied. Any thread.
     */
    public int runExpired(long now) {
        int total = 0;
        int n;
        do {
            n = runBatch(now, false);
            total += n;
        } while (n == BATCH);
        return total;
    }

    /** The most timers one batch takes off the heap (and fires, with the lock released). */
    public static final int BATCH = 64;

    /**
     * One batch of {@link #runExpired} (at most {@link #BATCH} timers due at {@code now}), but only if
     * the lock is free: returns -1 without waiting when another thread holds it, else how many fired.
     * For a thread that runs another P's heap while that P's holder may be running it itself. Any thread.
     */
    public int tryRunBatch(long now) {
        return runBatch(now, true);
    }

    private int runBatch(long now, boolean onlyIfFree) {
        if (minWhen > now) {
            return 0;
        }
        RuntimeTimer[] due;
        int n = 0;
        if (onlyIfFree) {
            if (!lock.tryLock()) {
                return -1;
            }
        } else {
            lock.lock();
        }
        try {
            due = new RuntimeTimer[Math.min(size, BATCH)];
            while (size > 0 && heap[0].when <= now && n < due.length) {
                RuntimeTimer t = heap[0];
                removeAt(0);
                due[n++] = t;
            }
            updateMin();
            if (n > 0) {
                BATCHES.setOpaque(this, batches + 1); // single writer at a time: the lock's holder
            }
        } finally {
            lock.unlock();
        }
        for (int i = 0; i < n; i++) {
            try {
                due[i].f.fire(due[i]);
            } finally {
                host.armedDelta(-1);
            }
        }
        return n;
    }

    /** Moves every timer to {@code to} (this P retires). Lock order: this heap, then {@code to}; sched.lock held so no two retirements cross. */
    public void moveAllTo(TimerHeap to) {
        lock.lock();
        try {
            retired = true;
            for (int i = 0; i < size; i++) {
                RuntimeTimer t = heap[i];
                heap[i] = null;
                t.heap = null;
                to.lock.lock();
                try {
                    to.insertMoved(t);
                } finally {
                    to.lock.unlock();
                }
            }
            size = 0;
            updateMin();
        } finally {
            lock.unlock();
        }
        to.refreshMin();
    }

    private void insertMoved(RuntimeTimer t) {
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, size * 2);
        }
        t.index = size;
        heap[size++] = t;
        siftUp(t.index);
        t.heap = this;
    }

    private void refreshMin() {
        lock.lock();
        try {
            updateMin();
        } finally {
            lock.unlock();
        }
    }

    private void removeAt(int i) {
        RuntimeTimer t = heap[i];
        int last = --size;
        if (i != last) {
            RuntimeTimer moved = heap[last];
            heap[i] = moved;
            moved.index = i;
            heap[last] = null;
            siftDown(i);
            siftUp(moved.index);
        } else {
            heap[last] = null;
        }
        t.index = -1;
        t.heap = null;
        if (heap.length > 64 && size < heap.length / 4) {
            heap = Arrays.copyOf(heap, heap.length / 2); // a storm of stopped timers leaves no large array behind
        }
    }

    private void updateMin() {
        minWhen = size == 0 ? Long.MAX_VALUE : heap[0].when;
    }

    private void siftUp(int i) {
        RuntimeTimer t = heap[i];
        while (i > 0) {
            int parent = (i - 1) >> 2;
            RuntimeTimer p = heap[parent];
            if (p.when <= t.when) {
                break;
            }
            heap[i] = p;
            p.index = i;
            i = parent;
        }
        heap[i] = t;
        t.index = i;
    }

    private void siftDown(int i) {
        RuntimeTimer t = heap[i];
        for (;;) {
            int first = (i << 2) + 1;
            if (first >= size) {
                break;
            }
            int best = first;
            int end = Math.min(first + 4, size);
            for (int c = first + 1; c < end; c++) {
                if (heap[c].when < heap[best].when) {
                    best = c;
                }
            }
            if (heap[best].when >= t.when) {
                break;
            }
            heap[i] = heap[best];
            heap[i].index = i;
            i = best;
        }
        heap[i] = t;
        t.index = i;
    }

    private static final VarHandle BATCHES;

    static {
        try {
            BATCHES = MethodHandles.lookup().findVarHandle(TimerHeap.class, "batches", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
