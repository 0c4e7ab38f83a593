package io.jgo.internal.sched;

import io.jgo.PanicException;
import io.jgo.internal.Stack;
import io.jgo.internal.cont.Carrier;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Getting Ms to run Ps (Go's {@code wakep}, {@code startm}, {@code handoffp} in {@code proc.go}): a
 * spinning M when work appears, an idle or new carrier for a P, a P released by an M that blocks
 * handed on or put idle, and the last check a spinner makes before it parks. One per runtime; the
 * state it works on is its {@link Sched}'s (idle lists, spinning count, under {@code sched.lock} where
 * the comments say so).
 */
final class Ms {

    private final Sched sched;
    /** Ids of new Ms; any thread. */
    private final AtomicInteger mnext = new AtomicInteger(1);
    /** Set once the thread-exhaustion error has been printed (default runtime): any thread, CAS. */
    private final AtomicBoolean exhaustionReported = new AtomicBoolean();

    Ms(Sched sched) {
        this.sched = sched;
    }


    /**
     * Go's {@code wakep}: work appeared; if nobody spins, start a spinning M on an idle P. Any
     * thread, after the work is published.
     */
    public void wakep() {
        if (sched.stopping) {
            return; // no new M once the runtime stops (Go.run waits for the ones it has)
        }
        // StoreLoad: the work just published (queue put) is ordered before this read of nmspinning.
        // Pairs with the volatile decrement in Spinning.stop followed by the spinner's re-check of the
        // queues: either we see no spinner (and start one) or the spinner's re-check sees our work.
        VarHandle.fullFence();
        wakepFenced();
    }

    /**
     * {@link #wakep} for a caller whose work was published by a volatile read-modify-write (the swap
     * into runnext, the global queue's count): that RMW is already the StoreLoad the spinner
     * protocol needs, so the fence is left out. It was one more full fence per spawn and ready,
     * waiting for the stores to the G just made runnable to drain (JFR put 17 % of spawn-join's
     * samples at p 2 right after it). Any thread, right after the RMW.
     */
    void wakepPublished() {
        if (sched.stopping) {
            return;
        }
        wakepFenced();
    }

    /** The rest of {@link #wakep}, after the StoreLoad between the work's publication and the read of nmspinning. */
    private void wakepFenced() {
        sched.count(PolicyCounts.Event.WAKEP);
        if (sched.spinning.count() != 0) {
            sched.count(PolicyCounts.Event.WAKEP_SPINNER);
            sched.sysmon.onWork(); // the spinner finds the work; if none does, sysmon must not sleep past it
            return;
        }
        // Every P busy: no M to start, so nothing to claim or lock. Go (1.21+) still takes the claim
        // CAS and sched.lock here, to set needspinning under the lock; that made every spawn, ready
        // and yield write the spinning count and the lock's state, two lines every busy P shares
        // (-Djgo.counts: one wakep-noidlep per operation at p 2 on spawn-join, skynet, gosched-storm).
        // The request is made without the lock instead (Spinning.requestWithoutIdleP, "Spinning and
        // the lost wake-up" in the package comment); false when a P went idle meanwhile: start an M.
        if (sched.idlePs.count() == 0 && sched.spinning.requestWithoutIdleP()) {
            sched.count(PolicyCounts.Event.WAKEP_NO_IDLE_P);
            return;
        }
        if (!sched.spinning.claimFirst()) {
            sched.count(PolicyCounts.Event.WAKEP_SPINNER);
            sched.sysmon.onWork();
            return;
        }
        if (sched.sysmon.inRound()) { // a timer sysmon fired readied a G
            wakepFromSysmon();
            return;
        }
        startSpinningM();
    }

    /** The rest of {@link #wakep} after the claim of a spinning slot: an idle P and an M for it. */
    private void startSpinningM() {
        P pp;
        sched.count(PolicyCounts.Event.WAKEP_LOCKED);
        sched.lock.lock();
        try {
            pp = sched.idlePs.getSpinningLocked();
        } finally {
            sched.lock.unlock();
        }
        if (pp == null) {
            sched.spinning.unclaim(); // a spinner is requested from the next M to drop its P
            return;
        }
        startM(pp, true);
    }

    /**
     * {@link #wakep} on sysmon's thread inside a round, which must never wait on sched.lock: the
     * whole wake-up holding the lock if it is free now (the acquisitions inside are reentrant), else
     * none of it: the slot claim is given back, exactly as when no P is idle, and sysmon owes the
     * wakep to its next round. The readied G is already on the global queue (lock-free), so only
     * the M that would look for it comes later, by one sysmon delay (20 µs: a debt keeps the fast cadence).
     */
    private void wakepFromSysmon() {
        if (!sched.lock.tryLock()) {
            sched.spinning.unclaim();
            sched.sysmon.oweWakep();
            return;
        }
        try {
            startSpinningM();
        } finally {
            sched.lock.unlock();
        }
    }

    /**
     * Go's {@code startm}: runs {@code pp} on an idle M, or on a new carrier. With {@code spinning},
     * the caller already counted the M in {@link Sched#spinning}. Any thread; pp is in transit.
     */
    void startM(P pp, boolean spinning) {
        M m;
        sched.lock.lock();
        try {
            m = sched.midle.poll();
        } finally {
            sched.lock.unlock();
        }
        if (m == null) {
            if (sched.stopping) { // no new carrier for a stopped runtime: pp goes back, nothing runs any more
                sched.idlePs.put(pp, P.RUNNING);
                if (spinning) {
                    sched.spinning.unclaim();
                }
                return;
            }
            if (sched.allm.size() >= sched.config.maxThreads) {
                threadExhaustion(pp, spinning);
                return;
            }
            sched.sysmon.start();
            m = new M(sched, mnext.getAndIncrement());
            Carrier c = new Carrier(null, m, sched.config.name + "-m" + m.id, sched.config.stackSize, new Stack(null));
            m.thread = c;
            m.spinning = spinning;
            m.nextP = pp;
            sched.allm.add(m);
            startEvent(pp, m, spinning);
            c.start();
        } else {
            startEvent(pp, m, spinning);
            m.wake(pp, spinning);
        }
        if (sched.stopping) {
            m.unpark();
        }
    }

    /**
     * Go's {@code handoffp}: {@code pp} was released by an M that is about to block (syscall, pinned
     * G). Start an M for it if it has work, or if nobody spins or idles; else it goes idle. Any thread.
     */
    void handoffP(P pp) {
        sched.counters.handoffs.increment();
        sched.emit(Trace.Event.P_HANDOFF, -1, pp.id, -1, -1, 0);
        if (pp.retiring) {
            sched.lock.lock();
            try {
                sched.procs.retireLocked(pp, P.RUNNING);
            } finally {
                sched.lock.unlock();
            }
            wakep();
            return;
        }
        if (!pp.runq.isEmpty() || !sched.global.isEmpty()) {
            startM(pp, false);
            return;
        }
        if (sched.spinning.count() + sched.idlePs.count() == 0 && sched.spinning.claimFirst()) { // nobody to find new work: one spinning M
            startM(pp, true);
            return;
        }
        sched.lock.lock();
        try {
            // Go: "if this is the last running P and nobody is polling network, need to wakeup
            // another M to poll network" (the M that releases it blocks, e.g. M0 under a parked main).
            boolean mustPoll = sched.netpoll.anyPending() && !sched.netpoll.blocked() && sched.idlePs.count() == sched.gomaxprocs - 1;
            if (sched.global.isEmpty() && !mustPoll) {
                sched.idlePs.putLocked(pp, P.RUNNING);
                pp = null;
            }
        } finally {
            sched.lock.unlock();
        }
        if (pp != null) {
            startM(pp, false);
            return;
        }
        sched.deadlockWatch.checkIfIdle();
    }

    /**
     * A goroutine parked on an M whose P sysmon had retaken while it ran (a blocked-carrier or a
     * syscall retake, the G left in SYSCALL): the retake's {@link #handoffP} came before the park,
     * so it could not see what the park leaves behind, above all a network waiter that needs an M
     * to block in the poll (its {@code mustPoll}). That P found no work, went idle and every M
     * parked: nobody would ever poll. In Go the G would have taken a P back on its way to the park
     * (exitsyscall), and the park would have handed it off; so an idle P, if any, is taken and
     * handed off now. None idle: some M holds one and polls before it parks. An M without a P.
     */
    void handoffIdleP() {
        P pp = sched.idlePs.get();
        if (pp != null) {
            handoffP(pp);
        }
    }

    /**
     * Go's {@code checkmcount}: starting one more M would pass {@code -Djgo.maxthreads}. A fatal
     * error, as in Go: a {@code Go.run} runtime fails with it; the default runtime prints it. The P
     * goes back to the idle list. Any thread.
     */
    private void threadExhaustion(P pp, boolean spinning) {
        String msg = "fatal error: thread exhaustion: runtime " + sched.config.name + " exceeds its " + sched.config.maxThreads
                + "-thread limit (-Djgo.maxthreads=" + sched.config.maxThreads + ")";
        if (spinning) {
            sched.spinning.unclaim();
        }
        sched.idlePs.put(pp, P.RUNNING);
        if (sched.m0 != null) {
            sched.failures.fail(new PanicException(msg));
        } else if (exhaustionReported.compareAndSet(false, true)) {
            System.err.println("jgo: " + msg);
        }
    }

    /**
     * A spinning M has dropped its P and stopped spinning: check the global queue and every
     * running P's queue once more (Go's "delicate dance"); returns an idle P to run the work found,
     * or null. Without a P.
     */
    P recheckAfterSpinning(P[] snapshot) {
        if (!sched.global.isEmpty()) { // volatile read, after the volatile decrement of nmspinning
            sched.lock.lock();
            try {
                P pp = sched.idlePs.getSpinningLocked();
                if (pp != null) {
                    return pp;
                }
            } finally {
                sched.lock.unlock();
            }
        }
        for (P p2 : snapshot) {
            if (p2.status() != P.IDLE && !p2.runq.isEmpty()) { // acquire loads of the ring, after the decrement
                sched.lock.lock();
                try {
                    return sched.idlePs.getSpinningLocked();
                } finally {
                    sched.lock.unlock();
                }
            }
        }
        return null;
    }


    /**
     * Counts and traces an M's start before the M can run: once started (or woken) it may run and
     * trace a goroutine, and a reader of the trace (or of the counters) must see the start first.
     */
    private void startEvent(P pp, M m, boolean spinning) {
        sched.counters.mWakeups.increment();
        sched.emit(Trace.Event.M_START, -1, pp.id, m.id, -1, spinning ? 1 : 0);
    }
}
