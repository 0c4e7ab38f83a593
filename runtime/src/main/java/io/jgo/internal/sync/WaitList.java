package io.jgo.internal.sync;

import io.jgo.internal.cont.Leaf;
import io.jgo.internal.cont.LeafPark;
import io.jgo.Goroutine;
import io.jgo.internal.cont.MethodIds;
import io.jgo.internal.Stack;
import io.jgo.internal.sched.park.WaitReason;
import io.jgo.internal.sched.park.Party;
import io.jgo.internal.sched.park.ParkUnlock;
import io.jgo.internal.sched.park.RuntimeLock;
import io.jgo.internal.sched.park.Parking;
import io.jgo.internal.sched.park.WaitQueue;
import io.jgo.internal.sched.park.Waiter;
import io.jgo.internal.sched.park.WakeList;

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
 * <p>The seam holds the sync types' only leaf, {@link #park} (it parks through {@code LeafPark}); the
 * primitives above it are ordinary {@code @Goroutine} code, rewritten at build time.
 */
public final class WaitList {

    private static final int PARK_ID = MethodIds.of("io.jgo.internal.sync.WaitList", "park",
            "(Lio/jgo/internal/sched/park/WaitReason;JZ)Z");

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
     * <p>A {@link Leaf}: the suspension every blocking sync operation ends in, through {@link LeafPark}.
     */
    @Goroutine
    @Leaf
    public boolean park(WaitReason why, long ticket, boolean lifo) {
        Object handedOff = (lifo ? PARK_LIFO : PARK_FIFO).$jgo$park(Stack.current(), this, why, null, ticket);
        return handedOff == Boolean.TRUE; // false while unwinding: the resumed call returns the outcome
    }

    private static final Park PARK_FIFO = new Park(false);
    private static final Park PARK_LIFO = new Park(true);

    /**
     * {@link #park}'s steps (one instance for each end of the queue): enqueue the caller and park
     * it, the scheduler releasing the lock once it is parked; after the wake, the outcome the waker
     * wrote on the waiter before readying it. A plain thread blocks in {@link #start}.
     */
    private static final class Park extends LeafPark<Stack, RuntimeException> {
        private final boolean lifo;

        Park(boolean lifo) {
            super(PARK_ID, Stack.YIELD_PARK);
            this.lifo = lifo;
        }

        @Override
        protected Object start(Stack s, Object list, Object why, Object c, long ticket) {
            WaitList l = (WaitList) list;
            Party g = Parking.goroutineOf(s);
            l.queue.touch(g);
            Waiter w = Parking.enqueue(g, l.queue, lifo); // the park's single-waker mode: the party's one record
            w.ticket = ticket; // under the lock: a waker reads it at the head only after taking it
            if (Parking.park(g, w, l.guard, (WaitReason) why)) {
                return PARK; // the scheduler releases the lock once g is parked
            }
            return w.success; // a plain thread, woken
        }

        @Override
        protected Object resume(Stack s, Object list, Object why, Object c, long ticket) {
            return Parking.resumed(Parking.goroutineOf(s)).success; // the waker wrote it before readying us
        }
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
     * park: g0 (or the blocking plain thread) releases it once the party is parked. The runtime's
     * lock, which has no owner thread: a goroutine that holds it across a rewritten call may be
     * preempted there and release it from another carrier. Not reentrant: no primitive takes its
     * lock twice.
     */
    private static final class Guard implements ParkUnlock {
        final RuntimeLock lock = new RuntimeLock();
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
