package io.jgo.internal.sched;

import io.jgo.internal.sched.timer.TimerHost;
import io.jgo.internal.sched.timer.TimerHeap;
import io.jgo.internal.sched.timer.RuntimeTimer;
import io.jgo.internal.cont.Carrier;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A runtime's timers: Go's per-P timer heaps ({@link TimerHeap}, one per P) and who runs them.
 * No timer thread: sleeping goroutines cost no thread.
 *
 * <h2>Who runs expired timers</h2>
 * <ul>
 *   <li>The holder of a P, for its own heap, at the top of {@code findRunnable} ({@link #check},
 *       Go's {@code checkTimers}).</li>
 *   <li>An M about to give up its P after a failed steal runs every P's expired timers
 *       ({@link #runAllExpiredFor}: Go's last steal pass, which takes over the timers of busy and idle
 *       Ps), readying the sleepers into its own P's runnext, as Go's {@code stealWork} does.</li>
 *   <li>The holder of any P at the top of {@code findRunnable}, when sysmon has marked a running P's
 *       timer overdue: the goroutine asked to yield for it did not answer within a millisecond (its
 *       carrier waits for a CPU, or nobody runs on the P), so sysmon asked another P's goroutine to
 *       yield too, and whichever holder schedules first runs the marked P's due timers into its own
 *       runnext ({@link #runOverdueFor}) &mdash; only if that P's holder has neither scheduled nor
 *       run its heap since sysmon's ask, and only while the heap's lock is free: it never waits
 *       for another P's heap. (Before this rule, a sleep storm, where each P always has thousands
 *       of due timers and its g0 fires them for milliseconds on one schedule tick, had the two Ps
 *       run each other's heaps side by side: the heap's lock contended, sleepers moved between
 *       cores; benchmarks/README.md, issue 28.)</li>
 *   <li>One idle M, the <em>timer waiter</em>, parks only until the earliest timer of a P that no M
 *       runs on (idle, or in a syscall: {@link #becomeWaiter}) instead of forever, then runs what is
 *       due there ({@link #runUnheldExpired}; Go's {@code netpoll(delay)} in {@code findRunnable}). A
 *       timer armed earlier than its deadline unparks it ({@link #added}), and so does a P that goes
 *       idle with timers ({@link #pIdled}); when there is no waiter, an idle M is woken to become one
 *       (in a runtime with no M yet, one is started: a plain thread's first timer). A sleeper it
 *       readies goes to an idle P's runnext, and the waiter takes that P itself ({@link #readyIntoIdleP}).
 *       <p>It leaves a RUNNING P's timers to that P's holder: with every P busy, what an M without
 *       a P readies goes to the global queue's tail, behind every goroutine the busy Ps' time slices sent there, and
 *       with the timer gone from the P's heap sysmon no longer asks the P's goroutine to yield for it,
 *       so a 1 ms sleeper beside hogs waited one whole slice per goroutine queued ahead of it
 *       (counted: at one P beside 4 hogs, 304 of 400 sleeps were fired by the waiter, p50 39 ms
 *       late). Left on the heap, the timer gets the holder's goroutine asked to yield once it is
 *       half a millisecond late (sysmon's late-timer duty), and the holder's {@link #check} readies
 *       the sleeper into the P's runnext, so it runs next.</li>
 *   <li>sysmon runs the timers of Ps in a syscall or idle that nobody ran in time, and sleeps no
 *       longer than the earliest timer when every P is idle. A running P's late timer it leaves to
 *       the P's holder: it asks the goroutine there to yield, or retakes the P for a new M
 *       ({@code Sysmon}, late timers).</li>
 *   <li>A P retiring on a GOMAXPROCS shrink hands its heap to P0 ({@link TimerHeap#moveAllTo}).</li>
 * </ul>
 * A fired timer's function readies or starts goroutines from a thread that is not a goroutine, so
 * they go to the global queue followed by {@code wakep}; a sleeper is the exception (its P's
 * runnext when the firing thread holds a P, an idle P's when it holds none, see {@link #readyFromTimer}; a park's deadline, a sleep among them, is such a timer).
 *
 * <p>{@link #armed} counts timers on heaps plus fired ones whose function has not returned yet:
 * the deadlock check never fires while a timer can still ready a goroutine.
 */
final class Timers implements TimerHost {

    private final Sched sched;
    /** Armed timers plus firing ones; volatile RMWs under the heaps' locks, read by the deadlock check. */
    final AtomicInteger armed = new AtomicInteger();
    /** The idle M parked until the earliest timer, or null. CAS by Ms taking or leaving the role. */
    private final AtomicReference<M> waiter = new AtomicReference<>();
    /**
     * A RUNNING P's timer is late and its holder has not answered sysmon's ask to yield: the holder
     * of any P that schedules before it runs it ({@link #runOverdueFor}). Set by sysmon
     * ({@code Retake.lateTimer}) after it set that P's {@link P#overdueMark}, taken by the first M to
     * see it; an object of its own, so that the read every schedule makes shares no line with fields
     * written more often. A hint lost to a race (taken just before sysmon sets it for another timer)
     * is set again by sysmon's next round.
     */
    private final java.util.concurrent.atomic.AtomicBoolean overdue = new java.util.concurrent.atomic.AtomicBoolean();
    /**
     * The deadline the waiter parks until; written by the waiter before its re-check of the heaps,
     * read by {@link #added} after its heap write (volatile: the Dekker pair that loses no wake-up).
     */
    private volatile long waiterDeadline = Long.MAX_VALUE;

    Timers(Sched sched) {
        this.sched = sched;
    }

    /**
     * Go's {@code checkTimers}: runs the expired timers of {@code pp}. Holder of pp (g0); cheap when
     * it has none. What the timers ready goes to pp's runnext, as Go's {@code goready} from a timer
     * function does, so a sleeper runs as soon as this M schedules. Returns how many fired.
     */
    int check(P pp) {
        long next = pp.timers.minWhen(); // volatile read; no clock read when the heap is empty
        if (next != Long.MAX_VALUE && next <= sched.timeNow()) {
            // Which P this g0 fires for, for readyFromTimer: kept on the carrier, not in a ThreadLocal
            // (g0 keeps no ThreadLocal map of its own, see Identity).
            Thread t = Thread.currentThread();
            Carrier c = t instanceof Carrier ? (Carrier) t : null;
            if (c != null) {
                c.firingTimersOf(pp);
            }
            pp.firingTimers(true);
            try {
                return pp.timers.runExpired(sched.timeNow());
            } finally {
                pp.firingTimers(false);
                if (c != null) {
                    c.firingTimersOf(null);
                }
            }
        }
        return 0;
    }

    /**
     * sysmon's mark on a P whose late timer's ask went unanswered: the P's schedule tick and its
     * heap's batch count at the ask. Immutable: a holder that takes it reads both of one ask.
     */
    record OverdueMark(int schedtick, int batches) {
    }

    /**
     * sysmon: a timer of running P {@code late} is late and the goroutine asked to yield for it has
     * not answered (its carrier may have no CPU), though late's schedule tick is still
     * {@code schedtick} and its heap's batch count {@code batches}: let whichever P's holder
     * schedules first run it, if late's holder has still done neither by then. The P's mark first,
     * then the hint that every holder reads (volatile: a holder that sees the hint sees the mark).
     * Sysmon's thread.
     */
    void markOverdue(P late, int schedtick, int batches) {
        sched.count(PolicyCounts.Event.TIMER_OVERDUE_MARK);
        if (sched.policyCounts != null) { // where the late P's holder is: for the counts only
            M m = late.m;
            if (m == null) {
                sched.count(PolicyCounts.Event.TIMER_OVERDUE_MARK_NO_M);
            } else if (m.curg != null) {
                sched.count(PolicyCounts.Event.TIMER_OVERDUE_MARK_ON_G);
            }
        }
        late.overdueMark.set(new OverdueMark(schedtick, batches)); // at most one a P per retake period
        overdue.set(true);
    }

    /** Is a hint of {@link #markOverdue} pending? For tests. Any thread. */
    boolean overdueMarked() {
        return overdue.get();
    }

    /**
     * Go's {@code stealWork} running another P's timers, at the top of {@code findRunnable} instead
     * of only before the M gives up its P: when sysmon has marked a running P's timer overdue,
     * this holder of {@code own} takes the hint and each marked P's mark, and runs that P's due
     * timers, and the sleepers go to own's runnext, so one runs next on whichever M reached a
     * schedule first instead of waiting for the late timer's own holder to get the CPU back.
     * One volatile read when nothing is marked. Returns how many fired. Holder of own (g0).
     *
     * <p>A marked P is left to its own holder (the mark dropped: sysmon marks again if the timer
     * stays late) when that holder has answered after all: its schedule tick or its heap's batch
     * count moved since sysmon's ask ({@link #stillStuck}). Its heap is run only while its lock is
     * free ({@link TimerHeap#tryRunBatch}): a busy lock means its owner or an arming goroutine is
     * in it, and a holder that waited there would leave its own P idle for another P's work.
     */
    int runOverdueFor(P own) {
        if (!overdue.get() || !overdue.getAndSet(false)) {
            return 0;
        }
        int n = 0;
        for (P pp : sched.allp) {
            OverdueMark mark = pp.overdueMark.get() == null ? null : pp.overdueMark.getAndSet(null);
            if (mark == null || pp == own) {
                continue; // own: its heap was just run by own's check, on this very schedule
            }
            int fired = runMarked(own, pp, mark);
            if (fired == ANSWERED) {
                sched.count(PolicyCounts.Event.TIMER_OVERDUE_SKIP);
            } else if (fired == BUSY) {
                sched.count(PolicyCounts.Event.TIMER_OVERDUE_BUSY);
            } else if (fired > 0) {
                n += fired;
                sched.count(PolicyCounts.Event.TIMER_OVERDUE_RUN);
                sched.count(PolicyCounts.Event.TIMER_OVERDUE_FIRED, fired);
            }
        }
        return n;
    }

    /**
     * Has {@code pp}'s holder neither scheduled nor run its heap since the ask {@code mark} records?
     * Racy reads (the holder's plain tick increment, read opaque): a move seen late only lets one
     * more batch run here, which the heap's lock keeps correct.
     */
    static boolean stillStuck(P pp, OverdueMark mark) {
        return pp.schedtickOpaque() == mark.schedtick() && pp.timers.batchesRun() == mark.batches()
                && !pp.firingTimersOpaque();
    }

    /** {@link #runMarked}: the marked P's holder had answered after all. */
    private static final int ANSWERED = -1;
    /** {@link #runMarked}: the marked P's heap lock was busy before any timer fired. */
    private static final int BUSY = -2;

    /**
     * Runs marked P {@code pp}'s due timers for {@code own} (sleepers to own's runnext), batch by
     * batch while pp's holder is still stuck and pp's heap lock is free. Returns how many fired, or
     * {@link #ANSWERED} or {@link #BUSY} if it left the heap to its owner without firing any.
     * Holder of own (g0).
     */
    private int runMarked(P own, P pp, OverdueMark mark) {
        if (!stillStuck(pp, mark)) {
            return ANSWERED;
        }
        Thread t = Thread.currentThread();
        Carrier c = t instanceof Carrier ? (Carrier) t : null;
        if (c != null) {
            c.firingTimersOf(own);
        }
        own.firingTimers(true);
        int total = 0;
        try {
            long now = sched.timeNow();
            int n;
            do {
                n = pp.timers.tryRunBatch(now);
                if (n < 0) {
                    return total == 0 ? BUSY : total; // its owner (or an arming goroutine) is in it
                }
                total += n;
                // Our own batch moved the count: only the tick tells whether pp's holder woke up.
            } while (n == TimerHeap.BATCH && pp.schedtickOpaque() == mark.schedtick());
            return total;
        } finally {
            own.firingTimers(false);
            if (c != null) {
                c.firingTimersOf(null);
            }
        }
    }

    /** The timer waiter now, or null; for tests. Any thread, racy. */
    M waiter() {
        return waiter.get();
    }

    /** The deadline the timer waiter parks until (Long.MAX_VALUE: none); for tests. Any thread, racy. */
    long waiterDeadline() {
        return waiterDeadline;
    }

    /** Is any timer armed or firing? Any thread. */
    boolean pending() {
        return armed.get() > 0;
    }

    /** The earliest deadline on any P's heap, or Long.MAX_VALUE. Any thread, racy. */
    long earliest() {
        long min = Long.MAX_VALUE;
        for (P pp : sched.allp) {
            min = Math.min(min, pp.timers.minWhen());
        }
        return min;
    }

    /**
     * The earliest deadline on the heap of a P that no M runs goroutines on (not RUNNING: idle, or in
     * a syscall), or Long.MAX_VALUE: what the timer waiter parks until. Any thread, racy (a P that
     * goes idle later nudges the waiter, {@link #pIdled}; sysmon backstops the rest).
     */
    long earliestUnheld() {
        long min = Long.MAX_VALUE;
        for (P pp : sched.allp) {
            if (pp.status() != P.RUNNING) {
                min = Math.min(min, pp.timers.minWhen());
            }
        }
        return min;
    }

    /** Runs every P's timers due at {@code now}; returns how many fired. Any thread. */
    int runAllExpired(long now) {
        int n = 0;
        for (P pp : sched.allp) {
            n += pp.timers.runExpired(now);
        }
        return n;
    }

    /**
     * An M without a P (the timer waiter) runs the due timers of the Ps that no M runs goroutines
     * on; a RUNNING P's are its holder's (see the class comment). Returns how many fired.
     */
    int runUnheldExpired(long now) {
        int n = 0;
        for (P pp : sched.allp) {
            if (pp.status() != P.RUNNING) {
                n += pp.timers.runExpired(now);
            }
        }
        return n;
    }

    /**
     * g0 of the M holding {@code own}, about to give up its P: runs every P's due timers, and the
     * sleepers they ready go to {@code own}'s runnext (Go's {@code stealWork} readies into the
     * thief's P), not behind the global queue. Returns how many fired.
     */
    int runAllExpiredFor(P own, long now) {
        Thread t = Thread.currentThread();
        Carrier c = t instanceof Carrier ? (Carrier) t : null;
        if (c != null) {
            c.firingTimersOf(own);
        }
        own.firingTimers(true);
        try {
            return runAllExpired(now);
        } finally {
            own.firingTimers(false);
            if (c != null) {
                c.firingTimersOf(null);
            }
        }
    }

    /**
     * {@code pp} just went idle: its timers, which the waiter left to pp's holder, are the waiter's
     * now; unpark it if it parks past them. Any thread (under sched.lock: takes no lock).
     */
    void pIdled(P pp) {
        long when = pp.timers.minWhen(); // volatile read
        if (when == Long.MAX_VALUE) {
            return;
        }
        M w = waiter.get();
        if (w != null && when < waiterDeadline) {
            w.unpark();
        }
    }

    /**
     * The heap an unarmed timer goes to: the caller's P's if given (a retired one refuses the timer,
     * which then goes to P0's), else the calling goroutine's P's if alive, else P0's.
     */
    @Override
    public TimerHeap heapFor(TimerHeap preferred) {
        if (preferred != null) {
            return preferred;
        }
        G me = Sched.currentG();
        M m = me == null || me.sched != sched ? null : me.m;
        P pp = m == null ? null : m.p; // racy: only picks a heap; a retired one refuses the timer
        if (pp == null || pp.status() == P.DEAD) {
            pp = sched.allp[0];
        }
        return pp.timers;
    }

    @Override
    public TimerHeap fallbackHeap() {
        return sched.allp[0].timers;
    }

    @Override
    public long timeNow() {
        return sched.timeNow();
    }

    @Override
    public void armedDelta(int delta) {
        armed.addAndGet(delta);
    }

    /**
     * A timer was armed for {@code when}: make sure someone wakes for it. The waiter, if its
     * deadline is later; else an idle M, which becomes the waiter; sysmon, if it sleeps deeply.
     * Any thread, after the heap write.
     */
    @Override
    public void added(long when) {
        M w = waiter.get(); // volatile read after the heap's volatile minWhen write
        if (w != null) {
            if (when < waiterDeadline) {
                w.unpark(); // parked, or blocked in the network poll
            }
        } else {
            wakeIdleM();
        }
        sched.sysmon.onTimer(when);
    }

    /**
     * Unparks an idle M so it takes the waiter role. On sysmon's thread inside a round (a timer it
     * fired re-armed a timer) only if sched.lock is free now; else sysmon owes the wake-up to its
     * next round (see {@link SchedLock}). With no M at all, nobody would ever look at the heaps: the
     * default runtime used from plain threads has no carrier and no sysmon until its first goroutine
     * or timer, so {@code wakep} starts an M, which finds no work, parks and becomes the waiter
     * (an M merely between dropping its P and parking needs no help: it reads the heaps when it
     * parks). Not in a runtime built without sysmon: tests drive those by hand, heaps and rounds alike.
     * Any thread.
     */
    void wakeIdleM() {
        M other;
        if (sched.sysmon.inRound()) {
            if (!sched.lock.tryLock()) {
                sched.sysmon.oweTimerWaiter();
                return;
            }
        } else {
            sched.lock.lock();
        }
        try {
            other = sched.midle.peek();
        } finally {
            sched.lock.unlock();
        }
        if (other != null) {
            other.unpark(); // it loops in waitForP and takes the waiter role
        } else if (sched.allm.isEmpty() && sched.config.sysmon) {
            sched.ms.wakep(); // no carrier at all, so nobody would ever look at the heaps: start one
        }
    }

    /**
     * An idle M (no P, parking) asks how long to park: until the earliest timer if it is (or now
     * becomes) the timer waiter, else indefinitely (Long.MAX_VALUE). Own thread.
     */
    long becomeWaiter(M m) {
        if (waiter.get() != m && !waiter.compareAndSet(null, m)) {
            return Long.MAX_VALUE;
        }
        long deadline = earliestUnheld();
        waiterDeadline = deadline; // volatile write, then re-read the heaps: see added() and pIdled()
        long again = earliestUnheld();
        if (again < deadline) {
            waiterDeadline = again;
            return again;
        }
        return deadline;
    }

    /** The M got a P (or the runtime stops): it gives up the waiter role and, if timers remain, wakes another idle M to take it. */
    void leaveWaiter(M m) {
        if (waiter.get() == m && waiter.compareAndSet(m, null)) {
            waiterDeadline = Long.MAX_VALUE;
            if (earliest() != Long.MAX_VALUE || sched.netpoll.anyPending()) { // timers or network: someone must wait for them
                wakeIdleM();
            }
        }
    }

    /** The runtime stops: nothing to release (no timer thread); the waiter sees {@code stopping} on unpark. */
    void shutdown() {
        M w = waiter.get();
        if (w != null) {
            w.unpark();
        }
    }

    /**
     * A park's deadline timer fired and won the wait: its goroutine, WAITING since before the
     * timer was armed, becomes runnable where a sleeper's does in Go: the runnext of the P whose
     * timers this thread fires, else an idle P's runnext ({@link #readyIntoIdleP}), else the
     * global queue. Records when it fired first ({@code G.sleepFiredAt}); the ready publishes it.
     * The firing thread, once per fire, and only by the source that won the park.
     */
    static void readyFromTimer(G g, RuntimeTimer t) {
        t.firedAt(System.nanoTime()); // before the ready below, which publishes it to g (G.sleepFiredAt)
        // The P this thread's g0 fires for in check, the idle M that fires as the timer waiter, or null.
        Object firer = Carrier.firingTimersOfCurrent();
        Timers host = g.sched.timers;
        if (firer instanceof P pp && host == t.host()) {
            g.sched.readyOnHeldP(pp, g);
        } else if (host != t.host() || !host.readyIntoIdleP(g, firer instanceof M m && m.sched == g.sched ? m : null)) {
            g.sched.ready(g);
        }
    }

    /**
     * A sleeper whose timer a thread without a P fired (the timer waiter for an idle P or one in a
     * syscall, sysmon's backstop): as in Go, where the M that runs a timer holds a P and the sleeper
     * goes to that P's runnext, it goes to the runnext of an idle P, which {@code waiter} (the
     * firing timer waiter, still on the idle M list) takes itself, or else a woken M takes. Never
     * the global queue's tail while a P is idle: there it waited behind every goroutine that a time
     * slice or a failed answer sent there, and an M that took it in a global batch ran those first
     * (counted beside 4 hogs at p 2: 848 of 1,000 sleeps readied onto the global queue, most of the
     * samples over 5 ms late "queued after the fire", the worst 66 ms after an on-time fire).
     * Returns false when no P is idle (or sysmon found sched.lock busy): the caller readies g onto
     * the global queue, whose wakep looks for a P again. {@code g} is WAITING. Any thread holding no P.
     */
    boolean readyIntoIdleP(G g, M waiter) {
        SchedLock lock = sched.lock;
        if (sched.sysmon.inRound()) {
            if (!lock.tryLock()) {
                return false; // sysmon never waits on sched.lock (Sysmon, "Never waiting")
            }
        } else {
            lock.lock();
        }
        try { // held to the end: startM's own acquisition is reentrant, and sysmon must not wait for it
            P pp = sched.idlePs.getLocked(); // RUNNING and in transit: ours until an M acquires it
            if (pp == null) {
                return false;
            }
            boolean self = waiter != null && waiter.nextP == null && sched.midle.remove(waiter);
            sched.externalEvents.incrementAndGet(); // as Sched.ready from a thread without a P: before the status change
            g.casStatus(G.WAITING, G.RUNNABLE);
            sched.runqPut(pp, g); // pp's owner while it is in transit
            sched.count(PolicyCounts.Event.TIMER_READY_IDLE_P);
            sched.emit(Trace.Event.GO_READY, g.id, pp.id, -1, -1, 1);
            if (self) {
                // Off the idle list under the lock, so nobody else hands it a P: it takes pp when
                // its wait loop reads nextP, right after this timer run (M.waitForP).
                waiter.nextP = pp;
            } else {
                sched.ms.startM(pp, false);
            }
            return true;
        } finally {
            lock.unlock();
        }
    }
}
