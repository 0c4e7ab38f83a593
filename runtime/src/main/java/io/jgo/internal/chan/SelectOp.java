package io.jgo.internal.chan;

import io.jgo.internal.cont.StackAccess;
import io.jgo.PanicException;
import io.jgo.internal.Stack;
import io.jgo.internal.sched.park.WaitReason;
import io.jgo.internal.sched.park.Party;
import io.jgo.internal.sched.park.ParkUnlock;
import io.jgo.internal.sched.park.Parking;
import io.jgo.internal.sched.SeededSchedule;
import io.jgo.internal.sched.park.SelectWait;
import io.jgo.internal.sched.park.PlainThreads;
import io.jgo.internal.sched.park.ThreadWait;
import io.jgo.internal.sched.park.Waiter;

/**
 * One execution of a select (Go's {@code selectgo}) over send and receive cases; a null channel is
 * never ready. The public face is {@code io.jgo.Select}, which runs the chosen case's body.
 *
 * <ol>
 *   <li>Poll order: a uniformly random permutation of the cases (Fisher-Yates), so among ready
 *       cases each is equally likely (drawn from a seeded bubble's coins in one, {@link SeededSchedule}). Lock order: the distinct channels sorted by
 *       {@link HChan#lockOrder}, one global order, so two selects never deadlock each other.
 *       Before any lock is taken, each receive case's timer, if its channel is a timer's, runs if
 *       it is due ({@link ChanTimer#maybeRun}), as Go's {@code selectgo} does.</li>
 *   <li>Pass 1, every channel locked: the first ready case in poll order completes (a waiting
 *       partner, the buffer, or a closed channel) and the select is done. None, with a default:
 *       unlock, default fires, unless a receive case's timer is due and unrun (it became due, or
 *       was reset, after the timers were polled): then the select polls again, so a default never
 *       hides a due timer.</li>
 *   <li>Pass 2: one {@link Waiter} per case, all sharing this {@link SelectWait}, enqueued in lock
 *       order (a timer channel's timer goes on a heap: {@link ChanTimer#block}); park once. The locks are released by {@link #unlockAfterPark} after the goroutine is
 *       WAITING (or before a plain thread blocks).</li>
 *   <li>Pass 3, after the wake: the winning waker set {@link SelectWait#winner}; lock everything
 *       again and take the other waiters off their queues (wakers that lost the CAS may already
 *       have dropped some); every receive case's timer is unblocked.</li>
 * </ol>
 * <h2>Reuse</h2>
 * A select that completes in pass 1 (or takes its default) allocates nothing: each stack (a
 * goroutine's, or a plain thread's own) keeps one of these in its stack ({@code StackAccess.selectCache}), taken by
 * {@link #acquire} and given back by {@link #release} once the outcome has been read, so a select in
 * a case body (which runs after its select released) or in a goroutine that raced in finds the cache
 * empty and makes its own. A select that parks allocates its waiters, once per blocking call; the
 * waiters are off every queue (pass 3) before the record is given back.
 */
public final class SelectOp extends SelectWait implements ParkUnlock {

    public static final int SEND = 0;
    public static final int RECV = 1;
    /** {@link #run} result: nothing ready and no default; the goroutine's waiters are enqueued and the locks held: suspend now. */
    public static final int MUST_PARK = -2;
    /** {@link #run} result: nothing ready, default fires. */
    public static final int DEFAULT = -1;

    /** Cases {@code 0..n-1} (the arrays may be longer: reused from a larger select). */
    private int n;
    private HChan[] chans;
    private int[] kinds;
    private Object[] values;
    /** Case indices of non-null channels, sorted by lock order (duplicates adjacent); {@link #keys} their ranks. */
    private int[] lockOrder;
    private long[] keys;
    /** The random poll order of pass 1. */
    private int[] poll;
    private int nLocked;
    private Waiter[] waiters;

    /** The caller's case array, kept for the resume (a resumed call gets no arguments). */
    public Object cases;
    /** The case that fired, what it received (null when closed) and whether it received a value. */
    public int fired = -1;
    public Object received;
    public boolean ok;

    private SelectOp(boolean goroutine) {
        super(goroutine);
        chans = new HChan[0];
        kinds = new int[0];
        values = new Object[0];
        lockOrder = new int[0];
        keys = new long[0];
        poll = new int[0];
    }

    /**
     * A select of {@code n} cases for the owner of {@code s} ({@code goroutine}: a goroutine's stack),
     * every case null until {@link #set}: the stack's cached record if it is free, else a new one.
     * The owner's thread only.
     */
    public static SelectOp acquire(Stack s, int n, boolean goroutine) {
        SelectOp op = (SelectOp) StackAccess.selectCache(s);
        if (op == null) {
            op = new SelectOp(goroutine);
        } else {
            StackAccess.selectCache(s, null);
        }
        op.size(n);
        return op;
    }

    /**
     * Gives the record back to {@code s}'s cache once the select's outcome has been read (its
     * channels, values and received value are dropped so the cache keeps nothing alive).
     */
    public void release(Stack s) {
        for (int i = 0; i < n; i++) {
            chans[i] = null;
            values[i] = null;
        }
        received = null;
        cases = null;
        waiters = null;
        fired = -1;
        ok = false;
        resetWait();
        StackAccess.selectCache(s, this);
    }

    private void size(int count) {
        n = count;
        if (chans.length < count) {
            chans = new HChan[count];
            kinds = new int[count];
            values = new Object[count];
            lockOrder = new int[count];
            keys = new long[count];
            poll = new int[count];
        }
    }

    public void set(int i, HChan c, int kind, Object value) {
        chans[i] = c;
        kinds[i] = kind;
        values[i] = value;
    }

    /**
     * Passes 1 and 2. Returns the index of the case that fired, {@link #DEFAULT} (only with
     * {@code hasDefault}), or, for a goroutine, {@link #MUST_PARK}. A plain thread blocks here until
     * a case fires. A select whose channels are all null and that has no default blocks forever
     * (Go's "select (no cases)"): a goroutine gets {@link #MUST_PARK} with nothing enqueued.
     */
    public int run(Stack caller, boolean hasDefault) {
        Party g = Parking.goroutineOf(caller);
        int m = sortLockOrder();
        if (m == 0) {
            if (hasDefault) {
                return DEFAULT;
            }
            return blockForever(g);
        }
        for (int k = 0; k < m; k++) {
            chans[lockOrder[k]].touch(g); // see Parking, "Reach"
        }
        for (;;) {
            pollTimers(m); // a due timer delivers before the poll (no lock held yet)
            pollOrder(m);
            lockAll();
            for (int k = 0; k < m; k++) {
                if (pollCase(poll[k])) {
                    return fired;
                }
            }
            if (!hasDefault) {
                break;
            }
            boolean due = anyTimerDueLocked();
            unlockAll();
            if (!due) {
                return DEFAULT; // linearized under the locks: nothing ready, no timer due and unrun
            }
            // a timer became due (or was reset to now) after pollTimers: run it and poll again
        }
        enqueueAll(g);
        if (g == null) {
            Parking.enterThreadWait(); // still before anyone can wake us: we hold every lock
        }
        if (Parking.park(g, this, this, WaitReason.SELECT)) { // the park's multi-waker mode: the wakers race on this record's CAS
            return MUST_PARK;
        }
        finish(); // a plain thread, woken
        return fired;
    }

    /** Runs every receive case's timer that is due (timer channels only). No lock held. */
    private void pollTimers(int m) {
        for (int k = 0; k < m; k++) {
            int i = lockOrder[k];
            if (kinds[i] == RECV) {
                chans[i].pollTimer();
            }
        }
    }

    /** Is a receive case's timer due but not run? Everything locked (see {@link HChan#timerDueLocked}). */
    private boolean anyTimerDueLocked() {
        for (int k = 0; k < nLocked; k++) {
            int i = lockOrder[k];
            if (kinds[i] == RECV && chans[i].timerDueLocked()) {
                return true;
            }
        }
        return false;
    }

    /** Pass 1 for case {@code i}, everything locked: completes it and unlocks if it is ready. */
    private boolean pollCase(int i) {
        HChan c = chans[i];
        if (kinds[i] == SEND) {
            if (c.isClosedLocked()) {
                unlockAll();
                throw new PanicException("send on closed channel");
            }
            Waiter r = c.recvq.dequeue();
            if (r != null) {
                r.elem = values[i];
                r.success = true;
                fire(i, null, false);
                r.wake();
                return true;
            }
            if (c.bufPutLocked(values[i])) {
                fire(i, null, false);
                return true;
            }
            return false;
        }
        Waiter sd = c.sendq.dequeue();
        if (sd != null) {
            fire(i, c.recvFromLocked(sd), true);
            sd.wake();
            return true;
        }
        Object v = c.bufTakeLocked();
        if (v != null) {
            fire(i, v, true);
            return true;
        }
        if (c.isClosedLocked()) {
            fire(i, null, false);
            return true;
        }
        return false;
    }

    private void fire(int i, Object v, boolean received) {
        unlockAll();
        fired = i;
        this.received = v;
        ok = received;
    }

    /** Pass 2: a waiter per non-null case, in lock order. Everything locked. */
    private void enqueueAll(Party g) {
        waiters = new Waiter[n];
        for (int k = 0; k < nLocked; k++) {
            int i = lockOrder[k];
            Waiter w = Waiter.forSelect(g, this, i);
            HChan c = chans[i];
            if (kinds[i] == SEND) {
                w.elem = values[i];
                c.sendq.enqueue(w);
            } else {
                c.recvq.enqueue(w);
                c.blockTimer();
            }
            waiters[i] = w;
        }
        setWaiters(waiters);
    }

    /**
     * Pass 3, on the selecting goroutine (or thread) after it was woken: removes the losing waiters
     * and reads the outcome of the winner.
     *
     * @throws PanicException "send on closed channel" when a send case was woken by a close
     */
    public void finish() {
        Waiter win = winner();
        lockAll();
        for (int k = 0; k < nLocked; k++) {
            int i = lockOrder[k];
            Waiter w = waiters[i];
            if (w != win) {
                if (kinds[i] == SEND) {
                    chans[i].sendq.remove(w);
                } else {
                    chans[i].recvq.remove(w);
                }
            }
            if (kinds[i] == RECV) {
                chans[i].unblockTimer(); // every receive case blocked its timer in pass 2, the winner's too
            }
        }
        unlockAll();
        fired = win.caseIndex;
        if (kinds[fired] == SEND) {
            if (!win.success) {
                throw new PanicException("send on closed channel");
            }
        } else {
            ok = win.success;
            received = win.success ? win.elem : null;
        }
        win.elem = null;
    }

    /** Pass 3 for a goroutine: the select it parked on. */
    public static SelectOp resumed(Stack caller) {
        Party g = Parking.goroutineOf(caller);
        SelectOp op = (SelectOp) Parking.takeWaiting(g);
        op.finish();
        return op;
    }

    private int blockForever(Party g) {
        if (g != null) {
            Parking.prepare(g, null, NOTHING, WaitReason.SELECT_NO_CASES);
            return MUST_PARK;
        }
        PlainThreads.await(NEVER_OVER, this, PlainThreads.NO_DEADLINE, false, false); // a plain thread in an empty select never wakes
        throw new AssertionError("a select without cases returned");
    }

    private static final ThreadWait NEVER_OVER = () -> false;

    private static final ParkUnlock NOTHING = () -> { };

    // ---------------------------------------------------------------- orders and locks

    /** Insertion sort of the non-null cases by lock order (selects are small); returns their count. */
    private int sortLockOrder() {
        int[] order = lockOrder;
        long[] ks = keys;
        int m = 0;
        for (int i = 0; i < n; i++) {
            HChan c = chans[i];
            if (c == null) {
                continue;
            }
            long key = c.lockOrder();
            int j = m++;
            while (j > 0 && ks[j - 1] > key) {
                ks[j] = ks[j - 1];
                order[j] = order[j - 1];
                j--;
            }
            ks[j] = key;
            order[j] = i;
        }
        nLocked = m;
        return m;
    }

    /** {@link #poll}: the {@code m} non-null cases in a uniformly random order (Fisher-Yates over the lock-ordered ones). */
    private void pollOrder(int m) {
        int[] p = poll;
        java.util.random.RandomGenerator rnd = SeededSchedule.random(); // ThreadLocalRandom, or a seeded bubble's coins
        for (int k = 0; k < m; k++) {
            int j = rnd.nextInt(k + 1);
            p[k] = p[j];
            p[j] = lockOrder[k];
        }
    }

    /** Locks every distinct channel in the global lock order. */
    private void lockAll() {
        HChan prev = null;
        for (int k = 0; k < nLocked; k++) {
            HChan c = chans[lockOrder[k]];
            if (c != prev) {
                c.lock.lock();
                prev = c;
            }
        }
    }

    /**
     * Unlocks every distinct channel, in reverse lock order, and reads nothing of this record after
     * the last unlock (Go's {@code selunlock}). That matters after a park ({@link #unlockAfterPark},
     * run by g0): the moment the last lock is free, a waker can ready the selector, which may run on
     * another carrier, finish, {@link #release} this record and reuse it for its next select, all
     * before g0 takes another step. So each channel is unlocked at the first of its duplicates in
     * lock order (a select may name a channel twice, e.g. a send and a receive on it), and the
     * channel at position 0 is the last thing this loop touches.
     *
     * <p>Race, as it was: a select on {@code c} (send) and {@code c} (receive) parks; g0 unlocked
     * {@code c} at position 1 and went on to position 0 to see it was the same channel. 1. g0
     * unlocks {@code c}. 2. A sender, holding {@code c}, wakes the selector. 3. The selector runs
     * on another carrier, finishes and releases this record (its channels nulled). 4. g0 reads
     * position 0: a NullPointerException on g0 (or, had the record been reused already, another
     * select's channel unlocked).
     */
    private void unlockAll() {
        int[] order = lockOrder;
        HChan[] cs = chans;
        for (int k = nLocked - 1; k >= 0; k--) {
            HChan c = cs[order[k]];
            if (k > 0 && c == cs[order[k - 1]]) {
                continue; // unlocked at its first position, below
            }
            c.lock.unlock(); // at k == 0 the last access to this record: it may be reused from here on
        }
    }

    /** {@link ParkUnlock}: g0 (or the blocking plain thread) releases every channel once the selector is parked. */
    @Override
    public void unlockAfterPark() {
        unlockAll();
    }
}
