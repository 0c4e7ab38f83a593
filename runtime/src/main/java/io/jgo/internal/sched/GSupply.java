package io.jgo.internal.sched;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Where G objects come from and go back to (Go's {@code gfget}/{@code gfput} and {@code goidcache}):
 * dead Gs are reused through per-P free lists that spill to and refill from the runtime's shared
 * list in batches ({@link GFree}), and ids are handed out in batches per P, so a spawn touches no
 * shared line in the common case. One per runtime.
 */
final class GSupply {

    private final Sched sched;
    /** The last goroutine id handed out (Go's {@code sched.goidgen}); volatile RMW. */
    private final AtomicLong goidgen = new AtomicLong();

    GSupply(Sched sched) {
        this.sched = sched;
    }

    /**
     * A G to run a new goroutine: from {@code pp}'s free list (refilled with one batch from the
     * shared one when empty), else from the shared list without a P, else a new one, recorded in
     * allgs. The holder of pp, or any thread when pp is null.
     */
    G alloc(P pp, boolean main) {
        if (pp != null) {
            if (pp.gFree.size() == 0 && sched.gFree.refill(pp.gFree)) {
                sched.count(PolicyCounts.Event.GFREE_REFILL);
            }
            G g = pp.gFree.pop();
            if (g != null) {
                return g;
            }
        } else if (!main) {
            G g = sched.gFree.take();
            if (g != null) {
                return g;
            }
        }
        sched.count(PolicyCounts.Event.G_NEW);
        G g = new G(sched, main);
        sched.allgs.add(g);
        return g;
    }

    /** A new goroutine id: from pp's batch of 16 (Go's {@code goidcache}), or one at a time without a P. */
    long newId(P pp) {
        if (pp == null) {
            return goidgen.incrementAndGet();
        }
        if (pp.idNext == pp.idEnd) {
            pp.idNext = goidgen.getAndAdd(16) + 1; // a batch of 16 ids per P, as Go's goidcache
            pp.idEnd = pp.idNext + 16;
        }
        return pp.idNext++;
    }

    /**
     * {@code g} ended and is not main: back to the free list of {@code pp} (the P the ending M
     * holds; spilling all but {@link GFree#LOCAL_KEEP} as one batch when it reaches
     * {@link GFree#LOCAL_MAX}), or to the shared list without a P. g0 of the M that ran g.
     */
    void free(P pp, G g) {
        if (pp == null) {
            sched.gFree.put(g);
        } else {
            pp.gFree.push(g);
            if (pp.gFree.full()) {
                sched.count(PolicyCounts.Event.GFREE_SPILL);
                sched.gFree.spill(pp.gFree);
            }
        }
    }
}
