package io.jgo.internal.sched;

import io.jgo.internal.sched.park.Parking;
import io.jgo.internal.sched.park.ParkUnlock;
import io.jgo.internal.sched.failure.Failures;
import io.jgo.internal.sched.failure.Panics;
import io.jgo.internal.sched.timer.VirtualClock;
import io.jgo.internal.sched.timer.TimerFunc;
import io.jgo.internal.sched.timer.RuntimeTimer;
import io.jgo.internal.sched.timer.CoarseClock;
import io.jgo.internal.cont.Continuation;
import io.jgo.internal.cont.StackAccess;
import io.jgo.internal.Stack;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * One runtime (Go's {@code sched} plus {@code allp} and {@code allm}): its Ps, its Ms, the global
 * run queue, the idle lists and the counters that drive spinning. A {@code Go.run} creates one;
 * the default runtime is another ({@link Runtimes}). Nothing here is static.
 *
 * <p>{@link #lock} (Go's {@code sched.lock}, a {@link SchedLock} that sysmon only tries) guards the
 * idle P list, the idle M list, the P array on resize and the decision to drop a P; the global run queue has its own consumer lock and
 * lock-free producers. The counters read without the lock are atomics, each commented with the
 * access it pairs with. See the package comment for the algorithm.
 */
public final class Sched {

    final Config config;
    /** Who observes this runtime ({@link #listen}); fixed when it is made. */
    final SchedListener listener = installedListener;
    final Trace trace;
    /**
     * Go's {@code sched.lock}; sysmon only ever tries it ({@link SchedLock}). Reentrant: sysmon holds
     * it across a whole handoff or wake-up, and the nested acquisitions on that path never wait.
     * Lock order: it comes after every primitive's lock (a timer's send takes the Timer's lock, then
     * the channel's, then readies a G, and {@code wakep} takes this one); under it only leaf locks
     * are taken (timer heaps, the free-G and all-G lists), so sysmon never holds it while it runs a
     * timer's function.
     */
    final SchedLock lock = new SchedLock(this);
    final GlobalRunQueue<G> global = new GlobalRunQueue<>();
    final GFree gFree = new GFree();
    /** Where Gs come from and go back to, and their ids ({@link GSupply}). */
    final GSupply gSupply = new GSupply(this);
    /** Readied batches into the queues ({@link Inject}, Go's {@code injectglist}). */
    final Inject inject = new Inject(this);
    final Timers timers = new Timers(this);
    /**
     * The network poller ({@link NetPoller}): {@link NetPoller#NONE} until the first registration
     * installs the real one ({@link PollHost#pollerOf}); written once, volatile for every M and sysmon.
     */
    volatile NetPoller netpoll = NetPoller.NONE;
    final AllGs allgs = new AllGs();
    final Handoff handoff = new Handoff(this);
    /** Starts, wakes and hands Ps to Ms (Go's wakep, startm, handoffp). */
    final Ms ms = new Ms(this);
    private final Stopping stop = new Stopping(this);
    /** Go.run's failure and the runtime's fatal errors. */
    final Failures failures;
    final Procs procs;
    final IdlePs idlePs = new IdlePs(this);
    final Spinning spinning = new Spinning(this);
    final DeadlockWatch deadlockWatch = new DeadlockWatch(this);
    final Sysmon sysmon;
    final long startNanos = System.nanoTime();
    /** Pins, handoffs, preemptions, retakes: for JMX and SchedStats; see {@link Counters}. */
    final Counters counters = new Counters();
    /** The policy decisions counted under {@code -Djgo.counts=true}, or null: see {@link PolicyCounts}. */
    final PolicyCounts policyCounts;
    /** The cheap clock a parking G stamps its {@code waitSince} with; sysmon keeps it ({@link #waitClock}). */
    final CoarseClock coarseClock = new CoarseClock();
    /** A bubble's virtual clock, or null: the timers read {@code System.nanoTime} ({@link #timeNow}). */
    final VirtualClock virtualClock;
    /** A bubble's seeded decisions ({@link SeededSchedule}), or null. */
    final SeededSchedule seeded;
    /** Where runnable Gs go and in which order an M looks for them ({@link RunPolicy}). */
    final RunPolicy policy;

    /** The Ps in use, index = id; replaced (never mutated) under {@link #lock} by a resize; volatile for lock-free readers (stealing). */
    volatile P[] allp;
    /** GOMAXPROCS; written under {@link #lock}, read racily. */
    volatile int gomaxprocs;

    /** Idle Ms; guarded by {@link #lock}. */
    final ArrayDeque<M> midle = new ArrayDeque<>();
    /** Every live M (for stop, traces, dumps); copy-on-write, any thread. */
    final List<M> allm = new CopyOnWriteArrayList<>();

    /**
     * Goroutines started minus ended without a P (main, a spawn from a plain thread, an end whose P
     * was retaken meanwhile); with every P's own count ({@link P#addLive}), Go's gcount, summed on
     * demand by {@link #numGoroutine}. Rarely written: the spawns and ends on a P go to that P.
     */
    final AtomicLong liveOffP = new AtomicLong();
    /**
     * Events from outside any P of this runtime (a plain thread readying or spawning a G): bumped
     * before the G changes status, read twice by the deadlock check around its scan.
     */
    final AtomicLong externalEvents = new AtomicLong();

    /** Set once when the runtime shuts down; every M and waiter polls it (volatile). */
    volatile boolean stopping;
    /** M0 and the main G of a {@code Go.run} runtime; null for the default runtime. */
    volatile M m0;
    volatile G mainG;
    final SchedTracer tracer;
    /**
     * The process's scheduler listener, given to every runtime made from now on: the
     * {@link SchedListener} service the runtime provides ({@code io.jgo.internal.observe}), found
     * once when this class initializes; {@link #listen} replaces it. Volatile.
     */
    private static volatile SchedListener installedListener = SchedListener.load();

    /** The process's scheduler listener (what a runtime made now would be given). Any thread. */
    static SchedListener installedListener() {
        return installedListener;
    }

    /** Replaces the observers of every runtime made from now on (a test's). Any thread. */
    public static void listen(SchedListener l) {
        installedListener = java.util.Objects.requireNonNull(l, "l");
    }

    public Sched(Config config) {
        Panics.preload(); // what its failure paths need is loaded before they can run out of memory
        this.config = config;
        this.failures = new Failures(config.name, () -> {
            M m = m0; // volatile read
            return m == null ? null : m.thread;
        });
        this.virtualClock = config.virtualClock;
        this.policy = new RunPolicy(config);
        this.seeded = config.seeded;
        this.trace = config.trace;
        this.policyCounts = config.printCounts ? new PolicyCounts() : null;
        this.procs = new Procs(this);
        this.sysmon = new Sysmon(this);
        lock.lock();
        try {
            procs.resizeLocked(Math.max(1, config.maxProcs));
        } finally {
            lock.unlock();
        }
        config.announceStressOnce();
        this.tracer = config.schedTraceMillis > 0 ? new SchedTracer(this) : null;
        if (tracer != null) {
            tracer.start();
        }
    }

    /** Counts {@code e} when counting ({@link PolicyCounts}); one field read and a null check otherwise. Any thread. */
    void count(PolicyCounts.Event e) {
        count(e, 1);
    }

    /** Counts {@code n} of {@code e} when counting; one field read and a null check otherwise. Any thread. */
    void count(PolicyCounts.Event e, long n) {
        PolicyCounts c = policyCounts;
        if (c != null) {
            c.add(e, n);
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
        Object inherited = ThreadLocalMaps.inherit(); // first: childValue is user code and may throw
        G me = claimCallerP();
        P pp = me == null ? null : me.m.p;
        G g;
        boolean published; // by a volatile RMW: wakep needs no fence of its own
        try {
            if (pp == null) {
                externalEvents.incrementAndGet(); // volatile RMW before the G becomes runnable: seen by the deadlock check's second read
            }
            g = gSupply.alloc(pp, false);
            g.body = body;
            g.inheritable = inherited; // like a child thread: copies of the spawner's inheritable values
            g.id = gSupply.newId(pp);
            g.parentId = me == null ? 0 : me.id;
            g.createdAt = config.tracebackAncestors ? CreatedBy.site() : null;
            g.casStatus(g.status(), G.RUNNABLE);
            liveChange(pp, 1);
            if (pp != null) {
                published = runqPut(pp, g);
            } else {
                global.put(g); // ends with a volatile RMW of its count
                published = true;
            }
        } finally {
            if (me != null) {
                me.releaseP();
            }
        }
        count(pp == null ? PolicyCounts.Event.READY_GLOBAL : PolicyCounts.Event.READY_LOCAL);
        emit(Trace.Event.GO_CREATE, g.id, pp == null ? -1 : pp.id, -1, -1, pp == null ? 0 : 1);
        if (published) {
            ms.wakepPublished();
        } else {
            ms.wakep();
        }
        return g;
    }

    /**
     * Go's {@code goready}: {@code g}, WAITING and just removed from its waiter list by the caller,
     * becomes runnable: into the caller's runnext when the caller is a goroutine of this runtime
     * holding a P, else onto the global queue; then {@link #wakep}, unless the lazy wake-up
     * ({@link RunPolicy#wakeAfterLocalReady}) leaves g to the readier's own M. Any thread.
     */
    public void ready(G g) {
        G me = claimCallerP();
        P pp = me == null ? null : me.m.p;
        boolean wake = true;
        boolean published = true; // by a volatile RMW (runnext swap, global count): wakep needs no fence of its own
        try {
            if (pp == null) {
                externalEvents.incrementAndGet(); // volatile RMW before the status change, pairs with the deadlock check's reads
            }
            g.casStatus(G.WAITING, G.RUNNABLE);
            if (pp != null) {
                published = runqPut(pp, g);
                wake = policy.wakeAfterLocalReady(pp.runq.size()); // the lazy wake, see RunPolicy
            } else {
                global.put(g);
            }
        } finally {
            if (me != null) {
                me.releaseP();
            }
        }
        count(pp == null ? PolicyCounts.Event.READY_GLOBAL : PolicyCounts.Event.READY_LOCAL);
        emit(Trace.Event.GO_READY, g.id, pp == null ? -1 : pp.id, -1, -1, pp == null ? 0 : 1);
        if (!wake) {
            count(PolicyCounts.Event.LAZY_SKIP);
        } else if (published) {
            ms.wakepPublished();
        } else {
            ms.wakep();
        }
    }

    /**
     * {@link #ready} from g0 of the M holding {@code pp} (a timer it fired): into pp's runnext.
     * Holder of pp only.
     */
    void readyOnHeldP(P pp, G g) {
        g.casStatus(G.WAITING, G.RUNNABLE);
        count(PolicyCounts.Event.TIMER_READY_LOCAL);
        boolean published = runqPut(pp, g); // runnext's volatile swap: the StoreLoad wakep needs
        emit(Trace.Event.GO_READY, g.id, pp.id, -1, -1, 1);
        if (published) {
            ms.wakepPublished();
        } else {
            ms.wakep();
        }
    }

    /**
     * g0 after a Gosched or preemption unwind: the G goes to the global queue, as in Go. Returns
     * true when sysmon had retaken the P meanwhile (the M holds none now).
     */
    boolean yieldToGlobal(G g, boolean preempted) {
        boolean retaken = g.leaveRunning(G.RUNNABLE) == G.SYSCALL;
        global.put(g); // ends with a volatile RMW of its count
        count(PolicyCounts.Event.YIELD_GLOBAL);
        emit(preempted ? Trace.Event.GO_PREEMPTED : Trace.Event.GO_SCHED, g.id, -1, -1, -1, 0);
        ms.wakepPublished();
        return retaken;
    }

    /**
     * Go's {@code park_m}: {@code g} is off its carrier (unwound, or its carrier is about to block
     * when {@code pinned}); it becomes WAITING and then the leaf's lock is released, in that order,
     * so a readier that finds it under that lock sees a WAITING G. Owner thread only. Returns true
     * when sysmon had retaken the P (the M holds none now).
     */
    boolean parkCommit(G g, boolean pinned) {
        if (!pinned) {
            g.takeWaitEvent(); // the G unwound: no pin to record
        }
        g.waitSince = waitClock(); // before the status change that publishes it to dumps
        emit(Trace.Event.GO_PARK, g.id, -1, -1, -1, pinned ? 1 : 0);
        ParkUnlock u = g.parkUnlock;
        g.parkUnlock = null;
        // Volatile CAS before the unlock: the readier's casStatus(WAITING, ...) succeeds.
        boolean retaken = g.leaveRunning(G.WAITING) == G.SYSCALL;
        if (u != null) {
            u.unlockAfterPark();
        }
        return retaken;
    }

    /**
     * {@code g} failed after it prepared a park, in its yield or while it unwound (its frames
     * could not all be saved), if it did: the park never happened. Its waiters leave their queues and the primitive's locks, held since before
     * the unwind, are released, so the primitive stays usable by the others. g0 before {@link #goexit}
     * when the exception ends g; g's own code when a handler of it caught the exception
     * ({@code Continuation.cancelUnwind}). Either way on the thread that took the locks.
     */
    void cancelPark(G g) {
        g.takeWaitEvent();
        ParkUnlock u = g.parkUnlock;
        g.parkUnlock = null;
        if (u != null) {
            Parking.cancel(g);
            u.cancelPark();
        }
    }

    /** Go's {@code goexit0}: {@code g} ended (or panicked) on {@code m}; recycle it. g0 only. True if the P was retaken meanwhile. */
    boolean goexit(M m, G g, Throwable panic) {
        emit(Trace.Event.GO_END, g.id, -1, m.id, -1, panic == null ? 0 : 1);
        // After the stop too: a goroutine that was unwinding its exception while main returned (its
        // finally readied main) still panics; Go.run waits for it (awaitStopped) and throws it. Only
        // what ends a goroutine the stop threw Dropped into is none: the stop caused it.
        if (panic != null && !g.droppedByStop) {
            Panics.onPanic(failures, g.id, g.main, panic);
        }
        g.droppedByStop = false;
        g.syscallDepth = 0;
        if (g.syscallThread != null) { // it ended inside a syscall (the runtime stopped): g0 is on that thread
            Interrupts.exitSyscall(g);
        }
        StackAccess.reset(g.stack);
        if (!g.main) {
            Identity.forget(g); // main's status stays saved: Go.run puts it back on the caller's thread
        }
        g.body = null;
        g.waitReason = null;
        g.parkUnlock = null;
        Parking.takeWaiting(g); // clears the park layer's slot
        boolean retaken = g.leaveRunning(G.DEAD) == G.SYSCALL;
        liveChange(m.p, -1); // m.p: held by m, or null when sysmon retook it (leaveRunning's answer)
        if (g.main) {
            LockSupport.unpark(m0.thread); // after the volatile DEAD above, which M0 re-checks after its park
        }
        if (!g.main) {
            gSupply.free(m.p, g);
        }
        return retaken;
    }

    /**
     * Go's {@code runqput(pp, g, true)}, reporting a spill to the trace. Owner of {@code pp} only.
     * Returns true when {@code g} went to runnext, by a volatile swap: whatever else the put did (a
     * G kicked to the ring's tail by a release store), g is then visible to a spinner's re-check,
     * which reads runnext (see {@link Ms#wakepPublished}). False for a put at the tail.
     */
    boolean runqPut(P pp, G g) {
        SeededSchedule s = seeded;
        boolean next = s == null || s.runNext(); // a seeded bubble draws runnext or the tail
        if (trace == null) {
            pp.runq.put(g, next, global);
            if (policyCounts != null && pp.runq.lastSpill() > 0) {
                count(PolicyCounts.Event.RING_SPILL);
            }
            return next;
        }
        int before = pp.runq.size();
        pp.runq.put(g, next, global);
        int moved = before + 1 - pp.runq.size(); // approximate if a thief stole meanwhile
        if (moved > 0) {
            emit(Trace.Event.RUNQ_SPILL, g.id, pp.id, -1, -1, moved);
        }
        return next;
    }

    /**
     * The calling goroutine, when it belongs to this runtime and holds a P that is not being
     * retired, with its P claimed against a sysmon retake ({@link G#claimP}): the caller uses
     * {@code me.m.p} as its owner and then calls {@link G#releaseP}. Null otherwise (a plain thread,
     * another runtime, a G in a syscall or retaken): the caller acts without a P. Any thread.
     */
    G claimCallerP() {
        Continuation.Owner o = StackAccess.owner(Stack.current());
        if (o instanceof G) {
            G me = (G) o;
            M m = me.m;
            if (me.sched == this && m != null && m.thread == Thread.currentThread() && me.claimP()) {
                P pp = m.p; // written only by this thread, or by sysmon under the claim we now hold
                if (pp != null && !pp.retiring) {
                    return me;
                }
                me.releaseP();
            }
        }
        return null;
    }

    /** The goroutine running on this thread, of any runtime, or null. Any thread. */
    public static G currentG() {
        Continuation.Owner o = StackAccess.owner(Stack.current());
        return o instanceof G ? (G) o : null;
    }

    // ---------------------------------------------------------------- global queue

    /** Go's {@code globrunqget}: a batch ({@link RunPolicy#globalBatchSize}) into pp's ring. Holder of pp. */
    G globalBatch(M m, P pp) {
        if (global.isEmpty()) {
            return null;
        }
        int len = trace != null ? global.size() : -1;
        int sizeBefore = trace != null ? pp.runq.size() : 0;
        G g = global.pollBatch(pp.runq, gomaxprocs, RunPolicy.globalBatchMax(pp.runq.capacity()));
        if (g != null) {
            count(PolicyCounts.Event.GLOBAL_BATCH);
        }
        if (g != null && trace != null) {
            emit(Trace.Event.GLOBAL_BATCH, g.id, pp.id, m.id, len, 1 + pp.runq.size() - sizeBefore);
        }
        return g;
    }

    /** Lets M0 or a blocked M know that a P may be handed to it; a carrier that exits unregisters. */
    void mExit(M m) {
        allm.remove(m);
    }

    // ---------------------------------------------------------------- handoffs (delegates)

    void parkPinned(G g, int kind) {
        if (kind != Stack.YIELD_PREEMPT) { // a preemption that met a frame it cannot unwind just carries on: no pin
            counters.pins.increment();
        }
        handoff.parkPinned(g, kind);
    }

    // ---------------------------------------------------------------- run, stop, fail

    /** Go.run: runs {@code body} as the main goroutine; the calling thread (M0) waits for it. See {@link MainLoop}. */
    public void runMain(Runnable body) {
        new MainLoop(this).run(body);
    }

    /**
     * Stops every M of this runtime at its next safe point (see {@link Stopping#shutdown}). Never
     * blocks. Any thread.
     */
    void shutdown() {
        stop.shutdown();
    }

    /**
     * After {@link #shutdown}: waits until every thread of this runtime has ended or {@code nanos}
     * have passed; returns how many are still alive (see {@link Stopping#awaitStopped}).
     */
    int awaitStopped(long nanos) {
        return stop.awaitStopped(nanos);
    }

    /**
     * A dropped G came back to g0 after its runtime stopped (see {@code M.execute}): a leaf lock it
     * still holds is released, so the primitive stays usable by others. g0 only.
     */
    void abandon(G g) {
        ParkUnlock u = g.parkUnlock;
        g.parkUnlock = null;
        if (u != null) {
            u.unlockAfterPark();
        }
    }

    /** GOMAXPROCS now. */
    public int maxProcs() {
        return gomaxprocs;
    }

    /** Go.maxProcs(n): resizes, returns the previous value; never waits for a goroutine. */
    public int maxProcs(int n) {
        return procs.resize(n);
    }

    /** One goroutine more (+1) or fewer (-1): on {@code pp}, held by the caller, or off any P when null. */
    void liveChange(P pp, long delta) {
        if (pp != null) {
            pp.addLive(delta);
        } else {
            liveOffP.addAndGet(delta);
        }
    }

    /**
     * Live goroutines (Go's NumGoroutine): the count without a P plus every P's ever created (a
     * retired P keeps its share), read one after the other. Racy, like the LongAdder sum it
     * replaced and Go's gcount: a spawn or end during the sum may be missed; exact once the Ps
     * are quiet (after the carriers stopped, or when the caller has synchronized with them).
     */
    public int numGoroutine() {
        long n = liveOffP.get();
        for (P pp : procs.all()) {
            n += pp.liveAcquire();
        }
        return (int) n;
    }

    /** Every goroutine with id, status, wait reason and stack. */
    public String dump() {
        return Dump.all(this);
    }

    /** The runtime's configured name (its threads are named after it). */
    public String name() {
        return config.name;
    }

    /** A racy reading of the scheduler's state (SCHED line, JFR, JMX). Any thread. */
    public SchedStats stats() {
        return SchedStats.of(this);
    }

    /**
     * A timestamp for a G that starts waiting (Go's {@code waitsince}), on {@code System.nanoTime}'s
     * scale: a volatile read instead of a clock call on every park, at most one sysmon delay behind
     * ({@link CoarseClock}). Any thread.
     */
    long waitClock() {
        return coarseClock.now();
    }

    /** Nanoseconds since this runtime started. */
    public long uptimeNanos() {
        return System.nanoTime() - startNanos;
    }

    /** The runtime's clock (Go's {@code nanotime}): {@code System.nanoTime} unless a test injects one. */
    long nanotime() {
        return config.clock.getAsLong();
    }

    /**
     * The timers' clock: {@code System.nanoTime}, or a bubble's {@link VirtualClock}. One field
     * read more than the clock call outside a bubble. Any thread.
     */
    public long timeNow() {
        VirtualClock v = virtualClock;
        return v == null ? System.nanoTime() : v.now();
    }

    /** A timer of this runtime that runs {@code f} when it fires; unarmed. Any thread. */
    public RuntimeTimer newTimer(TimerFunc f) {
        return new RuntimeTimer(timers, f);
    }

    /** The bubble's virtual clock, or null outside a bubble. */
    public VirtualClock virtualClock() {
        return virtualClock;
    }

    /** The bubble's seeded schedule, or null. */
    public SeededSchedule seededSchedule() {
        return seeded;
    }

    /** Like {@link #dump} without {@code except} (a bubble's leak report leaves its main goroutine out). */
    public String dumpExcept(G except) {
        return Dump.all(this, except);
    }
}
