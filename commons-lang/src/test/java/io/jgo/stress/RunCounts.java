package io.jgo.stress;

import io.jgo.internal.sched.Runtimes;
import io.jgo.internal.sched.Sched;
import io.jgo.internal.sched.SchedStats;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the scheduler counted over every {@code Go.run} of this JVM: each test method runs in a
 * runtime of its own ({@link InGoroutines}), whose counts ({@link SchedStats}, the {@code jgo-counts}
 * line of {@code -Djgo.counts}) end with it, so they are added up here for the report
 * ({@link RunReport}). The harness reads the scheduler's own statistics class: a test of the
 * runtime's behaviour on code nobody here wrote, not an application, so it is allowed the look.
 *
 * <p>Written by JUnit's thread after each {@code Go.run} has returned (its carriers stopped, so its
 * counters no longer move); read by {@link RunReport} at the end of the test plan, on the same thread.
 */
final class RunCounts {

    /** {@code Go.run}s whose counts were added. */
    static final LongAdder RUNS = new LongAdder();
    /** Yields forced by {@code -Djgo.stress}: the suspensions taken in rewritten code. */
    static final LongAdder STRESS_YIELDS = new LongAdder();
    /** Parks that pinned a carrier instead of unwinding. */
    static final LongAdder PINS = new LongAdder();
    /** Preemption requests of sysmon (a test that ran long enough to be asked to yield). */
    static final LongAdder PREEMPTIONS = new LongAdder();

    private RunCounts() {
    }

    /** The runtime of the calling goroutine, to be {@link #add added} once its {@code Go.run} returns. */
    static Sched currentRuntime() {
        return Runtimes.ofCurrentGoroutine();
    }

    /** Adds the counts of {@code runtime}, whose {@code Go.run} has returned (null: nothing to add). */
    static void add(Sched runtime) {
        if (runtime == null) {
            return;
        }
        SchedStats stats = SchedStats.of(runtime);
        RUNS.increment();
        STRESS_YIELDS.add(stats.stressYields);
        PINS.add(stats.pins);
        PREEMPTIONS.add(stats.preemptions);
    }
}
