package io.jgo.internal.blocking;

import io.jgo.internal.sched.Goroutines;
import io.jgo.Goroutine;
import io.jgo.internal.Stack;
import io.jgo.internal.cont.Leaf;
import io.jgo.internal.sched.park.Party;
import io.jgo.internal.sched.park.Parking;
import io.jgo.internal.sched.park.RuntimeLock;
import io.jgo.internal.sched.park.WaitQueue;
import io.jgo.internal.sched.park.Waiter;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A {@link ReentrantLock} owned by a goroutine: what {@code new ReentrantLock()} and
 * {@code new ReentrantLock(fair)} make in rewritten code (the instrumenter's {@code OwnedLockCalls}
 * sends the construction to {@link OwnedLocks#newReentrantLock}). A subclass, so field types,
 * {@code instanceof} and every {@code Lock} use still hold; none of {@code ReentrantLock}'s own
 * state is used (its synchronizer stays unlocked, and every public method is overridden).
 *
 * <h2>Owner</h2>
 * The owner is the calling goroutine ({@code sched.G}) when called on one, else the calling thread
 * ({@link #self}). "Held by the current thread" means by the current goroutine: a goroutine holds
 * the lock wherever it runs, so it may park while holding it and resume on another carrier, and it
 * does not pin for it ({@link OwnedLocks} does not count this class). Another goroutine on the same
 * carrier does not hold it.
 *
 * <h2>State</h2>
 * {@link #owner} (volatile, CAS from null) is the lock word; {@link #holds} is the owner's own count,
 * read and written only by the owner (published with the lock word: the owner's release is a
 * volatile write, the next owner's acquire a CAS or a hand-off under {@link #guard}). The parties
 * waiting for the lock wait on {@link #queue} ({@link LockWait} records), guarded by
 * {@link #guard}, the runtime's lock for a guard held across an unwind, only ever held briefly and
 * never across a wait (a parking goroutine's guard is released by g0 once it is parked; a plain
 * thread releases it before it blocks).
 *
 * <h2>The lost wake-up race</h2>
 * An unlocker writes {@code owner = null}, then reads {@link #hasWaiters}; a locker about to queue
 * writes {@code hasWaiters = true} under the guard, then tries its CAS. All four accesses are
 * volatile (sequentially consistent), so at least one side sees the other: either the locker's CAS
 * succeeds, or the unlocker sees a waiter and takes the guard, which the locker holds until it is
 * queued (and, a goroutine, parked), and hands the lock over. A barger may take the lock between an
 * unlocker's release and its hand-off; the hand-off then does nothing and the barger's own unlock
 * hands it on.
 *
 * <h2>Fairness</h2>
 * Waiters are handed the lock in FIFO order, straight from {@link #unlock} (the woken party owns it
 * already). A fair lock's {@code lock()} queues behind any waiter; a non-fair one barges while the
 * lock is free, as {@code ReentrantLock}'s does. {@code tryLock()} barges in both, as the JDK's.
 *
 * <h2>What differs from the JDK's</h2>
 * {@code ReentrantLock}'s {@code isFair}, {@code hasQueuedThreads}, {@code hasQueuedThread} and
 * {@code getQueueLength} are final and read its own synchronizer: {@code isFair} is right (the flag
 * is passed on), the three queue probes always answer that nobody waits, and the protected
 * {@code getQueuedThreads}/{@code getWaitingThreads} list nobody (a goroutine has no thread to
 * list). They are monitoring aids; {@code getWaitQueueLength} and {@code hasWaiters} of a
 * condition are exact.
 */
public final class ParkingReentrantLock extends ReentrantLock {

    private static final long serialVersionUID = 1L;

    private final boolean fair;
    /** The owning goroutine ({@code G}) or thread; null when free. See the class comment. */
    private transient volatile Object owner;
    /** The owner's hold count; the owner's only. */
    private transient int holds;
    /**
     * Guards {@link #queue}, every {@link LockWait#state}, and the conditions' queues. The runtime's
     * one lock for a guard held across an unwind ({@code sched.park.RuntimeLock}, as a channel's): it
     * has no owner thread, so g0's release after the park needs no same-thread rule. Every section
     * under it is short and never blocks: a plain thread releases it before it waits
     * ({@link LockWait#awaitAsThread}), a goroutine's is released by g0 once it is parked, and it is
     * never taken twice by one party (nothing under it calls back into the lock or a waker).
     */
    final transient RuntimeLock guard = new RuntimeLock();
    /** Parties waiting for the lock. Guarded by {@link #guard}. */
    private final transient WaitQueue queue = new WaitQueue();
    /** Number of parties on {@link #queue}. Guarded by {@link #guard}. */
    private transient int queueLength;
    /** May a party be queued? Written under {@link #guard}; read by {@link #unlock} without it. See the class comment. */
    private transient volatile boolean hasWaiters;

    public ParkingReentrantLock() {
        this(false);
    }

    public ParkingReentrantLock(boolean fair) {
        super(fair);
        this.fair = fair;
    }

    /** The identity that owns a lock taken now: the current goroutine, else the current thread. */
    static Object self() {
        Party g = Parking.goroutineOf(Stack.current());
        return g != null ? g : Thread.currentThread();
    }

    // ------------------------------------------------------------------ Lock

    /** Takes the lock, parking the goroutine (a plain thread blocks) while another party holds it. */
    @Override
    @Goroutine
    @Leaf
    public void lock() {
        try {
            LockParks.LOCK.$jgo$park(Stack.current(), this, null, null, 0);
        } catch (InterruptedException e) {
            throw new AssertionError(e); // lock() is not interruptible
        }
    }

    @Override
    @Goroutine
    @Leaf
    public void lockInterruptibly() throws InterruptedException {
        LockParks.LOCK_INTERRUPTIBLY.$jgo$park(Stack.current(), this, null, null, 0);
    }

    @Override
    public boolean tryLock() {
        return tryAcquire(self(), false);
    }

    @Override
    @Goroutine
    @Leaf
    public boolean tryLock(long timeout, TimeUnit unit) throws InterruptedException {
        Object r = LockParks.TRY_LOCK.$jgo$park(Stack.current(), this, unit, null, timeout);
        return r == Boolean.TRUE;
    }

    /** @throws IllegalMonitorStateException when the current goroutine (or thread) does not hold the lock */
    @Override
    public void unlock() {
        if (owner != self()) {
            throw new IllegalMonitorStateException();
        }
        if (--holds > 0) {
            return;
        }
        OWNER.setVolatile(this, null); // then the read of hasWaiters: see "The lost wake-up race"
        if (hasWaiters) {
            LockWait next;
            guard.lock();
            try {
                next = handOffUnderGuard();
            } finally {
                guard.unlock();
            }
            if (next != null) {
                next.wake();
            }
        }
    }

    @Override
    public Condition newCondition() {
        return new ParkingCondition(this);
    }

    // ------------------------------------------------------------------ acquisition, for LockParks

    /** The attempt that needs no waiting: a re-entry, or a CAS from free (behind waiters when {@code honourQueue}). */
    boolean tryAcquire(Object me, boolean honourQueue) {
        Object o = owner;
        if (o == me) {
            if (holds == Integer.MAX_VALUE) {
                throw new Error("Maximum lock count exceeded");
            }
            holds++;
            return true;
        }
        if (o == null && !(honourQueue && hasWaiters) && OWNER.compareAndSet(this, null, me)) {
            holds = 1;
            return true;
        }
        return false;
    }

    /** Does {@code lock()} honour the queue (a fair lock)? */
    boolean isFairLock() {
        return fair;
    }

    /**
     * Under the guard: the last attempt before queueing (see "The lost wake-up race"), then the
     * queueing of {@code w}. Returns {@link #ACQUIRED} when the lock was taken instead (the party
     * owns it with {@code w.holds} holds), {@link #QUEUED} once {@code w} is queued, or
     * {@link #INTERRUPTED} when it was not because the goroutine, in an interruptible wait, is
     * interrupted.
     */
    int acquireOrQueueUnderGuard(LockWait w, boolean honourQueue) {
        hasWaiters = true; // volatile write, then the CAS
        if ((!honourQueue || queueLength == 0) && OWNER.compareAndSet(this, null, w.party)) {
            holds = w.holds;
            hasWaiters = queueLength != 0;
            return ACQUIRED;
        }
        if (!w.enqueue(queue)) {
            hasWaiters = queueLength != 0;
            return INTERRUPTED;
        }
        queueLength++;
        return QUEUED;
    }

    /** {@link #acquireOrQueueUnderGuard}'s answers. */
    static final int ACQUIRED = 0;
    static final int QUEUED = 1;
    static final int INTERRUPTED = 2;

    /** The party of {@code w} took the lock by hand-off: sets its holds. The party's own thread. */
    void granted(LockWait w) {
        holds = w.holds;
    }

    /**
     * Ends {@code w}'s wait for the lock with {@code outcome} (a timeout, an interrupt) unless a
     * grant came first; returns whether it did. Any thread.
     */
    boolean endWait(LockWait w, int outcome) {
        guard.lock();
        try {
            return endWaitUnderGuard(w, outcome);
        } finally {
            guard.unlock();
        }
    }

    /** {@link #endWait} with the guard held: the party leaves the lock's queue or its condition's. */
    private boolean endWaitUnderGuard(LockWait w, int outcome) {
        boolean onLock = w.isOn(queue);
        ParkingCondition c = w.condition;
        if (!w.end(outcome)) {
            return false;
        }
        if (onLock) {
            queueLength--;
            hasWaiters = queueLength != 0;
        } else if (c != null) {
            c.left();
        }
        return true;
    }

    /**
     * Releases every hold of the owner at once (a condition wait) and hands the lock on; the
     * party to wake after the guard is released is returned. Guard held; the owner's thread.
     */
    LockWait releaseAllUnderGuard() {
        holds = 0;
        OWNER.setVolatile(this, null);
        return handOffUnderGuard();
    }

    /**
     * The lock is free: hands it to the first waiter, unless a barger took it meanwhile (its unlock
     * hands it on). Returns the party to wake once the guard is released, or null. Guard held.
     */
    private LockWait handOffUnderGuard() {
        for (;;) {
            Waiter first = queue.dequeue(); // skips goroutines of a stopped runtime
            if (first == null) {
                queueLength = 0;
                hasWaiters = false;
                return null;
            }
            queueLength--;
            LockWait w = (LockWait) first.elem;
            if (!OWNER.compareAndSet(this, null, w.party)) {
                queue.enqueueFirst(first); // a barger holds it: still first in line
                queueLength++;
                return null;
            }
            w.dequeued(LockWait.GRANTED);
            hasWaiters = queueLength != 0;
            return w;
        }
    }

    /** Is the lock held by {@code party}? */
    boolean isOwner(Object party) {
        return owner == party;
    }

    /** The hold count of the owner (caller checked it is the owner). */
    int ownerHolds() {
        return holds;
    }

    // ------------------------------------------------------------------ queries

    @Override
    public int getHoldCount() {
        return owner == self() ? holds : 0;
    }

    @Override
    public boolean isHeldByCurrentThread() {
        return owner == self();
    }

    @Override
    public boolean isLocked() {
        return owner != null;
    }

    /** The plain threads queued; goroutines have no thread to list. */
    @Override
    protected Collection<Thread> getQueuedThreads() {
        return List.of(); // the queue does not keep its parties in a list that can be walked; none is promised
    }

    @Override
    public boolean hasWaiters(Condition condition) {
        return conditionOf(condition).waitQueueLength() > 0;
    }

    @Override
    public int getWaitQueueLength(Condition condition) {
        return conditionOf(condition).waitQueueLength();
    }

    @Override
    protected Collection<Thread> getWaitingThreads(Condition condition) {
        conditionOf(condition).waitQueueLength(); // the same checks
        return new ArrayList<>();
    }

    private ParkingCondition conditionOf(Condition condition) {
        if (condition == null) {
            throw new NullPointerException();
        }
        if (!(condition instanceof ParkingCondition) || ((ParkingCondition) condition).lock != this) {
            throw new IllegalArgumentException("not owner");
        }
        if (owner != self()) {
            throw new IllegalMonitorStateException();
        }
        return (ParkingCondition) condition;
    }

    @Override
    public String toString() {
        Object o = owner;
        String base = getClass().getName() + '@' + Integer.toHexString(hashCode());
        if (o == null) {
            return base + "[Unlocked]";
        }
        return base + (o instanceof Thread ? "[Locked by thread " + ((Thread) o).getName() + "]"
                : "[Locked by goroutine " + Goroutines.id((Party) o) + "]");
    }

    private static final VarHandle OWNER;

    static {
        try {
            OWNER = MethodHandles.lookup().findVarHandle(ParkingReentrantLock.class, "owner", Object.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
