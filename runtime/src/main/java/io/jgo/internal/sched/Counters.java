package io.jgo.internal.sched;

import java.util.concurrent.atomic.LongAdder;

/**
 * Event counts of one runtime, for JMX and {@link SchedStats}. None sits on the paths every
 * goroutine takes (spawn, ready, park, run): pins, handoffs, M wake-ups and M parks are slow paths
 * already (a carrier blocks or is woken, a P changes hands), steals follow a failed local and
 * global look-up; they use striped {@link LongAdder}s, so Ms on different cores never contend on
 * one cache line; preemptions and retakes have a single writer, sysmon. Counts do not depend on the
 * machine's load the way times do, so they are what explains a scaling figure
 * ({@code -Djgo.counts=true} prints them when a {@code Go.run} ends).
 */
final class Counters {

    /** Parks that pinned a carrier; any goroutine thread. */
    final LongAdder pins = new LongAdder();
    /** Calls of {@code handoffP}; any thread. */
    final LongAdder handoffs = new LongAdder();
    /** Ms woken (or started) to run a P ({@code startM}): each a futex wake-up of a carrier; any thread. */
    final LongAdder mWakeups = new LongAdder();
    /** Ms that went idle and parked without a P ({@code stopM}); the M's own thread. */
    final LongAdder mParks = new LongAdder();
    /** Gs a spinning M took from another P's queue; the thief's thread. */
    final LongAdder steals = new LongAdder();
    /** Yields the stress mode forced ({@code -Djgo.stress}); the yielding goroutine's carrier. */
    final LongAdder stressYields = new LongAdder();
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
