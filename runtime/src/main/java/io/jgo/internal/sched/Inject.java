package io.jgo.internal.sched;

import java.util.List;

/**
 * Go's {@code injectglist}: goroutines readied as one batch (by a network poll) enter the run
 * queues together, fanned out over the idle Ps, each with an M started for it, instead of one
 * {@code ready} and one {@code wakep} at a time. One per runtime; any thread (see each method).
 */
final class Inject {

    private final Sched sched;

    Inject(Sched sched) {
        this.sched = sched;
    }

    /**
     * Go's {@code injectglist}: {@code gs}, WAITING goroutines a network poll readied, become
     * runnable as one batch. Without a P ({@code pp} null: an idle M, sysmon, a plain thread) all go
     * to the global queue and an M is started for each idle P, up to their number. With {@code pp}
     * (held by the caller, in findRunnable): as many as there are idle Ps go to the global queue,
     * each with an M started for it, the rest into pp's local queue, then {@code wakep} (a P may
     * have gone idle since the count was read). The caller owns and clears {@code gs}.
     */
    void list(List<G> gs, P pp) {
        int n = gs.size();
        if (n == 0) {
            return;
        }
        if (pp == null) {
            sched.externalEvents.incrementAndGet(); // before the status changes, as in Sched.ready
        }
        for (int i = 0; i < n; i++) {
            gs.get(i).casStatus(G.WAITING, G.RUNNABLE);
        }
        int toGlobal = pp == null ? n : Math.min(sched.idlePs.count(), n);
        for (int i = 0; i < n; i++) {
            sched.emit(Trace.Event.INJECT, gs.get(i).id, i < toGlobal ? -1 : pp.id, -1, -1, 0);
        }
        if (toGlobal > 0) {
            sched.global.putBatch(toGlobal == n ? gs : gs.subList(0, toGlobal));
            startIdle(toGlobal);
        }
        if (pp == null) {
            return;
        }
        for (int i = toGlobal; i < n; i++) {
            pp.runq.put(gs.get(i), false, sched.global);
        }
        sched.ms.wakep();
    }

    /**
     * Go's {@code startIdle} inside {@code injectglist}: starts a non-spinning M on an idle P, up to
     * {@code n} times while Ps are idle. On sysmon's thread inside a round, under one
     * {@code tryLock} or owed to the next round as a wakep. Any thread.
     */
    private void startIdle(int n) {
        if (sched.stopping || sched.idlePs.count() == 0) {
            return;
        }
        if (sched.sysmon.inRound()) {
            if (!sched.lock.tryLock()) {
                sched.sysmon.oweWakep();
                return;
            }
        } else {
            sched.lock.lock();
        }
        try {
            for (; n > 0; n--) {
                P pp = sched.idlePs.getLocked();
                if (pp == null) {
                    break;
                }
                sched.ms.startM(pp, false);
            }
        } finally {
            sched.lock.unlock();
        }
    }
}
