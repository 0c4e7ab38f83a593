package io.jgo.internal.sched;

import io.jgo.internal.sched.timer.VirtualClock;
import io.jgo.internal.cont.Carrier;
import io.jgo.internal.sched.park.Party;
import io.jgo.internal.cont.StackAccess;
import io.jgo.internal.cont.Continuation;
import io.jgo.internal.cont.Entry;
import io.jgo.internal.Stack;
import io.jgo.internal.cont.ThreadStacks;
import java.util.concurrent.locks.LockSupport;

/**
 * A machine (Go's {@code m}): one thread that runs goroutines. For a carrier its {@link #run()}
 * <em>is</em> g0, the scheduling loop {@code schedule() -> findRunnable() -> execute(g)}; every
 * goroutine runs in frames nested under {@link #execute} and unwinds back to it when it parks,
 * yields or ends. M0 is the thread that called {@code Go.run}: it runs no goroutine, it waits for
 * main to end (see {@link MainLoop}).
 *
 * <p>Threads: every field is written by the M's own thread except {@link #nextP} (and
 * {@link #spinning} right before it), which the M that wakes this one writes while this M is parked
 * without a P, and {@link #p}, which sysmon clears when it retakes the P of a goroutine that stopped
 * answering preemption (holding that goroutine's status word, see {@link G}).
 */
final class M implements Runnable, NetPoller.Taker, NetPoller.Blocker {

    final Sched sched;
    final int id;
    /** The thread; for a carrier set right after construction, before it starts. */
    Thread thread;
    /**
     * The P held, or null. Written by this M, or by sysmon retaking it while this M's goroutine is
     * RUNNING and sysmon holds its scan bit (see {@link G}); volatile for that, dumps and traces.
     */
    volatile P p;
    /**
     * Go's {@code m.oldp}: the P this M left in SYSCALL on entering a syscall, which it tries to
     * take back on the way out (it may have been retaken meanwhile). Own thread only.
     */
    P oldP;
    /**
     * A P handed to this parked M (Go's {@code m.nextp}): written by the waker, then
     * {@code LockSupport.unpark}; the volatile write pairs with this M's volatile read in its wait loop.
     */
    volatile P nextP;
    /** Counted in {@code sched.nmspinning} while true; set by this M, or by its waker before {@link #nextP}. */
    boolean spinning;
    /** The G being executed; written by this M, read racily by dumps. */
    volatile G curg;
    /**
     * True while this M blocks in the network poll ({@link NetPoller#pollBlocking}); written by this M
     * before its re-check of {@link #nextP}, read by {@link #unpark} after the waker's write (Dekker).
     */
    volatile boolean inPoll;
    /** Owner only: whether the G returned by findRunnable inherits the time slice. */
    private boolean inheritTime;
    /** xorshift state for the steal order; owner only. */
    private int rnd;
    private final Steal steal = new Steal();
    /** The stress mode's coin ({@code -Djgo.stress}), null without it; owner only. */
    private final java.util.SplittableRandom stressCoin;

    M(Sched sched, int id) {
        this.sched = sched;
        this.id = id;
        this.rnd = (id + 1) * 0x9E3779B9;
        this.stressCoin = sched.config.stress > 0 ? new java.util.SplittableRandom(sched.config.stressSeed + id) : null;
    }

    // ---------------------------------------------------------------- g0 loop (carriers)

    /**
     * Code of the scheduler itself threw on this carrier's g0 while it held or looked for a P
     * (out of memory in a timer's function or a queue's node, say), which is about to end: its P
     * goes on to another M, and the error is fatal ({@code Failures.fatal}), so {@code Go.run}
     * throws it instead of waiting for that P for ever; the default runtime prints it and goes on
     * with its other carriers. Never throws. g0 of this M.
     */
    private void carrierFailed(Throwable t) {
        try {
            if (spinning) {
                sched.spinning.stop(this);
            }
            if (p != null) {
                sched.ms.handoffP(releaseP());
            }
        } catch (Throwable lost) {
            // nothing more to do for the P; the failure below still ends a Go.run
        }
        sched.failures.fatal("carrier ", thread, t);
    }

    /** The carrier's g0: waits for the P it was started with, then schedules until the runtime stops. */
    @Override
    public void run() {
        try {
            schedule();
        } catch (Throwable t) { // the scheduler's own code failed: see carrierFailed
            try {
                carrierFailed(t);
            } catch (Throwable lost) {
                // carrierFailed never throws but for what the JVM throws anywhere (out of memory loading a class)
            }
        } finally {
            try {
                sched.mExit(this);
            } catch (Throwable t) {
                // out of memory copying the M list: the thread ends all the same (awaitStopped joins a dead one at once)
            }
        }
    }

    /** The g0 loop of {@link #run}. */
    private void schedule() {
        if (!waitForP()) {
            return;
        }
        while (!sched.stopping) {
            if (p == null && !regainP()) { // sysmon retook the P while the last goroutine ran
                return;
            }
            if (p.retiring && !sched.procs.retireHeld(this)) {
                return;
            }
            G g = findRunnable();
            if (g == null) {
                return; // the runtime stopped
            }
            if (spinning) {
                sched.spinning.reset(this);
            }
            if (p.retiring) {
                // A shrink marked this P while findRunnable looked for work, so its request to yield
                // found nobody here: g goes to the global queue and the loop's top retires the P
                // (its wakep finds g an M), instead of g running on past the new GOMAXPROCS.
                sched.global.put(g);
                continue;
            }
            M locked = g.lockedM;
            if (locked != null && locked != this) {
                sched.handoff.startLockedM(this, g);
                if (!stopM()) {
                    return;
                }
                continue;
            }
            execute(g, inheritTime);
        }
    }

    /**
     * Runs {@code g} until it parks, yields, pins-and-returns or ends, then disposes of it as its
     * unwind asks (Go's {@code execute} plus {@code park_m}/{@code gosched_m}/{@code goexit0}).
     * This M holds a P; it may hold a different one afterwards (a pinned G hands its P off), or
     * none (sysmon retook it while the G ran: the caller must find one).
     */
    void execute(G g, boolean inherit) {
        P pp = p;
        if (!inherit) {
            pp.schedtick++; // by the holder: a new time slice for sysmon
        }
        g.m = this;   // before RUNNING: sysmon checks g.m once it has claimed a RUNNING G
        curg = g;
        g.casStatus(G.RUNNABLE, G.RUNNING);
        sched.emit(Trace.Event.EXECUTE, g.id, pp.id, id, -1, inherit ? 1 : 0);
        Thread t = thread;
        Identity.enter(g, t); // g's interrupt status and ThreadLocal maps onto this thread
        Continuation before = ThreadStacks.installOnCurrentThread(g.stack);
        Throwable panic = null;
        // Stress mode: ask g to yield at its first suspension point (after its saved frames are back).
        boolean forced = stressCoin != null && stressCoin.nextDouble() < sched.config.stress;
        if (forced) {
            StackAccess.requestPreempt(g.stack);
        }
        try {
            Entry.run(g.stack, g.body);
        } catch (Throwable e) {
            panic = e;
        } finally {
            ThreadStacks.installOnCurrentThread(before);
            // Before the park commits below: once it has, a readier may hand g to another carrier,
            // which reads what leave saved (published by the status CAS of the commit).
            Identity.leave(g, t);
            curg = null;
        }
        if (panic instanceof Dropped || sched.stopping && abandoned(g)) {
            // The runtime stopped while g's frames were on this thread (pinned, in a syscall) and g
            // let go of them, by the Dropped or by returning after catching it: g is abandoned as it
            // is (never queued, never counted as ended; Go.run's warning counts it as dropped).
            sched.abandon(g);
            return;
        }
        if (panic == null && StackAccess.suspending(g.stack)) {
            if (forced && StackAccess.yieldKind(g.stack) == Stack.YIELD_PREEMPT) {
                sched.counters.stressYields.increment();
            }
            StackAccess.endUnwind(g.stack);
            if (StackAccess.yieldKind(g.stack) == Stack.YIELD_PARK) {
                sched.parkCommit(g, false);
            } else {
                sched.yieldToGlobal(g, StackAccess.yieldKind(g.stack) == Stack.YIELD_PREEMPT);
            }
            return; // m.p is null if sysmon retook it (it cleared it before releasing the G's status)
        }
        if (panic != null) {
            sched.cancelPark(g); // a park prepared but never committed: its yield or unwind threw (a segment could not grow)
        }
        sched.goexit(this, g, panic);
    }

    /**
     * A G back on g0 after the runtime stopped: was it already handed on (WAITING or RUNNABLE: a
     * park or yield committed before a {@link Dropped} unwound it)? Then g0 must not dispose of it
     * again. A G still RUNNING or in SYSCALL ended or unwound normally and is disposed of as usual.
     */
    private static boolean abandoned(G g) {
        int s = g.status();
        return s != G.RUNNING && s != G.SYSCALL;
    }

    /**
     * The end of Go's {@code exitsyscall0} for an M whose P sysmon retook while its goroutine ran,
     * now back on g0 with that goroutine disposed of: an idle P, else park until handed one. False
     * when the runtime stops. g0 only.
     */
    private boolean regainP() {
        P pp = sched.idlePs.get();
        if (pp != null) {
            acquireP(pp);
            return true;
        }
        return stopM();
    }

    // ---------------------------------------------------------------- findRunnable

    /**
     * Go's {@code findRunnable}: a runnable G for this M's P, blocking (with the P released) until
     * there is one; null only when the runtime stops. Called by this M's g0 only, holding a P.
     * Order: timers, the 1-in-61 global check, local, global batch, steal, then re-check, drop P, park.
     */
    G findRunnable() {
        for (;;) {
            if (sched.stopping) {
                return null;
            }
            P pp = p;
            boolean sleeperNext = sched.timers.check(pp) > 0 && pp.runq.hasRunnext(); // Go's checkTimers
            // Another P's timer that sysmon found late with its holder unanswering (Timers.runOverdueFor).
            sleeperNext |= sched.timers.runOverdueFor(pp) > 0 && pp.runq.hasRunnext();
            // Fairness: now and then one G from the global queue first (RunPolicy.takeGlobalFirst).
            // The tick first: the global queue's count is a line every P reads; Go's order too.
            if (RunPolicy.checkGlobalFirst(pp.schedtick) && !sched.global.isEmpty() && RunPolicy.takeGlobalFirst(pp, sleeperNext)) {
                G g = sched.global.poll();
                if (g != null) {
                    sched.count(PolicyCounts.Event.GLOBAL_ONE);
                    sched.emit(Trace.Event.GLOBAL_ONE, g.id, pp.id, id, -1, 1);
                    inheritTime = false;
                    return g;
                }
            }
            G g = pp.runq.get();
            if (g != null) {
                inheritTime = pp.runq.lastGetInheritsTime();
                return g;
            }
            g = sched.globalBatch(this, pp);
            if (g != null) {
                inheritTime = false;
                return g;
            }
            // Go: "poll network ... only an optimization before we resort to stealing". One volatile
            // read when nothing waits on the network.
            if (sched.netpoll.anyPending()) {
                g = (G) sched.netpoll.pollFromP(this); // take(), below, under the poll's gate
                if (g != null) {
                    inheritTime = false;
                    return g;
                }
            }
            // Spinning limit: at most half as many spinning Ms as busy Ps, or stealing burns more CPU
            // than the busy Ps produce work (Go: 2*nmspinning < gomaxprocs - npidle).
            if (spinning || sched.spinning.maySpin()) {
                if (!spinning) {
                    sched.spinning.become(this);
                }
                g = steal.work(this, pp);
                if (g != null) {
                    inheritTime = false;
                    return g;
                }
                sched.count(PolicyCounts.Event.SPIN_MISS);
            }
            // The timer part of Go's last steal pass: any P's due timers (busy or idle) run here.
            if (sched.timers.runAllExpiredFor(pp, sched.timeNow()) > 0) {
                continue; // the sleepers they readied are in pp's runnext, the rest on the global queue
            }
            VirtualClock clock = sched.virtualClock; // null but in a test bubble
            if (clock != null && Quiescence.advanceClockIfQuiet(sched, clock, pp)) {
                continue; // every goroutine durably blocked: the clock jumped to the earliest timer, now due
            }
            if (!dropPAndPark()) {
                return null;
            }
        }
    }

    /**
     * The stop path of findRunnable: releases the P, re-checks for work as the lost-wake-up race
     * requires (see the package comment, "Spinning and the lost wake-up"), parks. Returns with a P
     * (possibly having found nothing: the caller loops), or false when the runtime stops.
     */
    private boolean dropPAndPark() {
        P[] snapshot = sched.allp;
        P pp = p;
        boolean wasSpinning = spinning;
        sched.lock.lock();
        try {
            if (!sched.global.isEmpty()) {
                return true; // loop: the global batch path takes it
            }
            if (!spinning && sched.spinning.spinnerRequested()) {
                sched.spinning.become(this);
                return true;
            }
            releaseP();
            sched.idlePs.putLocked(pp, P.RUNNING); // volatile RMW of the idle count, before the read of the request below
            if (!wasSpinning && sched.spinning.spinnerRequested()) {
                // A wakep asked for a spinner without sched.lock after the check above, seeing no
                // idle P (Spinning.requestWithoutIdleP, the other half of this Dekker pair): spin.
                P again = sched.idlePs.getLocked();
                if (again != null) {
                    acquireP(again);
                    sched.spinning.become(this);
                    return true;
                }
            }
        } finally {
            sched.lock.unlock();
        }
        if (wasSpinning) {
            sched.spinning.stop(this); // volatile RMW: the StoreLoad before the re-checks below
            P found = sched.ms.recheckAfterSpinning(snapshot);
            sched.count(found == null ? PolicyCounts.Event.SPIN_FRUITLESS : PolicyCounts.Event.SPIN_RECHECK_FOUND);
            if (found != null) {
                acquireP(found);
                sched.spinning.become(this);
                return true;
            }
        }
        sched.deadlockWatch.checkIfIdle();
        return stopM();
    }

    // ---------------------------------------------------------------- P and parking

    /**
     * This M takes {@code pp}, RUNNING and in transit to it (from the idle list, a waker, or won back
     * from SYSCALL by this M). Own thread only.
     */
    void acquireP(P pp) {
        if (p != null || pp.m != null && pp.m != this || pp.status() != P.RUNNING) {
            throw new IllegalStateException("acquireP: " + this + " holds " + p + ", " + pp + " ("
                    + P.statusName(pp.status()) + ") held by " + pp.m);
        }
        pp.m = this;
        p = pp;
    }

    /** This M lets go of its P (the caller puts it somewhere). Own thread only. */
    P releaseP() {
        P pp = p;
        pp.m = null;
        p = null;
        return pp;
    }

    /**
     * Go's {@code stopm}: this M, holding no P, goes on the idle list and parks until an M hands it a
     * P ({@link Sched#startM}). Returns false when the runtime stops. Own thread only.
     */
    boolean stopM() {
        sched.lock.lock();
        try {
            sched.midle.push(this);
        } finally {
            sched.lock.unlock();
        }
        sched.counters.mParks.increment();
        sched.emit(Trace.Event.M_PARK, -1, -1, id, -1, 0);
        return waitForP();
    }

    /**
     * Parks until {@link #nextP} is set, then acquires it; false when the runtime stops first. One
     * idle M at a time parks only until the earliest timer and runs what is due ({@link Timers}).
     */
    boolean waitForP() {
        P np;
        boolean restAfterReadying = false;
        try {
            while ((np = nextP) == null) { // volatile read, pairs with the waker's write before unpark
                if (sched.stopping) {
                    return false;
                }
                long deadline = sched.timers.becomeWaiter(this);
                // An idle carrier runs no goroutine: an interrupt that reaches it now is nobody's
                // and is dropped (see Identity); a set flag would make every park return at once.
                Thread.interrupted();
                // Go's findRunnable: the M that would sleep blocks in the network poll instead,
                // until the earliest timer if it is the timer waiter.
                // A bubble's deadlines are virtual: its poll waits for the network or a wake-up only
                // (nothing virtual can fall due while a goroutine waits on a socket: see VirtualClock).
                // Go's findRunnable also stops (stopm) an M whose poll readied goroutines and that got
                // no P to run them, instead of polling again: the goroutines' reads keep their read
                // interest (PollDesc), which a select made before they ran would report at once, for
                // nobody. The busy Ms poll in findRunnable, sysmon within 10 ms, and an M that drops
                // its P comes here and polls; this M polls again once it is woken or its timer is due.
                int readied = restAfterReadying ? NetPoller.NOT_POLLED
                        : sched.netpoll.pollBlocking(this, sched.virtualClock == null ? deadline : Long.MAX_VALUE);
                restAfterReadying = false;
                if (readied != NetPoller.NOT_POLLED) {
                    if (nextP == null && deadline != Long.MAX_VALUE && deadline - sched.timeNow() <= 0) {
                        runUnheldExpiredAsWaiter();
                    }
                    restAfterReadying = readied > 0;
                    continue;
                }
                if (deadline == Long.MAX_VALUE) {
                    LockSupport.park(this);
                    continue;
                }
                if (sched.virtualClock != null) {
                    // A bubble: its clock moves only when an M holding the P advances it; look in real
                    // time whether it has become quiet while no M held the P, and wake one if so.
                    LockSupport.parkNanos(this, VirtualClock.IDLE_POLL_NANOS);
                    if (nextP == null) {
                        Quiescence.nudgeClockIfQuiet(sched);
                    }
                    continue;
                }
                long left = deadline - System.nanoTime();
                if (left > 0) {
                    LockSupport.parkNanos(this, left);
                }
                if (nextP == null) {
                    runTimersIdle();
                }
            }
        } finally {
            sched.timers.leaveWaiter(this);
        }
        nextP = null;
        acquireP(np);
        return true;
    }

    /**
     * The timer waiter's turn: runs every due timer of a P that no M runs goroutines on. An idle M must never fail (it is on the idle
     * list, and a P could be handed to a thread that is gone): a timer function's error (out of
     * memory while it starts a goroutine, say) is the runtime's fatal error, reported, and the M
     * stays. Own thread, without a P.
     */
    private void runTimersIdle() {
        try {
            runUnheldExpiredAsWaiter();
        } catch (Throwable t) {
            try {
                sched.failures.fatal("a timer run by idle carrier ", thread, t);
            } catch (Throwable lost) {
                // as in run: the M stays, whatever the report did
            }
        }
    }

    /**
     * The timer waiter runs the due timers of the Ps nobody runs goroutines on; the first sleeper
     * they ready goes to an idle P's runnext, and this M takes that P itself ({@code
     * Timers.readyIntoIdleP} sets {@link #nextP}): it is awake already, where a woken M first waits
     * for the OS to run it. Own thread, without a P.
     */
    private void runUnheldExpiredAsWaiter() {
        Carrier c = thread instanceof Carrier ? (Carrier) thread : null;
        if (c != null) {
            c.firingTimersOf(this); // read by the timer functions on this thread (Timers.readyFromTimer)
        }
        try {
            sched.timers.runUnheldExpired(sched.timeNow()); // a RUNNING P's timers are its holder's (Timers)
        } finally {
            if (c != null) {
                c.firingTimersOf(null);
            }
        }
    }

    /** Hands {@code pp} to this parked M and wakes it. Called by another thread. */
    void wake(P pp, boolean spin) {
        spinning = spin;  // plain: published by the volatile write of nextP below
        nextP = pp;       // volatile write, pairs with the read in waitForP
        unpark();
    }

    /**
     * Wakes this M wherever it waits without a P: parked, or blocked in the network poll (Go's
     * {@code notewakeup} plus {@code netpollBreak}). The caller wrote what the M should see first;
     * the read of {@link #inPoll} comes after that write (see {@code poll.NetPoll}). Any thread.
     */
    void unpark() {
        LockSupport.unpark(thread);
        if (inPoll) {
            sched.netpoll.wakeup();
        }
    }

    /**
     * findRunnable's network poll readied {@code batch} (non-empty): the last one runs on this M,
     * the others are injected on its P (Go's {@code injectglist}). This M's g0, holding its P, inside
     * {@link NetPoller#pollFromP} (the poll's gate held: the batch is the poller's).
     */
    @Override
    public Party take(java.util.List<Party> batch) {
        java.util.List<G> readied = PollHost.asGs(batch);
        P pp = p;
        sched.emit(Trace.Event.NETPOLL, -1, pp.id, id, NetPoller.BY_FIND_RUNNABLE, readied.size());
        G first = readied.remove(readied.size() - 1);
        sched.inject.list(readied, pp);
        first.casStatus(G.WAITING, G.RUNNABLE);
        sched.emit(Trace.Event.GO_READY, first.id, pp.id, id, -1, 2);
        return first;
    }

    /** This M's id, for the poller's trace ({@link NetPoller.Blocker}). */
    @Override
    public int id() {
        return id;
    }

    /**
     * This idle M enters the blocking poll: {@link #inPoll} is written (volatile), then {@link #nextP}
     * re-read (pairs with {@link #unpark}: see {@code poll.NetPoll}); true if it should block. Own thread.
     */
    @Override
    public boolean enterPoll() {
        inPoll = true;
        return nextP == null && !sched.stopping;
    }

    /** This M left the blocking poll. Own thread. */
    @Override
    public void leavePoll() {
        inPoll = false;
    }

    /** A pseudo-random int for the steal order; owner only. */
    int nextRandom() {
        int x = rnd;
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        rnd = x;
        return x & Integer.MAX_VALUE;
    }

    @Override
    public String toString() {
        return "M" + id;
    }
}
