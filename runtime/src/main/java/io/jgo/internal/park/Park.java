package io.jgo.internal.park;

import io.jgo.internal.sched.Goroutines;
import io.jgo.internal.Stack;
import io.jgo.internal.sched.park.WaitReason;
import io.jgo.internal.proc.AfterCancel;
import io.jgo.internal.sched.park.Party;
import io.jgo.internal.sched.Interrupts;
import io.jgo.internal.sched.park.ParkUnlock;
import io.jgo.internal.sched.park.Parking;
import io.jgo.internal.sched.park.OneWinner;
import io.jgo.internal.sched.park.PlainThreads;
import io.jgo.internal.sched.park.ThreadWait;
import io.jgo.internal.sched.park.RuntimeLock;
import io.jgo.internal.sched.timer.RuntimeTimer;
import io.jgo.internal.sched.timer.TimerFunc;
import io.jgo.internal.sched.park.WaitQueue;
import io.jgo.internal.sched.park.Waiter;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * One wait of one party (a goroutine or a plain thread) that ends in exactly one of four ways: the
 * primitive's {@link #wake}, its deadline (a runtime timer for a goroutine, the thread's own timed
 * park for a plain thread), an interrupt of the party, or a cancellation (a {@code Context} that
 * ends, or the primitive's {@link #cancel}, as a close). The four sources race; the one whose CAS
 * moves {@link #outcome} away from {@link #WAITING} wins and readies the party, and every other
 * source loses without touching anything (the seam's one-winner rule, {@link OneWinner}, which a
 * select's wakers follow too). Cancellation is generic on it as in kotlinx.coroutines'
 * {@code suspendCancellableCoroutine}: a primitive only says what its wake is, the rest is here.
 *
 * <h2>Who does what</h2>
 * <ol>
 * <li>A goroutine's leaf, in its start step: {@link #prepare}. Under {@link #lock} it checks that no
 *     source has won yet, enqueues its waiter and prepares the park still holding the lock; g0
 *     releases it once the goroutine is WAITING ({@link #unlockAfterPark}), and arms the deadline
 *     then. A plain thread calls {@link #awaitAsThread} instead and blocks in it.</li>
 * <li>A source wins by CAS ({@link #end}), then takes {@link #lock} to find the waiter: either the
 *     party has not enqueued it yet (it will see the outcome under the lock and not park), or it is
 *     parked (the lock was held across its unwind), and the winner dequeues it, stops the deadline
 *     timer if g0 armed it (R5) and readies it after unlocking; a deadline's winner readies it
 *     where a sleeper goes ({@code Goroutines.readyFromTimer}). A loser's CAS fails and it returns
 *     false: it never takes the lock.</li>
 * <li>The party, running again ({@link #afterPark}, the resume step; or at the end of
 *     {@link #awaitAsThread}), cleans up the sources that lost: leaves the interrupt hook, drops
 *     the context registration (the timer was stopped by the winner, or fired: R5). A losing source that is running at that
 *     moment finds the outcome set and does nothing, so the clean-up needs no lock.</li>
 * </ol>
 *
 * <h2>Numbered races</h2>
 * R1 (wake vs deadline): both CAS; the loser's {@link #end} returns false, the winner readies once.
 * R2 (a source ends the wait before the goroutine parked): the CAS lands first; the goroutine, taking
 * the lock in {@link #prepare}, sees it and returns false without parking. R3 (a source ends it while
 * the goroutine unwinds): the winner blocks on {@link #lock} until g0 released it after the park,
 * then finds the waiter queued. R4 (a plain thread and a source): the thread publishes itself in
 * {@link #thread} before reading {@link #outcome}, the source writes {@code outcome} before reading
 * {@code thread} (all volatile): at least one sees the other, so no wake-up is lost.
 *
 * <p>A fresh park's waiter queue is reached by anyone from the start ({@link WaitQueue#reachedByAnyone}):
 * the deadlock check cannot see who will wake the party (a future's completer, a context's canceller).
 * A goroutine's reused park (a sleep) is woken only by its deadline or an interrupt: reached by no
 * one, so the sleeper is durably blocked (see {@link #queue}).
 *
 * <h2>One park per goroutine, reused</h2>
 * {@link #of} hands a goroutine its own park, reset for each wait ({@link Parking#cachedPark}, as
 * its waiter is cached), with one deadline timer reused by every wait ({@code Goroutines.parkTimer}):
 * a wait allocates nothing. A fresh park ({@link #Park(WaitReason, long, boolean, Object)}) is
 * used once, by a plain thread or by a primitive that keeps the park after the wait (a future's
 * completer list). The reuse is safe because no source of wait N can end wait N+1:
 * <ul>
 *   <li>R5 (a stale timer): the deadline fires only while armed; a source that wins while it is
 *       armed stops it, and when the stop fails the fire is under way and will lose its CAS, so
 *       the winner and the fire both "arrive" ({@link #handOff}) and the second to arrive readies
 *       the party. The party thus runs again only after the fire of its wait returned from its
 *       CAS, and its next wait may re-arm the same timer.</li>
 *   <li>R6 (a stale interrupt): an interrupter reads the G's interruptible wait, then calls
 *       {@link #interrupt}, maybe late. The wait's kind is a flag in the outcome word
 *       ({@link #INTERRUPTIBLE_WAIT}), so a late call cannot end a wait that is not interruptible;
 *       and a reused park acts only while the interrupt is still undelivered
 *       ({@code Interrupts.stillPending}): the G ran between the two waits, so it took the request
 *       of the earlier one, and a late call finds nothing pending.</li>
 *   <li>A reused park has no context (that registration's late callback could not be told from
 *       the next wait's) and no primitive keeps it after the wait: its wakers (none for a sleep)
 *       find it only through a queue it has left.</li>
 * </ul>
 */
public final class Park extends OneWinner implements ParkUnlock, TimerFunc, Interrupts.Wait, ThreadWait {

    /** {@link #outcome} while nobody has won ({@link OneWinner#WAITING}). */
    public static final int WAITING = OneWinner.WAITING;
    /** The primitive woke the party ({@link #wake}). */
    public static final int WOKEN = 1;
    /** The deadline passed. */
    public static final int DEADLINE = 2;
    /** The party was interrupted (an interruptible park only). */
    public static final int INTERRUPTED = 3;
    /** The context ended, or the primitive cancelled the wait ({@link #cancel}). */
    public static final int CANCELLED = 4;

    /** Timeout meaning "no deadline". */
    public static final long NO_DEADLINE = -1;

    /** {@link OneWinner}'s flag of a wait an interrupt may end (race R6). */
    private static final int INTERRUPTIBLE_WAIT = FIRST_FLAG;

    /** The wait's parameters: final for a fresh park; a reused one's are written by its owner before each wait (published by the park's lock). */
    private WaitReason reason;
    private long timeoutNanos;
    private boolean interruptible;
    private final Object context;
    /** The goroutine owning a reused park ({@link #of}), or null for a fresh one. */
    private final Party owner;
    /** The deadline of the goroutine's wait on its runtime's clock; computed in {@link #prepare}. Owner, then g0 under {@link #lock}. */
    private long deadline;
    /** g0 armed {@link #timer} for this wait; guarded by {@link #lock} (written by g0, read by a winner). */
    private boolean armed;
    /** R5: arrivals of a winner that could not stop the armed timer and of that timer's losing fire; the second readies. Reset per wait. */
    private volatile int handOff;
    /** R5: the waiter the winner dequeued, for the fire if it arrives second; written before the winner's arrival. */
    private Waiter handOffWaiter;
    /** The goroutine parking (set in {@link #prepare} before it parks, read by g0 to arm the deadline). */
    private Party parked;
    /** What the primitive keeps with the wait (a resumed leaf has no arguments); the party's own. */
    public Object attachment;

    /** The plain thread waiting in {@link #awaitAsThread}, or null; volatile (race R4). */
    private volatile Thread thread;
    /** Guards {@link #queue} from the goroutine's check to its park (held across the unwind: the runtime's ownerless lock). */
    private final RuntimeLock lock = new RuntimeLock();
    /**
     * The party's waiter while it waits. A fresh park's is reached by anyone from the start (its
     * waker may be any thread jgo cannot see). A goroutine's reusable park serves sleeps, which only
     * their own deadline or an interrupt ends: its queue is reached by no one, so a sleeping goroutine
     * is durably blocked for the deadlock check and a test bubble's virtual clock (Go's synctest
     * counts time.Sleep so), and the clock advances to its deadline. A new user of {@link #of} must
     * keep that true, or make its own park.
     */
    private final WaitQueue queue;
    /** The deadline of a goroutine's wait; armed by g0 after the park, stopped by the goroutine after it. */
    private RuntimeTimer timer;
    /** The context registration; made by the party before it waits, dropped by it afterwards. */
    private AfterCancel.Handle cancelRegistration = AfterCancel.NONE;

    /**
     * A wait for {@code reason}, ending at the latest after {@code timeoutNanos} ({@link #NO_DEADLINE}:
     * none; 0 or less otherwise: at once), on an interrupt when {@code interruptible}, and when
     * {@code context} (an {@code io.jgo.Context} whose class has installed the after-cancel registry,
     * or null) ends.
     */
    public Park(WaitReason reason, long timeoutNanos, boolean interruptible, Object context) {
        this.reason = reason;
        this.timeoutNanos = timeoutNanos;
        this.interruptible = interruptible;
        this.context = context;
        this.owner = null;
        this.queue = WaitQueue.reachedByAnyone();
        resetOutcome(interruptible ? INTERRUPTIBLE_WAIT : 0);
    }

    private Park(Party owner) {
        this.context = null;
        this.owner = owner;
        this.queue = new WaitQueue();
    }

    /**
     * The park of goroutine {@code g} (the caller's own), reset for a new wait for {@code reason},
     * ending at the latest after {@code timeoutNanos} ({@link #NO_DEADLINE}: none) and on an
     * interrupt when {@code interruptible}. Reused by every wait of {@code g} that goes through
     * it (see the class comment), so it allocates nothing after the first. The caller then calls
     * {@link #prepare}; nobody may keep the park after the wait. Owner only.
     */
    public static Park of(Party g, WaitReason reason, long timeoutNanos, boolean interruptible) {
        Park p = (Park) Parking.cachedPark(g);
        if (p == null) {
            p = new Park(g);
            Parking.cachePark(g, p);
        }
        p.reason = reason;
        p.timeoutNanos = timeoutNanos;
        p.interruptible = interruptible;
        p.attachment = null;
        // No source of the last wait can reach it any more (races R5, R6): it starts WAITING again.
        p.resetOutcome(interruptible ? INTERRUPTIBLE_WAIT : 0);
        return p;
    }

    /** The primitive's wake: true if it won (it then owns the outcome it handed over). Any thread. */
    public boolean wake() {
        return end(WOKEN);
    }

    /** The primitive cancels the wait (a close): true if it won. Any thread. */
    public boolean cancel() {
        return end(CANCELLED);
    }

    /**
     * The goroutine of {@code s} prepares to park: true when its leaf must answer {@code PARK};
     * false when the wait is over already ({@link #outcome} says how). The start step of a leaf.
     */
    public boolean prepare(Stack s) {
        Party g = Parking.goroutineOf(s);
        if (g == null) {
            throw new IllegalStateException("Park.prepare on a plain thread: a plain thread waits in awaitAsThread");
        }
        armed = false; // no source of an earlier wait reaches a reused park (R5, R6); the park's lock publishes both
        HAND_OFF.set(this, 0);
        if (timeoutNanos != NO_DEADLINE && timeoutNanos <= 0) {
            end(DEADLINE);
            return false;
        }
        watchContext();
        lock.lock();
        if (!isDecided() && interruptible && Interrupts.enterWait(g, this)) {
            win(INTERRUPTED); // interrupted already: the interrupt wins unless a source just did
        }
        if (isDecided()) {
            lock.unlock(); // R2: a source won before the park; nothing is armed, nothing queued
            afterWait(g);
            return false;
        }
        parked = g;
        if (timeoutNanos != NO_DEADLINE) {
            deadline = RuntimeTimer.deadline(Goroutines.timeNow(g), timeoutNanos);
            if (timer == null) {
                timer = owner != null ? Goroutines.parkTimer(g, this) : Goroutines.newTimer(g, this);
            }
        }
        Waiter w = Parking.enqueue(g, queue, false); // the goroutine's one record, as every queue wait's
        w.elem = this;
        Parking.prepare(g, w, this, reason);
        return true;
    }

    /** The goroutine of {@code s}, running again after the park: its wait, cleaned up (the resume step of a leaf). */
    public static Park afterPark(Stack s) {
        Party g = Parking.goroutineOf(s);
        Waiter w = Parking.resumed(g);
        Park p = (Park) w.elem;
        w.elem = null;
        p.afterWait(g);
        return p;
    }

    /**
     * The calling plain thread waits until a source wins; returns the outcome. The deadline is the
     * thread's own timed park; an interrupt ends an interruptible wait (the flag stays set) and is
     * kept, not acted on, otherwise (set again when the wait is over).
     */
    public int awaitAsThread() {
        if (timeoutNanos != NO_DEADLINE && timeoutNanos <= 0) {
            end(DEADLINE);
            return outcome();
        }
        long until = timeoutNanos == NO_DEADLINE ? PlainThreads.NO_DEADLINE : System.nanoTime() + timeoutNanos;
        watchContext();
        thread = Thread.currentThread(); // R4: published before outcome is read
        Parking.enterThreadWait();
        try {
            PlainThreads.await(this, this, until, interruptible, true); // the flag stays set for the caller
        } finally {
            thread = null;
            cancelRegistration.stop();
        }
        return outcome();
    }

    /** A plain thread's wait: has a source won? Volatile read. */
    @Override
    public boolean isOver() {
        return isDecided();
    }

    /** The plain thread's own deadline passed. */
    @Override
    public void endByDeadline() {
        end(DEADLINE);
    }

    /** The plain thread was interrupted in an interruptible wait. */
    @Override
    public void endByInterrupt() {
        end(INTERRUPTED);
    }

    /** The context ends: a source like any other. Registered before the party can park. */
    private void watchContext() {
        if (context != null) {
            cancelRegistration = AfterCancel.register(context, this::cancel);
        }
    }

    /**
     * The goroutine's clean-up of the sources that lost (see the class comment, step 3). The timer
     * needs none: the winner stopped it or it fired (R5). Owner only.
     */
    private void afterWait(Party g) {
        if (interruptible) {
            Interrupts.exitWait(g);
        }
        cancelRegistration.stop();
    }

    /**
     * A source tries to end the wait with {@code why}: the CAS decides; the winner readies the party
     * (after releasing the lock, as every waker on the park seam does). False for a loser.
     */
    private boolean end(int why) {
        if (!win(why)) {
            return false; // R1: another source won; it readies the party
        }
        readyAfterWin(why);
        return true;
    }

    /** The winner of the CAS (with {@code why}) readies the party, once it has parked (R3) and the timer is quiet (R5). */
    private void readyAfterWin(int why) {
        Thread t = thread;
        if (t != null) {
            LockSupport.unpark(t); // R4; the thread reads the outcome itself
            return;
        }
        Waiter w;
        boolean timerArmed;
        lock.lock(); // R3: waits for g0 to release it if the goroutine is unwinding
        try {
            w = queue.dequeue(); // null: the goroutine has not enqueued (it will see the outcome), or its runtime stopped
            timerArmed = armed;
        } finally {
            lock.unlock();
        }
        if (w == null) {
            return;
        }
        w.success = why == WOKEN;
        if (why == DEADLINE && timerArmed) {
            Goroutines.readyFromTimer(w.g(), timer); // the firing thread: where a sleeper goes
            return;
        }
        if (timerArmed && !timer.stop()) { // R5: it fired meanwhile; its fire will lose the CAS
            handOffWaiter = w;
            if (!arrive()) {
                return; // the fire, arriving second, readies the party
            }
            handOffWaiter = null;
        }
        w.wake();
    }

    /** R5: one of the winner and the losing fire arrives; true for the second, which readies the party. */
    private boolean arrive() {
        return (int) HAND_OFF.getAndAdd(this, 1) == 1;
    }

    /** g0, once the goroutine is parked: arms the deadline, then lets the sources in. */
    @Override
    public void unlockAfterPark() {
        if (timeoutNanos != NO_DEADLINE && !isDecided()) { // a winner so far waits for the lock; none arms nothing
            armed = true;
            Goroutines.armParked(parked, timer, deadline);
        }
        lock.unlock();
    }

    /** g0, the goroutine failed before it parked: the wait is over as cancelled, nothing is armed. */
    @Override
    public void cancelPark() {
        win(CANCELLED);
        lock.unlock();
        if (interruptible) {
            Interrupts.exitWait(parked); // no resume step will: the G runs on with its exception
        }
        cancelRegistration.stop();
    }

    /** The deadline's timer fired (g0 or sysmon). */
    @Override
    public void fire(RuntimeTimer t) {
        if (!end(DEADLINE) && arrive()) { // R5: the winner could not stop this timer and arrived first
            Waiter w = handOffWaiter;
            handOffWaiter = null;
            w.wake();
        }
    }

    /** The goroutine was interrupted (any thread). */
    @Override
    public void interrupt() {
        if (owner != null && !Interrupts.stillPending(owner)) {
            return; // R6: a late call for an earlier wait (the G took that interrupt when it ran)
        }
        if (winIf(INTERRUPTIBLE_WAIT, INTERRUPTED)) { // R6: never a wait of another kind
            readyAfterWin(INTERRUPTED);
        }
    }

    private static final VarHandle HAND_OFF;

    static {
        try {
            HAND_OFF = MethodHandles.lookup().findVarHandle(Park.class, "handOff", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
