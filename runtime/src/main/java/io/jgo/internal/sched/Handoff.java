package io.jgo.internal.sched;

import io.jgo.internal.sched.park.ParkUnlock;
import io.jgo.internal.cont.StackAccess;
import io.jgo.internal.Stack;
import java.util.concurrent.locks.LockSupport;

/**
 * Everything where an M runs or blocks with a goroutine on its thread without a P: a pinned
 * goroutine's park ({@link #parkPinned}), a syscall ({@link #enterSyscall} / {@link #exitSyscall},
 * entered through {@link Syscalls} only), a goroutine whose P sysmon retook, and the way such an M gets a P back.
 *
 * <h2>Locked Gs</h2>
 * A G whose frames are on a blocked thread can only continue on that thread: it is <em>locked</em>
 * to that M ({@link G#lockedM}, Go's {@code lockedm}). It is readied like any other G, onto a run
 * queue; the M that dequeues it does not run it but hands its own P to the locked M and goes idle
 * ({@link #startLockedM}, Go's {@code startlockedm}); the locked M wakes with that P and carries on.
 * So a pinned G takes part in the normal queues, fairness and stealing, and the count of Ps in use
 * never exceeds GOMAXPROCS. No G is locked for life: the main goroutine of {@code Go.run} is an
 * ordinary goroutine ({@link MainLoop}).
 */
final class Handoff {

    private final Sched sched;

    Handoff(Sched sched) {
        this.sched = sched;
    }

    /**
     * {@code Continuation.Owner.parkPinned}: called on the G's own thread, from a leaf or a middle frame
     * that cannot unwind. For PARK: commits the park, hands the P off (as entering a blocking
     * syscall), blocks the thread until the G is readied and a P handed over. For GOSCHED/PREEMPT:
     * a safe point: a G whose P sysmon retook gets one back here (exitsyscall); a preempted G queues
     * for its P like a yield ({@link #yieldPinned}); otherwise it carries on in place (retiring the
     * P first if a shrink asked for it).
     */
    void parkPinned(G g, int kind) {
        try {
            StackHeadroom.ensure(); // an overflow here, before any state changes, not half-way through the park
        } catch (StackOverflowError e) {
            sched.cancelPark(g); // the park the leaf prepared never happens: its waiter and locks are let go
            throw e;
        }
        M m = g.m;
        if (sched.stopping) {
            throw dropped(g); // any kind: a G that caught an earlier Dropped gets it again here
        }
        if (g.syscallDepth > 0) { // a park or yield inside Go.syscall or a wrapped blocking call
            if (kind == Stack.YIELD_PARK) {
                parkInSyscall(g, m);
            }
            return; // a yield: the G holds no P to let go of, and its syscall goes on
        }
        if (kind != Stack.YIELD_PARK) {
            if (g.status() == G.SYSCALL) { // retaken while it ran: take a P back, Go's exitsyscall
                exitSyscall(g);
            } else if (retiringP(m)) {
                if (g.leaveRunning(G.SYSCALL) == G.RUNNING) {
                    P old = m.releaseP();
                    sched.lock.lock();
                    try {
                        sched.procs.retireLocked(old, P.RUNNING);
                    } finally {
                        sched.lock.unlock();
                    }
                    sched.ms.wakep();
                }
                reacquireP(g, m);
            } else if (kind == Stack.YIELD_PREEMPT) {
                yieldPinned(g, m);
            }
            return;
        }
        parkLocked(g, m);
    }

    /**
     * A park inside a syscall: g is SYSCALL without a P, its M may still keep the P it entered
     * with ({@code m.oldP}). It parks as a retaken G does (the park commits from SYSCALL), the kept
     * P goes to work meanwhile instead of waiting for sysmon's retake, and once g has a P again it
     * enters the syscall anew, so the syscall's exit finds what it expects. Own thread of g.
     */
    private void parkInSyscall(G g, M m) {
        parkLocked(g, m); // commits the park (releasing the leaf's lock), then g runs with a P
        enterSyscall(g, Syscalls.Policy.RETAKE_IF_IT_LASTS); // it re-enters (Syscalls.enter is not asked: g is inside one)
    }

    /** The PARK part of {@link #parkPinned}: commit, hand the P (if any) off, block until handed one. */
    private void parkLocked(G g, M m) {
        // Begun when the wait began (G.waitEvent), so it spans the whole pinned wait; a park prepared
        // without one (none: every park prepares through G.prepareParkUnlocking) begins it here.
        Object pin = g.takeWaitEvent();
        if (pin == null) {
            pin = sched.listener.pinBegin(); // null unless JFR records jgo.GoroutinePinned
        }
        g.lockedM = m; // before the park commits: whoever dequeues g later hands its P to m
        g.pinnedWait = true;
        if (!sched.parkCommit(g, true)) { // false: sysmon already retook the P and handed it off
            P pp = m.releaseP();
            sched.ms.handoffP(pp);
        } else if (!releaseKeptP(m)) { // g was in a syscall: the P its M kept goes to work while g waits
            sched.ms.handoffIdleP(); // sysmon retook the P before the park: its hand-off must be redone
        }
        boolean handedP = awaitHandoff(m, g);
        g.pinnedWait = false;
        sched.listener.pinEnd(pin, sched, g.id, g.waitReason);
        if (!handedP) {
            throw dropped(g);
        }
        g.casStatus(G.RUNNABLE, G.RUNNING);
        g.lockedM = null;
        Identity.restoreAfterBlocked(g);
    }

    /**
     * The runtime has stopped while {@code g}'s frames are on its carrier (pinned, or leaving a
     * syscall): the {@link Dropped} to throw, so frames that cannot unwind by returning unwind by
     * an exception, run their {@code finally} blocks, and the carrier can exit.
     *
     * <p>User code may catch it, but g never carries on as a goroutine: every park, yield and
     * syscall exit of a stopped runtime's G comes through a check of {@code stopping} that throws
     * it again, g's stack gets a preemption request, so the next rewritten prologue unwinds by
     * returning (nothing there to catch), and g0 abandons a G that comes back to it after the
     * stop ({@code M.execute}). Only a catch-all loop that calls neither rewritten code nor jgo
     * keeps its carrier busy, as it would keep any thread busy. A leaf lock still held (the park
     * was prepared, not committed) is released first, or the primitive would stay locked for good;
     * the G's waiter stays queued and is skipped by every waker (runtime stopped). Own thread of g.
     */
    private static Dropped dropped(G g) {
        g.droppedByStop = true; // whatever ends g now (this, or what a catch or a monitor exit makes of it) is no panic
        StackAccess.requestPreempt(g.stack);
        ParkUnlock u = g.parkUnlock;
        g.parkUnlock = null;
        if (u != null) {
            u.unlockAfterPark();
        }
        return Dropped.INSTANCE;
    }

    /** Is the M's P being retired? (null when sysmon retook it a moment ago: leaveRunning sorts that out) */
    private static boolean retiringP(M m) {
        P pp = m.p;
        return pp != null && pp.retiring;
    }

    /**
     * A pinned G answers preemption: it cannot unwind, so it queues on the global queue locked to
     * its M (as a Gosched would put it there), its P goes to another M, and its thread waits until
     * the G is dequeued and a P handed back. Own thread only.
     */
    private void yieldPinned(G g, M m) {
        if (g.leaveRunning(G.SYSCALL) == G.RUNNING) {
            sched.ms.handoffP(m.releaseP()); // the global queue gets g right below: an M starts for it
        }
        reacquireQueued(g, m);
    }

    /**
     * The scheduler's half of {@link Syscalls#enter}, the one entry into a syscall: the G goes to
     * SYSCALL, and its P is let go as {@code policy} says. A G whose P sysmon already retook simply
     * stays in SYSCALL. Own thread only.
     */
    void enterSyscall(G g, Syscalls.Policy policy) {
        // A test bubble has no sysmon to retake a P left in a syscall, and one P: hand it off now,
        // or the bubble's other goroutines wait for the call to return.
        if (policy == Syscalls.Policy.HAND_OFF_AT_ONCE || sched.seeded != null) {
            enterSyscallBlock(g);
        } else {
            enterSyscallKeepingP(g);
        }
    }

    /**
     * Go's {@code entersyscall} ({@link Syscalls.Policy#RETAKE_IF_IT_LASTS}): the G goes to SYSCALL
     * and its P to SYSCALL, kept by this M ({@code m.oldP}) for a fast way back; no handoff and no
     * thread wake-up. sysmon retakes the P if the call lasts (see {@link Sysmon}). Own thread only.
     */
    private void enterSyscallKeepingP(G g) {
        g.waitSince = sched.waitClock(); // before the status change that publishes it to dumps
        M m = g.m;
        if (g.leaveRunning(G.SYSCALL) == G.SYSCALL) {
            return; // retaken while running: already without a P
        }
        P pp = m.p;
        m.p = null;
        m.oldP = pp;      // pp.m stays m: the P remains attached to this M
        pp.syscalltick++; // a new syscall: sysmon watches it for a whole tick before retaking
        pp.setStatus(P.RUNNING, P.SYSCALL); // volatile CAS: publishes the above to sysmon's retake
        sched.emit(Trace.Event.SYSCALL_ENTER, g.id, pp.id, m.id, -1, 0);
        sched.sysmon.onSyscall();
    }

    /**
     * Go's {@code entersyscallblock} ({@link Syscalls.Policy#HAND_OFF_AT_ONCE}), for a call known to
     * block (a latch's await, a queue's take): the G goes to SYSCALL and the P is handed off at once
     * ({@code Ms.handoffP}), since waiting a sysmon tick would only delay the goroutines queued
     * behind it. No old P is kept, so {@link #exitSyscall} takes the slow way (an idle P, else the
     * global queue). Own thread only.
     */
    private void enterSyscallBlock(G g) {
        g.waitSince = sched.waitClock();
        M m = g.m;
        if (g.leaveRunning(G.SYSCALL) == G.SYSCALL) {
            return; // retaken while running: already without a P
        }
        P pp = m.releaseP(); // G is SYSCALL now: sysmon's retake leaves this P alone (as in parkPinned)
        sched.emit(Trace.Event.SYSCALL_ENTER, g.id, pp.id, m.id, -1, 1);
        sched.listener.syscallHandoff(sched, g.id, pp.id, m.id);
        sched.ms.handoffP(pp);
    }

    /**
     * Go's {@code exitsyscall}, the one way out of a syscall ({@link Syscalls#exit}, and a retaken
     * G at its next safe point, {@link #parkPinned}): the fast path takes the old P back with one CAS (it races with
     * sysmon's retake, see {@link P}); else an idle P; else the G queues (locked to this M) on the
     * global queue and the M waits to be handed a P with it. Own thread only.
     */
    void exitSyscall(G g) {
        M m = g.m;
        if (sched.stopping) {
            throw dropped(g); // the runtime stopped during the call: g carries on no further
        }
        P old = m.oldP;
        m.oldP = null;
        if (old != null && old.casStatus(P.SYSCALL, P.RUNNING)) {
            old.m = m; // we won: nobody else holds it (if it was retaken and reentered a syscall by
            m.p = old; // another M, that M loses it as if sysmon had retaken it, as in Go)
            old.syscalltick++;
            g.casStatus(G.SYSCALL, G.RUNNING);
            sched.emit(Trace.Event.SYSCALL_EXIT, g.id, old.id, m.id, -1, 0);
            return;
        }
        reacquireP(g, m);
    }

    /**
     * The P {@code m} kept on entering a syscall ({@code m.oldP}), if sysmon has not retaken it:
     * taken by the same CAS as sysmon's retake and handed off. Own thread of m, without a P.
     */
    private boolean releaseKeptP(M m) {
        P old = m.oldP;
        m.oldP = null;
        if (old != null && old.casStatus(P.SYSCALL, P.RUNNING)) {
            old.m = null; // ours now, in transit to handoffP
            old.syscalltick++;
            sched.ms.handoffP(old);
            return true;
        }
        return false;
    }

    /** Slow path of exitSyscall: g is SYSCALL and m holds no P; an idle P, else queue and wait. */
    private void reacquireP(G g, M m) {
        P pp = sched.idlePs.get();
        if (pp != null) {
            m.acquireP(pp);
            g.casStatus(G.SYSCALL, G.RUNNING);
            sched.emit(Trace.Event.SYSCALL_EXIT, g.id, pp.id, m.id, -1, 1);
            return;
        }
        reacquireQueued(g, m);
    }

    /** g is SYSCALL, m holds no P: g goes on the global queue locked to m, and m waits for a P. */
    private void reacquireQueued(G g, M m) {
        g.lockedM = m;
        g.casStatus(G.SYSCALL, G.RUNNABLE);
        sched.global.put(g);
        sched.emit(Trace.Event.SYSCALL_EXIT, g.id, -1, m.id, -1, 2);
        sched.ms.wakep();
        if (!awaitHandoff(m, g)) {
            throw dropped(g);
        }
        g.casStatus(G.RUNNABLE, G.RUNNING);
        g.lockedM = null;
        Identity.restoreAfterBlocked(g);
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

    /**
     * A locked M without a P waits until another M hands it one ({@link M#wake}); returns false
     * when the runtime stops first. {@code g} is the G locked to {@code m}: an
     * interrupt that reaches the thread meanwhile is kept for g ({@link Identity}) and the flag
     * cleared before every park, so the wait never spins (a set flag makes {@code park} return at
     * once). Own thread only.
     */
    boolean awaitHandoff(M m, G g) {
        P np;
        while ((np = m.nextP) == null) { // volatile read, pairs with the write in M.wake
            if (sched.stopping) {
                return false;
            }
            Identity.stashWhileBlocked(g);
            LockSupport.park(this);
        }
        m.nextP = null;
        m.spinning = false;
        m.acquireP(np);
        return true;
    }
}
