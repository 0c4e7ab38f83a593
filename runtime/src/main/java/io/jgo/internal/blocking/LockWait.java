package io.jgo.internal.blocking;

import io.jgo.internal.sched.Goroutines;
import io.jgo.internal.sched.park.Party;
import io.jgo.internal.sched.Interrupts;
import io.jgo.internal.sched.park.ParkUnlock;
import io.jgo.internal.sched.park.PlainThreads;
import io.jgo.internal.sched.park.ThreadWait;
import io.jgo.internal.sched.park.Parking;
import io.jgo.internal.sched.timer.RuntimeTimer;
import io.jgo.internal.sched.timer.TimerFunc;
import io.jgo.internal.sched.park.WaitQueue;
import io.jgo.internal.sched.park.Waiter;
import java.util.concurrent.locks.LockSupport;
import io.jgo.internal.sched.park.RuntimeLock;

/**
 * One party's wait in a {@link ParkingReentrantLock}: for the lock itself, or for a signal of one of
 * its {@link ParkingCondition}s. The party is a goroutine (it parks on the scheduler's seam: its
 * {@link Waiter} sits on the primitive's {@link WaitQueue}, with this record as its {@code elem}) or
 * a plain thread (it blocks in {@link #awaitAsThread}). Its wakers race to end it and the first one
 * wins, as in {@code park.Park}: a grant (the lock handed to the party) or a signal, the timeout
 * of a timed wait (a runtime timer, on g0 or sysmon; a plain thread times itself) and an interrupt
 * ({@link Interrupts}, or a plain thread's own flag).
 *
 * <h2>Who writes what</h2>
 * {@link #state} and the queue links are written only under the lock's {@link #guard}. The party
 * enqueues itself under the guard and, a goroutine, parks still holding it: g0 releases it once
 * the goroutine is off its carrier ({@link #unlockAfterPark}), so a waker, who must take the guard
 * to find the party, either comes first (the party sees the wait over and does not park) or finds
 * it parked. A waker wakes the party after releasing the guard ({@link #wake}). The party reads
 * {@link #state} after it runs again: the run queue orders the waker's writes before a goroutine's
 * resume; {@link #state} is volatile for a plain thread's loop.
 *
 * <p>One record serves both phases of a condition wait (waiting for the signal, then for the lock
 * again): the party re-arms it with {@link #rearm} before queueing it a second time.
 */
final class LockWait implements TimerFunc, Interrupts.Wait, ParkUnlock, ThreadWait {

    /** {@link #state}: still waiting. */
    static final int WAITING = 0;
    /** The lock was handed to the party, or the party was signalled. */
    static final int GRANTED = 1;
    static final int TIMED_OUT = 2;
    static final int INTERRUPTED = 3;
    /** The park did not happen (the goroutine failed while it unwound): nobody may wake it. */
    static final int CANCELLED = 4;

    /** The waiting goroutine or thread: the identity a lock records as its owner. */
    final Object party;
    final ParkingReentrantLock lock;
    private final RuntimeLock guard;
    /** The condition waited on in the first phase of a condition wait, else null. Guarded by {@link #guard}. */
    ParkingCondition condition;
    /** The queue the party waits on now (the lock's, or a condition's). Guarded by {@link #guard}. */
    private WaitQueue queue;
    /** The party's waiter on {@link #queue}. Guarded by {@link #guard}. */
    private Waiter waiter;
    /** See the class comment. Written under {@link #guard}; volatile for a plain thread's loop. */
    volatile int state;
    private boolean interruptible;
    /** Does the wait end at {@link #deadline}? */
    private boolean timed;
    /** The absolute deadline ({@code System.nanoTime()}) of a timed wait (kept after {@link #rearm}, for what a timed await returns). */
    private long deadline;
    private RuntimeTimer timer;
    /** A waiter to wake once {@link #guard} is released after the park (the next owner of a lock a condition wait released). */
    LockWait wakeAfterPark;

    /** What each phase remembers across the park: the holds to take back, the outcome of the condition phase. */
    int holds;
    int conditionOutcome = WAITING;

    static final long NONE = Long.MIN_VALUE;

    LockWait(ParkingReentrantLock lock, Object party, boolean interruptible, long deadline) {
        this.lock = lock;
        this.party = party;
        this.guard = lock.guard;
        this.interruptible = interruptible;
        this.timed = deadline != NONE;
        this.deadline = deadline;
    }

    /** The deadline {@code nanos} from now, far enough below overflow that differences stay exact. */
    static long deadlineAfter(long nanos) {
        return System.nanoTime() + Math.min(Math.max(nanos, 0), Long.MAX_VALUE >> 2);
    }

    /** The goroutine party, or null for a plain thread. */
    Party goroutine() {
        return party instanceof Party ? (Party) party : null;
    }

    /** Before the second phase of a condition wait: waiting again, uninterruptibly, without a deadline. */
    void rearm() {
        state = WAITING;
        condition = null;
        interruptible = false;
        timed = false;
        timer = null;
    }

    long deadline() {
        return deadline;
    }

    /**
     * Puts the party on {@code q}: the goroutine's own waiter, or a thread's. Guard held. A goroutine
     * that is interrupted already (an interruptible wait) is not queued: returns false.
     */
    boolean enqueue(WaitQueue q) {
        Party g = goroutine();
        if (g != null && interruptible && Interrupts.enterWait(g, this)) {
            return false;
        }
        q.touch(g);
        // A goroutine: the park's single-waker record (the wakers' race is decided here, under the guard).
        // A plain thread is not counted as a jgo wait (it blocks in awaitAsThread, uncounted, as a JDK lock's waiter).
        Waiter w = g != null ? Parking.enqueue(g, q, false) : Waiter.forThread();
        if (g == null) {
            q.enqueue(w);
        }
        w.elem = this;
        queue = q;
        waiter = w;
        return true;
    }

    /** Is the party waiting on {@code q} now? Guard held. */
    boolean isOn(WaitQueue q) {
        return state == WAITING && queue == q && waiter != null;
    }

    /** The waker's side: the party leaves its queue with {@code outcome}; false when the wait was over already. Guard held. */
    boolean end(int outcome) {
        if (state != WAITING) {
            return false;
        }
        if (waiter != null && queue != null) {
            queue.remove(waiter);
        }
        state = outcome;
        return true;
    }

    /** A waker took the party's waiter off the queue itself ({@link WaitQueue#dequeue}): records the outcome. Guard held. */
    void dequeued(int outcome) {
        state = outcome;
    }

    /** The goroutine parks: {@code guard} (held) is released by g0 once it is off its carrier. */
    void prepareGoroutinePark(io.jgo.internal.sched.park.WaitReason why) {
        Party g = goroutine();
        if (timed) {
            timer = Goroutines.newTimer(g, this);
        }
        Parking.prepare(g, waiter, this, why);
    }

    /** g0, once the goroutine is parked: arms the timeout, lets wakers in, wakes the next owner. */
    @Override
    public void unlockAfterPark() {
        if (timer != null) {
            timer.reset(deadline - System.nanoTime());
        }
        LockWait next = wakeAfterPark;
        wakeAfterPark = null;
        guard.unlock();
        if (next != null) {
            next.wake();
        }
    }

    /** g0: the goroutine failed before it parked (its waiter is off the queue already). */
    @Override
    public void cancelPark() {
        state = CANCELLED;
        unlockAfterPark();
    }

    /** The goroutine, running again after the park: its wait, cleaned up (timer stopped, interrupt hook gone). */
    static LockWait afterPark(Party g) {
        Waiter w = Parking.resumed(g);
        LockWait lw = (LockWait) w.elem;
        w.elem = null;
        Interrupts.exitWait(g);
        if (lw.timer != null) {
            lw.timer.stop();
        }
        return lw;
    }

    /** The timeout (g0 or sysmon). */
    @Override
    public void fire(RuntimeTimer t) {
        endAndWake(TIMED_OUT);
    }

    /** The goroutine was interrupted (any thread). */
    @Override
    public void interrupt() {
        endAndWake(INTERRUPTED);
    }

    private void endAndWake(int outcome) {
        if (lock.endWait(this, outcome)) {
            wake();
        }
    }

    /** Makes the party run again. After the guard is released; the waker does not touch the record afterwards. */
    void wake() {
        if (party instanceof Party) {
            waiter.wake();
        } else {
            LockSupport.unpark((Thread) party);
        }
    }

    /**
     * A plain thread waits until a waker ends the wait, its deadline passes or (interruptible) it is
     * interrupted; {@code guard} (held on entry) is released first. Returns the final state. An
     * interrupt of an uninterruptible wait is kept and put back afterwards, as the JDK's locks do.
     */
    int awaitAsThread() {
        LockWait next = wakeAfterPark;
        wakeAfterPark = null;
        guard.unlock();
        if (next != null) {
            next.wake();
        }
        PlainThreads.await(this, lock, timed ? deadline : PlainThreads.NO_DEADLINE, interruptible, false);
        if (state == INTERRUPTED) {
            Thread.interrupted(); // the interrupt ended the wait: the caller throws InterruptedException, status clear (if granted meanwhile, the grant wins and the status stays)
        }
        return state;
    }

    /** A plain thread's wait: ended by a waker, its deadline or its interrupt? Volatile read, pairs with the write under the guard. */
    @Override
    public boolean isOver() {
        return state != WAITING;
    }

    @Override
    public void endByDeadline() {
        lock.endWait(this, TIMED_OUT);
    }

    /** Loses to a grant that came first: {@link #isOver} is true either way. */
    @Override
    public void endByInterrupt() {
        lock.endWait(this, INTERRUPTED);
    }
}
