package io.jgo.internal.sched;

/**
 * Where runnable goroutines go and in which order an M looks for them: the scheduler's placement and
 * selection policy, with its numbers named (Go's names in the comments). The mechanisms (the rings,
 * the global queue, stealing, waking Ms) live in their own classes and ask this one; a new policy
 * is written here, and in the one call site that asks it.
 *
 * <h2>Placement (where a G goes)</h2>
 * <ul>
 *   <li>A new or readied G goes to the current P's {@code runnext}, and the G it displaces to the
 *       ring's tail ({@code Sched.runqPut}); a G readied from outside a P goes to the global queue.</li>
 *   <li>A full ring moves half of itself plus the new G to the global queue
 *       ({@link #LOCAL_RUN_QUEUE_SLOTS}, Go's {@code runqputslow}).</li>
 *   <li>{@code Gosched} and preemption put the G on the global queue (Go's {@code goschedImpl}).</li>
 *   <li>Whether a ready wakes an M: {@link #wakeAfterLocalReady} (the lazy wake, not Go).</li>
 * </ul>
 *
 * <h2>Selection (what {@code M.findRunnable} takes, in order)</h2>
 * Timers due on the P; on every {@link #GLOBAL_CHECK_INTERVAL}th schedule tick one G from the global
 * queue ({@link #takeGlobalFirst}); the P's own {@code runnext} and ring; a batch from the global
 * queue ({@link #globalBatchSize}); the network poller; then {@link #STEAL_PASSES} passes stealing
 * half of another P's ring, {@code runnext} only on the last pass and after
 * {@link #STEAL_RUNNEXT_BACKOFF_NANOS}; then the P is dropped and the M parks.
 *
 * <p>Threads: the constants are constants; the one instance per runtime is immutable after its
 * construction (its settings come from {@link Config}), so any thread may ask it without a fence.
 */
final class RunPolicy {

    /**
     * Slots of a P's local ring (Go's {@code len(p.runq)}, 256): a put into a full ring moves half of
     * it to the global queue ({@code runqputslow}).
     */
    static final int LOCAL_RUN_QUEUE_SLOTS = 256;

    /**
     * Every this many schedule ticks {@code findRunnable} looks at the global queue before the local
     * one (Go: {@code pp.schedtick%61 == 0} in {@code findRunnable}), or two goroutines that keep
     * respawning each other in {@code runnext} could starve it for ever. 61 is prime, so the check
     * does not fall into step with a periodic workload.
     */
    static final int GLOBAL_CHECK_INTERVAL = 61;

    /**
     * Steal passes over the Ps before an M gives up (Go's {@code stealTries = 4} in {@code stealWork});
     * {@code runnext} is taken only on the last one.
     */
    static final int STEAL_PASSES = 4;

    /**
     * How long a thief waits before taking a running P's {@code runnext} (Go's {@code usleep(3)} in
     * {@code runqgrab}): the G there was most likely just readied by that P's goroutine, which is
     * about to block and run it itself.
     */
    static final long STEAL_RUNNEXT_BACKOFF_NANOS = 3_000;

    /** {@code -Djgo.lazyWake} ({@link Config}): see {@link #wakeAfterLocalReady}. */
    private final boolean lazyWake;

    RunPolicy(Config config) {
        this.lazyWake = config.lazyWake;
    }

    /**
     * Is schedule tick {@code schedtick} one on which {@code findRunnable} takes one G from the global
     * queue before its local queue ({@link #GLOBAL_CHECK_INTERVAL})? Beyond Go, the caller puts the
     * look off once per tick when the timers just readied a sleeper into {@code runnext}
     * ({@code M.findRunnable}).
     */
    static boolean checkGlobalFirst(long schedtick) {
        return schedtick % GLOBAL_CHECK_INTERVAL == 0;
    }

    /**
     * {@code findRunnable}'s fairness look, on {@code pp} whose global queue is not empty: take one G
     * from the global queue before the local one now? On every {@link #GLOBAL_CHECK_INTERVAL}th tick
     * ({@link #checkGlobalFirst}), or two goroutines that keep respawning each other in runnext could
     * starve it for ever. Beyond Go: not ahead of a sleeper the timers just readied into runnext
     * ({@code sleeperNext}), once per tick (recorded in {@link P#globalPutOffAt}). Go's order runs a
     * goroutine from the global queue (a preempted hog, with a whole slice) before the sleeper, one
     * sleep in 61: beside 4 hogs at one P, 13 of 1,000 1 ms sleeps ran 11 to 29 ms late. The sleeper
     * inherits the tick, so the next look, right after it, takes the global G. Holder of pp.
     */
    static boolean takeGlobalFirst(P pp, boolean sleeperNext) {
        if (!checkGlobalFirst(pp.schedtick)) {
            return false;
        }
        if (sleeperNext && pp.globalPutOffAt != pp.schedtick) {
            pp.globalPutOffAt = pp.schedtick; // put off once; the next look on this tick takes it
            return false;
        }
        return true;
    }

    /**
     * The most Gs one global batch takes into a ring of {@code ringCapacity} slots: half of it (Go:
     * {@code len(pp.runq)/2}, 128), so that they fit into the taker's ring, empty at that point.
     */
    static int globalBatchMax(int ringCapacity) {
        return ringCapacity / 2;
    }

    /**
     * How many Gs one batch from a global queue of {@code size} takes (Go's {@code globrunqget}):
     * {@code min(size/gomaxprocs + 1, size, max)}, a fair share for each P, at least one.
     */
    static int globalBatchSize(int size, int gomaxprocs, int max) {
        return Math.min(Math.min(size / gomaxprocs + 1, size), max);
    }

    /**
     * Must a ready that put its G into the readier's {@code runnext} wake an M ({@code wakep}), now
     * that the readier's ring holds {@code queuedOnReadiersP} Gs, runnext included? Go always wakes.
     *
     * <p><b>Lazy wake-up</b> (tokio's LIFO slot, not Go): when nothing else is queued on that P, no M
     * is woken. The readier nearly always blocks next (a channel hand-off, an unlock before a wait),
     * and its P then runs the G at once, on the same core with warm caches; waking an M for it costs
     * a futex wake, a spinning carrier and often a cross-core steal, which is why a second P made
     * hand-off workloads slower. A second ready on the P (the G is kicked into the ring) wakes as
     * usual, and a readier that runs on instead is covered by sysmon, which wakes an M for work
     * queued behind a running G across two of its rounds ({@code Sysmon.watch}).
     * {@code -Djgo.lazyWake=false} restores Go's wake on every ready. Racy read by the caller of its
     * own P's queue: exact for that P's holder.
     */
    boolean wakeAfterLocalReady(int queuedOnReadiersP) {
        return !lazyWake || queuedOnReadiersP > 1;
    }
}
