package io.jgo.internal.sched;

/**
 * A processor (Go's {@code p}): the right to run goroutines. An M must hold a P to execute a G;
 * there are {@code GOMAXPROCS} of them. A P carries the local run queue, the local free-G list and
 * the schedule tick.
 *
 * <h2>Status: who owns the P</h2>
 * <dl>
 *   <dt>{@link #IDLE}</dt>
 *   <dd>On the scheduler's idle list ({@link Sched#pidleGet}); owned by {@code sched.lock}.</dd>
 *   <dt>{@link #RUNNING}</dt>
 *   <dd>Held by one M ({@link #m}), or in transit to one ({@code M.nextP}). Only the holder touches
 *       the run queue's owner side, the free list and the tick.</dd>
 *   <dt>{@link #DEAD}</dt>
 *   <dd>Retired by a GOMAXPROCS shrink; owned by {@code sched.lock}, reused by a later grow.</dd>
 * </dl>
 * {@link #retiring} is set under {@code sched.lock} by a shrink while an M holds the P; that M
 * retires it at its next safe point.
 */
final class P {

    static final int IDLE = 0;
    static final int RUNNING = 1;
    static final int DEAD = 2;

    final int id;
    final LocalRunQueue<G> runq;
    /** Owner only; see the class comment. */
    final GFree.Local gFree = new GFree.Local();
    /** Incremented on every schedule that does not inherit a time slice; owner only, read racily by traces. */
    int schedtick;
    /** Written under sched.lock or by the holder handing it over; volatile for racy readers (steal, traces). */
    volatile int status = IDLE;
    /** The holding M; written by acquire/release (holder), read racily by dumps. */
    volatile M m;
    /** Set under sched.lock by a GOMAXPROCS shrink; read by the holder at safe points. */
    volatile boolean retiring;
    /** Idle-list link; guarded by sched.lock. */
    P link;
    /** Goroutine-id cache (Go's goidcache): [idNext, idEnd); owner only. */
    long idNext;
    long idEnd;

    P(int id, int runqCapacity) {
        this.id = id;
        this.runq = new LocalRunQueue<>(runqCapacity);
    }

    @Override
    public String toString() {
        return "P" + id;
    }
}
