package io.jgo.internal.sched;

import java.util.concurrent.atomic.AtomicReference;

/**
 * Free lists of dead Gs (Go's {@code p.gFree} and {@code sched.gFree}). A dead G keeps its stack's
 * first segment, so reusing it allocates nothing. Each P keeps a short local list ({@link Local});
 * when it reaches {@link #LOCAL_MAX} the P detaches the Gs beyond {@link #LOCAL_KEEP} in one piece
 * and pushes them onto the shared list as one batch, and an empty local list pops one batch and
 * adopts its chain whole.
 *
 * <p>The shared list is a lock-free stack of batches (a Treiber stack): a push or a pop is one CAS
 * on {@link #top}, whatever the batch's size, and no G is read or written while another P waits.
 * (It was a monitor-guarded list of single Gs that a spill and a refill walked G by G under the
 * lock, reading every G's {@code schedlink}, last written by the other core, while holding it; at
 * GOMAXPROCS 2 the monitor was contended on spawn-join and skynet.)
 *
 * <p>Why the stack is safe: each push wraps its chain in a {@link Batch} made for that push and
 * never pushed again, so a popper that read {@code top == b} and {@code b.next} can only succeed
 * with its CAS while {@code b} is still on top, and then {@code b.next} is still what lies below it
 * (no ABA: {@code b} cannot leave and come back, and the GC keeps it from being recycled while
 * anyone holds it). A batch's fields are written before the CAS that publishes it, and a popper
 * reads them after its volatile read of {@code top}, so it sees them, and the Gs of the chain as
 * their last owner left them. A popped batch's chain belongs to the popper alone.
 */
final class GFree {

    /** A P's list spills when it holds this many Gs (Go's 64). */
    static final int LOCAL_MAX = 64;
    /** What a spill leaves on the P, and the largest batch a P adopts (Go's 32). */
    static final int LOCAL_KEEP = 32;

    /** The top of the stack of batches; every change is one CAS. */
    private final AtomicReference<Batch> top = new AtomicReference<>();

    /**
     * Any thread: how many Gs the shared list holds, summed over a walk of the batches; exact while
     * nobody pushes or pops (tests, diagnostics), a snapshot otherwise.
     */
    int size() {
        int n = 0;
        for (Batch b = top.get(); b != null; b = b.next) {
            n += b.n;
        }
        return n;
    }

    /** Any thread: the number of batches on the shared list; exact while nobody pushes or pops. */
    int batches() {
        int n = 0;
        for (Batch b = top.get(); b != null; b = b.next) {
            n++;
        }
        return n;
    }

    /** Any thread: takes one dead G from an M that holds no P (its P was retaken while the G ran). */
    void put(G g) {
        g.schedlink = null;
        push(new Batch(g, 1));
    }

    /**
     * Any thread without a P (a timer's function started by sysmon or by an M between Ps): one dead
     * G from the shared list, or null. It pops a batch, keeps its first G and pushes the rest back
     * as a new batch (it has no local list to keep them in). Without it such spawns always
     * allocated, while their Gs died on Ps and piled up on the free lists (and in allgs) for good.
     */
    G take() {
        Batch b = pop();
        if (b == null) {
            return null;
        }
        G g = b.head;
        if (b.n > 1) {
            push(new Batch(g.schedlink, b.n - 1));
        }
        g.schedlink = null;
        return g;
    }

    /**
     * The holder of {@code from}'s P, whose list is {@link Local#full() full}: pushes the Gs beyond
     * {@link #LOCAL_KEEP} onto the shared list as one batch, detached in one piece (no walk).
     */
    void spill(Local from) {
        if (from.extraN > 0) {
            push(new Batch(from.extraHead, from.extraN));
            from.extraHead = null;
            from.extraN = 0;
        }
    }

    /**
     * The retirer of a P nobody holds (sched.lock held, {@link Procs#retireLocked}): every G of
     * {@code from} to the shared list, as at most two batches (its two chains).
     */
    void putAll(Local from) {
        spill(from);
        if (from.keptN > 0) {
            push(new Batch(from.keptHead, from.keptN));
            from.keptHead = null;
            from.keptN = 0;
        }
    }

    /**
     * The holder of {@code to}'s P, whose list is empty: pops one batch and adopts its chain as the
     * list, learning its length from the batch (no G is walked). Returns false when the shared list
     * was empty (a new G is allocated then).
     */
    boolean refill(Local to) {
        if (top.get() == null) { // a pre-check: an empty stack costs one volatile read, no CAS
            return false;
        }
        Batch b = pop();
        if (b == null) {
            return false;
        }
        to.adopt(b.head, b.n);
        return true;
    }

    private void push(Batch b) {
        Batch t;
        do {
            t = top.get();
            b.next = t; // written before the CAS publishes b
        } while (!top.compareAndSet(t, b));
    }

    private Batch pop() {
        Batch t;
        do {
            t = top.get();
            if (t == null) {
                return null;
            }
        } while (!top.compareAndSet(t, t.next));
        return t;
    }

    /**
     * A null-terminated chain of dead Gs linked through {@code schedlink}, and its length. Made for
     * one push and never pushed again (see the class comment: that is what rules out ABA).
     */
    private static final class Batch {
        final G head;
        final int n;
        /** The batch below; written by the pusher before its CAS, read-only once published. */
        Batch next;

        Batch(G head, int n) {
            this.head = head;
            this.n = n;
        }
    }

    /**
     * A P's own free list; touched only by the M holding the P (or the retirer of a P nobody
     * holds). Two null-terminated chains, so that a spill detaches its Gs in one piece without a
     * walk: up to {@link #LOCAL_KEEP} kept Gs, and the extra Gs pushed while the kept chain is full.
     * A pop takes from the extra chain first (the most recently freed, as Go's list does). Invariant:
     * the extra chain is non-empty only when the kept chain is full, and the kept chain never holds
     * more than {@link #LOCAL_KEEP} (a batch is at most that long: a spill's extra chain, a retired
     * P's chains, one G, or what a take leaves of a batch).
     */
    static final class Local {
        private G keptHead;
        private int keptN;
        private G extraHead;
        private int extraN;

        int size() {
            return keptN + extraN;
        }

        /** Whether a free should spill now: the extra chain has reached a batch. */
        boolean full() {
            return extraN >= LOCAL_MAX - LOCAL_KEEP;
        }

        void push(G g) {
            if (keptN < LOCAL_KEEP) {
                g.schedlink = keptHead;
                keptHead = g;
                keptN++;
            } else {
                g.schedlink = extraHead;
                extraHead = g;
                extraN++;
            }
        }

        G pop() {
            G g;
            if (extraN > 0) {
                g = extraHead;
                extraHead = g.schedlink;
                extraN--;
            } else if (keptN > 0) {
                g = keptHead;
                keptHead = g.schedlink;
                keptN--;
            } else {
                return null;
            }
            g.schedlink = null;
            return g;
        }

        /** The list is empty: the chain of {@code n} Gs from {@code head} becomes it. */
        private void adopt(G head, int n) {
            assert keptN == 0 && extraN == 0 && n <= LOCAL_KEEP : "adopting " + n + " Gs into a list of " + size();
            keptHead = head;
            keptN = n;
        }
    }
}
