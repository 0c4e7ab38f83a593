package io.jgo.internal.chan;

/**
 * The timer behind a timer channel (Go's {@code hchan.timer}), as the channel code sees it. Go 1.23
 * keeps a channel timer off the timer heaps while nobody is blocked on its channel: a receive that
 * looks at the channel first runs the timer if it is due ({@link #maybeRun}), and a receiver that
 * has to wait puts it on a heap ({@link #block}) until it stops waiting ({@link #unblock}). So a
 * timer that nobody waits on and nobody references is plain garbage, stopped or not.
 *
 * <p>Lock order: {@link #maybeRun} is called with no channel lock held (it may send on the channel);
 * {@link #dueLocked} and {@link #block} with the channel's lock held (a select: every case's lock), after the waiter is
 * enqueued; {@link #unblock} after the wait, with or without it. Each {@link #block} is paired with
 * exactly one {@link #unblock}.
 */
public interface ChanTimer {

    /** A receive is about to look at the channel: if the timer is due and not yet run, run it now (Go's {@code maybeRunChan}). */
    void maybeRun();

    /**
     * Is the timer due and not yet run, or run and its value not yet sent? Called with the channel's
     * lock held, so that "nothing to receive" and "no timer due" hold at one instant: a non-blocking
     * receive or a select with a default that found the channel empty polls again when this is true
     * ({@link #maybeRun} then waits for a send in flight).
     */
    boolean dueLocked();

    /** A receiver is about to wait on the channel: the timer must be on a heap (Go's {@code blockTimerChan}). */
    void block();

    /** A receiver stopped waiting (woken, or another select case won): the last one takes the timer off its heap (Go's {@code unblockTimerChan}). */
    void unblock();
}
