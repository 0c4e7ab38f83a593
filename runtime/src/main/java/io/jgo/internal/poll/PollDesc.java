package io.jgo.internal.poll;

import io.jgo.internal.sched.Sched;
import io.jgo.internal.sched.park.ParkUnlock;
import io.jgo.internal.sched.park.Party;
import io.jgo.internal.sched.park.Parking;
import io.jgo.internal.sched.park.RuntimeLock;
import io.jgo.internal.sched.park.WaitQueue;
import io.jgo.internal.sched.park.Waiter;
import io.jgo.internal.sched.park.WakeList;
import io.jgo.internal.sched.timer.TimerFunc;
import io.jgo.internal.sched.timer.RuntimeTimer;
import io.jgo.internal.Stack;
import io.jgo.internal.sched.park.WaitReason;
import java.io.IOException;
import java.nio.channels.CancelledKeyException;
import java.nio.channels.SelectableChannel;
import java.nio.channels.SelectionKey;
import java.util.function.BooleanSupplier;
import java.util.concurrent.locks.LockSupport;

/**
 * One channel's state in the poller (Go's {@code pollDesc} from {@code netpoll.go}, with the wait
 * of {@code internal/poll/fd_poll_runtime.go}): its selection key, the parties waiting to read and
 * to write, the read and write deadlines with their timers, and whether it is closing. This is the
 * one class where the network parks and wakes goroutines (through the parking seam:
 * {@link Waiter}, {@link WaitQueue}, {@link Parking}); {@code io.jgo.net} calls only what is public here.
 *
 * <h2>Protocol (the caller is a leaf of {@code io.jgo.net})</h2>
 * Try the non-blocking operation; if it did nothing, {@link #prepareWait}: under {@link #lock} it
 * checks closing and the deadline ({@link #CLOSED}, {@link #TIMEOUT}), enqueues the caller's
 * waiter, adds the mode to the key's interest and returns {@link #PARKED} with the park prepared
 * (wait reason {@code IO wait}); the leaf suspends, g0 makes the G WAITING and only then releases
 * the lock. Whatever wakes it (readiness, a deadline, a close, {@link #wake}), the leaf retries
 * from the top, as Go's {@code fd.Read} loop does: the outcome is read from the state
 * ({@link #check}, the caller's own condition), never from the wake-up. A plain thread waits in
 * place ({@link #prepareWait} returns {@link #WOKEN}). A goroutine's leaf parks through
 * {@code cont.LeafPark} once {@link #prepareWait} answers {@link #PARKED}.
 *
 * <h2>Interest: read stays armed while it is used, write is one-shot</h2>
 * The selector is level-triggered, and every interest change is a queued update the next select
 * applies with an {@code epoll_ctl} (plus a wake-up of a blocked poller to apply it). A goroutine
 * that reads in a loop would pay both per read if every wake dropped the interest. So (Go keeps its
 * descriptors armed, edge-triggered) a waiter sets its mode's interest only when it is not set
 * already ({@link #rearms} counts those), and a ready read interest is dropped only when it fires
 * with nobody waiting and no woken reader on its way back ({@link #readDrops}; see {@link #ready}), so a readable channel nobody reads makes at most one poll see it before it is
 * quiet, and never makes the poll spin. Write interest is dropped whenever it fires (a socket is
 * almost always writable: kept, it would fire in every poll). Both decisions are made under
 * {@link #lock}, as is a waiter's enqueue-then-check of the interest, so a waiter either is seen by
 * the fire (woken, interest kept) or sees the interest dropped (and sets it again, waking a blocked
 * poller): no readiness is lost.
 *
 * <h2>Deadlines (Go's {@code poll_runtime_pollSetDeadline})</h2>
 * A deadline is kept as a {@code System.nanoTime} value: 0 none, -1 passed, else when. Setting a
 * future one arms the mode's {@link RuntimeTimer} (the runtime's per-P heaps); when it fires, or
 * when a deadline in the past is set, the deadline becomes -1 and the mode's waiters are woken;
 * they see {@link #TIMEOUT}. A later deadline (or none) makes the channel usable again, as in Go.
 *
 * <p>Threads: every field but {@link #key} (final after {@link #register}) is guarded by {@link #lock};
 * {@link #closing} is also volatile for the lock-free fast check of the leaves.
 */
public final class PollDesc implements ParkUnlock {

    /** Modes (bit set). */
    public static final int READ = 1;
    public static final int WRITE = 2;

    /** {@link #prepareWait} and {@link #check} outcomes. */
    public static final int OK = 0;
    public static final int PARKED = 1;
    public static final int WOKEN = 2;
    public static final int CLOSED = 3;
    public static final int TIMEOUT = 4;
    /** The caller's cancellation condition held ({@link #prepareWait(Party, int, Object, BooleanSupplier)}). */
    public static final int CANCELED = 5;

    /** Wait reason in dumps, as Go's {@code waitReasonIOWait}. */
    public static final WaitReason WAIT_REASON = WaitReason.IO_WAIT;

    private static final long THREAD_POLL_NANOS = 10_000_000L;

    private final NetPoll poll;
    /**
     * The descriptor's guard: held by a parking goroutine across its unwind and released by g0 once
     * it is WAITING ({@link #unlockAfterPark}), so it is the runtime's ownerless lock, the one lock
     * strategy of every guard held across an unwind (as a channel's). Never taken twice by one
     * party; under it only leaf locks (the key's, a timer heap's).
     */
    private final RuntimeLock lock = new RuntimeLock();
    private final WaitQueue readers = new WaitQueue();
    private final WaitQueue writers = new WaitQueue();
    private SelectionKey key;
    private volatile boolean closing;
    /** A blocking-mode channel's descriptor ({@link #forBlockingChannel}); final after registration. */
    private boolean blockingChannel;
    /** Deadlines: 0 none, -1 passed, else System.nanoTime. Guarded by {@link #lock}. */
    private long rd;
    private long wd;
    private RuntimeTimer rt;
    private RuntimeTimer wt;
    /**
     * The interest ops a read and a write wait for (OP_ACCEPT for a server channel, OP_CONNECT while
     * connecting); bytes, as every op fits (heap per connection).
     */
    private byte readOps = SelectionKey.OP_READ;
    private byte writeOps = SelectionKey.OP_WRITE;
    /**
     * Counts for tests and measurements (plain ints under {@link #lock}, no cost on the hot path):
     * how often a waiter had to set its interest on the key (each an {@code epoll_ctl} for the next
     * select, and a selector wake-up if a poller blocks), and how often a fired read interest was
     * dropped because it fired with nobody waiting (and no woken reader away, or in a blocking poll).
     */
    private int rearms;
    private int readDrops;
    /** A fire woke this descriptor's readers and they have not waited again yet (see {@link #ready}). Guarded by {@link #lock}. */
    private boolean readerAway;

    private PollDesc(NetPoll poll) {
        this.poll = poll;
    }

    /**
     * Registers {@code ch} (made non-blocking by the caller) with {@code sched}'s poller. Any thread;
     * never waits on the selector.
     */
    public static PollDesc register(Sched sched, SelectableChannel ch) throws IOException {
        NetPoll poll = NetPoll.of(sched);
        PollDesc pd = new PollDesc(poll);
        pd.key = poll.register(ch, pd);
        return pd;
    }

    /**
     * The poll descriptor of a blocking-mode {@code SocketChannel} or {@code ServerSocketChannel} in
     * {@code sched}'s poller, registered on first use with the channel's mode left alone (see
     * {@link BlockingChannels}); it lives as long as the channel's key, until the channel closes. Null
     * when the channel cannot be parked on (then the caller hands the call off as a syscall). Any thread.
     */
    public static PollDesc forBlockingChannel(Sched sched, SelectableChannel ch) {
        PollDesc pd = NetPoll.of(sched).registerBlocking(ch);
        if (pd == null && !BlockingChannels.available()) {
            BlockingChannels.unavailableNote();
        }
        return pd;
    }

    /** For {@link NetPoll#registerBlocking}, under the channel's key lock. */
    static PollDesc registerBlocking(NetPoll poll, java.nio.channels.Selector sel, SelectableChannel ch) {
        PollDesc pd = new PollDesc(poll);
        pd.blockingChannel = true;
        if ((ch.validOps() & SelectionKey.OP_ACCEPT) != 0) {
            pd.readOps = SelectionKey.OP_ACCEPT;
        }
        pd.key = BlockingChannels.register(sel, ch, pd);
        return pd;
    }

    /** Is this the descriptor of a blocking-mode channel (woken by {@link BlockingChannels}' close hook)? */
    boolean isBlockingChannel() {
        return blockingChannel;
    }

    /** What a read waits for: {@code OP_ACCEPT} for a listener. Before any wait. */
    public void readInterest(int ops) {
        readOps = (byte) ops;
    }

    /** What a write waits for: {@code OP_CONNECT} while a dial is under way, then {@code OP_WRITE}. Owner of the wait. */
    public void writeInterest(int ops) {
        lock.lock();
        try {
            writeOps = (byte) ops;
        } finally {
            lock.unlock();
        }
    }

    /** The runtime whose poller this channel is registered with. */
    public Sched runtime() {
        return poll.runtime();
    }

    // ---------------------------------------------------------------- waiting

    /** {@link #CLOSED}, {@link #TIMEOUT} or {@link #OK} for {@code mode} now (Go's {@code netpollcheckerr}). Any thread. */
    public int check(int mode) {
        if (closing) {
            return CLOSED;
        }
        lock.lock();
        try {
            return errLocked(mode);
        } finally {
            lock.unlock();
        }
    }

    private int errLocked(int mode) {
        if (closing) {
            return CLOSED;
        }
        long d = mode == READ ? rd : wd;
        if (d < 0) {
            return TIMEOUT;
        }
        if (d > 0 && System.nanoTime() - d >= 0) { // passed, its timer not run yet (a busy P, or no M to run it)
            if (mode == READ) {
                rd = -1;
            } else {
                wd = -1;
            }
            return TIMEOUT;
        }
        return OK;
    }

    /**
     * The caller found the channel not ready for {@code mode}: wait until it may be. {@code g} is
     * the calling goroutine ({@link Parking#goroutineOf}) or null for a plain thread. Returns
     * {@link #CLOSED} or {@link #TIMEOUT} without waiting; {@link #PARKED} for a goroutine whose park
     * is prepared (the leaf must now suspend with {@code YIELD_PARK}, then call {@link #afterPark});
     * {@link #WOKEN} for a plain thread that waited. Either way the caller retries.
     */
    public int prepareWait(Party g, int mode) {
        return prepareWait(g, mode, null);
    }

    /** As {@link #prepareWait(Party, int)}, keeping {@code keep} for {@link #afterPark} to return (a leaf's state across the park). */
    public int prepareWait(Party g, int mode, Object keep) {
        return prepareWait(g, mode, keep, null);
    }

    /**
     * As {@link #prepareWait(Party, int, Object)}, and returns {@link #CANCELED} without waiting when
     * {@code cancelled} (if not null) holds. It is asked under {@link #lock}, after closing and the
     * deadline, so a canceller that makes it true and then calls {@link #wake} either is seen here
     * or finds the waiter queued: the pair cannot lose the wake-up (the leaves of reads that take a
     * context).
     */
    public int prepareWait(Party g, int mode, Object keep, BooleanSupplier cancelled) {
        WaitQueue q = mode == READ ? readers : writers;
        lock.lock();
        int err = errLocked(mode);
        if (err == OK && cancelled != null && cancelled.getAsBoolean()) {
            err = CANCELED;
        }
        if (err != OK) {
            lock.unlock();
            return err;
        }
        Waiter w = Parking.enqueue(g, q, false); // the park's single-waker mode: the party's one record
        if (g != null) {
            w.elem = keep;
        }
        if (mode == READ) {
            readerAway = false;
        }
        poll.addWaiter(); // before the interest: a poll that sees it ready finds the count up
        int ops = mode == READ ? readOps : writeOps;
        try {
            // Still armed (a read loop: the last fire found this mode's waiter and kept it): the
            // selector has it or applies it in its next select, level-triggered, so nothing to do.
            // Not armed: set it, and a blocked poller must apply it (see NetPoll, "Lost wake-ups").
            // Under the lock: ready() drops an interest only under it too, so the check holds.
            if ((key.interestOps() & ops) != ops) {
                rearms++;
                key.interestOpsOr(ops);
                if (poll.blocked()) {
                    poll.wakeup();
                }
            }
        } catch (CancelledKeyException e) {
            // closed by another path than close() (the channel itself): the retry sees it closed
        }
        if (g != null) {
            Parking.prepare(g, w, this, WAIT_REASON); // this: unlockAfterPark releases the lock, no callback per descriptor
            return PARKED;
        }
        lock.unlock();
        awaitAsThread(w, mode);
        return WOKEN;
    }

    /**
     * g0's release of {@link #lock} once the goroutine that {@link #prepareWait} parked is WAITING
     * ({@link ParkUnlock}: the descriptor is its own unlock, so it needs no callback object). Not for callers.
     */
    @Override
    public void unlockAfterPark() {
        lock.unlock();
    }

    /** The goroutine runs again after {@link #PARKED}: takes its waiter back; returns what it kept. Owner only. */
    public static Object afterPark(Party g) {
        Waiter w = Parking.resumed(g);
        Object keep = w == null ? null : w.elem;
        if (w != null) {
            w.elem = null;
        }
        return keep;
    }

    /**
     * The goroutine owning {@code s}, or null on a plain thread: who waits. As every primitive, a
     * goroutine parks whatever its status (sysmon may have retaken its P: the park commits all the
     * same), and one that cannot unwind pins.
     */
    public static Party parker(Stack s) {
        return Parking.goroutineOf(s);
    }

    /**
     * A plain thread's wait: it blocks in the poll itself when nobody else does (a runtime may
     * have no M to poll for it), else parks; at most {@link #THREAD_POLL_NANOS} at a time, so it
     * takes the poll over when the holder leaves, and never past its deadline, which it checks
     * itself (a runtime's timers need its Ms). An interrupt is kept, not acted on.
     */
    private void awaitAsThread(Waiter w, int mode) {
        boolean interrupted = false;
        try {
            while (!w.isWoken()) {
                interrupted |= Thread.interrupted();
                long wait = THREAD_POLL_NANOS;
                long d;
                lock.lock();
                try {
                    d = mode == READ ? rd : wd;
                    if (d < 0 || d > 0 && System.nanoTime() - d >= 0) {
                        if (w.queued) {
                            (mode == READ ? readers : writers).remove(w);
                            poll.removeWaiter();
                        }
                        return; // the retry sees the timeout
                    }
                } finally {
                    lock.unlock();
                }
                if (d > 0) {
                    wait = Math.max(1, Math.min(wait, d - System.nanoTime()));
                }
                if (!poll.pollAsThread(wait) && !w.isWoken()) {
                    LockSupport.parkNanos(this, wait);
                }
            }
        } finally {
            Parking.exitThreadWait();
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    // ---------------------------------------------------------------- waking

    /**
     * The poller found the channel ready for {@code modes}: every waiter of those modes is woken;
     * goroutines of the poller's runtime go into {@code batch} for injection, others are readied
     * at once. The interest of a ready write is dropped; that of a ready read only when nobody
     * waited for it (the woken reader keeps it for its next read), and, in a non-blocking poll
     * ({@code blocking} false), not even then while the reader it last woke has not come back
     * ({@link #readerAway}): it is in a run queue and will take these bytes; under load the
     * polls of {@code findRunnable} and sysmon meet many such readers, and dropping would cost
     * two {@code epoll_ctl} a round trip again. A non-blocking poll is made anyway, so such a key
     * costs it one dispatch, never a spin. A blocking select would return at once, for nobody, so
     * there it is dropped; and a blocking poller that readied goroutines does not select again
     * before they can run ({@code M.waitForP}, as Go's {@code findRunnable} stops such an M).
     * The poller's thread, inside its select.
     */
    void ready(int modes, boolean blocking, WakeList.Diverter batch) {
        Waiter list = null;
        lock.lock();
        try {
            int drop = 0;
            if ((modes & READ) != 0) {
                list = drainLocked(readers, list);
                if (list != null) {
                    readerAway = true; // until it waits again; keeps the interest
                } else if (blocking || !readerAway) {
                    readDrops++;
                    readerAway = false;
                    drop |= readOps;
                }
            }
            if ((modes & WRITE) != 0) {
                drop |= writeOps;
                list = drainLocked(writers, list);
            }
            if (drop != 0) {
                try {
                    key.interestOpsAnd(~drop);
                } catch (CancelledKeyException e) {
                    // closed meanwhile: its waiters were woken above or by the close
                }
            }
        } finally {
            lock.unlock();
        }
        WakeList.wakeAll(list, batch); // goroutines of the poller's runtime go into its batch for injection
    }

    /** Dequeues every waiter of {@code q} onto the wake chain {@code list} ({@link WakeList}). Lock held. */
    private Waiter drainLocked(WaitQueue q, Waiter list) {
        for (Waiter w; (w = q.dequeue()) != null; ) {
            poll.removeWaiter();
            w.success = true;
            list = WakeList.push(list, w);
        }
        return list;
    }

    /**
     * Wakes every waiter of {@code modes} without changing any state: they retry and re-check
     * their own conditions (a context's cancellation). Any thread; never blocks.
     */
    public void wake(int modes) {
        Waiter list = null;
        lock.lock();
        try {
            if ((modes & READ) != 0) {
                list = drainLocked(readers, list);
            }
            if ((modes & WRITE) != 0) {
                list = drainLocked(writers, list);
            }
        } finally {
            lock.unlock();
        }
        WakeList.wakeAll(list);
    }

    // ---------------------------------------------------------------- deadlines and close

    /**
     * Sets the deadline of {@code modes} (READ, WRITE or both) to {@code nanos}, a
     * {@code System.nanoTime} value, or none ({@code hasDeadline} false). A deadline already passed
     * wakes the waiters at once. Any thread.
     */
    public void setDeadline(int modes, boolean hasDeadline, long nanos) {
        long d = !hasDeadline ? 0 : System.nanoTime() - nanos >= 0 ? -1 : nanos == 0 ? 1 : nanos;
        Waiter wake = null;
        lock.lock();
        try {
            if (closing) {
                return;
            }
            if ((modes & READ) != 0) {
                rd = d;
                rt = arm(rt, d, PollDesc::readDeadlineFired);
                if (d < 0) {
                    wake = drainLocked(readers, wake);
                }
            }
            if ((modes & WRITE) != 0) {
                wd = d;
                wt = arm(wt, d, PollDesc::writeDeadlineFired);
                if (d < 0) {
                    wake = drainLocked(writers, wake);
                }
            }
        } finally {
            lock.unlock();
        }
        WakeList.wakeAll(wake);
    }

    /** (Re)arms or stops a deadline timer. Lock held (the timer's own locks are leaf locks). */
    private RuntimeTimer arm(RuntimeTimer t, long d, TimerFunc f) {
        if (d > 0) {
            if (t == null) {
                t = poll.runtime().newTimer(f);
                t.owner(this);
            }
            t.reset(d - System.nanoTime());
        } else if (t != null) {
            t.stop();
        }
        return t;
    }

    private static void readDeadlineFired(RuntimeTimer t) {
        ((PollDesc) t.owner()).deadlineFired(READ);
    }

    private static void writeDeadlineFired(RuntimeTimer t) {
        ((PollDesc) t.owner()).deadlineFired(WRITE);
    }

    /** A deadline timer fired: if that deadline still stands and has passed, it becomes -1 and its waiters wake. */
    private void deadlineFired(int mode) {
        Waiter wake = null;
        lock.lock();
        try {
            long d = mode == READ ? rd : wd;
            if (d <= 0 || System.nanoTime() - d < 0) {
                return; // moved later, cleared, or already passed: a stale fire
            }
            if (mode == READ) {
                rd = -1;
                wake = drainLocked(readers, null);
            } else {
                wd = -1;
                wake = drainLocked(writers, null);
            }
        } finally {
            lock.unlock();
        }
        WakeList.wakeAll(wake);
    }

    /**
     * Go's {@code poll_runtime_pollUnblock}: the channel is closing; every waiter wakes and sees
     * {@link #CLOSED}; timers stop. The caller closes the channel next, then calls {@link #closed}.
     * Any thread; idempotent.
     */
    public void close() {
        Waiter wake;
        lock.lock();
        try {
            if (closing) {
                return;
            }
            closing = true;
            wake = drainLocked(readers, null);
            wake = drainLocked(writers, wake);
            if (rt != null) {
                rt.stop();
            }
            if (wt != null) {
                wt.stop();
            }
        } finally {
            lock.unlock();
        }
        WakeList.wakeAll(wake);
    }

    /** The channel is closed (its key cancelled): have a select release its fd soon. Any thread. */
    public void closed() {
        poll.cancelled();
    }

    /** How often a waiter set its interest on the key ({@link #rearms}). Any thread, racy (tests, measurements). */
    int rearms() {
        return rearms;
    }

    /** How often a fired read interest was dropped, nobody waiting ({@link #readDrops}). Any thread, racy. */
    int readDrops() {
        return readDrops;
    }

    /** Is the channel closing? Any thread (volatile read). */
    public boolean isClosing() {
        return closing;
    }
}
