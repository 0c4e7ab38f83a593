package io.jgo.internal.sched;

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
}
