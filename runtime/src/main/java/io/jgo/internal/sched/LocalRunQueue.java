package io.jgo.internal.sched;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A P's local run queue (Go's {@code p.runq}, {@code runqhead}, {@code runqtail} and
 * {@code runnext}): a bounded lock-free ring that one owner fills and empties at the head, that
 * any other thread may steal half of with a single CAS, plus a one-G {@code runnext} slot.
 *
 * <h2>Threads</h2>
 * <ul>
 *   <li><b>Owner</b> (the M holding the P): {@link #put}, {@link #get},
 *       {@link #lastGetInheritsTime}, {@link #drainTo}, and the thief side of
 *       {@link #stealHalfInto} (the queue passed as {@code thief}). Nothing asserts this: a second
 *       producer would silently corrupt the ring.</li>
 *   <li><b>Anyone</b>: {@link #stealHalfInto} on the victim, {@link #size}, {@link #isEmpty},
 *       {@link #hasRunnext}.</li>
 * </ul>
 *
 * <h2>Ring</h2>
 * {@code head} and {@code tail} are free-running {@code int} counters (slot = counter &amp; mask,
 * differences taken in wrapping {@code int} arithmetic); the Gs in the ring are the slots
 * {@code [head, tail)}. Invariants:
 * <ol>
 *   <li>{@code 0 <= tail - head <= capacity}.</li>
 *   <li>Only the owner writes {@code tail} and ring slots; it writes slot {@code tail} and then
 *       publishes it with a store-release of {@code tail + 1}.</li>
 *   <li>{@code head} only grows, and only by CAS: a consumer (the owner's {@code get}, a thief, or the
 *       owner spilling to the global queue) reads the slots it wants <em>before</em> its CAS and
 *       owns them only if the CAS succeeds. If the CAS fails the slots may have been reused and the
 *       values read are discarded. Because {@code head} never returns to an old value (short of
 *       2^32 consumptions during one CAS window) there is no ABA.</li>
 *   <li>The owner reuses a slot only after seeing (load-acquire of {@code head}) the CAS that
 *       freed it, so a consumer's slot read happens-before the overwrite it could race with.</li>
 * </ol>
 * Consumed slots are not cleared (thieves may still be reading them; only the owner writes
 * slots): a ring keeps at most {@code capacity} stale references alive, which is harmless for Gs
 * that are recycled anyway.
 *
 * <h2>runnext</h2>
 * Only the owner makes {@code runnext} non-null (with an atomic swap, so a displaced G is never
 * lost to a concurrent thief); the owner's {@code get} and thieves clear it by CAS, so exactly one
 * of them takes a given G. A G taken from {@code runnext} inherits the current time slice.
 *
 * <p><b>Race "runnext in transit"</b> (inherited from Go's {@code runqput}; found by Lincheck
 * model checking, not linearizable, and harmless):
 * <ol>
 *   <li>Owner: {@code put(b, next=true)} swaps runnext {@code a -> b}; {@code a} is in no queue yet.</li>
 *   <li>Thief: sees an empty ring, {@code stealRunnext} is set: takes {@code b}.</li>
 *   <li>Owner: pushes {@code a} at the ring's tail.</li>
 * </ol>
 * No G is lost or duplicated, but no sequential order explains it (sequentially the thief would
 * have found {@code a} in the ring and left runnext alone). Putting {@code a} in the ring before
 * the swap would be worse: a thief could take {@code a} from runnext too, and it would run twice.
 * Taking runnext is a heuristic anyway, so the relaxed behaviour is accepted, as in Go.
 *
 * <h2>Padding</h2>
 * As in JCTools, hot fields sit in separate superclasses with 128 bytes of padding between them
 * (the JVM lays out superclass fields first): the read-only ring and mask; {@code head} (CAS'd by
 * every consumer); {@code tail}, {@code runnext} and the owner's bookkeeping (written by the owner).
 *
 * @param <T> the G type; tests use plain objects
 */
final class LocalRunQueue<T> extends RunQueuePadTail<T> {

    /** Slots of a production ring: Go's {@code len(p.runq)} ({@link RunPolicy#LOCAL_RUN_QUEUE_SLOTS}). */
    static final int CAPACITY = RunPolicy.LOCAL_RUN_QUEUE_SLOTS;

    private static final VarHandle HEAD;
    private static final VarHandle TAIL;
    private static final VarHandle RUNNEXT;
    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(Object[].class);

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            HEAD = lookup.findVarHandle(RunQueueHead.class, "head", int.class);
            TAIL = lookup.findVarHandle(RunQueueTail.class, "tail", int.class);
            RUNNEXT = lookup.findVarHandle(RunQueueTail.class, "runnext", Object.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** A ring of {@link #CAPACITY} slots. */
    LocalRunQueue() {
        this(CAPACITY);
    }

    /** A ring of {@code capacity} slots: a power of two, at least 2 (tests shrink it). */
    LocalRunQueue(int capacity) {
        super(capacity);
    }

    /** The number of ring slots (runnext not included). */
    int capacity() {
        return ring.length;
    }

    /**
     * Go's {@code runqput}. Owner only. With {@code next}, {@code g} goes to {@code runnext} and
     * the previous occupant, if a thief has not taken it meanwhile, goes to the ring's tail.
     * Otherwise {@code g} goes to the tail. A full ring moves its older half plus the G being put
     * to {@code global} in one batch ({@link #putSlow}).
     */
    void put(T g, boolean next, GlobalRunQueue<T> global) {
        Objects.requireNonNull(g, "g");
        Objects.requireNonNull(global, "global");
        lastSpill = 0;
        if (next) {
            // Atomic swap, synchronizes with the acquire loads of thieves (they see g's fields) and
            // orders against their CAS to null: either a thief took the old G first (we get null)
            // or we own it now and their CAS fails.
            @SuppressWarnings("unchecked")
            T old = (T) RUNNEXT.getAndSet(this, g);
            if (old == null) {
                return;
            }
            g = old; // kick the old runnext out to the tail
        }
        for (;;) {
            int h = (int) HEAD.getAcquire(this); // load-acquire, synchronizes with consumers' CAS: the slots they freed are ours
            int t = tail;                          // plain: only this owner writes tail
            if (t - h < ring.length) {
                SLOT.set(ring, t & mask, g);       // plain: published by the store-release below
                TAIL.setRelease(this, t + 1);      // store-release, makes the slot available to consumers (pairs with their load-acquire of tail)
                return;
            }
            if (putSlow(g, h, t, global)) {
                return;
            }
            // A thief took some Gs between our reads: the ring is no longer full, retry the fast path.
        }
    }

    /**
     * Go's {@code runqputslow}: the ring is full; moves its first half and {@code g} to
     * {@code global} in one batch, in queue order with {@code g} last. Returns false if a
     * consumer moved {@code head} first, in which case nothing was moved and the ring has room.
     */
    private boolean putSlow(T g, int h, int t, GlobalRunQueue<T> global) {
        int n = (t - h) / 2;
        if (n != ring.length / 2) {
            throw new IllegalStateException("runqputslow: queue is not full (head " + h + ", tail " + t + ")");
        }
        List<T> batch = new ArrayList<>(n + 1);
        for (int i = 0; i < n; i++) {
            batch.add(slot(h + i)); // plain: we wrote these; they are ours only if the CAS below succeeds
        }
        if (!HEAD.compareAndSet(this, h, h + n)) { // volatile CAS (release suffices), commits the consume
            return false;
        }
        batch.add(g);
        global.putBatch(batch);
        lastSpill = n + 1;
        return true;
    }

    /**
     * Go's {@code runqget}. Owner only: {@code runnext} first, else the ring's head; null if both
     * are empty. See {@link #lastGetInheritsTime}.
     */
    T get() {
        // Plain read: only this owner makes runnext non-null, so a stale value can only be a G a
        // thief has taken since, and then the CAS fails. It cannot fail for any other reason, so
        // there is no retry (as in Go).
        @SuppressWarnings("unchecked")
        T next = (T) runnext;
        if (next != null && RUNNEXT.compareAndSet(this, next, null)) { // volatile CAS, races with thieves' CAS
            lastGetInheritsTime = true;
            return next;
        }
        for (;;) {
            int h = (int) HEAD.getAcquire(this); // load-acquire, synchronizes with other consumers' CAS
            int t = tail;                          // plain: only this owner writes tail
            if (t == h) {
                return null;
            }
            T g = slot(h);                         // plain: we wrote it; ours only if the CAS succeeds
            if (HEAD.compareAndSet(this, h, h + 1)) { // volatile CAS (release suffices), commits the consume
                lastGetInheritsTime = false;
                return g;
            }
        }
    }

    /**
     * Owner only: whether the last non-null {@link #get} came from {@code runnext}, in which case
     * the G inherits the remaining time slice (Go's {@code inheritTime}).
     */
    boolean lastGetInheritsTime() {
        return lastGetInheritsTime;
    }

    /**
     * Owner only: how many Gs the last {@link #put} moved to the global queue (half the ring plus
     * one), or 0 if it did not overflow. For the scheduler's trace.
     */
    int lastSpill() {
        return lastSpill;
    }

    /**
     * Owner only: how many Gs the last {@link #stealHalfInto} with this queue as the thief took,
     * the returned one included (0 if it failed). For the scheduler's trace.
     */
    int lastStealCount() {
        return lastStealCount;
    }

    /** Owner only: whether the last {@link #stealHalfInto} with this queue as the thief took the victim's runnext. */
    boolean lastStealWasRunnext() {
        return lastStealWasRunnext;
    }

    /**
     * Owner only: how many Gs the last {@link GlobalRunQueue#pollBatch} into this queue took from
     * the global queue, the returned one included (0 if it was empty). For the scheduler's trace.
     */
    int lastGlobalBatch() {
        return lastGlobalBatch;
    }

    /** {@link #stealHalfInto(LocalRunQueue, boolean, Runnable)} without a back-off. */
    T stealHalfInto(LocalRunQueue<T> thief, boolean stealRunnext) {
        return stealHalfInto(thief, stealRunnext, null);
    }

    /**
     * Go's {@code runqsteal}: any thread; the caller owns {@code thief}. Moves {@code n - n/2} of
     * this ring's {@code n} Gs (the oldest ones) into {@code thief}'s ring with one CAS on this
     * ring's head, and returns the last of them to run now; null if there was nothing to steal.
     *
     * <p>If this ring is empty and {@code stealRunnext} is set, the {@code runnext} G is taken
     * instead (with a CAS on the slot); {@code beforeRunnextSteal}, if not null, runs first. That is
     * where the scheduler puts Go's back-off ({@code usleep(3)} when the victim P is running, so a
     * P that just readied a G and is about to block gets a chance to run it itself).
     *
     * <p>{@code thief}'s ring should be empty (Go throws otherwise); if it is not, fewer Gs are
     * taken so that they fit, and none if it is full.
     */
    T stealHalfInto(LocalRunQueue<T> thief, boolean stealRunnext, Runnable beforeRunnextSteal) {
        if (thief == this) {
            throw new IllegalArgumentException("a run queue cannot steal from itself");
        }
        int t = thief.tail; // plain: the caller owns thief
        thief.lastStealCount = 0;
        thief.lastStealWasRunnext = false;
        int room = thief.ring.length - (t - (int) HEAD.getAcquire(thief)); // load-acquire, synchronizes with thief's consumers
        if (room <= 0) {
            return null;
        }
        int n = grab(thief.ring, thief.mask, t, room, stealRunnext, beforeRunnextSteal);
        if (n == GRABBED_RUNNEXT) {
            n = 1;
            thief.lastStealWasRunnext = true;
        }
        thief.lastStealCount = n;
        if (n == 0) {
            return null;
        }
        n--;
        T g = thief.slot(t + n); // the last one grabbed runs now; it is never published in thief's ring
        if (n > 0) {
            TAIL.setRelease(thief, t + n); // store-release, publishes the stolen Gs to thief's consumers (pairs with their load-acquire of tail)
        }
        return g;
    }

    /** What {@link #grab} returns when it took runnext (one G). */
    private static final int GRABBED_RUNNEXT = -1;

    /**
     * Go's {@code runqgrab}: copies up to half of this ring (at most {@code room}) into
     * {@code batch} starting at counter {@code batchHead} and commits with one CAS on head; or takes
     * runnext. Returns how many Gs were grabbed from the ring, or {@link #GRABBED_RUNNEXT}. Any thread. The batch slots written are beyond the
     * batch ring's tail, so nobody reads them until the caller publishes them.
     */
    private int grab(Object[] batch, int batchMask, int batchHead, int room,
                     boolean stealRunnext, Runnable beforeRunnextSteal) {
        for (;;) {
            int h = (int) HEAD.getAcquire(this); // load-acquire, synchronizes with other consumers' CAS
            int t = (int) TAIL.getAcquire(this); // load-acquire, synchronizes with the owner's store-release in put: slots [h, t) are written
            int n = t - h;
            n = n - n / 2;
            if (n == 0) {
                if (!stealRunnext) {
                    return 0;
                }
                Object next = RUNNEXT.getAcquire(this); // load-acquire, synchronizes with the owner's swap: the G is fully visible
                if (next == null) {
                    return 0;
                }
                if (beforeRunnextSteal != null) {
                    beforeRunnextSteal.run();
                }
                if (!RUNNEXT.compareAndSet(this, next, null)) { // volatile CAS, races with the owner's get and other thieves
                    continue; // taken or replaced meanwhile; the ring may have refilled too
                }
                SLOT.set(batch, batchHead & batchMask, next); // plain: published (or returned) by the caller
                return GRABBED_RUNNEXT;
            }
            if (n > ring.length / 2) {
                continue; // h and t read at different times (h stale): inconsistent, retry
            }
            n = Math.min(n, room);
            for (int i = 0; i < n; i++) {
                // Plain reads that may race with the owner reusing the slot; if so head has moved and
                // the CAS below fails (invariant 4), so a value we keep was read before any reuse.
                SLOT.set(batch, (batchHead + i) & batchMask, SLOT.get(ring, (h + i) & mask));
            }
            if (HEAD.compareAndSet(this, h, h + n)) { // volatile CAS (release suffices), commits the consume
                return n;
            }
        }
    }

    /**
     * Go's {@code runqdrain}, then a put of the lot on {@code global}. Owner only (a P being
     * retired): moves runnext (first) and the whole ring, in order, to {@code global} as one
     * batch. Returns how many Gs were moved.
     */
    int drainTo(GlobalRunQueue<T> global) {
        Objects.requireNonNull(global, "global");
        List<T> batch = new ArrayList<>();
        @SuppressWarnings("unchecked")
        T next = (T) runnext; // plain: only this owner makes it non-null (see get)
        if (next != null && RUNNEXT.compareAndSet(this, next, null)) { // volatile CAS, races with thieves
            batch.add(next);
        }
        for (;;) {
            int h = (int) HEAD.getAcquire(this); // load-acquire, synchronizes with other consumers' CAS
            int t = tail;                          // plain: only this owner writes tail
            int n = t - h;
            if (n == 0) {
                break;
            }
            // Take ownership first, then read: only the owner writes slots, so once head is past
            // them nobody else can change or take them.
            if (HEAD.compareAndSet(this, h, t)) { // volatile CAS, commits the consume
                for (int i = 0; i < n; i++) {
                    batch.add(slot(h + i));
                }
                break;
            }
        }
        if (!batch.isEmpty()) {
            global.putBatch(batch);
        }
        return batch.size();
    }

    /** Ring plus runnext: a racy snapshot, any thread; between 0 and capacity + 1. */
    int size() {
        for (;;) {
            int h = (int) HEAD.getAcquire(this);      // load-acquire, synchronizes with consumers' CAS
            int t = (int) TAIL.getAcquire(this);      // load-acquire, synchronizes with the owner's store-release
            Object next = RUNNEXT.getAcquire(this);   // load-acquire, synchronizes with the owner's swap
            if (t == (int) TAIL.getAcquire(this)) {   // tail unchanged: h, t and next belong together enough
                int n = Math.min(Math.max(t - h, 0), ring.length);
                return n + (next != null ? 1 : 0);
            }
        }
    }

    /**
     * Go's {@code runqempty}: ring and runnext both empty; any thread. Never spuriously true: the
     * tail re-read defends against a put kicking runnext into the ring between our reads while a
     * get then empties runnext (seeing {@code head == tail} and then {@code runnext == null} would
     * not mean the queue is empty).
     */
    boolean isEmpty() {
        for (;;) {
            int h = (int) HEAD.getAcquire(this);    // load-acquire, synchronizes with consumers' CAS
            int t = (int) TAIL.getAcquire(this);    // load-acquire, synchronizes with the owner's store-release
            Object next = RUNNEXT.getAcquire(this); // load-acquire, synchronizes with the owner's swap
            if (t == (int) TAIL.getAcquire(this)) {
                return h == t && next == null;
            }
        }
    }

    /** Whether runnext holds a G; any thread, racy. */
    boolean hasRunnext() {
        return RUNNEXT.getAcquire(this) != null; // load-acquire, synchronizes with the owner's swap
    }

    @SuppressWarnings("unchecked")
    private T slot(int counter) {
        return (T) SLOT.get(ring, counter & mask); // plain
    }

    @Override
    public String toString() {
        return "LocalRunQueue[size=" + size() + ", capacity=" + ring.length + "]";
    }
}

// Field layout, JCTools style: each class adds one group of fields or 128 bytes of padding, and the
// JVM places a superclass's fields before its subclass's. Only LocalRunQueue uses these classes.

/** Read-only after construction, read by every consumer. */
abstract class RunQueueRing<T> {
    final Object[] ring;
    final int mask;

    RunQueueRing(int capacity) {
        if (capacity < 2 || Integer.bitCount(capacity) != 1) {
            throw new IllegalArgumentException("run queue capacity must be a power of two >= 2: " + capacity);
        }
        ring = new Object[capacity];
        mask = capacity - 1;
    }
}

abstract class RunQueuePadRing<T> extends RunQueueRing<T> {
    long p00, p01, p02, p03, p04, p05, p06, p07;
    long p10, p11, p12, p13, p14, p15, p16, p17;

    RunQueuePadRing(int capacity) {
        super(capacity);
    }
}

/** Consumer side: CAS'd by the owner's get and by thieves. */
abstract class RunQueueHead<T> extends RunQueuePadRing<T> {
    /** Counter of the oldest G in the ring; accessed through LocalRunQueue.HEAD. */
    int head;

    RunQueueHead(int capacity) {
        super(capacity);
    }
}

abstract class RunQueuePadHead<T> extends RunQueueHead<T> {
    long p00, p01, p02, p03, p04, p05, p06, p07;
    long p10, p11, p12, p13, p14, p15, p16, p17;

    RunQueuePadHead(int capacity) {
        super(capacity);
    }
}

/** Producer side: written by the owner (thieves only read tail and CAS runnext to null). */
abstract class RunQueueTail<T> extends RunQueuePadHead<T> {
    /** Counter one past the newest G in the ring; accessed through LocalRunQueue.TAIL. */
    int tail;
    /** The G to run next, or null; accessed through LocalRunQueue.RUNNEXT. */
    Object runnext;
    /** Owner only: whether the last successful get came from runnext. */
    boolean lastGetInheritsTime;
    /** Owner only: trace counts of the last put, steal into this queue, and global batch into it. */
    int lastSpill, lastStealCount, lastGlobalBatch;
    /** Owner only: whether the last steal into this queue took the victim's runnext. */
    boolean lastStealWasRunnext;

    RunQueueTail(int capacity) {
        super(capacity);
    }
}

abstract class RunQueuePadTail<T> extends RunQueueTail<T> {
    long p00, p01, p02, p03, p04, p05, p06, p07;
    long p10, p11, p12, p13, p14, p15, p16, p17;

    RunQueuePadTail(int capacity) {
        super(capacity);
    }
}
