package io.jgo.internal.sched;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import org.jctools.queues.atomic.MpscUnboundedAtomicArrayQueue;

/**
 * The global run queue shared by all Ps (Go's {@code sched.runq}): unbounded, FIFO.
 *
 * <h2>Design</h2>
 * Producers are many and frequent (every {@code Gosched}, every preemption, every G readied from a
 * plain thread, every local overflow), so {@link #put} and {@link #putBatch} are lock-free: a
 * JCTools {@link MpscUnboundedAtomicArrayQueue} (the {@code atomic} variant: no
 * {@code sun.misc.Unsafe}, hence no warnings on JDK 25) followed by an increment of an exact
 * counter. Consumers take turns under {@link #consumerLock}, as they do under Go's
 * {@code sched.lock}.
 *
 * <p>Why not an MPMC queue and its {@code size()}: the batch formula
 * {@code min(size/gomaxprocs + 1, size, max)} must read a size that the batch can then really be
 * taken from. An MPMC queue's {@code size()} is approximate, and two consumers computing batches at
 * once would each size theirs against the same Gs. A single consumer at a time, reading a counter
 * that producers increment only <em>after</em> their offer completed, has an exact lower bound of
 * what it can poll: nobody else removes anything meanwhile. The lock is held for one batch (at
 * most {@code max} polls plus owner puts into the caller's own ring), it is the same serialization
 * Go has, and producers never take it.
 *
 * <h2>Invariants</h2>
 * <ol>
 *   <li>{@code count} is the number of Gs whose offer has completed and that no consumer has
 *       claimed; the queue holds at least {@code count} Gs (producers offer, then count; consumers
 *       claim under the lock, then poll).</li>
 *   <li>Only the holder of {@link #consumerLock} polls, so each claimed G is polled exactly once and
 *       a poll after a claim never finds the queue empty.</li>
 * </ol>
 * A batch put by one producer stays in order, but Gs of concurrent producers may interleave with
 * it (Go appends a batch under the lock, contiguously); nothing depends on contiguity.
 *
 * @param <T> the G type; tests use plain objects
 */
final class GlobalRunQueue<T> {

    /** Chunk size of the unbounded queue: a full local ring's spill (half + 1) fits in one chunk. */
    private static final int CHUNK = 256;

    private final MpscUnboundedAtomicArrayQueue<T> queue = new MpscUnboundedAtomicArrayQueue<>(CHUNK);
    /** Completed, unclaimed Gs (invariant 1). */
    private final AtomicInteger count = new AtomicInteger();
    /** Serializes consumers (Go's {@code sched.lock} around {@code globrunqget}). */
    private final ReentrantLock consumerLock = new ReentrantLock();

    /** At the tail (Gosched, preemption, readies from plain threads). Any thread, lock-free. */
    void put(T g) {
        Objects.requireNonNull(g, "g");
        queue.offer(g);
        count.incrementAndGet(); // volatile RMW after the offer, synchronizes with the consumer's read of count: the G is visible to its poll
    }

    /** Overflow from a local queue, kept in order. Any thread, lock-free. */
    void putBatch(List<T> gs) {
        int n = gs.size();
        for (int i = 0; i < n; i++) {
            Objects.requireNonNull(gs.get(i), "g"); // all or nothing: never an offered G left uncounted
        }
        for (int i = 0; i < n; i++) {
            queue.offer(gs.get(i));
        }
        if (n > 0) {
            count.addAndGet(n); // volatile RMW after the offers, synchronizes with the consumer's read of count
        }
    }

    /** One G from the head (the 1-in-61 fairness check), or null. Any thread. */
    T poll() {
        if (count.get() == 0) { // volatile read: a racy emptiness check before taking the lock, as Go does
            return null;
        }
        consumerLock.lock();
        try {
            if (count.get() == 0) {
                return null;
            }
            count.decrementAndGet(); // claim one (invariant 1)
            return take();
        } finally {
            consumerLock.unlock();
        }
    }

    /**
     * Go's {@code globrunqget}/{@code globrunqgetbatch}: takes {@link #batchSize} Gs, returns the
     * first and puts the others, in order, at the tail of {@code into} with the owner's put (the
     * caller owns {@code into}); null if the queue is empty. {@code max} is 128 in production,
     * half a local ring ({@link RunPolicy#globalBatchMax}), so that they fit into the caller's ring, which is empty at that point.
     * The batch size is then available from {@code into.lastGlobalBatch()}.
     */
    T pollBatch(LocalRunQueue<T> into, int gomaxprocs, int max) {
        if (gomaxprocs < 1 || max < 1) {
            throw new IllegalArgumentException("gomaxprocs and max must be >= 1: " + gomaxprocs + ", " + max);
        }
        into.lastGlobalBatch = 0; // the caller owns into
        if (count.get() == 0) { // volatile read: racy emptiness check, as Go does before taking sched.lock
            return null;
        }
        consumerLock.lock();
        try {
            int size = count.get();
            if (size == 0) {
                return null;
            }
            int n = batchSize(size, gomaxprocs, max);
            into.lastGlobalBatch = n;
            count.addAndGet(-n); // claim n (invariant 1); producers only add meanwhile
            T first = take();
            for (int i = 1; i < n; i++) {
                into.put(take(), false, this); // may spill to this queue's tail if into is full: lock-free, no deadlock
            }
            return first;
        } finally {
            consumerLock.unlock();
        }
    }

    /** How many Gs one batch takes: {@code min(size/gomaxprocs + 1, size, max)}. */
    static int batchSize(int size, int gomaxprocs, int max) {
        return RunPolicy.globalBatchSize(size, gomaxprocs, max);
    }

    /** Exact count of the Gs whose put has returned and that no consumer has taken; any thread. */
    int size() {
        return count.get(); // volatile read
    }

    /** Whether {@link #size} is zero; any thread, racy. */
    boolean isEmpty() {
        return count.get() == 0; // volatile read
    }

    /** Consumer lock held, one G claimed: polls it. */
    private T take() {
        T g = queue.poll(); // single consumer (the lock holder): returns a G whose offer completed
        if (g == null) {
            throw new IllegalStateException("global run queue: a counted G is missing");
        }
        return g;
    }

    @Override
    public String toString() {
        return "GlobalRunQueue[size=" + size() + "]";
    }
}
