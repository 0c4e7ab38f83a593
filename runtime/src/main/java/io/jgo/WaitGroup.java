package io.jgo;

import io.jgo.internal.sched.park.WaitReason;
import io.jgo.internal.sync.WaitList;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Go's {@code sync.WaitGroup}: {@link #add} work, {@link #done} it, {@link #await} until the
 * counter is zero. {@code await} parks a goroutine (not its carrier); from a plain thread it blocks
 * the thread. A negative counter panics with Go's message.
 *
 * <h2>State word (Go's sync/waitgroup.go: counter and waiters in one atomic 64-bit word)</h2>
 * <pre>
 *   bits 63..32  COUNTER   the count of work not done, a signed int (Go's v; Go's is an int32 too)
 *   bit  31      WAITING   a waiter may be listed: an add that brings COUNTER to zero takes the lock
 *   bits 30..0   TICKETS   waiters registered so far, mod 2^31: the next waiter's ticket
 * </pre>
 * {@link #add} is one atomic add to COUNTER, which leaves the low half alone. Only an add whose
 * result has COUNTER zero and WAITING set takes the wait list's lock, to release the waiters that
 * registered before its add ({@link #releaseWaiters}). {@link #tryAwait} and the fast path of
 * {@link #await} are one volatile read. A waiter registers under the wait list's lock with one CAS
 * that sets WAITING and takes the next ticket while COUNTER is non-zero, then parks on the list
 * with the lock held (the scheduler releases it once the waiter is parked, {@link WaitList#park});
 * WAITING is cleared under that lock, by a releaser that leaves no waiter listed.
 *
 * <h2>No lost wake-up, no early wake-up</h2>
 * Let waiter W register with ticket t (its CAS, lock held) and adder A bring COUNTER to zero (its
 * atomic add, whose result carries the TICKETS count n at that instant).
 * <ol>
 *   <li>W's CAS before A's add: A's result has WAITING set and n past t, so A takes the lock. W
 *       holds it from its CAS until it is parked, so A finds W listed and parked (never a goroutine
 *       still running) and readies it: t is before n.</li>
 *   <li>A's add before W's CAS: W's CAS compares the whole word, so it fails if W read the word
 *       before A's add; W reads again, finds COUNTER zero and returns without waiting. If another
 *       add raised COUNTER again before W read, W waits for the next zero, as if it came after that
 *       add.</li>
 *   <li>A releases only tickets before n: a waiter W' that registered after A's add (COUNTER raised
 *       again by another add, W' queued behind W in the list's FIFO order) stays parked until an add
 *       brings that new count to zero, even if A takes the lock only after W' parked. Go has no
 *       tickets and calls that interleaving a misuse ("sync: WaitGroup misuse: Add called
 *       concurrently with Wait"); here it is linearizable, so neither that panic nor Go's "reused
 *       before previous Wait has returned" is needed: a woken waiter never looks at the word again.</li>
 * </ol>
 * Several releasers may hold a zero at once; each readies the waiters ahead of its own n at the
 * head of the list, so together they ready each waiter once, whatever order they take the lock in.
 * Tickets compare modulo 2^31, which is exact while fewer than 2^30 waiters are listed at once.
 */
public final class WaitGroup {

    private static final int COUNTER_SHIFT = 32;
    private static final long WAITING = 1L << 31;
    private static final long TICKETS_MASK = WAITING - 1;

    /** The parked waiters, each with its ticket; its lock orders registrations against releases. */
    private final WaitList waiters = new WaitList();
    /** See the class comment. Every access is volatile (reads) or an atomic update (getAndAdd, CAS, and). */
    private volatile long state;

    /** Adds {@code delta} (may be negative); at zero, wakes every waiter. */
    public void add(int delta) {
        waiters.touch(); // every operation, fast paths included: see WaitList "Reach"
        long step = (long) delta << COUNTER_SHIFT;
        long s = (long) STATE.getAndAdd(this, step) + step; // pairs with every other access of state
        int c = counter(s);
        if (c == 0 && (s & WAITING) != 0) {
            releaseWaiters(tickets(s));
        }
        if (c < 0) {
            throw new PanicException("sync: negative WaitGroup counter");
        }
    }

    /** {@code add(-1)}. */
    public void done() {
        add(-1);
    }

    /**
     * Reports whether the counter is zero, that is whether {@link #await} would return at once,
     * without waiting: a non-blocking {@code Wait}, as {@link Mutex#tryLock} is a non-blocking
     * {@code Lock}.
     */
    public boolean tryAwait() {
        waiters.touch();
        return counter(state) == 0; // volatile read: after every add it follows
    }

    /** Waits until the counter is zero: parks the calling goroutine, or blocks a plain thread. */
    @Goroutine
    public void await() {
        waiters.touch();
        if (counter(state) == 0) {
            return; // volatile read: after the adds that reached zero
        }
        long ticket = register();
        if (ticket < 0) {
            return;
        }
        waiters.park(WaitReason.SYNC_WAIT_GROUP_WAIT, ticket, false); // readied by releaseWaiters
    }

    /**
     * Under the wait list's lock: takes a ticket and sets WAITING, with one CAS made while the
     * counter is non-zero, and returns the ticket with the lock still held, for the park to release;
     * or finds the counter zero and returns -1 with the lock released.
     */
    private long register() {
        waiters.lock();
        long s = state;
        for (;;) {
            if (counter(s) == 0) {
                waiters.unlock();
                return -1;
            }
            long next = (s & ~TICKETS_MASK) | WAITING | ((s + 1) & TICKETS_MASK);
            long witness = (long) STATE.compareAndExchange(this, s, next); // fails on any add since s was read
            if (witness == s) {
                return tickets(s);
            }
            s = witness;
        }
    }

    /**
     * Readies every listed waiter whose ticket is before {@code registered} (the TICKETS count in
     * the word that an add brought to zero), and clears WAITING when no waiter is left listed. They
     * are woken when the lock is released.
     */
    private void releaseWaiters(int registered) {
        waiters.lock(); // taken only after a registering waiter is parked: it holds the lock until then
        try {
            long t;
            while ((t = waiters.firstTicket()) != WaitList.NO_WAITER && before((int) t, registered)) {
                waiters.readyFirst(true);
            }
            if (waiters.firstTicket() == WaitList.NO_WAITER) {
                // Registrations take the lock, so none is between its CAS and its park now; an
                // atomic and, so that adds racing with it keep their counts.
                STATE.getAndBitwiseAnd(this, ~WAITING);
            }
        } finally {
            waiters.unlock(); // wakes the waiters readied above
        }
    }

    private static int counter(long s) {
        return (int) (s >> COUNTER_SHIFT);
    }

    private static int tickets(long s) {
        return (int) (s & TICKETS_MASK);
    }

    /** Ticket {@code t} was taken before the count {@code registered}, modulo 2^31. */
    private static boolean before(int t, int registered) {
        return (registered - t) << 1 > 0; // the 31-bit difference, signed
    }

    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(WaitGroup.class, "state", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
