package io.jgo.internal.sched;

import java.util.ArrayDeque;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;

/**
 * Go's {@code sysmon}: one daemon thread per runtime that holds no P and watches the Ps.
 *
 * <h2>Duties, each round ({@link #round})</h2>
 * <ul>
 *   <li><b>Preemption.</b> A P whose schedule tick has not moved for {@link #FORCE_PREEMPT_NS}
 *       (one goroutine, or a chain of them through runnext, which share one time slice) gets its
 *       goroutine asked to yield ({@code Stack.requestPreempt}: the rewritten prologue unwinds with
 *       {@code YIELD_PREEMPT}, and g0 puts the G on the global queue). A G in a syscall is never
 *       asked.</li>
 *   <li><b>Syscall retake</b> (Go's {@code retake}). A P in SYSCALL is retaken once it has been in
 *       the same syscall for a whole sysmon tick, if its run queue has work or no M spins or
 *       idles to pick up new work; in any case after {@link #SYSCALL_RETAKE_NS} (a P held by a
 *       syscall keeps sysmon out of its deep sleep). The retake is a CAS SYSCALL -> RUNNING that
 *       races with the syscall's own exit ({@link P}); the winner of the CAS owns the P, and
 *       sysmon hands it off ({@code Sched.handoffP}: an M only when there is work).</li>
 *   <li><b>Blocked-carrier retake.</b> A goroutine that has not answered a preemption request
 *       after one more time slice (code nobody rewrote, a JNI call, a carrier blocked on a monitor
 *       while holding its P) loses its P exactly as a syscall does: sysmon claims the G's status
 *       word ({@link G#tryScan}), detaches the P from its M, leaves the G in SYSCALL and hands the P
 *       off. The G carries on without a P; it gets one back through exitsyscall's path when it next
 *       reaches the scheduler: g0 after an unwind, a pinned safe point, a park, a syscall.</li>
 *   <li><b>Late timers</b> (beyond Go, which lets a sleeper wait out a whole slice). A timer on the
 *       heap of a RUNNING P that is {@link #TIMER_PREEMPT_NS} late means its holder is inside one
 *       long goroutine and will not reach {@code checkTimers}: sysmon asks that goroutine to yield, so
 *       g0 runs the heap and the readied sleeper takes the P's runnext. A goroutine that does not
 *       answer within {@link #TIMER_RETAKE_NS} loses its P as in the blocked-carrier retake, so the
 *       P's new M runs the timer; at the same moment sysmon marks the timer overdue and asks the
 *       goroutine of one other running P to yield, so that P's holder runs it at its next schedule if
 *       its carrier has a CPU first and the late P's holder has still neither scheduled nor run its
 *       heap ({@code Retake.askAnotherHolder}, {@code Timers.runOverdueFor}; a heap run by anyone
 *       since the ask counts as an answer, as a new schedule tick does):
 *       the retaken P's new M must first be run by the OS, which beside CPU-bound threads without a
 *       P took several of its slices. A running P's timers are run by a P's holder, never by sysmon,
 *       even when nobody runs on the P to be asked (g0 between goroutines, the P in transit to a new
 *       M): that holder runs them before any goroutine, into its P's runnext, where sysmon, holding
 *       no P, could not put the sleeper ({@code Retake.lateTimer}). Timers on a P in a syscall or idle are run by
 *       sysmon itself once {@link #TIMER_BACKSTOP_NS} late (a sleeper they ready goes to an idle P's
 *       runnext, anything else to the global queue),
 *       and a running P's when preemption is off. Between rounds sysmon sleeps no later than the next
 *       such deadline of a running P.</li>
 *   <li><b>Network.</b> When something waits on the network and nobody has polled for
 *       {@code poll.NetPoll.SYSMON_POLL_NS} (10 ms: every P busy in long goroutines, no idle M blocking
 *       in the poll), sysmon polls without blocking and injects what it readied
 *       ({@code NetPoller.pollFromSysmon}, Go's sysmon netpoll).</li>
 * </ul>
 *
 * <h2>Cadence</h2>
 * 20 µs between rounds while rounds retake something; after 50 rounds in a row that retake
 * nothing the delay doubles each round up to 10 ms. When every P is idle sysmon sleeps until woken
 * ({@link #deepSleep}, Go's {@code sysmonwait}): a P leaving the idle list (new work) or a syscall
 * entry wakes it, so an idle runtime costs no CPU; that sleep ends at the earliest timer of any P.
 * It never sleeps so while goroutines are queued with every P idle: it starts an M for them
 * instead ({@link #rescueStranded}), so a lost wake-up can never strand a goroutine. Something
 * waiting on the network does not keep it awake either, as in Go: with every P idle an idle M
 * blocks in the poll (the last M to go idle checks for it, and a goroutine that parks after
 * sysmon took its P hands an idle P off so that check runs), and that M injects what it readies.
 *
 * <h2>Never waiting on sched.lock</h2>
 * A round never blocks on {@code sched.lock} ({@link SchedLock}): the lock is unfair, and a goroutine
 * that takes it in a tight loop could keep a waiting sysmon out for good, so the very goroutine that
 * needs preempting would never be. Inside a round (while {@link #inRound} holds for this thread)
 * every step that needs the lock either holds it from one {@code tryLock} to its end or does not
 * start, and is then <em>owed</em> to the next round:
 * <ul>
 *   <li>the handoff of a retaken P ({@link #handOff}): the P stays RUNNING in transit, owned by
 *       sysmon (no M, nobody else may take it: it is on no list), in {@link #owedHandoffs};</li>
 *   <li>the {@code wakep} of a G that a timer fired by sysmon readied ({@code Sched.wakep}): the G is
 *       on the global queue already (lock-free), only the M that looks for it is owed;</li>
 *   <li>the unpark of an idle M to wait for timers that such a timer armed ({@code Timers.wakeIdleM}).</li>
 * </ul>
 * The lock-free duties never need it: a preemption request is a CAS on the goroutine's attention
 * word, a retake is a CAS on the P's status (and the G's scan bit). Debts are paid at the end of
 * every round ({@link #payDebts}), each with a fresh {@code tryLock}; while any is owed sysmon keeps
 * its 20 µs cadence and stays out of its deep sleep. Other locks a round may still wait on are
 * leaf locks held for a few steps by whoever holds them: a timer heap's (never held around user
 * code), and, inside a timer's function, the Timer's and its channel's.
 *
 * <h2>Threads</h2>
 * Started with the runtime's first carrier (or M0); {@link SysmonTick}s, the cadence state and the
 * debts are this thread's only (or the thread that calls {@link #round} in a test). Tests turn the thread off ({@code Config.sysmon(false)}) and call
 * {@link #round} by hand with an injected clock, so every decision is deterministic.
 */
final class Sysmon implements Runnable {

    /** Go's {@code forcePreemptNS}: the time slice. */
    static final long FORCE_PREEMPT_NS = 10_000_000L;
    /** A P stays in a syscall at most this long before sysmon retakes it even with nothing to do. */
    static final long SYSCALL_RETAKE_NS = 10_000_000L;
    static final long MIN_DELAY_MICROS = 20;
    static final long MAX_DELAY_MICROS = 10_000;
    /** Rounds without a retake before the delay starts doubling (Go: 50, i.e. about 1 ms). */
    static final int IDLE_ROUNDS = 50;

    private final Sched sched;
    /** The per-P decisions of a round ({@link #watch}). */
    private final Retake retake;
    private final AtomicBoolean started = new AtomicBoolean();
    /** The thread, once started; written once before it starts, read by wakers. */
    private volatile Thread thread;
    /**
     * Go's {@code sched.sysmonwait}: sysmon sleeps until woken. Written by sysmon before its
     * re-check of the idle Ps (volatile: StoreLoad with the waker's update of the idle count followed
     * by its read of this field), cleared by a waker or by sysmon on waking.
     */
    private volatile boolean deepSleep;
    /** A syscall entry woke sysmon from its deep sleep: go back to the fast cadence. Volatile. */
    private volatile boolean syscallWake;
    /** The deadline of the deep sleep (the earliest timer then), written before {@link #deepSleep}. */
    private volatile long sleepUntil = Long.MAX_VALUE;
    /** How late a timer must be before sysmon runs it itself (the Ps' Ms run it first when they can). */
    static final long TIMER_BACKSTOP_NS = 1_000_000L;
    /** How late a timer on a running P's heap must be before sysmon asks the P's goroutine to yield. */
    static final long TIMER_PREEMPT_NS = 500_000L;
    /** How long a goroutine asked to yield for a late timer may leave the request unanswered before it loses its P. */
    static final long TIMER_RETAKE_NS = 1_000_000L;
    /**
     * When the next round has a late-timer decision to make (the earliest timer of a running P plus
     * {@link #TIMER_PREEMPT_NS}, or a pending ask's retake time); sysmon's thread only.
     */
    long nextTimerDecision = Long.MAX_VALUE;
    /**
     * When sysmon's ordinary sleep between rounds ends, or Long.MIN_VALUE while it is awake.
     * Volatile: sysmon writes it and then re-reads the heaps' minWhen; {@link #onTimer} runs after
     * the heap's volatile minWhen write and reads it (Dekker), so an earlier timer either is seen by
     * sysmon's re-read or unparks it.
     */
    private volatile long wakeAt = Long.MIN_VALUE;
    /**
     * The thread inside {@link #round} now, or null. Volatile, written by that thread only; any
     * thread compares it with itself ({@link #inRound}), so a stale value read by another thread
     * can never equal that thread (a thread that ran a round itself sees its own clearing write).
     */
    private volatile Thread roundThread;
    /** Retaken Ps whose handoff found sched.lock busy: RUNNING, in transit, owned by sysmon. Round thread only. */
    private final ArrayDeque<P> owedHandoffs = new ArrayDeque<>();
    /** A wakep found sched.lock busy during this round ({@link #oweWakep}). Round thread only. */
    private boolean owedWakep;
    /** An idle M's unpark for the timer waiter role found sched.lock busy. Round thread only. */
    private boolean owedTimerWaiter;

    Sysmon(Sched sched) {
        this.sched = sched;
        this.retake = new Retake(sched, this);
    }

    /** Starts the thread once (no-op when the config turns sysmon off). Any thread. */
    void start() {
        if (!sched.config.sysmon || started.get() || !started.compareAndSet(false, true)) {
            return;
        }
        Thread t = new Thread(this, sched.config.name + "-sysmon");
        t.setDaemon(true);
        thread = t;
        t.start();
    }

    /** The thread, or null if it never started. Any thread. */
    Thread thread() {
        return thread;
    }

    /** The runtime stops: wake the thread so it sees {@code sched.stopping}. Any thread. */
    void stop() {
        Thread t = thread;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }

    /**
     * The thread's body: {@link #watchLoop} until the runtime stops. sysmon never dies: an error
     * out of a round (out of memory in a timer's function, say) is the runtime's fatal error
     * ({@code Sched.fatal}: {@code Go.run} throws it, the default runtime prints it), and the loop
     * goes on, so the runtime keeps its preemption and retakes.
     */
    @Override
    public void run() {
        while (!sched.stopping) {
            try {
                watchLoop();
            } catch (Throwable t) {
                try {
                    sched.failures.fatal("", Thread.currentThread(), t);
                } catch (Throwable lost) {
                    // sysmon goes on whatever the report did
                }
            }
        }
    }

    private void watchLoop() {
        int idle = 0;
        long delay = MIN_DELAY_MICROS;
        boolean strandedBefore = false;
        while (!sched.stopping) {
            if (idle == 0) {
                delay = MIN_DELAY_MICROS;
            } else if (idle > IDLE_ROUNDS) {
                delay = Math.min(delay * 2, MAX_DELAY_MICROS);
            }
            long now = sched.nanotime();
            long wake = now + delay * 1_000;
            wakeAt = wake; // publish, then re-read the heaps: a timer armed after this read sees it (onTimer)
            long due = sched.timers.earliest();
            long decision = due == Long.MAX_VALUE ? nextTimerDecision : Math.min(nextTimerDecision, due + TIMER_PREEMPT_NS);
            if (decision != Long.MAX_VALUE && decision - wake < 0) { // (compare by difference: the clock may be negative)
                wake = decision - now < MIN_DELAY_MICROS * 1_000 ? now + MIN_DELAY_MICROS * 1_000 : decision;
            }
            Thread.interrupted(); // nobody's to act on (sysmon stops through sched.stopping); a set flag would make it spin
            LockSupport.parkNanos(this, wake - now);
            wakeAt = Long.MIN_VALUE; // awake: the next round and the re-read above see every timer armed from now on
            sched.coarseClock.tick(); // the parking Gs' clock, see CoarseClock
            boolean stranded = strandedWork();
            if (!stranded && allIdle() && !owes() && deepSleep() && syscallWake) {
                syscallWake = false;
                idle = 0;
                delay = MIN_DELAY_MICROS;
            }
            if (sched.stopping) {
                return;
            }
            idle = round(sched.nanotime()) != 0 || owes() ? 0 : idle + 1;
            if (stranded && strandedBefore && rescueStranded()) {
                idle = 0;
            }
            strandedBefore = stranded; // two sightings a sleep apart: a wake-up in progress is never taken for a lost one
        }
    }

    /**
     * Is work queued while every P is idle? Then no M holds a P to find it: its wake-up was lost
     * (a {@code wakep} that saw a spinner who was no longer looking). Normally this lasts only
     * between a queue put and the {@code wakep} after it. sysmon never sleeps deeply on such work,
     * so a lost wake-up can delay a goroutine (a sleeping main goroutine's timer, say) by two
     * rounds, never strand it. Racy by design. sysmon's thread.
     */
    private boolean strandedWork() {
        if (!allIdle()) {
            return false;
        }
        if (!sched.global.isEmpty()) {
            return true;
        }
        for (P pp : sched.allp) {
            if (pp.status() == P.IDLE && !pp.runq.isEmpty()) {
                return true;
            }
        }
        return false;
    }

    /**
     * The work {@link #strandedWork} saw before sysmon's last sleep and again after it is still
     * there, with every P still idle: sysmon starts an M on an idle P itself (not a spinner: the lost wake-up may be a
     * spinner count that nobody will give back). Never waits on sched.lock: if it is busy, the
     * next round looks again. Returns whether it started one. sysmon's thread.
     */
    private boolean rescueStranded() {
        if (!strandedWork() || !sched.lock.tryLock()) {
            return false;
        }
        try {
            P pp = sched.idlePs.getLocked();
            if (pp == null) {
                return false;
            }
            sched.ms.startM(pp, false);
            return true;
        } finally {
            sched.lock.unlock();
        }
    }

    /** Every P idle: nothing to preempt or retake. Racy, but never true in the middle of a resize ({@link Procs#allIdle}). */
    private boolean allIdle() {
        return sched.procs.allIdle();
    }

    /**
     * Sleeps while every P stays idle; true if it slept. The flag is published before the
     * re-check, so a waker that makes a P busy afterwards sees it and unparks us (Dekker on two
     * volatiles: the idle count and {@link #deepSleep}).
     */
    private boolean deepSleep() {
        sleepUntil = sched.timers.earliest();
        sched.coarseClock.stop(); // no refresh while asleep: parking Gs read the clock themselves
        deepSleep = true;
        boolean slept = false;
        long until = Math.min(sleepUntil, sched.timers.earliest()); // re-read after publishing the flag
        while (deepSleep && allIdle() && !sched.stopping) {
            slept = true;
            Thread.interrupted(); // as in run: an interrupt must not turn the deep sleep into a spin
            if (until == Long.MAX_VALUE) {
                LockSupport.park(this);
            } else {
                long left = until - System.nanoTime();
                if (left <= 0) {
                    break;
                }
                LockSupport.parkNanos(this, left);
            }
        }
        deepSleep = false;
        sched.coarseClock.tick();
        return slept;
    }

    /** A P left the idle list: work appeared. Wakes sysmon from its deep sleep. Any thread (often under sched.lock). */
    void onPBusy() {
        if (deepSleep) { // volatile read after the caller's volatile RMW of the idle count
            deepSleep = false;
            LockSupport.unpark(thread);
        }
    }

    /**
     * Work was queued and {@code wakep} left it to a spinning M: should that M be gone (a lost
     * wake-up), sysmon must not sleep deeply past it ({@link #strandedWork}). A volatile read when
     * sysmon is awake. Any thread.
     */
    void onWork() {
        onPBusy();
    }

    /** A timer was armed for {@code when}: wake sysmon from its deep sleep if it would sleep past it. Any thread. */
    void onTimer(long when) {
        if (deepSleep && when < sleepUntil) {
            deepSleep = false;
            LockSupport.unpark(thread);
        } else if (sleepsPast(when + TIMER_PREEMPT_NS, wakeAt)) {
            // sysmon's ordinary sleep (up to 10 ms) would pass this timer's late-timer decision
            LockSupport.unpark(thread);
        }
    }

    /** Is sysmon asleep ({@code wake} is not MIN_VALUE) until after {@code decision}? */
    private static boolean sleepsPast(long decision, long wake) {
        return wake != Long.MIN_VALUE && decision - wake < 0;
    }

    /** Go's {@code entersyscall_sysmon}: a syscall began; wake sysmon if it sleeps deeply. Any thread. */
    void onSyscall() {
        if (deepSleep) {
            syscallWake = true;
            deepSleep = false;
            LockSupport.unpark(thread);
        }
    }

    /**
     * One round of sysmon's duties at time {@code now} (the runtime's clock); returns how many Ps
     * were retaken. sysmon's thread, or a test's with the thread turned off.
     */
    int round(long now) {
        roundThread = Thread.currentThread();
        try {
            int n = watch(now);
            sched.netpoll.pollFromSysmon(now); // Go: poll network if not polled for more than 10 ms
            payDebts();
            return n;
        } finally {
            roundThread = null;
        }
    }

    /** Is the calling thread inside {@link #round}? Then it must not wait on sched.lock ({@link SchedLock}). Any thread. */
    boolean inRound() {
        return roundThread == Thread.currentThread();
    }

    /** {@code Sched.wakep} found sched.lock busy inside a round: the next round makes it. Round thread only. */
    void oweWakep() {
        owedWakep = true;
    }

    /** {@code Timers.wakeIdleM} found sched.lock busy inside a round: the next round makes it. Round thread only. */
    void oweTimerWaiter() {
        owedTimerWaiter = true;
    }

    /** Is anything owed to the next round? Round thread only. */
    boolean owes() {
        return owedWakep || owedTimerWaiter || !owedHandoffs.isEmpty();
    }

    /**
     * Tries once more what earlier steps of this round or of earlier rounds owe, oldest first; what
     * still finds sched.lock busy is owed again (each step records its own debt). Round thread only.
     */
    private void payDebts() {
        for (int k = owedHandoffs.size(); k > 0; k--) {
            handOff(owedHandoffs.poll());
        }
        if (owedWakep) {
            owedWakep = false;
            sched.ms.wakep(); // a spinner found meanwhile makes it a no-op, as any wakep
        }
        if (owedTimerWaiter) {
            owedTimerWaiter = false;
            sched.timers.wakeIdleM();
        }
    }

    /**
     * Go's {@code handoffp} for a P sysmon retook, holding sched.lock from one {@code tryLock} to
     * the end (the handoff's own acquisitions are reentrant); if the lock is busy, the P stays in
     * transit and the handoff is owed to the next round. Round thread only.
     */
    void handOff(P pp) {
        if (!sched.lock.tryLock()) {
            owedHandoffs.add(pp);
            return;
        }
        try {
            sched.ms.handoffP(pp);
        } finally {
            sched.lock.unlock();
        }
    }

    /** The duties of {@link #round}, P by P; returns how many Ps were retaken. */
    private int watch(long now) {
        int n = 0;
        nextTimerDecision = Long.MAX_VALUE;
        boolean stranded = false;
        for (P pp : sched.procs.all()) { // not allp: a retiring P's goroutine must be preempted too
            if (pp.status() == P.DEAD) {
                continue;
            }
            int s = pp.status();
            long due = pp.timers.minWhen();
            // Lazy wake-up's backstop (Sched.ready): work queued on a running P at two rounds in a
            // row may be stranded behind a G that runs on; an idle P should take it. A pair that
            // hands off on one P is seen queued now and then, which costs at most one spurious
            // wake-up per round, at the slow cadence a quiet round decays to.
            boolean queued = s == P.RUNNING && !pp.runq.isEmpty();
            stranded |= queued && pp.sysmonTick.queuedLastRound;
            pp.sysmonTick.queuedLastRound = queued;
            if (s != P.RUNNING && s != P.SYSCALL) {
                // Idle Ps' timers are the timer waiter's; sysmon is the backstop when no M woke.
                if (due != Long.MAX_VALUE && due + TIMER_BACKSTOP_NS <= now) {
                    pp.timers.runExpired(now);
                }
                continue;
            }
            P.SysmonTick pd = pp.sysmonTick;
            boolean sysretake = false;
            int tick = pp.schedtickOpaque();
            if (s == P.RUNNING && due != Long.MAX_VALUE && sched.config.preempt) {
                int late = retake.lateTimer(pp, pd, tick, due, now);
                if (late < 0) {
                    n++;
                    continue;
                }
            } else if (due != Long.MAX_VALUE && due + TIMER_BACKSTOP_NS <= now) {
                pp.timers.runExpired(now); // a P in a syscall: nobody runs its heap
            }
            if (pd.schedtick != tick) {
                pd.schedtick = tick;
                pd.schedwhen = now;
            } else if (pd.schedwhen + FORCE_PREEMPT_NS <= now) {
                if (s == P.RUNNING && sched.config.preempt) { // -Djgo.preempt=off: run to completion
                    // One slice to run, one more to answer the preemption request: counted from when
                    // this very G was first asked on this tick (a G that inherited the tick is asked first).
                    if (pd.askGoid >= 0 && pd.askTick == tick && pd.askWhen + FORCE_PREEMPT_NS <= now
                            && retake.retakeRunning(pp, pd.askGoid)) {
                        retake.freshSlice(pd, tick, now);
                        n++;
                        continue;
                    }
                    G g = retake.preemptOne(pp);
                    if (g != null && (pd.askGoid != g.id || pd.askTick != tick)) {
                        pd.askGoid = g.id;
                        pd.askTick = tick;
                        pd.askWhen = now;
                    }
                }
                sysretake = true; // a syscall on the same tick for a whole slice: no further wait
            }
            if (s == P.SYSCALL && retake.retakeSyscall(pp, pd, now, sysretake)) {
                retake.freshSlice(pd, tick, now);
                n++;
            }
        }
        if (stranded && sched.idlePs.count() > 0 && sched.spinning.count() == 0) {
            sched.count(PolicyCounts.Event.SYSMON_STRANDED);
            sched.ms.wakep(); // inside the round: never waits on sched.lock (owed if busy)
        }
        return n;
    }
}
