package io.jgo.internal.observe;

/**
 * A jgo runtime seen through JMX ({@code io.jgo:type=Runtime,name=NAME}), in jconsole, VisualVM or
 * any JMX client: the fields of Go's SCHED line, the goroutine count, event counters since the
 * runtime started, GOMAXPROCS (writable), and a goroutine dump. Values are racy readings, as
 * Go's {@code schedtrace}.
 */
public interface GoRuntimeMXBean {

    /** The runtime's name (the {@code name} key of the ObjectName). */
    String getName();

    /** Live goroutines ({@code Go.numGoroutine()}). */
    long getGoroutines();

    /** GOMAXPROCS. */
    int getGomaxprocs();

    /** Sets GOMAXPROCS ({@code Go.maxProcs(n)}); n must be at least 1. */
    void setGomaxprocs(int n);

    /** Ms alive: carrier threads plus M0. */
    int getThreads();

    /** Ms parked without a P. */
    int getIdleThreads();

    /** Ms looking for work. */
    int getSpinningThreads();

    /** Ps on the idle list. */
    int getIdleProcs();

    /** Goroutines on the global run queue. */
    int getGlobalRunQueue();

    /** Each P's local run queue length, index = P id. */
    int[] getLocalRunQueues();

    /** Suspensions that pinned a carrier instead of unwinding. */
    long getPins();

    /**
     * The frames that pinned most, with their counts, process-wide, as printed at exit under
     * {@code -Djgo.pinReport} (without it, counted nowhere: the report says how to turn it on).
     */
    String getPinReport();

    /** Preemption requests sysmon made. */
    long getPreemptions();

    /** Ps handed off by an M about to block (syscall, pinned park, retake). */
    long getHandoffs();

    /** Ps sysmon took from a long syscall or an unresponsive goroutine. */
    long getRetakes();

    /** Milliseconds since the runtime started. */
    long getUptimeMillis();

    /** Every goroutine of the runtime in Go's format ({@code Go.dumpGoroutines()}). */
    String dumpGoroutines();
}
