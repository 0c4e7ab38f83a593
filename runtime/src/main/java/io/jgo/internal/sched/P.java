package io.jgo.internal.sched;

import io.jgo.internal.sched.timer.TimerHeap;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A processor (Go's {@code p}): the right to run goroutines. An M must hold a P to execute a G;
 * there are {@code GOMAXPROCS} of them. A P carries the local run queue, the local free-G list,
 * the schedule and syscall ticks, and what sysmon last saw of them ({@link #sysmonTick}).
 *
 * <h2>Status: who owns the P</h2>
 * <dl>
 *   <dt>{@link #IDLE}</dt>
 *   <dd>On the scheduler's idle list ({@link IdlePs}); owned by {@code sched.lock}. Its run queue is
 *       empty (it was when the P went idle; only a holder puts to it). Leaves only through
 *       {@link IdlePs#getLocked} / {@link IdlePs#removeLocked} (to RUNNING) or a shrink (to DEAD).</dd>
 *   <dt>{@link #RUNNING}</dt>
 *   <dd>Held by one M ({@link #m}), or in transit to one (an M's {@code nextP}, a handoff in
 *       progress). Only the holder touches the owner side of the run queue, the free list and the
 *       ticks. The holder moves it to IDLE (dropping it), SYSCALL (entering a syscall) or DEAD
 *       (retiring it). sysmon may take a RUNNING P away from an M whose goroutine stopped answering
 *       preemption, but only after winning that goroutine's status ({@link G#tryRetake}); the P
 *       stays RUNNING (in transit) through that.</dd>
 *   <dt>{@link #SYSCALL}</dt>
 *   <dd>Its M is in a syscall ({@code Go.syscall}) and keeps a claim on it: {@link #m} is still that
 *       M, whose {@code oldP} is this P. Nobody runs goroutines on it. Two parties race to move it
 *       back to RUNNING with one CAS ({@link #casStatus}): the M leaving the syscall (Go's
 *       {@code exitsyscallfast}: it keeps running on it) and sysmon retaking it (then it is in
 *       transit to {@code handOffP}). The loser of the CAS has no claim left: the M takes the slow
 *       path of exitsyscall, sysmon looks at the next P. Thieves may steal from its run queue.</dd>
 *   <dt>{@link #DEAD}</dt>
 *   <dd>Retired by a GOMAXPROCS shrink (or not yet brought in by a grow); owned by
 *       {@code sched.lock}, reused by a later grow (to IDLE).</dd>
 * </dl>
 * {@link #retiring} is set under {@code sched.lock} by a shrink while the P is RUNNING or SYSCALL;
 * whoever next owns it as a holder retires it at a safe point (the M between goroutines, a handoff).
 */
final class P {

    static final int IDLE = 0;
    static final int RUNNING = 1;
    static final int SYSCALL = 2;
    static final int DEAD = 3;

    private static final String[] NAMES = {"idle", "running", "syscall", "dead"};

    /** LEGAL[from] has bit {@code to} set when {@code from -> to} is a legal edge. */
    private static final int[] LEGAL = new int[4];

    static {
        LEGAL[IDLE] = 1 << RUNNING | 1 << DEAD;
        LEGAL[RUNNING] = 1 << IDLE | 1 << SYSCALL | 1 << DEAD;
        LEGAL[SYSCALL] = 1 << RUNNING;
        LEGAL[DEAD] = 1 << IDLE;
    }

    final int id;
    final LocalRunQueue<G> runq;
    /** Owner only; see the class comment. */
    final GFree.Local gFree = new GFree.Local();
    /**
     * Incremented on every schedule that does not inherit a time slice; written by the holder
     * (a plain increment: the hot path pays no fence), read by sysmon with {@link #schedtickOpaque}
     * (a time slice is "the same tick for 10 ms"; a late read only delays a preemption) and by traces.
     */
    int schedtick;
    /**
     * Goroutines started on this P minus goroutines that ended on it (part of Go's {@code gcount},
     * which Go derives from allglen and the free lists instead). Written only by the P's holder
     * ({@link #addLive}: a read of its own last value and a release store, no read-modify-write),
     * so its line stays in the holder's cache; the shared {@code LongAdder} it replaced was written
     * by both Ps on every spawn and every end, and at p 2 JFR put 18 % of spawn-join's CPU samples
     * in its {@code add} (benchmarks/README.md, "Issue 28: causes, with JFR"). One P's value may be
     * negative (a G started on one P ends on another): only the sum over every P ever created plus
     * {@code Sched.liveOffP} is the count ({@link Sched#numGoroutine}). A new holder sees the last
     * value: a P changes hands through its status CAS or sched.lock, both ordering the old holder's
     * writes before the new one's reads.
     */
    private long live;
    /**
     * Incremented each time a syscall on this P starts, ends or is retaken (Go's
     * {@code syscalltick}); written by the P's owner of the moment before its status CAS publishes
     * it, read by sysmon ({@link #syscalltickOpaque}), which retakes only a P that stayed in the
     * same syscall for a whole sysmon tick.
     */
    int syscalltick;
    /**
     * The {@link #schedtick} at which findRunnable last put off its 1-in-61 look at the global queue
     * for a sleeper its timers had just readied into runnext ({@link RunPolicy#takeGlobalFirst}); at most once
     * per tick. Owner only.
     */
    int globalPutOffAt = -1;
    /** Written only by {@link #casStatus} (and by the constructor); read by anyone. */
    private volatile int status;
    /** The holding M (or the M in the syscall, for SYSCALL); written by the P's owner, read racily by sysmon and dumps. */
    volatile M m;
    /** Set under sched.lock by a GOMAXPROCS shrink; read by the holder at safe points. */
    volatile boolean retiring;
    /** Idle-list link; guarded by sched.lock. */
    P link;
    /** Goroutine-id cache (Go's goidcache): [idNext, idEnd); owner only. */
    long idNext;
    long idEnd;
    /** This P's timers (Go's {@code p.timers}); the heap has its own lock, see {@link TimerHeap}. */
    final TimerHeap timers;
    /** What sysmon saw of this P last time; sysmon's thread only (Go's {@code sysmontick}). */
    final SysmonTick sysmonTick = new SysmonTick();
    /**
     * sysmon's mark on a late timer of this P whose holder did not answer the ask to yield, for
     * another P's holder to run ({@link Timers#runOverdueFor}), or null. Set by sysmon, taken
     * (swapped to null) by whichever holder acts on it; an object of its own, so its writes share no
     * line with the holder's fields.
     */
    final java.util.concurrent.atomic.AtomicReference<Timers.OverdueMark> overdueMark = new java.util.concurrent.atomic.AtomicReference<>();
    /**
     * True while this P's holder's g0 fires timers for it: its own heap ({@code Timers.check}) or
     * another P's (sleepers into this P's runnext). Busy with timers, so not stuck, though neither
     * its schedule tick nor its own heap's batch count moves meanwhile: without this, a P running
     * another P's overdue heap for milliseconds looked stuck itself and was raided back (sleep-storm
     * at p 2). Written by the holder ({@link #firingTimers(boolean)}, opaque), read opaque by sysmon
     * and by a holder taking an overdue mark.
     */
    private boolean firingTimers;

    P(int id, int runqCapacity, int status, Timers timers) {
        this.id = id;
        this.timers = new TimerHeap(timers);
        this.runq = new LocalRunQueue<>(runqCapacity);
        this.status = status;
    }

    int status() {
        return status;
    }

    /** The holder adds {@code delta} (+1 a goroutine started here, -1 one ended here). Holder only. */
    void addLive(long delta) {
        LIVE.setRelease(this, live + delta); // single writer: the plain read is its own last write
    }

    /** This P's share of the live goroutines, for a racy sum ({@link Sched#numGoroutine}). Any thread. */
    long liveAcquire() {
        return (long) LIVE.getAcquire(this);
    }

    /** The holder starts or stops firing timers for this P; see {@link #firingTimers}. Holder only. */
    void firingTimers(boolean on) {
        FIRING.setOpaque(this, on);
    }

    /** Is the holder firing timers for this P now? Any thread, racy. */
    boolean firingTimersOpaque() {
        return (boolean) FIRING.getOpaque(this);
    }

    /** sysmon's read of {@link #schedtick}: opaque, so a loop of rounds never reuses a stale value. */
    int schedtickOpaque() {
        return (int) SCHEDTICK.getOpaque(this);
    }

    /** sysmon's read of {@link #syscalltick}; see {@link #schedtickOpaque}. */
    int syscalltickOpaque() {
        return (int) SYSCALLTICK.getOpaque(this);
    }

    static String statusName(int s) {
        return NAMES[s];
    }

    /**
     * Moves the P from {@code from} to {@code to} (Go's {@code atomic.Cas(&pp.status, ...)}, with
     * Go's {@code casgstatus} discipline): returns false when the P is not in {@code from} (someone
     * else won; only SYSCALL -> RUNNING is raced, see the class comment, every other caller owns the
     * P and treats false as a bug) and throws on an edge the class comment does not allow.
     */
    boolean casStatus(int from, int to) {
        if ((LEGAL[from] & (1 << to)) == 0) {
            throw new IllegalStateException(this + ": illegal status change " + NAMES[from] + " -> " + NAMES[to]);
        }
        // Volatile CAS: publishes what the old owner wrote to the P to the next one (the new
        // holder, sysmon, the idle list's next taker), which reads the status first.
        return STATUS.compareAndSet(this, from, to);
    }

    /** {@link #casStatus} for an owner that cannot lose the race: failing is a scheduler bug. */
    void setStatus(int from, int to) {
        if (!casStatus(from, to)) {
            throw new IllegalStateException(this + ": status is " + NAMES[status] + ", expected " + NAMES[from]);
        }
    }

    @Override
    public String toString() {
        return "P" + id;
    }

    /** sysmon's memory of a P between two rounds (Go's {@code sysmontick}); sysmon's thread only. */
    static final class SysmonTick {
        int schedtick;
        long schedwhen;
        int syscalltick;
        long syscallwhen;
        /** A late timer made sysmon ask goroutine {@link #timerAskGoid} (-1: none ran) to yield on schedule tick {@link #timerAskTick}. */
        boolean timerAsked;
        int timerAskTick;
        long timerAskWhen;
        long timerAskGoid = -1;
        /** The heap's {@code TimerHeap.batchesRun} at that ask: a count that moved since means someone ran the heap (answered). */
        int timerAskBatches;
        /**
         * The goroutine (by id: G objects are reused) a time slice's end made sysmon ask to yield, on
         * tick {@link #askTick}, first at {@link #askWhen}; -1 for none. Only that goroutine, still
         * running on that tick, may lose the P for not answering: one that inherited the tick (a
         * runnext G run by the P's next M) was never asked.
         */
        long askGoid = -1;
        int askTick;
        long askWhen;
        /** The P's run queue held a G at the previous round: work maybe stranded behind a running G ({@code Sysmon.watch}). */
        boolean queuedLastRound;
    }

    private static final VarHandle STATUS;
    private static final VarHandle SCHEDTICK;
    private static final VarHandle SYSCALLTICK;
    private static final VarHandle LIVE;
    private static final VarHandle FIRING;

    static {
        try {
            STATUS = MethodHandles.lookup().findVarHandle(P.class, "status", int.class);
            SCHEDTICK = MethodHandles.lookup().findVarHandle(P.class, "schedtick", int.class);
            FIRING = MethodHandles.lookup().findVarHandle(P.class, "firingTimers", boolean.class);
            SYSCALLTICK = MethodHandles.lookup().findVarHandle(P.class, "syscalltick", int.class);
            LIVE = MethodHandles.lookup().findVarHandle(P.class, "live", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
