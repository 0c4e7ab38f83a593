package io.jgo.internal.poll;

import io.jgo.internal.sched.NetPoller;
import io.jgo.internal.sched.PollHost;
import io.jgo.internal.sched.Sched;
import io.jgo.internal.sched.park.Party;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectableChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import io.jgo.internal.sched.park.WakeList;
import java.util.ArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * One runtime's network poller (Go's {@code netpoll.go} over {@code netpoll_epoll.go}): a
 * {@link Selector} (epoll on Linux) that the scheduler polls itself, no poller thread. See the
 * package comment of {@code io.jgo.net} for the whole design; this class is the scheduler's side,
 * which the scheduler reaches as its {@link NetPoller} and which reaches the scheduler through its
 * {@link PollHost} only (the G, M and P it handles stay opaque).
 *
 * <h2>Who polls</h2>
 * <ul>
 *   <li>{@code findRunnable}, holding a P, after the local and global queues: a non-blocking poll
 *       ({@link #pollFromP}) when anything waits on the network; the first readied G runs at once,
 *       the rest are injected (Go's {@code injectglist}; the M's {@link NetPoller.Taker}).</li>
 *   <li>An idle M, without a P, blocks in the poll instead of parking ({@link #pollBlocking}); the
 *       timer waiter blocks until the earliest timer. {@link #wakeup} is Go's {@code netpollBreak}:
 *       an M handed a P, an earlier timer, a new interest, the runtime's stop.</li>
 *   <li>sysmon, when nobody has polled for 10 ms ({@link #pollFromSysmon}).</li>
 *   <li>A plain thread waiting on a connection, when nobody else blocks in the poll.</li>
 * </ul>
 *
 * <h2>The gate</h2>
 * {@code Selector.select} holds the selector's monitor for as long as it blocks, so two pollers
 * would wait on each other. {@link #gate} admits one poller at a time ({@link #FREE},
 * {@link #NONBLOCKING}, {@link #BLOCKING}); everyone else skips the poll instead of waiting, so no
 * thread ever waits on the selector's monitor. Registering a channel and changing a key's interest
 * never take that monitor on JDK 11+ (they queue an update the next select applies), which is why
 * a new interest while a poller blocks must {@link #wakeup} it.
 *
 * <h2>Lost wake-ups</h2>
 * <pre>
 *   waiter (PollDesc.park)                     blocking poller
 *   1. enqueue waiter, key.interestOpsOr        a. gate := BLOCKING (volatile CAS)
 *   2. read gate                                b. select: applies queued interest updates
 *   3. BLOCKING? wakeup()
 * </pre>
 * If 2 reads FREE, a happens after 2, so b applies the update of 1 (the selector's update lock
 * orders 1 before b): the poll sees the readiness (the selector is level-triggered). If it reads
 * BLOCKING, 3 wakes the poller (a wake-up before the select is sticky: the select returns at once)
 * and its next select applies the update. If it reads NONBLOCKING, that poll may have applied the
 * updates already; the next poll applies this one, as any readiness waits for the next poll: the
 * next {@code findRunnable}, the waiter's own M going idle, or sysmon within 10 ms. A waiter that
 * finds its interest still set (a read loop: see {@code PollDesc}) does neither 1's update nor 3:
 * the interest was set by an earlier waiter under this same protocol and never dropped since (a
 * drop and this check are both made under the descriptor's lock), so the selector has it or the
 * next select applies it, and a level-triggered select reports readiness that came before it.
 * An idle M that finds the gate held by a non-blocking poller sets {@link #blockerWanted} and tries
 * once more before it parks; the poller frees the gate and then reads the flag, and wakes an idle M
 * to block in the poll (a Dekker pair on {@link #gate} and {@link #blockerWanted}).
 * An M parked by {@code M.waitForP} is woken through {@code M.unpark}, which also breaks the poll
 * when that M blocks in it ({@code M.inPoll}, written before the M's re-check of {@code nextP}:
 * {@link NetPoller.Blocker#enterPoll}).
 *
 * <h2>Cost when unused</h2>
 * The selector is opened with the first registration ({@code netpollGenericInit}); until something
 * waits, every poll step is one volatile read of {@link #pending} (a plain load on x86).
 */
public final class NetPoll implements NetPoller {

    static final int FREE = 0;
    static final int NONBLOCKING = 1;
    static final int BLOCKING = 2;
    /** sysmon polls when nobody has for this long (Go: 10 ms). */
    static final long SYSMON_POLL_NS = 10_000_000L;

    /** What the poller may ask of its runtime. */
    private final PollHost host;
    /** Opened once, under {@code this}'s monitor, by the first registration; volatile for the pollers. */
    private volatile Selector selector;
    /** The selector carries {@link BlockingChannels}' close hook; written before {@link #selector} is published. */
    private boolean blockingHook;
    /**
     * Why a poll is worth making: waiting parties (goroutines and plain threads) plus key
     * cancellations not yet flushed by a select (a closed channel's fd is released by the next
     * select). Volatile RMWs by waiters, closers and pollers; read by every poll step.
     */
    private final AtomicInteger pending = new AtomicInteger();
    /** Cancelled keys not flushed yet (also counted in {@link #pending}); a poller takes them all before its select. */
    private final AtomicInteger cancels = new AtomicInteger();
    /** The poll gate: FREE, NONBLOCKING or BLOCKING. CAS to enter, volatile write to leave. */
    private final AtomicInteger gate = new AtomicInteger();
    /**
     * Go's {@code netpollWakeSig}: a wakeup is in flight. Reset by the blocking poller when it takes
     * the gate ({@link #enterBlocking}) and when its select returns. Unlike Go's break event, which
     * waits in its eventfd until a blocking poll reads it, a pending {@code Selector.wakeup()} is
     * cleared by any {@code selectNow()}: a wakeup whose select had already returned (its waker
     * read the gate as BLOCKING, then set this after that poller's reset) leaves this true with
     * nothing pending once a non-blocking poll ran, and the next blocking select would never be
     * woken (every wakeup() would see a wake-up in flight): an M handed a P while it blocked there
     * slept on, counted as spinning, so wakep started nobody and readied goroutines stayed queued
     * (issue 32's hang of cancelled {@code Conn.write(ctx)} calls). A poller that is about to block
     * has not been woken by anyone yet, so clearing it then loses nothing: a wakeup() after the
     * clear sets it and wakes the select.
     */
    private final AtomicBoolean wakeSig = new AtomicBoolean();
    /**
     * An idle M found the gate taken by a non-blocking poller and parked: the poller that leaves
     * the gate wakes an idle M to block in the poll. Written before the M's second try of the gate,
     * read after the leaving poller's write of the gate (Dekker).
     */
    private volatile boolean blockerWanted;
    /** Go's {@code sched.lastpoll}: when the last poll ended (runtime clock), 0 while one blocks. */
    private volatile long lastPoll;
    /** The Gs a poll readied; owned by the gate's holder. */
    private final ArrayList<Party> batch = new ArrayList<>();
    /** What a ready descriptor's wake hands over instead of readying: a goroutine this runtime can inject, into {@link #batch}. Made once. */
    private final WakeList.Diverter intoBatch = g -> host().injectable(g) && batch.add(g);
    /** The gate holder's dispatches, made once (no allocation per poll): of a non-blocking and of a blocking select. */
    private final java.util.function.Consumer<SelectionKey> dispatch = key -> dispatch(key, false);
    private final java.util.function.Consumer<SelectionKey> dispatchBlocking = key -> dispatch(key, true);

    private NetPoll(PollHost host) {
        this.host = host;
    }

    /** {@code sched}'s poller, installed in it by the first call. Any thread. */
    static NetPoll of(Sched sched) {
        return (NetPoll) PollHost.pollerOf(sched, NetPoll::new);
    }

    /** The runtime this poller belongs to. */
    public Sched runtime() {
        return host.runtime();
    }

    /** What this poller may ask of its runtime. */
    PollHost host() {
        return host;
    }

    // ---------------------------------------------------------------- registration

    /**
     * Registers {@code ch} (non-blocking) with the selector, interest none, {@code pd} attached.
     * Never waits on the selector's monitor (JDK 11+ queues the registration). Any thread.
     */
    SelectionKey register(SelectableChannel ch, PollDesc pd) throws IOException {
        return ch.register(selector(), 0, pd);
    }

    private Selector selector() throws IOException {
        Selector s = selector;
        if (s == null) {
            synchronized (this) {
                s = selector;
                if (s == null) {
                    lastPoll = host.nanotime(); // sysmon's 10 ms count starts now
                    s = Selector.open();
                    blockingHook = BlockingChannels.installHook(s, this);
                    selector = s;
                }
            }
        }
        return s;
    }

    /**
     * The poll descriptor of blocking-mode {@code ch} in this poller: the one its key carries, or a new
     * one registered through {@link BlockingChannels} (the channel's mode untouched). Null when the
     * channel cannot be parked on here: the JDK internals are not open, it is no JDK socket channel,
     * it is closed (or closing), or the runtime stopped. Any thread; takes the channel's key lock only.
     */
    PollDesc registerBlocking(SelectableChannel ch) {
        if (!BlockingChannels.registrable(ch)) {
            return null;
        }
        Selector s;
        try {
            s = selector();
        } catch (IOException e) {
            return null;
        }
        if (!blockingHook || host.stopping()) {
            return null;
        }
        synchronized (BlockingChannels.keyLock(ch)) { // as SelectableChannel.register: look up and add atomically
            SelectionKey k = ch.keyFor(s);
            if (k != null) {
                Object pd = k.attachment();
                return k.isValid() && pd instanceof PollDesc ? (PollDesc) pd : null;
            }
            if (!ch.isOpen()) {
                return null; // re-checked under the key lock: a close after this cancels the key added below
            }
            try {
                return PollDesc.registerBlocking(this, s, ch);
            } catch (java.nio.channels.ClosedSelectorException e) {
                return null;
            }
        }
    }

    /**
     * The key of a blocking-mode channel was cancelled by its close ({@link BlockingChannels}' hook, on
     * the closing thread, inside the JDK's close): the next select drops it and closes the descriptor.
     * Counted like {@link #cancelled}, and a blocked poller is woken; never polls here.
     */
    void cancelledByJdk() {
        pending.incrementAndGet();
        cancels.incrementAndGet();
        if (gate.get() == BLOCKING) {
            wakeup();
        }
    }

    /** A party starts waiting (counted before its interest is set). Any thread. */
    void addWaiter() {
        pending.incrementAndGet();
    }

    /** A party stopped waiting. Any thread. */
    void removeWaiter() {
        pending.decrementAndGet();
    }

    /**
     * A key was cancelled (its channel closed): the next select releases the fd, so one is made
     * soon: the blocking poller is woken, or, if the gate is free, the caller polls once itself.
     * Any thread.
     */
    void cancelled() {
        pending.incrementAndGet(); // before cancels: a poller only subtracts what it has seen counted
        cancels.incrementAndGet();
        if (gate.get() == BLOCKING) {
            wakeup();
        } else if (host.stopping() || gate.get() == FREE) {
            pollNow(BY_THREAD);
        }
    }

    /** Is anything waiting on the network (or a cancel to flush)? One volatile read. Any thread. */
    @Override
    public boolean anyPending() {
        return pending.get() > 0;
    }

    /** Does some thread block in the poll now? Any thread, racy. */
    @Override
    public boolean blocked() {
        return gate.get() == BLOCKING;
    }

    /**
     * Go's {@code netpollBreak}: the thread blocked in the poll returns from it. At most one
     * wake-up in flight ({@link #wakeSig}). Any thread.
     */
    @Override
    public void wakeup() {
        Selector s = selector;
        if (s != null && gate.get() == BLOCKING && wakeSig.compareAndSet(false, true)) {
            s.wakeup();
        }
    }

    // ---------------------------------------------------------------- polling

    /**
     * The non-blocking poll of {@code findRunnable} (Go: "poll network ... only an optimization
     * before we resort to stealing"): returns a readied G for the caller to run, having injected
     * the others ({@code taker}, the M, does both while the gate is held), or null. Holder of a P.
     */
    @Override
    public Party pollFromP(Taker taker) {
        if (!gate.compareAndSet(FREE, NONBLOCKING)) {
            return null; // someone polls (or blocks in the poll): it will see what we would have
        }
        try {
            if (!selectNow()) {
                return null;
            }
            return taker.take(batch);
        } finally {
            batch.clear();
            leaveNonBlocking();
        }
    }

    /** sysmon's poll when nobody has polled for 10 ms (Go's sysmon). sysmon's thread, in a round. */
    @Override
    public void pollFromSysmon(long now) {
        long last = lastPoll;
        if (pending.get() <= 0 || last == 0 || now - last < SYSMON_POLL_NS) {
            return;
        }
        pollNow(BY_SYSMON);
    }

    /** A non-blocking poll by a thread without a P; what it readies goes to the global queue. */
    private void pollNow(int who) {
        if (!gate.compareAndSet(FREE, NONBLOCKING)) {
            return;
        }
        try {
            if (selectNow()) {
                host.injectPolled(batch, -1, who);
            }
        } finally {
            batch.clear();
            leaveNonBlocking();
        }
    }

    private void leaveNonBlocking() {
        lastPoll = host.nanotime();
        gate.set(FREE); // volatile write, then read blockerWanted (Dekker with pollBlocking)
        if (blockerWanted && pending.get() > 0) {
            blockerWanted = false;
            host.wakeIdleM();
        }
    }

    /** One {@code selectNow} by the gate's holder; true if it readied goroutines (in {@link #batch}). */
    private boolean selectNow() {
        Selector s = selector;
        if (s == null) {
            return false;
        }
        flushCancelsCount();
        try {
            s.selectNow(dispatch);
        } catch (ClosedSelectorException e) {
            return false;
        } catch (IOException e) {
            throw new UncheckedIOException("netpoll: select failed", e);
        }
        return !batch.isEmpty();
    }

    /** The cancels counted so far are flushed by the select about to be made. Gate holder. */
    private void flushCancelsCount() {
        int c = cancels.getAndSet(0);
        if (c > 0) {
            pending.addAndGet(-c);
        }
    }

    /**
     * An idle M (no P) blocks in the poll instead of parking: until {@code deadline} (the earliest
     * timer, System.nanoTime; Long.MAX_VALUE: no limit), a {@link #wakeup}, or readiness. What it
     * readies is injected. Returns how many goroutines it readied, or {@link #NOT_POLLED} if it did
     * not poll (nothing waits, or another thread polls), and the M parks as usual. Own thread of
     * {@code m}, which is on the idle list.
     */
    @Override
    public int pollBlocking(Blocker m, long deadline) {
        if (pending.get() <= 0) {
            return NOT_POLLED;
        }
        if (!gate.compareAndSet(FREE, BLOCKING)) {
            if (gate.get() != NONBLOCKING) {
                return NOT_POLLED; // someone blocks in it already
            }
            blockerWanted = true; // then try again: see leaveNonBlocking
            if (!gate.compareAndSet(FREE, BLOCKING)) {
                return NOT_POLLED;
            }
        }
        enterBlocking();
        try {
            if (m.enterPoll()) { // inPoll's volatile write, then re-read nextP: pairs with M.unpark (see the class comment)
                block(deadline);
            }
        } finally {
            m.leavePoll();
            gate.set(NONBLOCKING); // still ours: the batch is injected before the gate is free
            wakeSig.set(false);
        }
        return injectAndLeave(m.id(), BY_IDLE_M);
    }

    /** The caller has just taken the gate as BLOCKING: no wake-up is in flight for it yet ({@link #wakeSig}). Gate holder. */
    private void enterBlocking() {
        lastPoll = 0; // Go: lastpoll == 0 while an M blocks in netpoll
        wakeSig.set(false); // volatile write after the gate's CAS: a wakeup() that sets it later wakes this select
    }

    /** After a blocking select: injects what it readied, then frees the gate; how many. Gate holder (NONBLOCKING by now). */
    private int injectAndLeave(int mid, int who) {
        int n = batch.size();
        try {
            if (n > 0) {
                host.injectPolled(batch, mid, who);
            }
        } finally {
            batch.clear();
            leaveNonBlocking();
        }
        return n;
    }

    /**
     * A plain thread waiting on a connection of this poller takes the blocking poll for at most
     * {@code maxNanos} if nobody else blocks in it; returns false if it did not (the caller parks).
     */
    boolean pollAsThread(long maxNanos) {
        if (!gate.compareAndSet(FREE, BLOCKING)) {
            return false;
        }
        enterBlocking();
        try {
            block(System.nanoTime() + maxNanos);
        } finally {
            gate.set(NONBLOCKING);
            wakeSig.set(false);
        }
        injectAndLeave(-1, BY_THREAD);
        return true;
    }

    /** The select itself, by the blocking gate holder. Selector timeouts are in milliseconds. */
    private void block(long deadline) {
        Selector s = selector;
        if (s == null) {
            return;
        }
        flushCancelsCount();
        try {
            if (deadline == Long.MAX_VALUE) {
                s.select(dispatchBlocking, 0);
                return;
            }
            long left = deadline - System.nanoTime();
            if (left >= 1_000_000L) {
                s.select(dispatchBlocking, left / 1_000_000L); // the caller's loop sleeps out a sub-millisecond rest
            } else {
                s.selectNow(dispatchBlocking);
                if (batch.isEmpty() && left > 0) {
                    LockSupport.parkNanos(this, left);
                }
            }
        } catch (ClosedSelectorException e) {
            // the runtime stopped
        } catch (IOException e) {
            throw new UncheckedIOException("netpoll: select failed", e);
        }
    }

    /**
     * A ready key: its waiters are woken, and {@link PollDesc#ready} drops the interest that must not
     * stay (a write's; a read's nobody waits for, unless a non-blocking poll finds its woken reader
     * not back yet: see there). Gate holder, inside the select ({@code blocking}: the blocking one).
     */
    private void dispatch(SelectionKey key, boolean blocking) {
        PollDesc pd = (PollDesc) key.attachment();
        int ready;
        try {
            ready = key.readyOps();
        } catch (java.nio.channels.CancelledKeyException e) {
            ready = SelectionKey.OP_READ | SelectionKey.OP_WRITE; // closed meanwhile: its waiters see it
        }
        int modes = 0;
        if ((ready & (SelectionKey.OP_READ | SelectionKey.OP_ACCEPT)) != 0) {
            modes |= PollDesc.READ;
        }
        if ((ready & (SelectionKey.OP_WRITE | SelectionKey.OP_CONNECT)) != 0) {
            modes |= PollDesc.WRITE;
        }
        pd.ready(modes, blocking, intoBatch);
    }

    /** The runtime stops: a thread blocked in the poll returns, and the selector is closed by it. */
    @Override
    public void shutdown() {
        Selector s = selector;
        if (s != null) {
            s.wakeup();
        }
    }

    /**
     * After the runtime's threads have ended: closes the selector (its keys are cancelled, its
     * descriptors released). A plain thread still waiting on one of its connections can only time
     * out. Any thread; never while a select blocks (nobody polls a stopped runtime).
     */
    @Override
    public void close() {
        Selector s;
        synchronized (this) {
            s = selector;
        }
        if (s != null && gate.compareAndSet(FREE, BLOCKING)) { // nobody may poll it any more
            try {
                s.close();
            } catch (IOException e) {
                // nothing to do: the runtime is gone
            }
        }
    }
}
