package io.jgo.internal.sync;

import io.jgo.internal.cont.StackAccess;
import io.jgo.Goroutine;
import io.jgo.internal.cont.MethodIds;
import io.jgo.internal.Stack;
import io.jgo.internal.cont.WaitReason;
import io.jgo.internal.sched.G;
import io.jgo.internal.sched.ParkUnlock;
import io.jgo.internal.sched.Parking;
import io.jgo.internal.sched.WaitQueue;
import io.jgo.internal.sched.Waiter;
import io.jgo.internal.sched.WakeList;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The parties blocked on one sync primitive, with the lock that guards the primitive's state (Go's
 * {@code semaRoot} for one address: a lock and its waiters). This is the one seam between the
 * {@code io.jgo} sync types and the scheduler: a primitive keeps its state-word algorithm under
 * {@link #lock}, parks with {@link #park} and readies waiters with {@link #readyFirst} /
 * {@link #readyAll}; it never sees a goroutine, a waiter record or a run queue.
 *
 * <h2>Protocol</h2>
 * <pre>
 *   list.lock();                              // guard the primitive's state
 *   if (can proceed) { ...; list.unlock(); return; }
 *   boolean handedOff = list.park(reason, ticket, lifo);   // lock held on entry, released by the park
 *
 *   list.lock(); ...; list.readyFirst(handOff) / list.readyAll(); ...; list.unlock();   // a waker
 * </pre>
 * {@link #park} enqueues the caller and releases the lock only once the caller is parked (Go's
 * {@code goparkunlock}), so a waker, who must take the lock to find it, never readies a goroutine
 * that is still running. Waiters readied under the lock are woken by {@link #unlock} after the lock
 * is released (one {@link WakeList} per guard), so no primitive wakes with its lock held and none
 * forgets to clear a link.
 *
 * <h2>Several lists, one lock</h2>
 * A primitive with more than one queue (readers and writers of an {@code RWMutex}) makes the second
 * with {@link #WaitList(WaitList)}: both share one lock, and parking on either releases it.
 *
 * <h2>Reach</h2>
 * Every public operation of a primitive, fast paths included, first calls {@link #touch} (see
 * {@link WaitQueue}, "Reach"): a primitive a plain thread has used keeps its waiters out of the
 * deadlock report. {@link #park} touches for the parking party itself.
 *
 * <p>The seam holds jgo's only hand-written parking frame of the sync types, {@link #park}; the
 * primitives above it are ordinary {@code @Goroutine} code, rewritten at build time.
 */
public final class WaitList {

    private static final int PARK_ID = MethodIds.of("io.jgo.internal.sync.WaitList", "park",
            "(Lio/jgo/internal/cont/WaitReason;JZ)Z");

    /** {@link #firstTicket} when no waiter is queued. */
    public static final long NO_WAITER = Long.MIN_VALUE;

    private final Guard guard;
    private final WaitQueue queue = new WaitQueue();

    /** A list with a lock of its own. */
    public WaitList() {
        this.guard = new Guard();
    }

    /** A second list of the same primitive: guarded by {@code sameLockAs}'s lock. */
    public WaitList(WaitList sameLockAs) {
        this.guard = sameLockAs.guard;
    }

    /** Records the calling party for the deadlock check (see the class comment). Any thread, no lock. */
    public void touch() {
        queue.touch();
    }

    /** Takes the lock guarding the primitive's state. */
    public void lock() {
        guard.lock.lock();
    }

    /** Releases the lock, then wakes the waiters readied while it was held. */
    public void unlock() {
        guard.unlockAndWake();
    }

    /** No waiter right now? Lock-free (an acquire load); callers holding no lock argue why a stale answer is fine. */
    public boolean isEmpty() {
        return queue.isEmpty();
    }

    /**
     * Blocks the caller on this list until a waker readies it, releasing the lock (held on entry)
     * once the caller is parked; returns with the lock not held. A goroutine parks (its carrier runs
     * others); a plain thread blocks. {@code ticket} is kept on the waiter for wakers to read at the
     * head ({@link #firstTicket}: a weight, a wait start); {@code lifo} puts the caller at the head
     * (Go's re-queue of a woken waiter that lost the race). Returns what the waker passed to
     * {@link #readyFirst} ({@code true} from {@link #readyAll}): for a mutex, whether ownership was
     * handed over.
     *
     * <p>Hand-written leaf: the suspension every blocking sync operation ends in.
     */
    @Goroutine
    public boolean park(WaitReason why, long ticket, boolean lifo) {
        Stack s = Stack.current();
        long via = s.takeCallSite();
        G g = Parking.goroutineOf(s);
        if (s.isResuming()) {
            StackAccess.resumeLeaf(s);
            return ((Waiter) Parking.takeWaiting(g)).success; // the waker wrote it before readying us
        }
        queue.touch(g);
        Waiter w = g == null ? Waiter.forThread() : Parking.waiterFor(g);
        w.ticket = ticket;
        if (g == null) {
            Parking.enterThreadWait(); // before the waiter is visible: no deadlock report while this thread may act
        }
        if (lifo) {
            queue.enqueueFirst(w);
        } else {
            queue.enqueue(w);
        }
        if (g == null) {
            w.awaitAsThread(guard);
            return w.success;
        }
        Parking.prepare(g, w, guard, why); // the scheduler releases the lock once g is parked
        if (StackAccess.suspendLeaf(s, via, PARK_ID, Stack.YIELD_PARK)) {
            return false; // unwinding; the resumed call returns the outcome above
        }
        Parking.takeWaiting(g); // pinned: parkPinned waited until a waker readied us
        return w.success;
    }

    /** The ticket of the waiter {@link #readyFirst} would ready, or {@link #NO_WAITER}. Lock held. */
    public long firstTicket() {
        Waiter w = queue.peekLive();
        return w == null ? NO_WAITER : w.ticket;
    }

    /**
     * Readies the first waiter, whose {@link #park} will return {@code outcome}; it is woken when the
     * lock is released. False when nobody waits. Lock held.
     */
    public boolean readyFirst(boolean outcome) {
        Waiter w = queue.dequeue();
        if (w == null) {
            return false;
        }
        w.success = outcome;
        guard.wake.add(w);
        return true;
    }

    /** Readies every waiter (each {@link #park} returns true); returns how many. Lock held. */
    public int readyAll() {
        int n = 0;
        while (readyFirst(true)) {
            n++;
        }
        return n;
    }

    /**
     * The lock of one primitive and the waiters readied under it. Also the {@link ParkUnlock} of a
     * park: g0 (or the blocking plain thread) releases it once the party is parked, on the thread
     * that took it.
     */
    private static final class Guard implements ParkUnlock {
        final ReentrantLock lock = new ReentrantLock();
        /** Readied under {@link #lock}, woken after it is released; guarded by {@link #lock}. */
        final WakeList wake = new WakeList();

        void unlockAndWake() {
            if (wake.isEmpty()) {
                lock.unlock();
                return;
            }
            WakeList ready = new WakeList();
            ready.takeAll(wake); // under the lock: the list is the lock's
            lock.unlock();
            ready.wakeAll();
        }

        @Override
        public void unlockAfterPark() {
            unlockAndWake();
        }
    }
}
