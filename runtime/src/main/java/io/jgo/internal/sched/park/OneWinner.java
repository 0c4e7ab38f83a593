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
 *
 * <p>A record reused for its owner's next wait ({@code park.Park.of}, a select's) is reset once no
 * source of the last wait can reach it; the word also holds the wait's flags (from
 * {@link #FIRST_FLAG} up), which the winner's CAS keeps, so a source that may only end a wait of
 * one kind ({@link #winIf}: an interrupt, only an interruptible wait) checks the kind and wins in
 * one CAS and cannot end a later wait of another kind.
 */
public abstract class OneWinner {

    /** The outcome while no source has won. */
    public static final int WAITING = 0;
    /** The low bits of the word: the outcome (0 to 7). */
    private static final int OUTCOME_BITS = 7;
    /**
     * The first bit a subclass may use as a flag of the wait ({@link #resetOutcome(int)},
     * {@link #winIf}): set when the wait starts, kept by the winner's CAS, so a source that must
     * only end a wait of one kind checks the kind and wins in one CAS.
     */
    protected static final int FIRST_FLAG = 8;

    /** The wait's flags and {@link #WAITING}, then the same flags and the winner's outcome, once per wait: CAS only (volatile). */
    private volatile int outcome;

    protected OneWinner() {
    }

    /** How the wait ended, or {@link #WAITING}. Any thread (volatile read). */
    public final int outcome() {
        return outcome & OUTCOME_BITS;
    }

    /** Has a source won? Any thread (volatile read). */
    public final boolean isDecided() {
        return (outcome & OUTCOME_BITS) != WAITING;
    }

    /** A source tries to end the wait with {@code why} (not {@link #WAITING}): true for exactly one caller. Any thread. */
    protected final boolean win(int why) {
        int w = outcome;
        return (w & OUTCOME_BITS) == WAITING && OUTCOME.compareAndSet(this, w, w | why);
    }

    /**
     * {@link #win}, only if the wait has {@code flag} (set by {@link #resetOutcome(int)}): the flag
     * and the outcome are one word, so a source cannot end a later wait of another kind that reused
     * the record. Any thread.
     */
    protected final boolean winIf(int flag, int why) {
        int w = outcome;
        return (w & OUTCOME_BITS) == WAITING && (w & flag) != 0 && OUTCOME.compareAndSet(this, w, w | why);
    }

    /**
     * Makes the record reusable for its owner's next wait. Only once no source can reach it any
     * more (the owner's caller argues why); the next wait publishes the write when it is enqueued
     * under a lock.
     */
    protected final void resetOutcome() {
        outcome = WAITING;
    }

    /** {@link #resetOutcome()} for a wait with {@code flags} (multiples of {@link #FIRST_FLAG}). Same rules. */
    protected final void resetOutcome(int flags) {
        outcome = flags;
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
