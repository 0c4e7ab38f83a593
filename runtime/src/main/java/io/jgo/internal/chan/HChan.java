package io.jgo.internal.chan;

import io.jgo.PanicException;
import io.jgo.internal.Stack;
import io.jgo.internal.sched.park.WaitReason;
import io.jgo.internal.sched.park.Party;
import io.jgo.internal.sched.park.ParkUnlock;
import io.jgo.internal.sched.park.RuntimeLock;
import io.jgo.internal.sched.park.Parking;
import io.jgo.internal.sched.park.WaitQueue;
import io.jgo.internal.sched.park.Waiter;
import io.jgo.internal.sched.park.WakeList;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A channel (Go's {@code hchan}): a ring buffer of {@link #cap} slots, a queue of blocked receivers
 * and one of blocked senders, a closed flag, and the lock that guards them. The public face is
 * {@code io.jgo.Chan}; {@link SelectOp} drives several of these at once.
 *
 * <h2>Invariants (as in Go's chan.go)</h2>
 * At least one of {@link #recvq} and {@link #sendq} is empty. {@code qcount > 0} implies that
 * {@code recvq} is empty; {@code qcount < cap} implies that {@code sendq} is empty. Once
 * {@link #closed}, both queues stay empty and nothing is added to the buffer. Values are never
 * null ({@code send(null)} is refused), so sentinels ({@link #CLOSED}, {@link #EMPTY}, {@link #PARK})
 * can share the result slot of a receive.
 *
 * <h2>Locking</h2>
 * {@link #lock} is held only for bookkeeping: it is released before any goroutine is readied or
 * any thread unparked, and a parking goroutine holds it only until g0 has made it WAITING (the
 * {@link ParkUnlock} of the parking seam), never while it is parked. Channels are locked in
 * {@link #lockOrder} order when a select needs several.
 *
 * <h2>Lock-free fast paths (Go's, with Go's proof)</h2>
 * Only the failing non-blocking operations skip the lock:
 * <ul>
 *   <li>{@code trySend} fails when the channel is not closed and not ready for sending (no receiver
 *       waiting, or a full buffer). Each observation is one acquire load. A closed channel cannot go
 *       from "ready for sending" to "not ready", so even if it closed between the two reads there was
 *       a moment between them when it was open and not ready: the send is linearized there.</li>
 *   <li>{@code tryRecv} fails when the channel is not ready for receiving (no sender waiting, or an
 *       empty buffer) and then, read second, not closed. A channel cannot reopen, so "not closed" on
 *       the later read means it was not closed at the earlier one: linearized at the first read. If
 *       it is closed, emptiness is read once more: closed and empty is permanent, so the receive
 *       reports closed without the lock. The order of the reads matters (acquire loads keep it).</li>
 * </ul>
 */
public final class HChan implements ParkUnlock {

    /** Receive result: the channel is closed and drained. */
    public static final Object CLOSED = new Sentinel("closed");
    /** Non-blocking receive result: nothing to receive now. */
    public static final Object EMPTY = new Sentinel("empty");
    /** Blocking receive result: the calling goroutine's waiter is enqueued, the lock is held: suspend now. */
    public static final Object PARK = new Sentinel("park");

    /** {@link #send} results. */
    public static final int SENT = 0;
    public static final int WOULD_BLOCK = 1;
    public static final int MUST_PARK = 2;

    private static final AtomicLong LOCK_ORDER = new AtomicLong();

    final RuntimeLock lock = new RuntimeLock();
    private final Object[] buf;
    private final int cap;
    /**
     * The timer of a timer channel (Go 1.23: one slot, but len and cap report 0, and the timer is
     * polled and put on a heap only as receivers need it, see {@link ChanTimer}), or null.
     */
    private final ChanTimer timer;
    /** Buffered values. Written under {@link #lock} with release stores; read lock-free with acquire loads (len, fast paths). */
    private int qcount;
    private int sendx;
    private int recvx;
    /** Written once under {@link #lock} (volatile store); read lock-free by the fast paths. */
    private volatile boolean closed;
    final WaitQueue recvq = new WaitQueue();
    final WaitQueue sendq = new WaitQueue();
    /** Select's global lock order; assigned on first use (CAS from 0), so making a channel touches no shared counter. */
    private volatile long lockOrder;

    /** A channel of {@code capacity} slots; {@code timer} non-null makes it that timer's channel. */
    public HChan(int capacity, ChanTimer timer) {
        if (capacity < 0) {
            throw new IllegalArgumentException("negative channel capacity " + capacity + " (Go: makechan: size out of range)");
        }
        this.cap = capacity;
        this.timer = timer;
        this.buf = capacity == 0 ? null : new Object[capacity];
    }

    // ---------------------------------------------------------------- send

    /**
     * Go's {@code chansend}: hands {@code v} to a waiting receiver, or buffers it, or (with
     * {@code block}) waits. A goroutine that must wait gets {@link #MUST_PARK}
     * with its waiter enqueued and the lock held, and must suspend at once; a plain thread blocks
     * here. Returns {@link #SENT} or, without {@code block}, {@link #WOULD_BLOCK}.
     *
     * @throws PanicException "send on closed channel"
     */
    public int send(Object v, Stack caller, boolean block) {
        Party g = Parking.goroutineOf(caller);
        touch(g); // see Parking, "Reach"
        if (!block && !closed && !readyForSend()) { // lock-free failure: see the class comment
            return WOULD_BLOCK;
        }
        lock.lock();
        if (closed) {
            lock.unlock();
            throw new PanicException("send on closed channel");
        }
        Waiter r = recvq.dequeue();
        if (r != null) { // a receiver waits: hand the value over directly, bypassing the buffer
            r.elem = v;
            r.success = true;
            lock.unlock();
            r.wake();
            return SENT;
        }
        if (bufPutLocked(v)) {
            lock.unlock();
            return SENT;
        }
        if (!block) {
            lock.unlock();
            return WOULD_BLOCK;
        }
        Waiter w = Parking.enqueue(g, sendq, false); // the park's single-waker mode: the party's one record
        w.elem = v; // under the lock: a receiver reads it only after dequeueing w under it
        if (Parking.park(g, w, this, WaitReason.CHAN_SEND)) {
            return MUST_PARK;
        }
        checkSent(w); // a plain thread, woken
        return SENT;
    }

    /** The goroutine that got {@link #MUST_PARK} runs again: was its value taken, or the channel closed? */
    public static void finishSend(Stack caller) {
        Party g = Parking.goroutineOf(caller);
        checkSent(Parking.resumed(g));
    }

    private static void checkSent(Waiter w) {
        if (!w.success) {
            throw new PanicException("send on closed channel");
        }
    }

    /** Lock-free: would a send complete now without waiting? (Acquire loads; see the class comment.) */
    private boolean readyForSend() {
        return cap == 0 ? !recvq.isEmpty() : (int) QCOUNT.getAcquire(this) < cap;
    }

    // ---------------------------------------------------------------- receive

    /**
     * Go's {@code chanrecv}: a value, {@link #CLOSED} when closed and drained, {@link #EMPTY} when
     * {@code block} is false and nothing is ready, or {@link #PARK} for a goroutine that must now
     * suspend (waiter enqueued, lock held). A plain thread blocks here.
     */
    public Object recv(Stack caller, boolean block) {
        Party g = Parking.goroutineOf(caller);
        touch(g); // see Parking, "Reach"
        if (timer == null) {
            return recvPolled(g, block);
        }
        for (;;) {
            pollTimer(); // a due timer delivers first
            Object v = recvPolled(g, block);
            if (v != RETRY) {
                return v;
            }
        }
    }

    /** {@link #recvPolled} found nothing while the timer was due and unrun (reset after the poll): poll it again. */
    private static final Object RETRY = new Sentinel("retry");

    /** {@link #recv} once the timer, if any, has been polled. */
    private Object recvPolled(Party g, boolean block) {
        if (!block && timer == null && !readyForRecv()) { // lock-free failure: see the class comment (not for timers: see timerDueLocked)
            if (!closed) {
                return EMPTY;
            }
            if (!readyForRecv()) {
                return CLOSED;
            }
        }
        lock.lock();
        if (closed && qcount == 0) {
            lock.unlock();
            return CLOSED;
        }
        Waiter sd = sendq.dequeue();
        if (sd != null) {
            Object v = recvFromLocked(sd);
            lock.unlock();
            sd.wake();
            return v;
        }
        Object v = bufTakeLocked();
        if (v != null) {
            lock.unlock();
            return v;
        }
        if (!block) {
            boolean due = timerDueLocked();
            lock.unlock();
            return due ? RETRY : EMPTY; // EMPTY linearized under the lock: no value, no timer due and unrun
        }
        Waiter w = Parking.enqueue(g, recvq, false); // the park's single-waker mode: the party's one record
        blockTimer();
        if (Parking.park(g, w, this, WaitReason.CHAN_RECEIVE)) {
            return PARK;
        }
        unblockTimer(); // a plain thread, woken
        return w.success ? w.elem : CLOSED;
    }

    /** The goroutine that got {@link #PARK} from this channel runs again: the value handed to it, or {@link #CLOSED}. */
    public Object finishRecv(Stack caller) {
        Party g = Parking.goroutineOf(caller);
        Waiter w = Parking.resumed(g);
        unblockTimer();
        Object v = w.success ? w.elem : CLOSED;
        w.elem = null;
        return v;
    }

    /** Lock-free: is there something to receive now? (Acquire loads; see the class comment.) */
    private boolean readyForRecv() {
        return cap == 0 ? !sendq.isEmpty() : (int) QCOUNT.getAcquire(this) > 0;
    }

    // ---------------------------------------------------------------- close

    /**
     * Go's {@code closechan}: marks the channel closed and wakes every waiter; receivers get
     * "closed", senders panic.
     *
     * @throws PanicException "close of closed channel"
     */
    public void close(Stack caller) {
        Party g = Parking.goroutineOf(caller);
        touch(g); // see Parking, "Reach"
        lock.lock();
        if (closed) {
            lock.unlock();
            throw new PanicException("close of closed channel");
        }
        closed = true; // volatile store under the lock; the fast paths read it lock-free
        WakeList wake = new WakeList();
        for (Waiter w; (w = recvq.dequeue()) != null; ) {
            w.elem = null;
            w.success = false;
            wake.add(w);
        }
        for (Waiter w; (w = sendq.dequeue()) != null; ) {
            w.elem = null;
            w.success = false; // it will panic
            wake.add(w);
        }
        lock.unlock();
        wake.wakeAll(); // ready everyone only now that the lock is released
    }

    /**
     * A timer's send: never blocks (a value already waiting means this tick is dropped, as Go's
     * tickers do), and does not mark the channel as touched by a plain thread (the timer thread
     * acts for the runtime). Returns whether the value was delivered or buffered.
     */
    public boolean timerSend(Object v) {
        lock.lock();
        if (closed) {
            lock.unlock();
            return false;
        }
        Waiter r = recvq.dequeue();
        if (r != null) {
            r.elem = v;
            r.success = true;
            lock.unlock();
            r.wake();
            return true;
        }
        boolean buffered = bufPutLocked(v);
        lock.unlock();
        return buffered;
    }

    /** Timer channels: takes a buffered value out (a stopped or reset timer delivers no stale value). */
    public boolean drain() {
        lock.lock();
        try {
            return bufTakeLocked() != null;
        } finally {
            lock.unlock();
        }
    }

    /** A receive (or a select's receive case) is about to look: a due timer delivers first. No channel lock held. */
    void pollTimer() {
        if (timer != null) {
            timer.maybeRun();
        }
    }

    /**
     * Is this a timer channel whose timer is due but has not run? Lock held. A non-blocking receive
     * that found nothing asks before it reports "nothing", so it never misses a timer that became
     * due, or was reset to fire now, after it was polled.
     */
    boolean timerDueLocked() {
        return timer != null && timer.dueLocked();
    }

    /** A receiver was enqueued and will wait: its timer goes on a heap. Lock held. */
    void blockTimer() {
        if (timer != null) {
            timer.block();
        }
    }

    /** A receiver that waited here stopped waiting. */
    void unblockTimer() {
        if (timer != null) {
            timer.unblock();
        }
    }

    // ---------------------------------------------------------------- under the lock (also for SelectOp)

    boolean isClosedLocked() {
        return closed;
    }

    /** Buffers {@code v} if there is room. Lock held. */
    boolean bufPutLocked(Object v) {
        int n = qcount;
        if (n >= cap) {
            return false;
        }
        buf[sendx] = v;
        if (++sendx == cap) {
            sendx = 0;
        }
        QCOUNT.setRelease(this, n + 1); // pairs with the acquire loads of the fast paths and len
        return true;
    }

    /** The oldest buffered value, or null when the buffer is empty. Lock held. */
    Object bufTakeLocked() {
        int n = qcount;
        if (n == 0) {
            return null;
        }
        Object v = buf[recvx];
        buf[recvx] = null;
        if (++recvx == cap) {
            recvx = 0;
        }
        QCOUNT.setRelease(this, n - 1);
        return v;
    }

    /**
     * Go's {@code recv}: takes from {@code sd}, a dequeued sender. Unbuffered: its value. Buffered
     * (the buffer is full, or sd would not wait): the head of the buffer, and sd's value goes to
     * the tail, which is the same slot. Lock held; the caller wakes sd after unlocking.
     */
    Object recvFromLocked(Waiter sd) {
        Object v;
        if (cap == 0) {
            v = sd.elem;
        } else {
            v = buf[recvx];
            buf[recvx] = sd.elem;
            if (++recvx == cap) {
                recvx = 0;
            }
            sendx = recvx;
        }
        sd.elem = null;
        sd.success = true;
        return v;
    }

    // ---------------------------------------------------------------- misc

    /** Buffered values now (0 for a timer channel, as Go 1.23). Any thread, lock-free. */
    public int len() {
        return timer != null ? 0 : (int) QCOUNT.getAcquire(this);
    }

    /** Buffer capacity (0 for a timer channel, as Go 1.23). */
    public int cap() {
        return timer != null ? 0 : cap;
    }

    /** Both wait queues record the calling party, {@code g} or a plain thread (for the deadlock check). */
    void touch(Party g) {
        recvq.touch(g);
        sendq.touch(g);
    }

    /** This channel's rank in the global lock order; unique, assigned on first use. */
    long lockOrder() {
        long o = lockOrder;
        if (o == 0) {
            long mine = LOCK_ORDER.incrementAndGet();
            o = LOCK_ORDER_VH.compareAndSet(this, 0L, mine) ? mine : lockOrder; // one value wins for good
        }
        return o;
    }

    /** {@link ParkUnlock}: g0 releases the lock once the goroutine that waits here is parked. */
    @Override
    public void unlockAfterPark() {
        lock.unlock();
    }

    private static final class Sentinel {
        private final String name;

        Sentinel(String name) {
            this.name = name;
        }

        @Override
        public String toString() {
            return name;
        }
    }

    private static final VarHandle QCOUNT;
    private static final VarHandle LOCK_ORDER_VH;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            QCOUNT = l.findVarHandle(HChan.class, "qcount", int.class);
            LOCK_ORDER_VH = l.findVarHandle(HChan.class, "lockOrder", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
