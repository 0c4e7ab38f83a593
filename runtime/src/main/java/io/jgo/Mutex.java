package io.jgo;

import io.jgo.internal.sched.park.WaitReason;
import io.jgo.internal.sync.WaitList;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Go's {@code sync.Mutex}: {@link #lock} parks the goroutine (not its carrier) while another holds
 * the mutex; from a plain thread it blocks the thread. Not reentrant, not owned: any goroutine or
 * thread may unlock it, as in Go.
 *
 * <h2>Two modes (Go's sync/mutex.go)</h2>
 * <b>Normal</b>: waiters queue FIFO, but a woken waiter does not own the mutex; it competes with
 * newly arriving lockers, which usually win (they are already running), and re-queues at the
 * front if it loses. <b>Starvation</b>: a waiter that has waited more than 1 ms switches the mutex
 * into starvation mode, where unlock hands ownership directly to the waiter at the head of the
 * queue and arrivals queue at the tail without trying. It returns to normal mode when the waiter
 * that got the mutex was the last one or waited less than 1 ms.
 *
 * <h2>State word</h2>
 * <pre>
 *   bit 0  LOCKED        held
 *   bit 1  STARVING      unlock hands off; arrivals queue
 *   bit 2  HAS_WAITERS   the queue is not empty (set and cleared under the wait list's lock)
 * </pre>
 * Lock and unlock fast paths are one CAS each (0 -> LOCKED, LOCKED -> 0). Race that must not lose
 * a wake-up: a locker about to wait sets HAS_WAITERS with a CAS loop that acquires instead if it
 * finds LOCKED clear; an unlocker's fast CAS only succeeds while HAS_WAITERS is clear. So either
 * the unlocker released first (the locker's loop acquires) or it sees HAS_WAITERS and takes the
 * slow path, which needs the wait list's lock, held by the locker until it is parked.
 */
public final class Mutex {

    private static final int LOCKED = 1;
    private static final int STARVING = 2;
    private static final int HAS_WAITERS = 4;
    /** Go's starvationThresholdNs. */
    private static final long STARVATION_NANOS = 1_000_000L;

    /** See the class comment; every update is a CAS (volatile), pairs with every other. */
    private volatile int state;
    /**
     * The waiters, each with the time it started waiting as its ticket; the list's lock guards the
     * queue and the HAS_WAITERS and STARVING transitions, and is never held while parked.
     */
    private final WaitList waiters = new WaitList();

    /** Locks, waiting while another goroutine or thread holds the mutex. */
    @Goroutine
    public void lock() {
        waiters.touch(); // a holder outside makes our waiters wakeable
        if (STATE.compareAndSet(this, 0, LOCKED)) {
            return;
        }
        long waitStart = 0;
        for (;;) {
            if (tryAcquireNormal()) {
                return;
            }
            boolean requeue = waitStart != 0;
            if (!requeue) {
                waitStart = System.nanoTime();
            }
            if (!queueUp(waitStart, requeue)) {
                return; // acquired after all
            }
            if (waiters.park(WaitReason.SYNC_MUTEX_LOCK, waitStart, requeue)) {
                return; // handed off in starvation mode: ours
            }
            // woken to compete in normal mode: try again, at the head of the queue if we lose
        }
    }

    /**
     * Before parking: acquires (returns false, lock released) or marks HAS_WAITERS, and STARVING
     * when this waiter has waited too long, and returns true with the wait list's lock held.
     */
    private boolean queueUp(long waitStart, boolean requeue) {
        waiters.lock();
        long now = System.nanoTime();
        for (;;) {
            int st = state;
            if ((st & (LOCKED | STARVING)) == 0) {
                if (STATE.compareAndSet(this, st, st | LOCKED)) {
                    waiters.unlock();
                    return false;
                }
                continue;
            }
            int want = st | HAS_WAITERS;
            if (requeue && now - waitStart > STARVATION_NANOS && (st & LOCKED) != 0) {
                want |= STARVING; // this waiter starves: the next unlock hands off
            }
            if (want == st || STATE.compareAndSet(this, st, want)) {
                return true; // Go: a woken waiter that lost the race waits at the front (park's lifo)
            }
        }
    }

    /** Normal mode, unlocked: take it (barging is allowed in normal mode). */
    private boolean tryAcquireNormal() {
        int st = state;
        return (st & (LOCKED | STARVING)) == 0 && STATE.compareAndSet(this, st, st | LOCKED);
    }

    /** Locks if that needs no waiting; reports whether it did. */
    public boolean tryLock() {
        waiters.touch();
        return tryAcquireNormal();
    }

    /**
     * Unlocks. In starvation mode ownership passes straight to the longest waiter.
     *
     * @throws PanicException "sync: unlock of unlocked mutex"
     */
    public void unlock() {
        waiters.touch();
        if (STATE.compareAndSet(this, LOCKED, 0)) {
            return;
        }
        waiters.lock();
        try {
            int st = state;
            if ((st & LOCKED) == 0) {
                throw new PanicException("sync: unlock of unlocked mutex");
            }
            if ((st & STARVING) != 0) {
                handOff();
            } else {
                waiters.readyFirst(false); // woken to compete, not to own
                int clear = LOCKED | (waiters.isEmpty() ? HAS_WAITERS : 0);
                while (!STATE.compareAndSet(this, st, st & ~clear)) {
                    st = state;
                    if ((st & LOCKED) == 0) {
                        // Another unlock's fast path won since our check: this one unlocks an unlocked
                        // mutex (found by MutexLincheckTest: both unlocks succeeded). Only possible
                        // with HAS_WAITERS clear, so nobody was readied above.
                        throw new PanicException("sync: unlock of unlocked mutex");
                    }
                }
            }
        } finally {
            waiters.unlock(); // wakes the waiter readied above
        }
    }

    /** Starvation mode: the head waiter gets the mutex, which stays LOCKED. Wait list's lock held. */
    private void handOff() {
        long waitStart = waiters.firstTicket();
        boolean handed = waiters.readyFirst(true);
        int st = state;
        int clear = 0;
        if (!handed) {
            clear |= LOCKED | HAS_WAITERS | STARVING; // nobody left to hand to (waiters of a stopped runtime were dropped)
        } else if (waiters.isEmpty()) {
            clear |= HAS_WAITERS | STARVING;
        } else if (System.nanoTime() - waitStart < STARVATION_NANOS) {
            clear |= STARVING; // Go: the new owner did not starve, back to normal mode
        }
        while (!STATE.compareAndSet(this, st, st & ~clear)) {
            st = state;
        }
    }

    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(Mutex.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
