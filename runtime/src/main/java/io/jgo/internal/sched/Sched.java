package io.jgo.internal.sched;

import io.jgo.PanicException;
import io.jgo.internal.Carrier;
import io.jgo.internal.Stack;
import java.lang.invoke.VarHandle;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

/**
 * One runtime (Go's {@code sched} plus {@code allp} and {@code allm}): its Ps, its Ms, the global
 * run queue, the idle lists and the counters that drive spinning. A {@code Go.run} creates one;
 * the default runtime is another ({@link Runtimes}). Nothing here is static.
 *
 * <p>{@link #lock} (Go's {@code sched.lock}) guards the idle P list, the idle M list, the P array
 * on resize and the decision to drop a P; the global run queue has its own consumer lock and
 * lock-free producers. The counters read without the lock are atomics, each commented with the
 * access it pairs with. See the package comment for the algorithm.
 */
public final class Sched {

    final Config config;
    final Trace trace;
    final Object lock = new Object();
    final GlobalRunQueue<G> global = new GlobalRunQueue<>();
    final GFree gFree = new GFree();
    final SleepTimers timers;
    final AllGs allgs = new AllGs();
    final Handoff handoff = new Handoff(this);
    final Procs procs;
    final long startNanos = System.nanoTime();

    /** The Ps in use, index = id; replaced (never mutated) under {@link #lock} by a resize; volatile for lock-free readers (stealing). */
    volatile P[] allp;
    /** GOMAXPROCS; written under {@link #lock}, read racily. */
    volatile int gomaxprocs;

    /** Idle P list; guarded by {@link #lock}. */
    private P pidle;
    /** Number of idle Ps: written under {@link #lock}, read without it (spinning limit, handoff). */
    final AtomicInteger npidle = new AtomicInteger();
    /** Idle Ms; guarded by {@link #lock}. */
    final ArrayDeque<M> midle = new ArrayDeque<>();
    /** Every live M (for stop, traces, dumps); copy-on-write, any thread. */
    final List<M> allm = new CopyOnWriteArrayList<>();
    private final AtomicInteger mnext = new AtomicInteger(1);
    /**
     * Spinning Ms (Go's {@code nmspinning}). Every update is a volatile RMW; see the package
     * comment, "Spinning and the lost wake-up", for the StoreLoad pairs it takes part in.
     */
    final AtomicInteger nmspinning = new AtomicInteger();
    /**
     * Go's {@code needspinning}: a spinning M found work but no idle P; the next M about to drop its
     * P becomes spinning instead. Written under {@link #lock} or by a spinning M; volatile.
     */
    volatile boolean needSpinning;

    private final AtomicLong goidgen = new AtomicLong();
    /** Live goroutines (Go's gcount); summed on demand. */
    final LongAdder live = new LongAdder();
    /**
     * Events from outside any P of this runtime (a plain thread readying or spawning a G): bumped
     * before the G changes status, read twice by the deadlock check around its scan.
     */
    final AtomicLong externalEvents = new AtomicLong();

    /** Set once when the runtime shuts down; every M and waiter polls it (volatile). */
    volatile boolean stopping;
    /** The first panic or the deadlock of a {@code Go.run} runtime: what {@code Go.run} throws. */
    final AtomicReference<PanicException> failure = new AtomicReference<>();
    /** M0 and the main G of a {@code Go.run} runtime; null for the default runtime. */
    volatile M m0;
    volatile G mainG;
    private final SchedTracer tracer;

    public Sched(Config config) {
        this.config = config;
        this.trace = config.trace;
        this.timers = new SleepTimers(config.name);
        this.procs = new Procs(this);
        synchronized (lock) {
            procs.resizeLocked(Math.max(1, config.maxProcs));
        }
        this.tracer = config.schedTraceMillis > 0 ? new SchedTracer(this) : null;
        if (tracer != null) {
            tracer.start();
        }
    }

    /** Emits a trace event if a hook is installed; a single null check otherwise. Any thread. */
    void emit(Trace.Event e, long g, int p, int m, int victim, int n) {
        Trace t = trace;
        if (t != null) {
            t.on(e, g, p, m, victim, n);
        }
    }

    // ---------------------------------------------------------------- goroutines in and out

    /**
     * Go's {@code newproc}: a new runnable G running {@code body}, put in the caller's runnext when
     * the caller is a goroutine of this runtime holding a P, else on the global queue; then
     * {@link #wakep}. Any thread.
     */
    public G newproc(Runnable body) {
        P pp = callerP();
        if (pp == null) {
            externalEvents.incrementAndGet(); // volatile RMW before the G becomes runnable: seen by the deadlock check's second read
        }
        G g = allocG(pp, false);
        g.body = body;
        g.id = newId(pp);
        g.casStatus(g.status(), G.RUNNABLE);
        live.increment();
        if (pp != null) {
            runqPut(pp, g);
        } else {
            global.put(g);
        }
        emit(Trace.Event.GO_CREATE, g.id, pp == null ? -1 : pp.id, -1, -1, pp == null ? 0 : 1);
        wakep();
        return g;
    }

    /**
     * Go's {@code goready}: {@code g}, WAITING and just removed from its waiter list by the caller,
     * becomes runnable: into the caller's runnext when the caller is a goroutine of this runtime
     * holding a P, else onto the global queue; then {@link #wakep}. Any thread.
     */
    public void ready(G g) {
        P pp = callerP();
        if (pp == null) {
            externalEvents.incrementAndGet(); // volatile RMW before the status change, pairs with the deadlock check's reads
        }
        g.casStatus(G.WAITING, G.RUNNABLE);
        if (pp != null) {
            runqPut(pp, g);
        } else {
            global.put(g);
        }
        emit(Trace.Event.GO_READY, g.id, pp == null ? -1 : pp.id, -1, -1, pp == null ? 0 : 1);
        wakep();
    }

    /** g0 after a Gosched or preemption unwind: the G goes to the global queue, as in Go. */
    void yieldToGlobal(G g) {
        g.casStatus(G.RUNNING, G.RUNNABLE);
        global.put(g);
        emit(Trace.Event.GO_SCHED, g.id, -1, -1, -1, 0);
        wakep();
    }

    /**
     * Go's {@code park_m}: {@code g} is off its carrier (unwound, or its carrier is about to block
     * when {@code pinned}); it becomes WAITING and then the leaf's lock is released, in that order,
     * so a readier that finds it under that lock sees a WAITING G. Owner thread only.
     */
    void parkCommit(G g, boolean pinned) {
        emit(Trace.Event.GO_PARK, g.id, -1, -1, -1, pinned ? 1 : 0);
        ParkUnlock u = g.parkUnlock;
        g.parkUnlock = null;
        g.casStatus(G.RUNNING, G.WAITING); // volatile CAS before the unlock: the readier's casStatus(WAITING, ...) succeeds
        if (u != null) {
            u.unlockAfterPark();
        }
    }

    /** Go's {@code goexit0}: {@code g} ended (or panicked) on {@code m}; recycle it. g0 only. */
    void goexit(M m, G g, Throwable panic) {
        emit(Trace.Event.GO_END, g.id, -1, m.id, -1, panic == null ? 0 : 1);
        if (panic != null) {
            Panics.onPanic(this, g, panic);
        }
        g.stack.reset();
        g.body = null;
        g.waitReason = null;
        g.parkUnlock = null;
        g.waiting = null;
        g.casStatus(G.RUNNING, G.DEAD);
        live.decrement();
        P pp = m.p;
        if (!g.main && pp != null) {
            pp.gFree.push(g);
            if (pp.gFree.size() >= GFree.LOCAL_MAX) {
                gFree.putAll(pp.gFree, GFree.LOCAL_KEEP);
            }
        }
    }

    private G allocG(P pp, boolean main) {
        if (pp != null) {
            if (pp.gFree.size() == 0) {
                gFree.refill(pp.gFree, GFree.LOCAL_KEEP);
            }
            G g = pp.gFree.pop();
            if (g != null) {
                return g;
            }
        }
        G g = new G(this, main);
        allgs.add(g);
        return g;
    }

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

    /** Go's {@code runqput(pp, g, true)}, reporting a spill to the trace. Owner of {@code pp} only. */
    private void runqPut(P pp, G g) {
        if (trace == null) {
            pp.runq.put(g, true, global);
            return;
        }
        int before = pp.runq.size();
        pp.runq.put(g, true, global);
        int moved = before + 1 - pp.runq.size(); // approximate if a thief stole meanwhile
        if (moved > 0) {
            emit(Trace.Event.RUNQ_SPILL, g.id, pp.id, -1, -1, moved);
        }
    }

    /**
     * The P of the calling goroutine if it belongs to this runtime, holds a P that is not being
     * retired, and is not in a syscall; else null. Any thread.
     */
    P callerP() {
        Stack.Owner o = Stack.current().owner();
        if (o instanceof G) {
            G me = (G) o;
            M m = me.m;
            if (me.sched == this && m != null && m.thread == Thread.currentThread()) {
                P pp = m.p; // written only by this thread
                if (pp != null && !pp.retiring) {
                    return pp;
                }
            }
        }
        return null;
    }

    /** The goroutine running on this thread, of any runtime, or null. Any thread. */
    public static G currentG() {
        Stack.Owner o = Stack.current().owner();
        return o instanceof G ? (G) o : null;
    }

    // ---------------------------------------------------------------- global queue

    /** Go's {@code globrunqget}: a batch {@code min(len/GOMAXPROCS + 1, len, ring/2)} into pp's ring. Holder of pp. */
    G globalBatch(M m, P pp) {
        if (global.isEmpty()) {
            return null;
        }
        int len = trace != null ? global.size() : -1;
        int sizeBefore = trace != null ? pp.runq.size() : 0;
        G g = global.pollBatch(pp.runq, gomaxprocs, pp.runq.capacity() / 2);
        if (g != null && trace != null) {
            emit(Trace.Event.GLOBAL_BATCH, g.id, pp.id, m.id, len, 1 + pp.runq.size() - sizeBefore);
        }
        return g;
    }

    // ---------------------------------------------------------------- idle Ps

    /** Go's {@code pidleput}: {@code pp} (empty run queue, no holder) goes idle, or is retired. {@link #lock} held. */
    void pidlePut(P pp) {
        if (pp.retiring) {
            procs.retireLocked(pp);
            return;
        }
        pp.status = P.IDLE;
        pp.link = pidle;
        pidle = pp;
        npidle.incrementAndGet(); // volatile RMW, read by maySpin and handoffP without the lock
        emit(Trace.Event.P_IDLE, -1, pp.id, -1, -1, 0);
    }

    /** Go's {@code pidleget}: an idle P, now in transit to its new holder, or null. {@link #lock} held. */
    P pidleGet() {
        P pp = pidle;
        if (pp != null) {
            pidle = pp.link;
            pp.link = null;
            pp.status = P.RUNNING;
            npidle.decrementAndGet(); // volatile RMW, see pidlePut
        }
        return pp;
    }

    /** Removes a specific idle P (exitsyscall's preference for its old P, a shrink); {@link #lock} held. */
    boolean pidleRemove(P target) {
        P prev = null;
        for (P pp = pidle; pp != null; prev = pp, pp = pp.link) {
            if (pp == target) {
                if (prev == null) {
                    pidle = pp.link;
                } else {
                    prev.link = pp.link;
                }
                pp.link = null;
                pp.status = P.RUNNING;
                npidle.decrementAndGet();
                return true;
            }
        }
        return false;
    }

    /** Go's {@code pidlegetSpinning}: as pidleGet, and asks for a spinning M when there is none. {@link #lock} held. */
    P pidleGetSpinning() {
        P pp = pidleGet();
        if (pp == null) {
            needSpinning = true;
        }
        return pp;
    }

    // ---------------------------------------------------------------- spinning and waking

    /** Go's spinning limit: may one more M spin? Any thread, racy by design. */
    boolean maySpin() {
        return 2 * nmspinning.get() < gomaxprocs - npidle.get();
    }

    void becomeSpinning(M m) {
        m.spinning = true;
        int n = nmspinning.incrementAndGet(); // volatile RMW
        needSpinning = false;
        emit(Trace.Event.SPIN_START, -1, m.p == null ? -1 : m.p.id, m.id, gomaxprocs - npidle.get(), n);
    }

    /** The M stops spinning. The decrement is a volatile RMW: the StoreLoad before the caller's re-checks. */
    void stopSpinning(M m) {
        m.spinning = false;
        int n = nmspinning.decrementAndGet();
        if (n < 0) {
            throw new IllegalStateException("negative nmspinning");
        }
        emit(Trace.Event.SPIN_STOP, -1, -1, m.id, -1, n);
    }

    /** Go's {@code resetspinning}: a spinning M found work; if it was the last spinner, wake another. g0 only. */
    void resetSpinning(M m) {
        stopSpinning(m);
        wakep();
    }

    /**
     * Go's {@code wakep}: work appeared; if nobody spins, start a spinning M on an idle P. Any
     * thread, after the work is published.
     */
    public void wakep() {
        // StoreLoad: the work just published (queue put) is ordered before this read of nmspinning.
        // Pairs with the volatile decrement in stopSpinning followed by the spinner's re-check of the
        // queues: either we see no spinner (and start one) or the spinner's re-check sees our work.
        VarHandle.fullFence();
        if (nmspinning.get() != 0 || !nmspinning.compareAndSet(0, 1)) {
            return;
        }
        P pp;
        synchronized (lock) {
            pp = pidleGetSpinning();
        }
        if (pp == null) {
            nmspinning.decrementAndGet(); // undo our claim; needSpinning is set for the next M to drop its P
            return;
        }
        startM(pp, true);
    }

    /**
     * Go's {@code startm}: runs {@code pp} on an idle M, or on a new carrier. With {@code spinning},
     * the caller already counted the M in {@link #nmspinning}. Any thread; pp is in transit.
     */
    void startM(P pp, boolean spinning) {
        M m;
        synchronized (lock) {
            m = midle.poll();
        }
        if (m == null) {
            m = new M(this, mnext.getAndIncrement());
            Carrier c = new Carrier(null, m, config.name + "-m" + m.id, config.stackSize);
            m.thread = c;
            m.spinning = spinning;
            m.nextP = pp;
            allm.add(m);
            c.start();
        } else {
            m.wake(pp, spinning);
        }
        emit(Trace.Event.M_START, -1, pp.id, m.id, -1, spinning ? 1 : 0);
        if (stopping) {
            LockSupport.unpark(m.thread);
        }
    }

    /**
     * Go's {@code handoffp}: {@code pp} was released by an M that is about to block (syscall, pinned
     * G). Start an M for it if it has work, or if nobody spins or idles; else it goes idle. Any thread.
     */
    void handoffP(P pp) {
        emit(Trace.Event.P_HANDOFF, -1, pp.id, -1, -1, 0);
        if (pp.retiring) {
            synchronized (lock) {
                procs.retireLocked(pp);
            }
            wakep();
            return;
        }
        if (!pp.runq.isEmpty() || !global.isEmpty()) {
            startM(pp, false);
            return;
        }
        if (nmspinning.get() + npidle.get() == 0 && nmspinning.compareAndSet(0, 1)) { // nobody to find new work: one spinning M
            startM(pp, true);
            return;
        }
        synchronized (lock) {
            if (global.isEmpty()) {
                pidlePut(pp);
                pp = null;
            }
        }
        if (pp != null) {
            startM(pp, false);
            return;
        }
        checkDeadIfIdle();
    }

    /**
     * A spinning M has dropped its P and stopped spinning: check the global queue and every
     * running P's queue once more (Go's "delicate dance"); returns an idle P to run the work found,
     * or null. Without a P.
     */
    P recheckAfterSpinning(P[] snapshot) {
        if (!global.isEmpty()) { // volatile read, after the volatile decrement of nmspinning
            synchronized (lock) {
                P pp = pidleGetSpinning();
                if (pp != null) {
                    return pp;
                }
            }
        }
        for (P p2 : snapshot) {
            if (p2.status != P.IDLE && !p2.runq.isEmpty()) { // acquire loads of the ring, after the decrement
                synchronized (lock) {
                    return pidleGetSpinning();
                }
            }
        }
        return null;
    }

    /** Lets M0 or a blocked M know that a P may be handed to it; a carrier that exits unregisters. */
    void mExit(M m) {
        allm.remove(m);
    }

    // ---------------------------------------------------------------- handoffs (delegates)

    /**
     * Go's entersyscall/exitsyscall around {@code call}, made by {@code g}, the calling goroutine of
     * this runtime: its P goes to another M while the call blocks. Owner thread only.
     */
    public <T> T syscall(G g, java.util.concurrent.Callable<T> call) throws Exception {
        P old = handoff.enterSyscall(g);
        try {
            return call.call();
        } finally {
            handoff.exitSyscall(g, old);
        }
    }

    void parkPinned(G g, int kind) {
        handoff.parkPinned(g, kind);
    }

    void startLockedM(M self, G g) {
        handoff.startLockedM(self, g);
    }

    boolean retireHeldP(M m) {
        return procs.retireHeld(m);
    }

    // ---------------------------------------------------------------- run, stop, fail

    /** Go.run: runs {@code body} as the main goroutine on the calling thread (M0). See {@link MainLoop}. */
    public void runMain(Runnable body) {
        new MainLoop(this).run(body);
    }

    /** Records the first failure of a Go.run runtime and wakes M0. Any thread. */
    void fail(PanicException e) {
        if (failure.compareAndSet(null, e)) {
            M m = m0;
            if (m != null) {
                LockSupport.unpark(m.thread);
            }
        }
    }

    /** Set by a positive deadlock check, cleared by M0 when it starts confirming; volatile. */
    volatile boolean deadlockSuspected;
    /** The externalEvents value the suspicion was raised at; written before deadlockSuspected. */
    volatile long deadlockEpoch;

    /** Deadlock.check found everything asleep: M0 confirms after a grace period. Any thread. */
    void suspectDeadlock(long epoch) {
        deadlockEpoch = epoch;
        deadlockSuspected = true; // volatile write after the epoch, pairs with M0's read in awaitHandoff
        M m = m0;
        if (m != null) {
            LockSupport.unpark(m.thread);
        }
    }

    /** Deadlock check when every P is idle (Go's {@code checkdead}); any thread without the lock. */
    void checkDeadIfIdle() {
        if (m0 != null && config.deadlockDetection && !stopping && npidle.get() >= gomaxprocs) {
            Deadlock.check(this);
        }
    }

    /**
     * Parks the calling goroutine for {@code nanos} (Go's {@code time.Sleep}); the calling thread is
     * the goroutine's own. Called by {@code Go.sleep}, which does the leaf's suspension itself.
     * Returns the lock the scheduler releases once the G is parked.
     */
    public void armSleep(G g, long nanos) {
        java.util.concurrent.locks.ReentrantLock lock = new java.util.concurrent.locks.ReentrantLock();
        lock.lock();
        g.prepareParkUnlocking(lock, "sleep");
        timers.arm(this, g, nanos, lock);
    }

    /** Stops every M of this runtime at its next safe point; dropped goroutines never run again. */
    void shutdown() {
        stopping = true;
        timers.shutdown();
        for (M m : allm) {
            if (m != m0) {
                LockSupport.unpark(m.thread);
            }
        }
        if (tracer != null) {
            tracer.interrupt();
        }
    }

    /** This runtime's timer facility. */
    public Timers timers() {
        return timers;
    }

    /** GOMAXPROCS now. */
    public int maxProcs() {
        return gomaxprocs;
    }

    /** Go.maxProcs(n): resizes, returns the previous value; never waits for a goroutine. */
    public int maxProcs(int n) {
        return procs.resize(n);
    }

    /** Live goroutines (Go's NumGoroutine). */
    public int numGoroutine() {
        return (int) live.sum();
    }

    /** Every goroutine with id, status, wait reason and stack. */
    public String dump() {
        return Dump.all(this);
    }

    /** Nanoseconds since this runtime started. */
    long uptimeNanos() {
        return System.nanoTime() - startNanos;
    }

    boolean isStopping() {
        return stopping;
    }
}
