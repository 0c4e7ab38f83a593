package io.jgo.internal.sched.park;

/**
 * A goroutine as the park layer sees it: opaque, reduced to what a park and a wake need. The
 * scheduler's {@code G} is the one subclass; code outside {@code io.jgo.internal.sched} holds a
 * goroutine only as a {@code Party} (found with {@link Parking#goroutineOf}) and never names G's
 * members. A plain thread has no {@code Party}: the seam passes null for it.
 *
 * <p>The two slots below belong to the seam ({@link Parking} reads and writes them); the
 * abstract methods are the scheduler's side of the park protocol. An abstract class rather than
 * an interface so the slots are plain fields of G (no call on the park's hot path) and, with G the
 * only subclass, every call below is monomorphic.
 */
public abstract class Party {

    /**
     * The waiter (or {@link SelectWait}, or a primitive's own record) this goroutine is parked on
     * (Go's {@code gp.waiting}/{@code param}): written by the goroutine before its park's status CAS,
     * read by the deadlock check of any thread (volatile), cleared when it runs again.
     */
    volatile Object waiting;
    /** The goroutine's reusable waiter for a wait on one primitive ({@link Parking#waiterFor}); owner only. */
    Waiter cachedWaiter;
    /** The goroutine's reusable {@code park.Park} (typed Object: that layer sits above this one); owner only, see {@link Parking#cachedPark}. */
    Object cachedPark;

    protected Party() {
    }

    /**
     * Makes this parked goroutine runnable again (Go's {@code goready}): the runnext of the caller's
     * P when the caller is a goroutine of the same runtime holding a P, else the runtime's global
     * queue and a wake-up. Any thread; called by a waker after it released the primitive's lock.
     */
    public abstract void ready();

    /**
     * Has this goroutine's runtime stopped? Its waiters are then dropped from their queues, never
     * handed a value (it will not run again). Any thread, racy (a volatile read).
     */
    public abstract boolean runtimeStopped();

    /** The runtime this goroutine belongs to, as an identity only (who has reached a primitive). Any thread. */
    public abstract Object runtimeIdentity();

    /**
     * The goroutine, holding the locks {@code unlock} releases, is about to yield with
     * {@code YIELD_PARK}: g0 makes it WAITING, then runs {@code unlock}. Owner only.
     */
    public abstract void prepareParkUnlocking(ParkUnlock unlock, WaitReason reason);
}
