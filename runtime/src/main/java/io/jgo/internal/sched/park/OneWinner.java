package io.jgo.internal.sched.park;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The one-winner rule of the park seam: several sources race to end one wait, and exactly one of
 * them wins, by one CAS of an outcome word away from {@link #WAITING}. A loser's CAS fails and it
 * leaves the wait alone: the winner alone readies the party. The wakers of a select's cases
 * ({@link SelectWait}: whichever channel fires first) and the sources of a {@code park.Park} (its
 * wake, deadline, interrupt and cancellation) follow this rule through this class; a wait with one
 * possible waker ({@link Waiter} on one queue) needs no CAS, since the primitive's lock already
 * decides who dequeues it.
 *
 * <p>The word is volatile: a winner's writes before its CAS (the value it hands over, what it
 * records) are visible to whoever reads a non-{@code WAITING} outcome; the winner's CAS is a full
 * fence, paired with every loser's failed CAS. A loser that reads a non-{@code WAITING} outcome
 * first skips the CAS (one read instead of a contended RMW).
 */
public abstract class OneWinner {

    /** The outcome while no source has won. */
    public static final int WAITING = 0;

    /** {@link #WAITING}, then the winner's outcome, once per wait: CAS only (volatile). */
    private volatile int outcome;

    protected OneWinner() {
    }

    /** How the wait ended, or {@link #WAITING}. Any thread (volatile read). */
    public final int outcome() {
        return outcome;
    }

    /** Has a source won? Any thread (volatile read). */
    public final boolean isDecided() {
        return outcome != WAITING;
    }

    /** A source tries to end the wait with {@code why} (not {@link #WAITING}): true for exactly one caller. Any thread. */
    protected final boolean win(int why) {
        return outcome == WAITING && OUTCOME.compareAndSet(this, WAITING, why);
    }

    /**
     * Makes the record reusable for its owner's next wait. Only once no source can reach it any
     * more (the owner's caller argues why); the next wait publishes the write when it is enqueued
     * under a lock.
     */
    protected final void resetOutcome() {
        outcome = WAITING;
    }

    private static final VarHandle OUTCOME;

    static {
        try {
            OUTCOME = MethodHandles.lookup().findVarHandle(OneWinner.class, "outcome", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
