package io.jgo.internal.sched;

import io.jgo.internal.sched.park.ParkUnlock;
import io.jgo.internal.sched.park.Party;
import io.jgo.internal.sched.timer.RuntimeTimer;
import io.jgo.internal.cont.Continuation;
import io.jgo.internal.sched.park.WaitReason;
import io.jgo.internal.Stack;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A goroutine (Go's {@code g}): its body, its segmented {@link Stack}, its status and the links the
 * scheduler threads it on. A G is allocated once and reused after it dies (free lists on the Ps and
 * in {@link GFree}); each reuse gets a fresh id, as in Go.
 *
 * <h2>Status: who owns the G</h2>
 * <dl>
 *   <dt>{@link #IDLE}</dt>
 *   <dd>Just allocated, never run. Owned by the allocating thread until it makes the G runnable.</dd>
 *   <dt>{@link #RUNNABLE}</dt>
 *   <dd>On a run queue (a P's local ring or runnext, or the global queue), or in transit to one, or
 *       handed by the M that dequeued it to the M it is locked to. Owned by whoever dequeues it; its
 *       stack is not in use, so nobody but the dequeuer may touch it.</dd>
 *   <dt>{@link #RUNNING}</dt>
 *   <dd>Executing user code on an M that holds a P ({@link #m} is that M). Owned by that M; only it
 *       moves the G out (to WAITING, RUNNABLE, SYSCALL or DEAD).</dd>
 *   <dt>{@link #SYSCALL}</dt>
 *   <dd>Running on its M's thread without a P: inside {@code Go.syscall} (its P is in SYSCALL, or
 *       was retaken), or retaken by sysmon while it ran and stopped answering preemption (a
 *       carrier blocked on a monitor, in native code, in code nobody rewrote). Owned by that M; it
 *       moves the G back to RUNNING when it gets a P (exitsyscall), to RUNNABLE when it must queue
 *       for one, and, when the G reaches g0 or a park without a P, straight to WAITING, RUNNABLE or
 *       DEAD (the M then looks for a P for itself).</dd>
 *   <dt>{@link #WAITING}</dt>
 *   <dd>Parked: on some waiter list (a WaitGroup, a channel), not on any run queue; {@link #waitReason}
 *       says why. Its stack is either unwound (g0 committed the park) or its carrier is blocked in
 *       {@link #parkPinned} (then {@link #lockedM} is that carrier). Owned by the waiter list: the
 *       one that removes it from the list readies it ({@link Sched#ready}), the only way out.</dd>
 *   <dt>{@link #DEAD}</dt>
 *   <dd>Finished; on a free list or being reused. Owned by the free list's P (or {@link GFree}).</dd>
 * </dl>
 * All transitions go through {@link #casStatus} or {@link #leaveRunning}, which refuse an edge not
 * in {@link #LEGAL}.
 *
 * <h2>The scan bit: sysmon retaking a running G's P</h2>
 * {@link #SCAN} or-ed into RUNNING is a short claim on the status word (Go's {@code _Gscan}): while
 * it is set, nobody else moves the G out of RUNNING. Two parties take it: sysmon, to retake the P of
 * a G that has not answered a preemption request ({@link #tryScan}, then {@link #endScan} with
 * SYSCALL once the P is detached, or RUNNING to back off), and the G's own thread while it uses its
 * P's owner side from user code ({@link #claimP}/{@link #releaseP}: spawning into runnext,
 * readying). The G's thread leaving RUNNING ({@link #leaveRunning}) waits out a sysmon scan and
 * then sees either RUNNING (it still has its P) or SYSCALL (its P was retaken: the M holds none).
 * <pre>
 *   sysmon (retake)                           G's thread (g0 after an unwind, a park, Go.go)
 *   1. CAS RUNNING -> RUNNING|SCAN            a. CAS RUNNING -> X      (fails while SCAN: spin)
 *   2. check m.curg == g, m.p == pp           b. if SYSCALL: CAS SYSCALL -> X; m.p is null
 *   3. m.p = null, pp.m = null
 *   4. status = SYSCALL (volatile)  ->  b sees 3's writes
 * </pre>
 * Exactly one of 1 and a wins. The G's thread never changes {@code m.p} while the G is RUNNING
 * without first leaving RUNNING through the same word, so sysmon's step 2 reads a stable value.
 */
public final class G extends Party implements Continuation.Owner {

    static final int IDLE = 0;
    static final int RUNNABLE = 1;
    static final int RUNNING = 2;
    static final int SYSCALL = 3;
    static final int WAITING = 4;
    static final int DEAD = 5;
    /** Or-ed into RUNNING while a party holds the status word; see the class comment. */
    static final int SCAN = 8;

    private static final String[] NAMES = {"idle", "runnable", "running", "syscall", "waiting", "dead"};

    /** LEGAL[from] has bit {@code to} set when {@code from -> to} is a legal edge. */
    private static final int[] LEGAL = new int[6];

    static {
        LEGAL[IDLE] = 1 << RUNNABLE;
        LEGAL[DEAD] = 1 << RUNNABLE;
        LEGAL[RUNNABLE] = 1 << RUNNING;
        LEGAL[RUNNING] = 1 << RUNNABLE | 1 << WAITING | 1 << SYSCALL | 1 << DEAD;
        LEGAL[SYSCALL] = 1 << RUNNING | 1 << RUNNABLE | 1 << WAITING | 1 << DEAD;
        LEGAL[WAITING] = 1 << RUNNABLE;
    }

    final Sched sched;
    final Stack stack = new Stack(this);
    /** Set when the G is made runnable; written by the spawner before publication through a run queue. */
    long id;
    Runnable body;
    /**
     * Who started the G, for dumps ({@link CreatedBy}): the spawning goroutine's id (0: a thread that
     * is no goroutine of this runtime) and, under {@code -Djgo.tracebackancestors}, the go statement's
     * frame (else null). Written by the spawner with {@link #id}, before publication through a run queue.
     */
    long parentId;
    StackTraceElement createdAt;
    /** Written only by {@link #casStatus}; read by anyone (dumps, deadlock check). */
    private volatile int status = IDLE;
    /** Why the G waits (Go's {@code waitreason}); written by the owner before the park commits. */
    volatile WaitReason waitReason;
    /**
     * When the G last parked or entered a syscall, on {@code System.nanoTime}'s scale (Go's
     * {@code waitsince}), from {@link Sched#waitClock}; 0 if never. Written by the owner before the
     * status change that publishes it; read by dumps after reading the status.
     */
    long waitSince;
    /** The M running the G; written by that M in execute, read by the G's own code (same thread). */
    M m;
    /**
     * The M this G must run on, or null: a pinned G's carrier while it waits in {@link #parkPinned}, an M leaving a syscall without a
     * P. Written by that M before the G becomes visible to a readier (under the waiter's lock or
     * before the queue put); read by the M that dequeues the G.
     */
    volatile M lockedM;
    /**
     * True while the G runs without a P because sysmon retook it (a SYSCALL that is not a
     * {@code Go.syscall}): set by sysmon under the scan bit, cleared by the G's thread when it
     * leaves SYSCALL. For dumps, which show such a G as running.
     */
    volatile boolean retaken;
    /**
     * The deadline timer of the G's one reused park ({@code park.Park.of}; a sleep's, Go's
     * {@code gp.timer}), made on its first wait with a deadline and reused; owner thread, then the timer.
     */
    RuntimeTimer sleepTimer;
    /** True while the G waits in {@link #parkPinned}: its frames are on {@link #lockedM}'s thread (for dumps). */
    volatile boolean pinnedWait;
    /**
     * The {@code jgo.GoroutinePinned} event of the park being prepared, begun when the wait began
     * ({@link #prepareParkUnlocking}; a sleep's before its deadline is computed), or null when JFR does
     * not record it. A pinned park commits it ({@code Handoff.parkLocked}), so its duration is the
     * whole wait: the time the pin took to find (a stack walk, the first warning) is part of the
     * wait, and measuring from the park's commit left it out (a 50 ms pinned sleep recorded as
     * 8.74 ms). A park that unwinds, or is cancelled, drops it. Owner thread only.
     */
    Object waitEvent;
    /**
     * Set when the stop of the runtime threw {@link Dropped} into this G ({@code Handoff.dropped}):
     * what ends it from then on is the stop's doing, no panic. Own thread only (g0 reads it after).
     */
    boolean droppedByStop;
    /**
     * 1 while the G is inside a syscall ({@code Go.syscall} or a wrapped blocking call, entered by
     * {@link Syscalls#enter}; they do not nest), else 0: while positive, the G's thread blocks without
     * a P, a yield is no safe point, a park leaves the syscall and enters it again
     * ({@link Handoff#parkPinned}). Own thread only.
     */
    int syscallDepth;
    /** True for the main goroutine of {@code Go.run}: never recycled; its identity goes back to the caller ({@link MainLoop}). */
    final boolean main;
    /** Free-list link (Go's {@code schedlink}); only touched by the free list's owner. */
    G schedlink;
    /**
     * What a leaf primitive holds across the unwind, released by g0 once the park is committed
     * (Go's {@code unlockf}); set by {@link #prepareParkUnlocking}, owner thread only.
     */
    ParkUnlock parkUnlock;
    // The waiter this G is parked on and its cached waiter are Party's slots, the park layer's (sched.park.Parking).
    /**
     * The G's interrupt status while it is off its carrier ({@link Identity}); the thread's flag
     * holds it while the G runs. Owned by the thread that runs the G or is locked to it; the run
     * queues publish it to the next carrier, as they publish the stack.
     */
    boolean interrupted;
    /**
     * An interrupt asked by another party ({@link Interrupts#interrupt}) and not yet put on the
     * G's thread: set by that party (volatile write, then it reads {@link #interruptibleWait}),
     * taken by the G's own thread when it next runs ({@link Identity#enter}) or before it parks
     * interruptibly ({@link Interrupts#deliverPending}; that thread writes
     * {@link #interruptibleWait} before reading this: one of the two sees the other).
     */
    volatile boolean interruptRequested;
    /**
     * The interruptible wait the G is parked in (a {@code Future.get}), or null: written by the G
     * before it parks and cleared after it runs again; read by {@link Interrupts#interrupt}.
     */
    volatile Interrupts.Wait interruptibleWait;
    /**
     * The thread the G is blocked on inside a syscall ({@code Go.syscall}, a wrapped blocking JDK
     * call), or null: an interrupt of the G goes straight to it, so the blocking call sees it as the
     * JDK's would ({@link Interrupts}). Written by the G's own thread when it enters and leaves the
     * syscall, read by an interrupter; both under this G's monitor.
     */
    Thread syscallThread;
    /** The G's {@code ThreadLocal} maps while it is off its carrier ({@link Identity}); same owner. */
    Object locals;
    /** The G's {@code InheritableThreadLocal} map while it is off its carrier; same owner. */
    Object inheritable;

    G(Sched sched, boolean main) {
        this.sched = sched;
        this.main = main;
    }

    public long id() {
        return id;
    }

    /** The runtime this G belongs to. */
    public Sched runtime() {
        return sched;
    }

    @Override
    public void ready() {
        sched.ready(this);
    }

    @Override
    public boolean runtimeStopped() {
        return sched.stopping;
    }

    @Override
    public Object runtimeIdentity() {
        return sched;
    }

    /** The status without the scan bit; any thread. */
    int status() {
        return status & ~SCAN;
    }

    static String statusName(int s) {
        return NAMES[s];
    }

    /**
     * Moves the G from {@code from} to {@code to} (Go's {@code casgstatus}). Called by the G's owner
     * in the source state (see the class comment). Throws on an illegal edge, and when the G is not
     * in {@code from}: both are scheduler bugs, never user errors.
     */
    void casStatus(int from, int to) {
        if (from == SYSCALL && retaken) {
            retaken = false; // whatever the way out, the G is no longer without a P by sysmon's doing
        }
        if ((LEGAL[from] & (1 << to)) == 0) {
            throw new IllegalStateException("goroutine " + id + ": illegal status change " + NAMES[from] + " -> " + NAMES[to]);
        }
        // Volatile CAS: publishes everything the owner wrote to the G before handing it on, and
        // synchronizes with the volatile reads of the next owner, dumps and the deadlock check.
        if (!STATUS.compareAndSet(this, from, to)) {
            throw new IllegalStateException("goroutine " + id + ": status is " + NAMES[status()] + ", expected " + NAMES[from]);
        }
    }

    /**
     * The G's own M moves it out of RUNNING to {@code to} (an unwind reached g0, a park, a syscall
     * entry), waiting out a sysmon scan. Returns RUNNING when the M still holds the G's P, SYSCALL
     * when sysmon retook it meanwhile (the M then holds no P; {@code m.p} is already null). Leaving
     * SYSCALL for SYSCALL (entering a syscall after a retake) is a no-op. G's thread or its g0 only.
     */
    int leaveRunning(int to) {
        for (;;) {
            int s = status; // volatile read, pairs with sysmon's endScan
            if (s == RUNNING) {
                if (STATUS.compareAndSet(this, RUNNING, to)) {
                    return RUNNING;
                }
            } else if (s == SYSCALL) {
                if (to != SYSCALL) {
                    casStatus(SYSCALL, to);
                }
                return SYSCALL;
            } else if (s == (RUNNING | SCAN)) {
                Thread.onSpinWait(); // sysmon holds the word for a few instructions
            } else {
                throw new IllegalStateException("goroutine " + id + ": leaving running, but status is " + NAMES[s & ~SCAN]);
            }
        }
    }

    /** sysmon: claims a RUNNING G's status word (see the class comment); false if it is not RUNNING or is claimed. */
    boolean tryScan() {
        return STATUS.compareAndSet(this, RUNNING, RUNNING | SCAN);
    }

    /** sysmon: releases the claim, leaving the G RUNNING (backed off) or SYSCALL (its P retaken). Volatile write. */
    void endScan(int to) {
        if (to != RUNNING && to != SYSCALL || status != (RUNNING | SCAN)) {
            throw new IllegalStateException("goroutine " + id + ": bad endScan to " + NAMES[to]);
        }
        status = to;
    }

    /**
     * The G's own thread, in user code, is about to use its P's owner side (runnext, free list, id
     * cache): claims the status word so sysmon cannot retake the P meanwhile. False when the G is not
     * RUNNING (in a syscall, or retaken: it holds no P) or sysmon is scanning it; the caller then
     * acts as a thread without a P. Pair with {@link #releaseP}.
     */
    boolean claimP() {
        return STATUS.compareAndSet(this, RUNNING, RUNNING | SCAN);
    }

    /** Ends {@link #claimP}: a release store (sysmon's CAS reads it). */
    void releaseP() {
        STATUS.setRelease(this, RUNNING);
    }

    /**
     * Called by a leaf primitive, on the G's own thread, right before it yields ({@code LeafPark}'s {@code PARK}):
     * the locks {@code unlock} releases are held and guard the waiter list the G was just put on; the
     * scheduler releases them once the G is off the carrier and WAITING, so a readier (who must take
     * one to find the G) never sees a G that is still running. They must be unlockable by the thread that
     * took them (it is the same thread). {@code unlock} may release several locks (a select's).
     */
    @Override
    public void prepareParkUnlocking(ParkUnlock unlock, WaitReason reason) {
        this.parkUnlock = unlock;
        this.waitReason = reason;
        beginWait();
    }

    /** The wait begins: begins its pinned event (see {@link #waitEvent}) unless begun already. Owner thread. */
    void beginWait() {
        if (waitEvent == null) {
            waitEvent = sched.listener.pinBegin(); // null unless JFR records jgo.GoroutinePinned
        }
    }

    /** The pinned event of the wait being committed or dropped, if any; clears it. Owner thread. */
    Object takeWaitEvent() {
        Object e = waitEvent;
        waitEvent = null;
        return e;
    }

    /**
     * Continuation.Owner: the G's yield or unwind threw and its own code caught the exception: the
     * park it prepared, if any, is undone (waiters off their queues, the leaf's locks released),
     * as g0 does for a G that the exception ends. Owner thread only (it holds the locks).
     */
    @Override
    public void cancelPark(Continuation s) {
        sched.cancelPark(this);
    }

    /** Continuation.Owner: as many frames as a carrier's stack holds of the smallest (64 bytes). */
    @Override
    public int savedFrameLimit() {
        return sched.config.savedFrameLimit();
    }

    /** Continuation.Owner: the G could not unwind; block this carrier as in a syscall. Owner thread only. */
    @Override
    public void parkPinned(Continuation s, int kind) {
        sched.parkPinned(this, kind);
    }

    /**
     * When this G's last sleep timer fired (System.nanoTime), or Long.MIN_VALUE if it never slept:
     * with its wake-up it tells a late timer from a sleeper queued after its timer fired. Owner thread
     * (the firing thread wrote it before the ready that made this G runnable).
     */
    public long sleepFiredAt() {
        RuntimeTimer t = sleepTimer;
        return t == null ? Long.MIN_VALUE : t.firedAt();
    }

    @Override
    public String toString() {
        return "G" + id + "[" + NAMES[status()] + "]";
    }

    private static final VarHandle STATUS;

    static {
        try {
            STATUS = MethodHandles.lookup().findVarHandle(G.class, "status", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
