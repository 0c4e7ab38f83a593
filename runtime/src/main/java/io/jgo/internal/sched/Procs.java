package io.jgo.internal.sched;

import io.jgo.internal.cont.StackAccess;
import io.jgo.internal.settings.Settings;
import java.util.Arrays;

/**
 * GOMAXPROCS at run time (Go's {@code procresize}), without stopping the world. A grow makes new
 * (or previously retired) Ps idle and wakes an M. A shrink marks the surplus Ps as retiring: an idle
 * one is retired at once; a held one has its queued Gs moved to the global queue right away (so a
 * goroutine that never polls cannot hold them hostage), its goroutine is asked to yield, and it is
 * retired by its M at the next safe point (between goroutines, at a pinned Gosched, on handoff).
 * The resize itself never waits.
 */
final class Procs {

    private final Sched sched;
    /**
     * Every P ever created, index = id: the live ones, the retiring ones still held past a shrink,
     * and the retired (DEAD) ones a later grow revives. Written under sched.lock; volatile so that
     * sysmon can walk it without the lock ({@link #all}).
     */
    private volatile P[] every = new P[0];
    /**
     * A sequence count around every resize (a seqlock for {@link #allIdle}): odd while
     * {@link #resizeLocked} changes the idle list and GOMAXPROCS, even otherwise. Written under
     * sched.lock (volatile: one writer, so the plain increment of a volatile is exact), read by anyone.
     */
    private volatile int resizeSeq;

    Procs(Sched sched) {
        this.sched = sched;
    }

    /**
     * Every P ever created, including those past GOMAXPROCS that a shrink marked retiring and
     * whose M has not reached a safe point yet: sysmon must keep preempting (and retaking) those,
     * or a goroutine that never parks on one would hold it, and the Gs readied onto it after the
     * shrink's evacuation, for ever. Any thread; the array is never written after publication.
     */
    P[] all() {
        return every;
    }

    /**
     * Go.maxProcs(n): returns the previous value; {@code n == 0} only reads it, as Go's
     * {@code runtime.GOMAXPROCS(0)}. Any thread.
     */
    int resize(int n) {
        if (n < 0 || n > Settings.MAX_PROCS) {
            throw new IllegalArgumentException("Go.maxProcs(" + n + "): expected 1 to " + Settings.MAX_PROCS
                    + " to set GOMAXPROCS, or 0 to read it without changing it");
        }
        if (n == 0) {
            return sched.gomaxprocs;
        }
        int old;
        sched.lock.lock();
        try {
            old = resizeLocked(n);
        } finally {
            sched.lock.unlock();
        }
        if (n != old) {
            sched.ms.wakep();
            sched.listener.gomaxprocs(sched, old, n);
        }
        return old;
    }

    /**
     * Is every P idle? The idle count against GOMAXPROCS, read so that a resize in progress never
     * makes it wrongly true. Without the sequence check it could: a grow puts the new Ps on the idle
     * list before it writes GOMAXPROCS, so with two Ps busy a grow from 2 to 4 shows an idle count of
     * 2 against a GOMAXPROCS of 2; a shrink takes idle surplus Ps off the list before it writes
     * GOMAXPROCS, so an idle count read before the removal can meet the new, smaller GOMAXPROCS
     * (4 to 2 with Ps 0 and 1 busy: 2 against 2). sysmon would then sleep deeply while goroutines
     * run, and nobody wakes it (neither step takes a P off the idle list through {@code getLocked}).
     * No order of the two writes fixes both cases, hence the seqlock: every access is volatile, so
     * if either read saw a write of the resize, the second read of the sequence (after both) sees
     * the odd value written before that write, or a later one, and the answer is "not all idle". A
     * false "not all idle" only keeps sysmon on its cadence for one more round. Any thread.
     */
    boolean allIdle() {
        int seq = resizeSeq;
        boolean idle = (seq & 1) == 0 && sched.idlePs.count() >= sched.gomaxprocs;
        return idle && resizeSeq == seq;
    }

    /** sched.lock held. */
    int resizeLocked(int n) {
        int old = sched.gomaxprocs;
        if (n == old) {
            return old;
        }
        resizeSeq++; // odd: allIdle answers false until the closing increment below
        try {
            resizeP(old, n);
        } finally {
            resizeSeq++;
        }
        return old;
    }

    /** The body of {@link #resizeLocked}, from {@code old} to {@code n} Ps. sched.lock held. */
    private void resizeP(int old, int n) {
        if (every.length < n) {
            int from = every.length;
            P[] grown = Arrays.copyOf(every, n);
            for (int id = from; id < n; id++) {
                grown[id] = new P(id, sched.config.runqCapacity, P.DEAD, sched.timers);
            }
            every = grown; // published whole: sysmon never sees a null slot
        }
        for (int id = old; id < n; id++) { // grow
            P pp = every[id];
            if (pp.retiring) {
                pp.retiring = false; // still held by its M: simply keep it
            } else if (pp.status() == P.DEAD) {
                pp.timers.revive();
                sched.idlePs.putLocked(pp, P.DEAD);
            }
        }
        for (int id = n; id < old; id++) { // shrink
            P pp = every[id];
            pp.retiring = true;
            if (pp.status() == P.IDLE && sched.idlePs.removeLocked(pp)) {
                retireLocked(pp, P.RUNNING);
            } else {
                evacuate(pp);
                askToYield(pp);
            }
        }
        sched.allp = Arrays.copyOf(every, n); // volatile write: publishes the new array to stealers
        sched.gomaxprocs = n;
    }

    /**
     * Asks the goroutine running on a retiring P to yield at its next prologue or loop head, so its
     * M reaches the safe point that retires the P instead of running on past the new GOMAXPROCS
     * until a time slice ends (or for ever, with sysmon off). A G in a syscall is not asked: its
     * exitsyscall finds the P retiring. Racy read of pp.m and m.curg: a G that has just left gets a
     * stale request, which costs it one early yield at most. sched.lock held.
     */
    private void askToYield(P pp) {
        M m = pp.m;
        G g = m == null ? null : m.curg;
        if (g != null && g.status() == G.RUNNING) {
            StackAccess.requestPreempt(g.stack);
            sched.emit(Trace.Event.PREEMPT, g.id, pp.id, m.id, -1, 0);
        }
    }

    /**
     * Moves the queued Gs of a P that another M holds to the global queue, as a thief would (any
     * thread may steal). The holder may queue more before it reaches a safe point; it drains them then.
     */
    private void evacuate(P pp) {
        LocalRunQueue<G> tmp = new LocalRunQueue<>(pp.runq.capacity());
        G g;
        while ((g = pp.runq.stealHalfInto(tmp, true)) != null) {
            sched.global.put(g);
            tmp.drainTo(sched.global);
        }
    }

    /**
     * Retires {@code pp}, which nobody holds (status {@code from}, RUNNING in transit): its Gs go to
     * the global queue, its free Gs to the shared list. sched.lock held.
     */
    void retireLocked(P pp, int from) {
        pp.runq.drainTo(sched.global); // we are its last owner
        sched.gFree.putAll(pp.gFree);
        if (pp.id != 0) { // P0 never retires (GOMAXPROCS >= 1); it takes over the timers
            pp.timers.moveAllTo(every[0].timers);
        }
        pp.retiring = false;
        pp.m = null;
        pp.setStatus(from, P.DEAD);
        sched.emit(Trace.Event.P_RETIRE, -1, pp.id, -1, -1, 0);
    }

    /**
     * The safe point between goroutines: {@code m} holds a retiring P; retire it and find another
     * (an idle one, or park until one is handed over). Returns false when the runtime stops. g0 of m.
     */
    boolean retireHeld(M m) {
        if (m.spinning) {
            // Woken as a spinner with a P that a shrink marked retiring before it ran: it stops
            // spinning before it may park below (stopM), or nmspinning stays counted for an M that
            // is asleep, and every later wakep, seeing a spinner, starts nobody: work queued from
            // then on (a sleeping main goroutine's timer) is stranded. The volatile decrement comes
            // before the wakep below, which then starts a spinner if work is queued.
            sched.spinning.stop(m);
        }
        P old = m.releaseP();
        P np;
        sched.lock.lock();
        try {
            if (!old.retiring) { // a grow took it back meanwhile
                np = old;
            } else {
                retireLocked(old, P.RUNNING);
                np = sched.idlePs.getLocked();
            }
        } finally {
            sched.lock.unlock();
        }
        sched.ms.wakep();
        if (np != null) {
            m.acquireP(np);
            return true;
        }
        return m.stopM();
    }
}
