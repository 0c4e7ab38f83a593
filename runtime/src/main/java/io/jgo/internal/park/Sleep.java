package io.jgo.internal.park;

import io.jgo.internal.Stack;
import io.jgo.internal.sched.park.Parking;
import io.jgo.internal.sched.park.Party;
import io.jgo.internal.sched.park.WaitReason;

/**
 * A sleep ({@code Go.sleep}, {@code Thread.sleep} in rewritten code, Go's {@code time.Sleep}) on
 * the one park: a wait with a deadline, an interrupt, and no waker. A goroutine sleeps on its own
 * reused {@link Park} ({@link Park#of}) and its reused deadline timer, armed on its P's heap once
 * it is WAITING and readied where Go readies a sleeper; a plain thread sleeps in its own timed
 * park ({@link Park#awaitAsThread}). An interrupt ends the sleep early and stays set on the
 * thread; the leaf decides what it means ({@code Go.sleep} returns, {@code Thread.sleep} throws).
 */
public final class Sleep {

    private Sleep() {
    }

    /**
     * The start step of a sleep leaf, for {@code nanos > 0}: true when the goroutine of {@code s}
     * must now answer {@code PARK}; false when it must not park: a plain thread has slept here
     * (counted as inside a jgo call), or the goroutine is interrupted (its status is now set on
     * the thread).
     */
    public static boolean prepare(Stack s, long nanos) {
        Party g = Parking.goroutineOf(s);
        if (g == null) {
            new Park(WaitReason.SLEEP, nanos, true, null).awaitAsThread(); // the interrupt stays set
            return false;
        }
        return Park.of(g, WaitReason.SLEEP, nanos, true).prepare(s);
    }

    /** The resume step of a sleep leaf: the goroutine of {@code s} runs again; how it ended is in the thread's interrupt status. */
    public static void afterPark(Stack s) {
        Park.afterPark(s);
    }
}
