package io.jgo.internal.sched;

import io.jgo.internal.Stack;
import io.jgo.internal.cont.WaitReason;
import java.io.IOException;
import java.nio.channels.CancelledKeyException;
import java.nio.channels.SelectableChannel;
import java.nio.channels.SelectionKey;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

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
 * <h2>Interest is one-shot</h2>
 * The selector is level-triggered; the poller drops a ready mode from the key's interest before
 * it wakes the mode's waiters ({@code NetPoll.dispatch}), and a waiter sets it again before
 * parking. So a ready channel nobody waits on never makes the poll spin.
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
public final class PollDesc {

    /** Modes (bit set). */
    public static final int READ = 1;
    public static final int WRITE = 2;

    /** {@link #prepareWait} and {@link #check} outcomes. */
    public static final int OK = 0;
    public static final int PARKED = 1;
    public static final int WOKEN = 2;
    public static final int CLOSED = 3;
    public static final int TIMEOUT = 4;
    /** The caller's cancellation condition held ({@link #prepareWait(G, int, Object, BooleanSupplier)}). */
    public static final int CANCELED = 5;

    /** Wait reason in dumps, as Go's {@code waitReasonIOWait}. */
    public static final WaitReason WAIT_REASON = WaitReason.IO_WAIT;

    private static final long THREAD_POLL_NANOS = 10_000_000L;

    private final NetPoll poll;
    private final ReentrantLock lock = new ReentrantLock();
    private final WaitQueue readers = new WaitQueue();
    private final WaitQueue writers = new WaitQueue();
    private final ParkUnlock unlock = lock::unlock;
    private SelectionKey key;
    private volatile boolean closing;
    /** A blocking-mode channel's descriptor ({@link #forBlockingChannel}); final after registration. */
    private boolean blockingChannel;
    /** Deadlines: 0 none, -1 passed, else System.nanoTime. Guarded by {@link #lock}. */
    private long rd;
    private long wd;
    private RuntimeTimer rt;
    private RuntimeTimer wt;
    /** The interest ops a read and a write wait for (OP_ACCEPT for a server channel, OP_CONNECT while connecting). */
    private int readOps = SelectionKey.OP_READ;
    private int writeOps = SelectionKey.OP_WRITE;

    private PollDesc(NetPoll poll) {
        this.poll = poll;
    }

    /**
     * Registers {@code ch} (made non-blocking by the caller) with {@code sched}'s poller. Any thread;
     * never waits on the selector.
     */
    public static PollDesc register(Sched sched, SelectableChannel ch) throws IOException {
        PollDesc pd = new PollDesc(sched.netpoll);
        pd.key = sched.netpoll.register(ch, pd);
        return pd;
    }

    /**
     * The poll descriptor of a blocking-mode {@code SocketChannel} or {@code ServerSocketChannel} in
     * {@code sched}'s poller, registered on first use with the channel's mode left alone (see
     * {@link BlockingChannels}); it lives as long as the channel's key, until the channel closes. Null
     * when the channel cannot be parked on (then the caller hands the call off as a syscall). Any thread.
     */
    public static PollDesc forBlockingChannel(Sched sched, SelectableChannel ch) {
        PollDesc pd = sched.netpoll.registerBlocking(ch);
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
        readOps = ops;
    }

    /** What a write waits for: {@code OP_CONNECT} while a dial is under way, then {@code OP_WRITE}. Owner of the wait. */
    public void writeInterest(int ops) {
        lock.lock();
        try {
            writeOps = ops;
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
    public int prepareWait(G g, int mode) {
        return prepareWait(g, mode, null);
    }

    /** As {@link #prepareWait(G, int)}, keeping {@code keep} for {@link #afterPark} to return (a leaf's state across the park). */
    public int prepareWait(G g, int mode, Object keep) {
        return prepareWait(g, mode, keep, null);
    }

    /**
     * As {@link #prepareWait(G, int, Object)}, and returns {@link #CANCELED} without waiting when
     * {@code cancelled} (if not null) holds. It is asked under {@link #lock}, after closing and the
     * deadline, so a canceller that makes it true and then calls {@link #wake} either is seen here
     * or finds the waiter queued: the pair cannot lose the wake-up (the leaves of reads that take a
     * context).
     */
    public int prepareWait(G g, int mode, Object keep, BooleanSupplier cancelled) {
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
        Waiter w;
        if (g == null) {
            w = Waiter.forThread();
            Parking.enterThreadWait(); // before the waiter is visible: no deadlock report while we wait
        } else {
            w = Parking.waiterFor(g);
            w.elem = keep;
        }
        q.enqueue(w);
        poll.addWaiter(); // before the interest: a poll that sees it ready finds the count up
        try {
            key.interestOpsOr(mode == READ ? readOps : writeOps);
        } catch (CancelledKeyException e) {
            // closed by another path than close() (the channel itself): the retry sees it closed
        }
        if (poll.blocked()) {
            poll.wakeup(); // its select must apply the new interest (see NetPoll, "Lost wake-ups")
        }
        if (g != null) {
            Parking.prepare(g, w, unlock, WAIT_REASON);
            return PARKED;
        }
        lock.unlock();
        awaitAsThread(w, mode);
        return WOKEN;
    }

    /** The goroutine runs again after {@link #PARKED}: takes its waiter back; returns what it kept. Owner only. */
    public static Object afterPark(G g) {
        Waiter w = (Waiter) Parking.takeWaiting(g);
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
    public static G parker(Stack s) {
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
     * at once. The poller's thread, inside its select.
     */
    void ready(int modes, List<G> batch) {

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
        while (list != null) {
            Waiter w = list;
            list = w.wakeLink; // before the wake: the woken party may reuse w at once
            G g = w.g();
            if (g != null && g.sched == poll.runtime() && !g.sched.stopping) {
                batch.add(g);
            } else {
                w.wake();
            }
        }
    }

    /** Dequeues every waiter of {@code q} onto {@code list} (through wakeLink). Lock held. */
    private Waiter drainLocked(WaitQueue q, Waiter list) {
        for (Waiter w; (w = q.dequeue()) != null; ) {
            poll.removeWaiter();
            w.success = true;
            w.wakeLink = list;
            list = w;
        }
        return list;
    }

    private static void wakeAll(Waiter list) {
        while (list != null) {
            Waiter w = list;
            list = w.wakeLink;
            w.wake();
        }
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
        wakeAll(list);
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
        wakeAll(wake);
    }

    /** (Re)arms or stops a deadline timer. Lock held (the timer's own locks are leaf locks). */
    private RuntimeTimer arm(RuntimeTimer t, long d, TimerFunc f) {
        if (d > 0) {
            if (t == null) {
                t = new RuntimeTimer(poll.runtime(), f);
                t.owner = this;
            }
            t.reset(d - System.nanoTime());
        } else if (t != null) {
            t.stop();
        }
        return t;
    }

    private static void readDeadlineFired(RuntimeTimer t) {
        ((PollDesc) t.owner).deadlineFired(READ);
    }

    private static void writeDeadlineFired(RuntimeTimer t) {
        ((PollDesc) t.owner).deadlineFired(WRITE);
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
        wakeAll(wake);
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
        wakeAll(wake);
    }

    /** The channel is closed (its key cancelled): have a select release its fd soon. Any thread. */
    public void closed() {
        poll.cancelled();
    }

    /** Is the channel closing? Any thread (volatile read). */
    public boolean isClosing() {
        return closing;
    }
}
