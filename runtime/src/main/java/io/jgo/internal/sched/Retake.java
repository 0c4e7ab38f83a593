package io.jgo.internal.sched;

import io.jgo.internal.cont.StackAccess;

/**
 * Sysmon's decisions about one P (Go's {@code retake} and {@code preemptone} in {@code proc.go}):
 * ask the goroutine that has run a whole slice, or that keeps a due timer waiting, to yield; take
 * the P from one that does not answer in time, and from an M in a syscall that lasts. Sysmon's
 * round thread only; the per-P bookkeeping is {@link P.SysmonTick}, which only that thread touches.
 */
final class Retake {

    private final Sched sched;
    private final Sysmon sysmon;

    Retake(Sched sched, Sysmon sysmon) {
        this.sched = sched;
        this.sysmon = sysmon;
    }

    /**
     * The late-timer duty for a RUNNING {@code pp} whose earliest timer is due at {@code due}: ask its
     * goroutine to yield once the timer is {@link Sysmon#TIMER_PREEMPT_NS} late, and retake the P if the
     * ask is still unanswered (same schedule tick) {@link Sysmon#TIMER_RETAKE_NS} later. Returns -1 if it
     * retook the P, else 0; records when the next decision falls due.
     */
    int lateTimer(P pp, P.SysmonTick pd, int tick, long due, long now) {
        if (pd.timerAsked && (pd.timerAskTick != tick || pd.timerAskGoid != goidOn(pp)
                || pd.timerAskBatches != pp.timers.batchesRun() || pp.firingTimersOpaque())) {
            // Answered: the P scheduled since (and ran its timers), another G runs now, someone
            // ran the heap, or the holder's g0 is firing timers now, its own or another P's (a sleep
            // storm keeps thousands due, and the schedule tick does not move while g0 fires them;
            // a holder running another P's overdue heap was itself marked and raided back).
            pd.timerAsked = false;
        }
        long askAt = due + Sysmon.TIMER_PREEMPT_NS;
        if (askAt > now) {
            sysmon.nextTimerDecision = Math.min(sysmon.nextTimerDecision, askAt);
            return 0;
        }
        if (!pd.timerAsked) {
            G asked = preemptOne(pp);
            pd.timerAskGoid = asked == null ? -1 : asked.id; // -1: nobody to ask (g0 between goroutines), see below
            pd.timerAsked = true;
            pd.timerAskTick = tick;
            pd.timerAskWhen = now;
            pd.timerAskBatches = pp.timers.batchesRun();
        } else if (pd.timerAskWhen + Sysmon.TIMER_RETAKE_NS <= now) {
            pd.timerAsked = false; // the next round asks again, whoever runs on the P then
            askAnotherHolder(pp, pd);
            if (pd.timerAskGoid >= 0 && retakeRunning(pp, pd.timerAskGoid)) {
                freshSlice(pd, tick, now);
                return -1;
            }
            // Nobody to take the P from: its M is on g0 between goroutines, or the P is in transit to
            // a new M after a retake. Either runs the heap at the top of findRunnable before any
            // goroutine and readies the sleeper into this P's runnext (Go: only a P's holder runs its
            // timers; sysmon merely wakes an M). sysmon never fires a running P's timer itself: what
            // it readies has no P, so it went to the global queue's tail, behind every goroutine a time
            // slice sent there, and waited a slice per goroutine ahead of it (counted at one P beside 4
            // hogs: 30 of 1,000 sleeps fired by sysmon, 22 of them over 10 ms late, the worst 67 ms).
            return 0;
        }
        sysmon.nextTimerDecision = Math.min(sysmon.nextTimerDecision, pd.timerAskWhen + Sysmon.TIMER_RETAKE_NS);
        return 0;
    }

    /**
     * The goroutine asked to yield for {@code late}'s overdue timer has not answered (its carrier
     * may be waiting for a CPU, or nobody runs on the P): marks the timer overdue and asks the
     * goroutine on one other running P to yield, so that P's holder, if its carrier has a CPU now,
     * runs the timer at its next schedule and the sleeper runs there next ({@code
     * Timers.runOverdueFor}). Go's Ps run one another's timers only when they look for work; here no
     * P may ever look (every one holds a hog), and the retake that follows waits for a woken M to
     * get a CPU. The Ps are tried round-robin from the one after {@code late}. The mark records
     * {@code late}'s schedule tick and heap batch count at the ask ({@code pd}; unchanged since, or
     * the ask would count as answered), so the holder that takes it leaves the heap alone if late's
     * own holder has scheduled or run it since. Round thread only.
     */
    void askAnotherHolder(P late, P.SysmonTick pd) {
        sched.timers.markOverdue(late, pd.timerAskTick, pd.timerAskBatches);
        P[] all = sched.procs.all();
        int n = all.length;
        int from = 0;
        for (int i = 0; i < n; i++) {
            if (all[i] == late) {
                from = i;
                break;
            }
        }
        for (int k = 1; k < n; k++) {
            P other = all[(from + k) % n];
            if (other.status() == P.RUNNING && preemptOne(other) != null) {
                sched.count(PolicyCounts.Event.TIMER_ASK_OTHER);
                return;
            }
        }
    }

    /**
     * A P sysmon just retook starts a fresh time slice for whoever holds it next. Its new M may run
     * the P's runnext G, which inherits the slice and so leaves the schedule tick as it was: judged on
     * the old holder's slice, that G would lose the P in the very next round without ever being
     * asked to yield (seen as a goroutine that spun unasked for 30 s: without a P nobody asks it).
     */
    static void freshSlice(P.SysmonTick pd, int tick, long now) {
        pd.schedtick = tick;
        pd.schedwhen = now;
        pd.timerAsked = false;
        pd.askGoid = -1;
        pd.timerAskGoid = -1;
    }

    /** The id of the G running on {@code pp} now, or -1; racy reads of {@code pp.m} and {@code m.curg}. */
    static long goidOn(P pp) {
        M m = pp.m;
        G g = m == null ? null : m.curg;
        return g == null ? -1 : g.id;
    }

    /**
     * Go's {@code preemptone}: asks the G running on {@code pp} to yield at its next prologue (a CAS
     * on its attention word: no lock). Returns that G, or null when nobody was asked.
     */
    G preemptOne(P pp) {
        M m = pp.m;
        G g = m == null ? null : m.curg;
        if (g == null || g.status() != G.RUNNING) {
            return null; // nobody running, or in a syscall: preemption cannot work there
        }
        StackAccess.requestPreempt(g.stack);
        sched.emit(Trace.Event.PREEMPT, g.id, pp.id, m.id, -1, 0);
        sched.counters.preempted();
        sched.listener.preempted(sched, g.id, pp.id, m.id);
        return g;
    }

    /** The syscall half of Go's {@code retake}; true if sysmon took the P and handed it off. */
    boolean retakeSyscall(P pp, P.SysmonTick pd, long now, boolean sysretake) {
        int tick = pp.syscalltickOpaque();
        if (!sysretake && pd.syscalltick != tick) { // a syscall we have not watched for a whole tick yet
            pd.syscalltick = tick;
            pd.syscallwhen = now;
            return false;
        }
        // Do not retake a P nobody needs (its queue is empty and an M spins or idles to take new
        // work), but do so eventually, or it keeps sysmon out of its deep sleep.
        if (pp.runq.isEmpty() && sched.spinning.count() + sched.idlePs.count() > 0 && pd.syscallwhen + Sysmon.SYSCALL_RETAKE_NS > now) {
            return false;
        }
        M m = pp.m; // racy read for the trace only
        if (!pp.casStatus(P.SYSCALL, P.RUNNING)) {
            return false; // the syscall ended and its M took the P back first
        }
        pp.m = null; // the P is ours, in transit to handoffP
        pp.syscalltick++;
        sched.emit(Trace.Event.RETAKE, -1, pp.id, m == null ? -1 : m.id, -1, 0);
        sched.counters.retook();
        sched.listener.retaken(sched, -1, pp.id, m == null ? -1 : m.id, true);
        sysmon.handOff(pp);
        return true;
    }

    /**
     * Takes {@code pp} from the M whose goroutine (id {@code asked}) has not answered a preemption request
     * in time; true if it did and handed it off. Only that goroutine: another one running on the P now
     * was never asked. See the class comment of {@link G} for the race with the G's own thread.
     */
    boolean retakeRunning(P pp, long asked) {
        M m = pp.m;
        G g = m == null ? null : m.curg;
        if (g == null || g.id != asked || g.sched != sched || !g.tryScan()) {
            return false; // nobody running, or not RUNNING (parked, in a syscall, claimed by its own thread)
        }
        // We hold the status word: the G's thread cannot leave RUNNING or change m.p now.
        if (g.m != m || m.curg != g || m.p != pp || pp.m != m || pp.status() != P.RUNNING) {
            g.endScan(G.RUNNING); // what we read changed under us; look again next round
            return false;
        }
        m.p = null;
        pp.m = null;
        g.retaken = true;
        g.endScan(G.SYSCALL); // volatile write: the G's thread sees SYSCALL and the two writes above
        sched.emit(Trace.Event.RETAKE, g.id, pp.id, m.id, -1, 1);
        sched.counters.retook();
        sched.listener.retaken(sched, g.id, pp.id, m.id, false);
        sysmon.handOff(pp);
        return true;
    }
}
