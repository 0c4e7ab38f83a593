package io.jgo;

import io.jgo.internal.MethodIds;
import io.jgo.internal.Stack;
import io.jgo.internal.WaitReason;
import io.jgo.internal.sched.G;
import io.jgo.internal.sched.ParkUnlock;
import io.jgo.internal.sched.Parking;
import io.jgo.internal.sched.WaitQueue;
import io.jgo.internal.sched.Waiter;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.ReentrantLock;

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
 *   bit 2  HAS_WAITERS   the queue is not empty (set and cleared under {@link #qlock})
 * </pre>
 * Lock and unlock fast paths are one CAS each (0 -> LOCKED, LOCKED -> 0). Race that must not lose
 * a wake-up: a locker about to wait sets HAS_WAITERS with a CAS loop that acquires instead if it
 * finds LOCKED clear; an unlocker's fast CAS only succeeds while HAS_WAITERS is clear. So either
 * the unlocker released first (the locker's loop acquires) or it sees HAS_WAITERS and takes the
 * slow path, which needs {@link #qlock}, held by the locker until it is parked.
 */
public final class Mutex {

    private static final int LOCK_ID = MethodIds.of("io.jgo.Mutex", "lock", "()V");

    private static final int LOCKED = 1;
    private static final int STARVING = 2;
    private static final int HAS_WAITERS = 4;
    /** Go's starvationThresholdNs. */
    private static final long STARVATION_NANOS = 1_000_000L;

    /** See the class comment; every update is a CAS (volatile), pairs with every other. */
    private volatile int state;
    /** Guards {@link #waiters} and the HAS_WAITERS and STARVING transitions; never held while parked. */
    private final ReentrantLock qlock = new ReentrantLock();
    private final WaitQueue waiters = new WaitQueue();
    private final ParkUnlock unlockQueue = qlock::unlock;

    /** Locks, waiting while another goroutine or thread holds the mutex. */
    @Goroutine
    public void lock() {
        Stack s = Stack.current();
        long via = s.takeCallSite();
        G g = Parking.goroutineOf(s);
        waiters.touch(g); // see Parking, "Reach": a holder outside makes our waiters wakeable
        long waitStart = 0;
        if (s.isResuming()) {
            s.resumeLeaf();
            Waiter w = (Waiter) Parking.takeWaiting(g);
            if (w.success) {
                return; // handed off in starvation mode: ours
            }
            waitStart = w.waitStart;
        } else if (STATE.compareAndSet(this, 0, LOCKED)) {
            return;
        }
        for (;;) {
            Waiter w = lockSlow(g, waitStart);
            if (w == null) {
                return;
            }
            if (g == null) {
                w.awaitAsThread(unlockQueue);
            } else if (s.suspendLeaf(via, LOCK_ID, Stack.YIELD_PARK)) {
                return; // unwinding; resumed above
            } else {
                Parking.takeWaiting(g); // pinned: woken
            }
            if (w.success) {
                return;
            }
            waitStart = w.waitStart;
        }
    }

    /**
     * One round of the slow path: acquires (returns null), or enqueues a waiter and returns it with
     * {@link #qlock} held and, for a goroutine, the park prepared.
     */
    private Waiter lockSlow(G g, long waitStart) {
        if (tryAcquireNormal()) {
            return null;
        }
        qlock.lock();
        long now = System.nanoTime();
        boolean requeue = waitStart != 0;
        if (!requeue) {
            waitStart = now;
        }
        for (;;) {
            int st = state;
            if ((st & (LOCKED | STARVING)) == 0) {
                if (STATE.compareAndSet(this, st, st | LOCKED)) {
                    qlock.unlock();
                    return null;
                }
                continue;
            }
            int want = st | HAS_WAITERS;
            if (requeue && now - waitStart > STARVATION_NANOS && (st & LOCKED) != 0) {
                want |= STARVING; // this waiter starves: the next unlock hands off
            }
            if (want == st || STATE.compareAndSet(this, st, want)) {
                break;
            }
        }
        Waiter w = g == null ? Waiter.forThread() : Parking.waiterFor(g);
        w.waitStart = waitStart;
        if (requeue) {
            waiters.enqueueFirst(w); // Go: a woken waiter that lost the race waits at the front
        } else {
            waiters.enqueue(w);
        }
        if (g == null) {
            Parking.enterThreadWait();
        } else {
            Parking.prepare(g, w, unlockQueue, WaitReason.SYNC_MUTEX_LOCK);
        }
        return w;
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
        Waiter wake;
        qlock.lock();
        try {
            int st = state;
            if ((st & LOCKED) == 0) {
                throw new PanicException("sync: unlock of unlocked mutex");
            }
            if ((st & STARVING) != 0) {
                wake = handOff();
            } else {
                wake = waiters.dequeue();
                int clear = LOCKED | (waiters.isEmpty() ? HAS_WAITERS : 0);
                while (!STATE.compareAndSet(this, st, st & ~clear)) {
                    st = state;
                }
                if (wake != null) {
                    wake.success = false; // woken to compete, not to own
                }
            }
        } finally {
            qlock.unlock();
        }
        if (wake != null) {
            wake.wake();
        }
    }

    /** Starvation mode: the head waiter gets the mutex, which stays LOCKED. qlock held. */
    private Waiter handOff() {
        Waiter w = waiters.dequeue();
        int st = state;
        int clear = 0;
        if (w == null) {
            clear |= LOCKED | HAS_WAITERS | STARVING; // nobody left to hand to (waiters of a stopped runtime were dropped)
        } else if (waiters.isEmpty()) {
            clear |= HAS_WAITERS | STARVING;
        } else if (System.nanoTime() - w.waitStart < STARVATION_NANOS) {
            clear |= STARVING; // Go: the new owner did not starve, back to normal mode
        }
        while (!STATE.compareAndSet(this, st, st & ~clear)) {
            st = state;
        }
        if (w != null) {
            w.success = true;
        }
        return w;
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
