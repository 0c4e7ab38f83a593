package io.jgo.internal.sched;

import io.jgo.internal.Stack;
import java.util.concurrent.locks.LockSupport;

/**
 * Everything where an M blocks with a goroutine on its thread and gives its P away: a pinned
 * goroutine's park ({@link #parkPinned}), {@code Go.syscall} ({@link #enterSyscall} /
 * {@link #exitSyscall}), and the way such an M gets a P back.
 *
 * <h2>Locked Gs</h2>
 * A G whose frames are on a blocked thread can only continue on that thread: it is <em>locked</em>
 * to that M ({@link G#lockedM}, Go's {@code lockedm}). It is readied like any other G, onto a run
 * queue; the M that dequeues it does not run it but hands its own P to the locked M and goes idle
 * ({@link #startLockedM}, Go's {@code startlockedm}); the locked M wakes with that P and carries on.
 * So a pinned G takes part in the normal queues, fairness and stealing, and the count of Ps in use
 * never exceeds GOMAXPROCS. The main goroutine of {@code Go.run} is locked to M0 for its whole life.
 */
final class Handoff {

    private final Sched sched;

    Handoff(Sched sched) {
        this.sched = sched;
    }

    /**
     * {@code Stack.Owner.parkPinned}: called on the G's own thread, from a leaf or a middle frame
     * that cannot unwind. For PARK: commits the park, hands the P off (as entering a blocking
     * syscall), blocks the thread until the G is readied and a P handed over. For GOSCHED/PREEMPT:
     * a safe point; carries on in place (retiring the P first if a shrink asked for it).
     */
    void parkPinned(G g, int kind) {
        M m = g.m;
        if (kind != Stack.YIELD_PARK) {
            if (sched.stopping) {
                throw Dropped.INSTANCE;
            }
            if (m.p != null && m.p.retiring) {
                P old = m.releaseP();
                synchronized (sched.lock) {
                    sched.procs.retireLocked(old);
                }
                sched.wakep();
                g.casStatus(G.RUNNING, G.SYSCALL);
                reacquireP(g, m);
            }
            return;
        }
        g.lockedM = m; // before the park commits: whoever dequeues g later hands its P to m
        g.pinnedWait = true;
        sched.parkCommit(g, true);
        P pp = m.releaseP();
        sched.handoffP(pp);
        boolean handedP = awaitHandoff(m);
        g.pinnedWait = false;
        if (!handedP) {
            throw Dropped.INSTANCE;
        }
        g.casStatus(G.RUNNABLE, G.RUNNING);
        if (!g.main) {
            g.lockedM = null;
        }
    }

    /** Go's {@code entersyscallblock}: the G keeps its thread, its P goes to another M right away. */
    P enterSyscall(G g) {
        M m = g.m;
        g.casStatus(G.RUNNING, G.SYSCALL);
        P pp = m.releaseP();
        sched.handoffP(pp);
        return pp;
    }

    /**
     * Go's {@code exitsyscall}: the old P if it is idle, else any idle P; else the G queues (locked
     * to this M) on the global queue and the M waits to be handed a P with it.
     */
    void exitSyscall(G g, P old) {
        M m = g.m;
        P pp;
        synchronized (sched.lock) {
            pp = old != null && old.status == P.IDLE && sched.pidleRemove(old) ? old : sched.pidleGet();
        }
        if (pp != null) {
            m.acquireP(pp);
            g.casStatus(G.SYSCALL, G.RUNNING);
            return;
        }
        reacquireP(g, m);
    }

    /** Slow path of exitSyscall: g is SYSCALL and m holds no P. */
    private void reacquireP(G g, M m) {
        synchronized (sched.lock) {
            P pp = sched.pidleGet();
            if (pp != null) {
                m.acquireP(pp);
                g.casStatus(G.SYSCALL, G.RUNNING);
                return;
            }
        }
        g.lockedM = m;
        g.casStatus(G.SYSCALL, G.RUNNABLE);
        sched.global.put(g);
        sched.wakep();
        if (!awaitHandoff(m)) {
            throw Dropped.INSTANCE;
        }
        g.casStatus(G.RUNNABLE, G.RUNNING);
        if (!g.main) {
            g.lockedM = null;
        }
    }

    /**
     * Go's {@code startlockedm}: {@code self} dequeued {@code g}, which is locked to another M;
     * hands self's P to that M and wakes it. The caller then parks ({@code stopM}). g0 of self only.
     */
    void startLockedM(M self, G g) {
        M target = g.lockedM;
        P pp = self.releaseP();
        sched.emit(Trace.Event.HANDOFF_LOCKED, g.id, pp.id, self.id, target.id, 0);
        target.wake(pp, false);
    }

    /** M0 waits out the grace period (or until handed a P), then confirms the suspected deadlock. */
    private void confirmDeadlock(M m0) {
        sched.deadlockSuspected = false;
        long epoch = sched.deadlockEpoch;
        long deadline = System.nanoTime() + Deadlock.GRACE_NANOS;
        long left;
        while (m0.nextP == null && sched.failure.get() == null && (left = deadline - System.nanoTime()) > 0) {
            LockSupport.parkNanos(this, left);
        }
        if (m0.nextP == null) {
            Deadlock.confirm(sched, epoch);
        }
    }

    /**
     * A locked M without a P waits until another M hands it one ({@link M#wake}); returns false
     * when the runtime stops (or, for M0, fails) first. Own thread only.
     */
    boolean awaitHandoff(M m) {
        P np;
        while ((np = m.nextP) == null) { // volatile read, pairs with the write in M.wake
            if (sched.stopping || m == sched.m0 && sched.failure.get() != null) {
                return false;
            }
            if (m == sched.m0 && sched.deadlockSuspected) {
                confirmDeadlock(m);
                continue;
            }
            LockSupport.park(this);
        }
        m.nextP = null;
        m.spinning = false;
        m.acquireP(np);
        return true;
    }
}
