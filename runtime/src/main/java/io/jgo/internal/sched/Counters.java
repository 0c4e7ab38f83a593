package io.jgo.internal.sched;

import java.util.concurrent.atomic.LongAdder;

/**
 * Event counts of one runtime, for JMX and {@link SchedStats}. None sits on the paths every
 * goroutine takes (spawn, ready, park, run): pins and handoffs are slow paths already (a carrier
 * blocks, a P changes hands) and use striped {@link LongAdder}s, so Ms on different cores never
 * contend on one cache line; preemptions and retakes have a single writer, sysmon.
 */
final class Counters {

    /** Parks that pinned a carrier; any goroutine thread. */
    final LongAdder pins = new LongAdder();
    /** Calls of {@code handoffP}; any thread. */
    final LongAdder handoffs = new LongAdder();
    /**
     * Written only by sysmon's thread (or a test driving its rounds by hand, with the thread off),
     * so a plain increment of the volatile loses nothing; the volatile write publishes it to readers.
     */
    private volatile long preemptions;
    /** As {@link #preemptions}: sysmon only. */
    private volatile long retakes;

    /** sysmon asked a goroutine to yield. sysmon's thread only. */
    @SuppressWarnings("NonAtomicOperationOnVolatileField") // single writer, see the field comment
    void preempted() {
        preemptions++;
    }

    /** sysmon took a P. sysmon's thread only. */
    @SuppressWarnings("NonAtomicOperationOnVolatileField")
    void retook() {
        retakes++;
    }

    long preemptions() {
        return preemptions;
    }

    long retakes() {
        return retakes;
    }
}
