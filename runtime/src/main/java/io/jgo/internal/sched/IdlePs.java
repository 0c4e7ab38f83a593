package io.jgo.internal.sched;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The idle P list (Go's {@code sched.pidle} and {@code sched.npidle}). Owner: {@code sched.lock};
 * every method but {@link #count} must be called with it held. The count is also read without the
 * lock (the spinning limit, handoff, sysmon, the deadlock check), hence an atomic.
 *
 * <p>A P on the list is IDLE; one taken off is RUNNING, in transit to the M that will hold it.
 */
final class IdlePs {

    private final Sched sched;
    /** Head of the list, linked through {@link P#link}; guarded by sched.lock. */
    private P head;
    /** Length of the list: written under sched.lock, read without it (volatile RMW / read). */
    private final AtomicInteger count = new AtomicInteger();

    IdlePs(Sched sched) {
        this.sched = sched;
    }

    /** Idle Ps now; any thread, racy by design. */
    int count() {
        return count.get();
    }

    /** Go's {@code pidleput}: {@code pp} (empty run queue, no holder) goes idle, or is retired. sched.lock held. */
    void putLocked(P pp, int from) {
        if (pp.retiring) {
            sched.procs.retireLocked(pp, from);
            return;
        }
        pp.setStatus(from, P.IDLE);
        pp.m = null;
        pp.link = head;
        head = pp;
        count.incrementAndGet(); // volatile RMW, read by Spinning.maySpin and handOffP without the lock
        sched.emit(Trace.Event.P_IDLE, -1, pp.id, -1, -1, 0);
        sched.timers.pIdled(pp); // after the status write: its timers are the timer waiter's from now on
    }

    /** {@link #putLocked} taking sched.lock itself. Not for sysmon in a round (it would wait). */
    void put(P pp, int from) {
        sched.lock.lock();
        try {
            putLocked(pp, from);
        } finally {
            sched.lock.unlock();
        }
    }

    /** {@link #getLocked} taking sched.lock itself. Not for sysmon in a round (it would wait). */
    P get() {
        sched.lock.lock();
        try {
            return getLocked();
        } finally {
            sched.lock.unlock();
        }
    }

    /** Go's {@code pidleget}: an idle P, now RUNNING and in transit to its new holder, or null. sched.lock held. */
    P getLocked() {
        P pp = head;
        if (pp != null) {
            head = pp.link;
            pp.link = null;
            pp.setStatus(P.IDLE, P.RUNNING);
            count.decrementAndGet(); // volatile RMW, see putLocked
            sched.sysmon.onPBusy(); // work appeared: sysmon leaves its deep sleep
        }
        return pp;
    }

    /** Removes a specific idle P (a shrink retiring it); true if it was on the list, now RUNNING. sched.lock held. */
    boolean removeLocked(P target) {
        P prev = null;
        for (P pp = head; pp != null; prev = pp, pp = pp.link) {
            if (pp == target) {
                if (prev == null) {
                    head = pp.link;
                } else {
                    prev.link = pp.link;
                }
                pp.link = null;
                pp.setStatus(P.IDLE, P.RUNNING);
                count.decrementAndGet();
                return true;
            }
        }
        return false;
    }

    /** Go's {@code pidlegetSpinning}: as getLocked, and asks for a spinning M when there is none. sched.lock held. */
    P getSpinningLocked() {
        P pp = getLocked();
        if (pp == null) {
            sched.spinning.requestSpinner();
        }
        return pp;
    }
}
