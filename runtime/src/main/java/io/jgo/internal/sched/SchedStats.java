package io.jgo.internal.sched;

/**
 * One reading of a runtime's scheduler state: what the SCHED line, the {@code jgo.Scheduler} JFR
 * event and the JMX bean show. Racy by design, as Go's {@code schedtrace}: each field is one read of
 * a counter that moves on while the next is read, so the fields need not add up. Any thread; takes
 * {@code sched.lock} only for the idle-M count, as Go does.
 */
public final class SchedStats {

    /** Milliseconds since the runtime started. */
    public final long uptimeMillis;
    /** GOMAXPROCS. */
    public final int gomaxprocs;
    /** Ps on the idle list (Go's {@code npidle}). */
    public final int idleProcs;
    /** Ms alive: carriers plus M0 (Go's {@code mcount}, without sysmon's thread). */
    public final int threads;
    /** Ms looking for work (Go's {@code nmspinning}). */
    public final int spinningThreads;
    /** 1 when a spinning M asked the next M that drops its P to spin instead (Go's {@code needspinning}). */
    public final int needSpinning;
    /** Ms parked without a P (Go's {@code nmidle}). */
    public final int idleThreads;
    /** Gs on the global run queue (Go's {@code runqsize}). */
    public final int globalQueue;
    /** Gs on each P's local ring (runnext included), index = P id. */
    private final int[] localQueues;
    /** Live goroutines (Go's {@code gcount}). */
    public final long goroutines;
    /** Parks that pinned a carrier instead of unwinding, since the runtime started. */
    public final long pins;
    /** Preemption requests sysmon made. */
    public final long preemptions;
    /** Ps handed from an M that blocks (syscall, pinned park, retake) to another M or the idle list. */
    public final long handoffs;
    /** Ps sysmon took from a syscall or an unresponsive goroutine. */
    public final long retakes;
    /** Ms woken or started to run a P (each a thread wake-up). */
    public final long mWakeups;
    /** Ms that parked for want of work. */
    public final long mParks;
    /** Gs taken from another P's run queue. */
    public final long steals;
    /** Yields forced by the stress mode ({@code -Djgo.stress}). */
    public final long stressYields;
    /** The policy counts ({@link PolicyCounts#text}), or null when the runtime does not count them ({@code -Djgo.counts}). */
    public final String policyCounts;

    private SchedStats(Sched s) {
        P[] allp = s.allp; // volatile read: the array of this resize
        int idleM;
        s.lock.lock();
        try {
            idleM = s.midle.size();
        } finally {
            s.lock.unlock();
        }
        uptimeMillis = s.uptimeNanos() / 1_000_000;
        gomaxprocs = allp.length;
        idleProcs = s.idlePs.count();
        threads = s.allm.size();
        spinningThreads = s.spinning.count();
        needSpinning = s.spinning.spinnerRequested() ? 1 : 0;
        idleThreads = idleM;
        globalQueue = s.global.size();
        localQueues = new int[allp.length];
        for (int i = 0; i < allp.length; i++) {
            localQueues[i] = allp[i].runq.size();
        }
        goroutines = s.numGoroutine();
        pins = s.counters.pins.sum();
        preemptions = s.counters.preemptions();
        handoffs = s.counters.handoffs.sum();
        retakes = s.counters.retakes();
        mWakeups = s.counters.mWakeups.sum();
        mParks = s.counters.mParks.sum();
        steals = s.counters.steals.sum();
        stressYields = s.counters.stressYields.sum();
        policyCounts = s.policyCounts == null ? null : s.policyCounts.text();
    }

    /** The event counts on one line, for {@code -Djgo.counts=true}. */
    public String countsText() {
        return "wakeups=" + mWakeups + " mparks=" + mParks + " steals=" + steals + " handoffs=" + handoffs
                + " pins=" + pins + " preemptions=" + preemptions + " retakes=" + retakes + " stressYields=" + stressYields
                + (policyCounts == null ? "" : " " + policyCounts);
    }

    /** Reads {@code sched} now. Any thread. */
    public static SchedStats of(Sched sched) {
        return new SchedStats(sched);
    }

    /** A copy of the per-P run-queue lengths, index = P id. */
    public int[] localQueues() {
        return localQueues.clone();
    }

    /** The per-P run-queue lengths as Go prints them: {@code [0 3 1]}. */
    public String localQueuesText() {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < localQueues.length; i++) {
            b.append(i == 0 ? "" : " ").append(localQueues[i]);
        }
        return b.append(']').toString();
    }

    /** Gs on all local rings together. */
    public long localQueued() {
        long n = 0;
        for (int q : localQueues) {
            n += q;
        }
        return n;
    }
}
