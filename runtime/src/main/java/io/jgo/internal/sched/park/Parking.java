package io.jgo.internal.sched.park;

import io.jgo.internal.cont.Continuation;
import io.jgo.internal.cont.StackAccess;
import io.jgo.internal.Stack;

/**
 * The parking seam: how every blocking primitive (channels, timer channels among them, select, the network's
 * {@code poll.PollDesc}, the future waits of {@code io.jgo.internal.blocking}, and the sync types through
 * {@code io.jgo.internal.sync.WaitList}) blocks a goroutine or a plain thread and how it is woken.
 * A sleep goes through it too, as a {@code park.Park} with a deadline and no waker: the G's one
 * reused park ({@link #cachedPark}) on its own queue, its timer armed by g0 once the G is WAITING.
 *
 * <h2>A goroutine</h2>
 * The primitive, holding its lock, puts the G's one record on its queue ({@link #enqueue}: the
 * park's single-waker mode, the G's reused {@link Waiter}, reset), then {@link #park} (records
 * the waiter on the G, the wait reason and what to unlock) and its {@code @Goroutine} leaf
 * method's start step answers {@code PARK}, and {@code cont.LeafPark} (the one place that speaks
 * the leaf protocol) yields with {@code YIELD_PARK}. g0 makes the G WAITING and only then runs
 * the {@link ParkUnlock} (Go's {@code gopark(unlockf)}); a select's unlock releases every channel
 * lock it holds. When the leaf runs again (its resume step: re-entered, or its carrier waited
 * while pinned) it takes its record back with {@link #resumed} and reads the outcome
 * ({@link Waiter#success}, {@link Waiter#elem}, {@link SelectWait#winner}).
 *
 * <p>Races of the one reused record. R1 (a waker before the park): the waker must take the
 * primitive's lock to dequeue the record, and the G holds that lock from {@link #enqueue} until
 * g0 releases it after the G is WAITING, so a waker either comes first (nothing is queued yet; the
 * G sees the new state under the lock and does not park) or finds the G parked. R2 (a stale wake
 * of wait N reaching wait N+1): a waker never touches the record after its {@link Waiter#wake}
 * (a {@link WakeList} reads the link before the wake), and the G reaches its next
 * {@link #enqueue}, which resets the record, only after that wake readied it; so no waker of
 * wait N holds the record when wait N+1 fills it. A multi-waker wait keeps this: a
 * {@code park.Park}'s losing sources never take its lock (races R5, R6 there), and a select's
 * losing wakers only skip its waiters under their channel's lock.
 *
 * <h2>A plain thread</h2>
 * {@link #enterThreadWait} before its waiter becomes visible (no deadlock report while a plain
 * thread may still act; {@link #enqueue} does it), then {@link #park}, which unlocks, blocks the
 * thread and leaves the count; an interrupt is kept on the thread's flag, not acted on, and never
 * makes the wait spin. Every plain-thread waiter (these, {@code park.Park}, the blocking locks, a
 * plain thread's sleep) blocks in one loop, {@link PlainThreads#await}, on a {@link ThreadWait}
 * its record implements; the poller's plain thread polls between its parks
 * ({@code poll.PollDesc}).
 *
 * <h2>Reach</h2>
 * Every public operation of a primitive, fast paths included, first calls
 * {@link WaitQueue#touch} on the queues it owns: a primitive that a plain thread (or another
 * runtime) has used makes its waiters wakeable in the eyes of the deadlock check
 * ({@link #mayBeWokenFromOutside}). A parking leaf touches for the waiting party itself.
 *
 * <h2>Waking</h2>
 * A waker dequeues under the lock, fills the waiter, unlocks, then {@link Waiter#wake} (a batch
 * through the one wake loop, {@link WakeList}): a goroutine
 * goes to the runnext of the waker's P when the waker is a goroutine of the same runtime holding a
 * P, else to the target runtime's global queue followed by wakep ({@link Party#ready}).
 */
public final class Parking {

    private Parking() {
    }

    /** The goroutine owning {@code s}, or null when {@code s} is a plain thread's stack. */
    public static Party goroutineOf(Stack s) {
        Continuation.Owner o = StackAccess.owner(s);
        return o instanceof Party ? (Party) o : null;
    }

    /**
     * The G's reusable waiter for a wait on one primitive, cleared. Owner only. Race: a waker of
     * the G's last wait never touches the waiter after its {@link Waiter#wake} (which readied the
     * G), and the G reaches this only after it ran again, so no waker can see the reset.
     */
    public static Waiter waiterFor(Party g) {
        Waiter w = g.cachedWaiter;
        if (w == null) {
            w = g.cachedWaiter = new Waiter(g, null, null);
        } else {
            w.reset();
        }
        return w;
    }

    // ------------------------------------------------------------- the single-waker mode

    /**
     * The park's single-waker mode, step 1 (the primitive's lock held): puts the party's one record
     * on {@code q} (at the head when {@code lifo}) and returns it. A goroutine's record is its
     * reused waiter ({@link #waiterFor}, reset here); a plain thread's is fresh and the thread is
     * counted ({@link #enterThreadWait}) before the record becomes visible. A wait on one
     * primitive's queue has one possible waker at a time, the one that dequeues it under that
     * lock: no CAS, no deadline, no interrupt, and a goroutine allocates nothing. Every queue wait
     * (a sync type's {@code WaitList}, a channel's send and receive, the poller's descriptors, a
     * blocking lock, and {@code park.Park}'s multi-waker mode on its own queue) enqueues here.
     */
    public static Waiter enqueue(Party g, WaitQueue q, boolean lifo) {
        Waiter w;
        if (g == null) {
            w = Waiter.forThread();
            enterThreadWait(); // before the waiter is visible: no deadlock report while this thread may act
        } else {
            w = waiterFor(g);
        }
        if (lifo) {
            q.enqueueFirst(w);
        } else {
            q.enqueue(w);
        }
        return w;
    }

    /**
     * Step 2, right after {@link #enqueue} with the lock still held: a goroutine prepares its park
     * ({@code unlock} is released by g0 once it is WAITING) and gets true: its leaf answers
     * {@code PARK}. A plain thread releases {@code unlock}, blocks until its waker's
     * {@link Waiter#wake}, and gets false: the outcome is on the record already. {@code record}
     * is the party's {@link Waiter}, or, in the multi-waker mode of a select, its
     * {@link SelectWait} (whose cases' waiters are queued, and whose winner wakes it); a plain
     * thread was counted ({@link #enterThreadWait}) before its record became visible. An interrupt
     * is kept on a plain thread's flag, not acted on (no such wait declares
     * {@code InterruptedException}), and never makes the wait spin.
     */
    public static boolean park(Party g, ThreadWait record, ParkUnlock unlock, WaitReason reason) {
        if (g == null) {
            unlock.unlockAfterPark();
            PlainThreads.await(record, record, PlainThreads.NO_DEADLINE, false, true); // the interrupt is kept, not acted on
            return false;
        }
        prepare(g, record, unlock, reason);
        return true;
    }

    /** Step 3, the goroutine running again (its leaf's resume step): the record it parked with, whose outcome its waker wrote. Owner only. */
    public static Waiter resumed(Party g) {
        return (Waiter) takeWaiting(g);
    }

    /**
     * The G's reusable park record ({@code park.Park}, which sits above this layer), or null before
     * its first wait through one. Owner only, as {@link #waiterFor}.
     */
    public static Object cachedPark(Party g) {
        return g.cachedPark;
    }

    /** Records {@code park} as the G's reusable park record (once). Owner only. */
    public static void cachePark(Party g, Object park) {
        g.cachedPark = park;
    }

    /**
     * The G, holding the locks {@code unlock} releases, is about to yield with {@code YIELD_PARK}:
     * {@code waiting} (a {@link Waiter} or {@link SelectWait}) is what it will read back.
     */
    public static void prepare(Party g, Object waiting, ParkUnlock unlock, WaitReason reason) {
        g.waiting = waiting;
        g.prepareParkUnlocking(unlock, reason);
    }

    /** After the wait: the record given to {@link #prepare}; clears it. Owner only. */
    public static Object takeWaiting(Party g) {
        Object w = g.waiting;
        g.waiting = null;
        return w;
    }

    /**
     * g0: {@code g} failed while it unwound to park, still holding the locks of the primitives it
     * waits on: its waiters leave their queues, so no waker hands a value or a wake-up to a
     * goroutine that is gone. (State a primitive keeps beside its queue is not rolled back; a
     * select's timer channels stay blocked until they fire.) The caller then releases the locks
     * ({@link ParkUnlock#cancelPark}).
     */
    public static void cancel(Party g) {
        Object w = g.waiting;
        g.waiting = null;
        if (w instanceof Waiter) {
            leave((Waiter) w);
        } else if (w instanceof SelectWait) {
            Waiter[] ws = ((SelectWait) w).waiters();
            if (ws != null) {
                for (Waiter x : ws) {
                    if (x != null) {
                        leave(x);
                    }
                }
            }
        }
    }

    private static void leave(Waiter w) {
        if (w.queue != null) {
            w.queue.remove(w);
        }
    }

    /** A plain thread is about to block in a jgo call: counted before its waiter is visible. */
    public static void enterThreadWait() {
        PlainThreads.enter();
    }

    /** The wait {@link #enterThreadWait} counted is over. */
    public static void exitThreadWait() {
        PlainThreads.exit();
    }

    /**
     * May someone outside {@code g}'s runtime still wake {@code g}, parked? True when a queue it
     * waits on belongs to a primitive that a plain thread or another runtime's goroutine has used
     * ({@link WaitQueue#reachedFromOutside}). For the deadlock check; racy by design (any thread).
     */
    public static boolean mayBeWokenFromOutside(Party g) {
        Object w = g.waiting;
        if (w instanceof Waiter) {
            WaitQueue q = ((Waiter) w).queue;
            return q != null && q.reachedFromOutside(g.runtimeIdentity());
        }
        if (w instanceof SelectWait) {
            return ((SelectWait) w).reachedFromOutside(g.runtimeIdentity());
        }
        return false;
    }
}
