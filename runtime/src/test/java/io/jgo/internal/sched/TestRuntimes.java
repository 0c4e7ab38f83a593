package io.jgo.internal.sched;

/**
 * Test-only door into the scheduler for the test packages the agent rewrites ({@code io.jgo.it.sched}):
 * their goroutines really unwind, but they cannot reach this package's package-private settings and
 * state. This class is test code in a package the agent skips; it suspends nothing itself.
 */
public final class TestRuntimes {

    private TestRuntimes() {
    }

    /** A runtime of {@code procs} Ps that reports its decisions to {@code trace} (may be null). */
    public static Sched traced(String name, int procs, Trace trace) {
        return new Sched(new Config().maxProcs(procs).trace(trace).name(name));
    }

    /** The same with local run queues of {@code runqCapacity} slots (a power of two). */
    public static Sched traced(String name, int procs, int runqCapacity, Trace trace) {
        return new Sched(new Config().maxProcs(procs).runqCapacity(runqCapacity).trace(trace).name(name));
    }

    /**
     * A traced runtime whose sysmon never preempts nor retakes a running goroutine's P
     * ({@code -Djgo.preempt=off}) but still retakes Ps from syscalls: a carrier blocked in a call
     * nobody wrapped keeps its P for good, so a test sees what the rewrite's syscall entry does.
     */
    public static Sched tracedWithoutPreemption(String name, int procs, Trace trace) {
        return new Sched(new Config().maxProcs(procs).trace(trace).preempt(false).name(name));
    }

    /**
     * A runtime of {@code procs} Ps without a sysmon thread: nothing retakes a P from a blocked
     * carrier, so a test sees what the rewrite's own handoffs do (a hang is the failure).
     */
    public static Sched withoutSysmon(String name, int procs) {
        return new Sched(new Config().maxProcs(procs).sysmon(false).name(name));
    }

    /** The same, reporting its decisions to {@code trace}. */
    public static Sched withoutSysmonTraced(String name, int procs, Trace trace) {
        return new Sched(new Config().maxProcs(procs).sysmon(false).trace(trace).name(name));
    }

    /**
     * A runtime of {@code procs} Ps whose deadlock check warns after {@code doubtMillis} of doubt
     * (instead of 10 s); run its main goroutine with {@code runMain}.
     */
    public static Sched withDoubtAfter(String name, int procs, long doubtMillis) {
        return new Sched(new Config().maxProcs(procs).doubtNanos(doubtMillis * 1_000_000L).name(name));
    }

    /** A runtime of {@code procs} Ps that records each go statement's frame for dumps ({@code -Djgo.tracebackancestors}). */
    public static Sched withTracebackAncestors(String name, int procs) {
        return new Sched(new Config().maxProcs(procs).tracebackAncestors(true).name(name));
    }

    /** A runtime of {@code procs} Ps named {@code name}, otherwise as configured by default. */
    public static Sched withProcs(String name, int procs) {
        return new Sched(new Config().maxProcs(procs).name(name));
    }

    /**
     * A traced runtime of {@code procs} Ps without a sysmon thread, whose sysmon decides on
     * {@code clock}: the test runs its rounds by hand ({@link #sysmonRound}).
     */
    public static Sched handDriven(String name, int procs, Trace trace, java.util.function.LongSupplier clock) {
        return new Sched(new Config().maxProcs(procs).trace(trace).sysmon(false).clock(clock).name(name));
    }

    /** One sysmon round at {@code now} (a {@link #handDriven} runtime); returns how many Ps it retook. */
    public static int sysmonRound(Sched s, long now) {
        return s.sysmon.round(now);
    }

    /** sysmon's time slice. */
    public static long timeSliceNanos() {
        return Sysmon.FORCE_PREEMPT_NS;
    }

    /** The earliest timer on P {@code p}'s heap, or Long.MAX_VALUE. */
    public static long earliestTimerOf(Sched s, int p) {
        return s.allp[p].timers.minWhen();
    }

    /**
     * Sets P {@code p}'s schedule tick, as if {@code tick} goroutines had been scheduled on it (the
     * 1-in-61 look at the global queue falls on multiples of 61). The P's holder only: a goroutine
     * running on it.
     */
    public static void setScheduleTick(Sched s, int p, int tick) {
        s.allp[p].schedtick = tick;
    }

    /** Is there a timer waiter (an idle M parked for timers), parked without a deadline? Racy. */
    public static boolean timerWaiterHasNoDeadline(Sched s) {
        return s.timers.waiter() != null && s.timers.waiterDeadline() == Long.MAX_VALUE;
    }

    /** Gs on the global run queue now. */
    public static int globalQueueSize(Sched s) {
        return s.global.size();
    }

    /** A runtime of {@code procs} Ps, with or without sysmon's preemption. */
    public static Sched withProcs(String name, int procs, boolean preempt) {
        return new Sched(new Config().maxProcs(procs).preempt(preempt).name(name));
    }

    /** A runtime of {@code procs} Ps that counts its policy decisions ({@code -Djgo.counts=true}, {@link PolicyCounts}). */
    public static Sched counting(String name, int procs) {
        Config c = new Config().maxProcs(procs).name(name);
        c.printCounts = true;
        return new Sched(c);
    }

    /** The policy count labelled {@code label} ({@code wakep-locked}, ...) of a {@link #counting} runtime. */
    public static long policyCount(Sched s, String label) {
        for (PolicyCounts.Event e : PolicyCounts.Event.values()) {
            if (e.label.equals(label)) {
                return s.policyCounts.get(e);
            }
        }
        throw new IllegalArgumentException("no policy count named " + label);
    }

    /**
     * Takes an idle P off the idle list and keeps it in transit (RUNNING, held by no M), as after a
     * retake: no M can hold it, and sysmon has nobody on it to ask. Returns its id; give it back
     * with {@link #returnIdleP}.
     */
    public static int takeIdleP(Sched s) {
        P pp = s.idlePs.get();
        if (pp == null) {
            throw new IllegalStateException("no idle P");
        }
        return pp.id;
    }

    /** Puts P {@code p}, taken by {@link #takeIdleP}, back on the idle list. */
    public static void returnIdleP(Sched s, int p) {
        s.idlePs.put(s.allp[p], P.RUNNING);
    }

    /** Arms a timer for {@code when} (the runtime's clock) on P {@code p}'s heap that runs {@code fn}. */
    public static void armTimerOn(Sched s, int p, long when, Runnable fn) {
        s.newTimer(t -> fn.run()).resetAt(when, s.allp[p].timers);
    }

    /** Inside a timer's function: the id of the P whose holder's g0 fires it, or -1 (a thread without a P). */
    public static int firingForP() {
        return io.jgo.internal.cont.Carrier.firingTimersOfCurrent() instanceof P pp ? pp.id : -1;
    }

    /** The id of the P the calling goroutine runs on, or -1. */
    public static int currentP() {
        G g = Sched.currentG();
        P pp = g == null || g.m == null ? null : g.m.p;
        return pp == null ? -1 : pp.id;
    }

    /** Has sysmon asked the calling goroutine to yield (a request it has not answered yet)? */
    public static boolean preemptRequested() {
        return (Sched.currentG().stack.attention & io.jgo.internal.Stack.PREEMPT) != 0;
    }

    /**
     * As if P {@code p}'s holder had scheduled a goroutine on a new time slice (its schedule tick moves
     * on). For a P in transit ({@link #takeIdleP}), which no M holds to write the tick itself.
     */
    public static void scheduleTickOn(Sched s, int p) {
        s.allp[p].schedtick++;
    }

    /** As if P {@code p}'s holder's g0 started ({@code true}) or stopped firing timers (its own or another P's). */
    public static void firingTimersOn(Sched s, int p, boolean on) {
        s.allp[p].firingTimers(on);
    }

    /** Runs P {@code p}'s timers due at {@code now}, as its holder's g0 would; returns how many fired. */
    public static int runTimersOf(Sched s, int p, long now) {
        return s.allp[p].timers.runExpired(now);
    }

    /** Has sysmon marked a running P's timer overdue, for the next P holder that schedules to run? */
    public static boolean timerMarkedOverdue(Sched s) {
        return s.timers.overdueMarked();
    }

    /** sysmon's late-timer thresholds: when it asks a busy P's goroutine to yield, and how long that ask may go unanswered. */
    public static long[] lateTimerNanos() {
        return new long[] {Sysmon.TIMER_PREEMPT_NS, Sysmon.TIMER_RETAKE_NS};
    }
}
