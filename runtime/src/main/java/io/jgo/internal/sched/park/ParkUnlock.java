package io.jgo.internal.sched.park;

/**
 * What g0 runs once a parking goroutine is off its carrier and WAITING (Go's {@code unlockf} of
 * {@code gopark}): it releases the lock (or locks, for a select) that guard the waiter lists the
 * goroutine was put on. A readier must take one of those locks to find the goroutine, so it can
 * never see a goroutine that is still running. Implemented by the primitive itself (a channel, a
 * select in progress), so a park allocates no callback.
 */
public interface ParkUnlock {

    /** Releases the locks; runs on the parked goroutine's own carrier thread (the one that took them). */
    void unlockAfterPark();

    /**
     * The park did not happen: the goroutine failed while it unwound to g0 (an exception in the
     * save of its frames, as an {@code OutOfMemoryError} when a segment could not grow) and ends.
     * Its waiters are already off their queues ({@code Parking.cancel}); this releases the locks
     * without arming anything that would later wake the goroutine. Runs on the goroutine's own
     * carrier (g0), which took the locks. The default releases them as after a park.
     */
    default void cancelPark() {
        unlockAfterPark();
    }
}
