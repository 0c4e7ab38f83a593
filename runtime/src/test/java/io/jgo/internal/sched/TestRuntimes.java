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

    /** Gs on the global run queue now. */
    public static int globalQueueSize(Sched s) {
        return s.global.size();
    }
}
