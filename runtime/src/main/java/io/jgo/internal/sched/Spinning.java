package io.jgo.internal.sched;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Spinning Ms (Go's {@code sched.nmspinning} and {@code sched.needspinning}): how many Ms without
 * work are looking for it, and the rule that bounds them. At most half as many Ms spin as there are
 * busy Ps ({@link #maySpin}); see the package comment, "Spinning and the lost wake-up", for the
 * StoreLoad pairs the counter takes part in. Owner: the Ms themselves; each M changes the count only
 * for itself ({@link #become}, {@link #stop}), except {@code wakep}/{@code handOffP}, which claim a
 * slot ({@link #claimFirst}) for the M they are about to start.
 */
final class Spinning {

    private final Sched sched;
    /** Spinning Ms. Every update is a volatile RMW (the StoreLoad of the lost-wake-up protocol). */
    private final AtomicInteger count = new AtomicInteger();
    /**
     * Go's {@code needspinning}: a spinning M found work but no idle P; the next M about to drop its
     * P becomes spinning instead. Written under sched.lock or by a spinning M; volatile.
     */
    private volatile boolean needed;

    Spinning(Sched sched) {
        this.sched = sched;
    }

    /** Spinning Ms now; any thread, racy. */
    int count() {
        return count.get();
    }

    /** Go's spinning limit: may one more M spin? Any thread, racy by design. */
    boolean maySpin() {
        return 2 * count.get() < sched.gomaxprocs - sched.idlePs.count();
    }

    /** {@code m} starts spinning. Own thread (g0 of m). */
    void become(M m) {
        m.spinning = true;
        int n = count.incrementAndGet(); // volatile RMW
        needed = false;
        sched.count(PolicyCounts.Event.SPIN_START);
        sched.emit(Trace.Event.SPIN_START, -1, m.p == null ? -1 : m.p.id, m.id, sched.gomaxprocs - sched.idlePs.count(), n);
    }

    /** {@code m} stops spinning. The decrement is a volatile RMW: the StoreLoad before the caller's re-checks. */
    void stop(M m) {
        m.spinning = false;
        int n = count.decrementAndGet();
        if (n < 0) {
            throw new IllegalStateException("negative nmspinning");
        }
        sched.emit(Trace.Event.SPIN_STOP, -1, -1, m.id, -1, n);
    }

    /** Go's {@code resetspinning}: a spinning M found work; if it was the last spinner, wake another. g0 only. */
    void reset(M m) {
        stop(m);
        sched.ms.wakep();
    }

    /**
     * Claims the first spinning slot for an M the caller is about to start (wakep, handoff):
     * true when nobody spun and the claim succeeded. Any thread.
     */
    boolean claimFirst() {
        return count.get() == 0 && count.compareAndSet(0, 1);
    }

    /** Gives back a slot claimed by {@link #claimFirst} that found no P to spin on. */
    void unclaim() {
        count.decrementAndGet();
    }

    /** A spinning M found work and no idle P: the next M to drop its P should spin instead. */
    void requestSpinner() {
        needed = true;
    }

    /**
     * {@code wakep} found no idle P: asks the next M that drops its P to spin instead, without
     * sched.lock (Go sets {@code needspinning} under it). Returns true when the request stands;
     * false when a P has gone idle since the caller read the idle count, and the caller must start
     * an M for it as usual. Any thread, after its work is published.
     *
     * <p>The write is skipped when the flag is set already, so that in a busy runtime (the flag
     * stays set until an M spins) the line it shares with every P's reads is not written on each
     * operation. Dekker pair with {@code M.dropPAndPark}: this side writes {@link #needed} then
     * reads the idle count (volatile write, volatile read); the dropping M increments the idle
     * count then reads {@link #needed} (volatile RMW, volatile read). Sequential consistency of
     * volatiles: either this read sees the P idle, or that M sees the request and takes an idle P
     * back to spin. A flag already set was set by an earlier request whose own pair holds, or it is
     * cleared by an M that starts spinning after the caller's work was published (the caller saw no
     * spinner), whose re-check on giving up sees that work ("Spinning and the lost wake-up").
     */
    boolean requestWithoutIdleP() {
        if (!needed) {
            needed = true; // volatile write, then the volatile read below
        }
        return sched.idlePs.count() == 0;
    }

    /** Has a spinner been asked for? (read under sched.lock by an M about to drop its P) */
    boolean spinnerRequested() {
        return needed;
    }
}
