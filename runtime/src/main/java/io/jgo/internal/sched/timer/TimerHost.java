package io.jgo.internal.sched.timer;

/**
 * What a timer needs of the runtime it belongs to, and nothing more: the scheduler implements it
 * ({@code sched.Timers}), so this package knows no G, M or P. The heaps are the runtime's per-P
 * heaps; which P's heap an unarmed timer goes to, and who must wake when a timer is armed earlier
 * than anyone waits, are the scheduler's decisions.
 */
public interface TimerHost {

    /** The runtime's {@code System.nanoTime} (a bubble's virtual clock in a test bubble). Any thread. */
    long timeNow();

    /**
     * The heap an unarmed timer goes to: {@code preferred} (the heap of a P the caller holds) if not
     * null, else the calling goroutine's P's, else the heap of a P that never retires. Any thread; racy:
     * a retired heap refuses the timer ({@code TimerHeap.add}) and {@link #fallbackHeap} takes it.
     */
    TimerHeap heapFor(TimerHeap preferred);

    /** The heap of the P that never retires (P0's): where a timer refused by a retired heap goes. */
    TimerHeap fallbackHeap();

    /** A timer was armed for {@code when}: make sure someone wakes for it. Any thread, after the heap write. */
    void added(long when);

    /**
     * Counts armed timers plus fired ones whose function has not returned yet ({@code +1} on arming,
     * {@code -1} on a stop or when a fired function returns): the deadlock check never fires while a
     * timer can still ready a goroutine. Volatile RMW, under the heap's lock or after a fire.
     */
    void armedDelta(int delta);
}
