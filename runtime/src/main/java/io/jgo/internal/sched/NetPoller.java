package io.jgo.internal.sched;

import io.jgo.internal.sched.park.Party;
import java.util.List;

/**
 * The network poller as the scheduler sees it: the third source of work (Go's {@code netpoll} as
 * {@code findRunnable}, an idle M, sysmon and {@code netpollBreak} use it). The poller itself
 * ({@code io.jgo.internal.poll.NetPoll}) sits above the scheduler, since its descriptors park
 * goroutines through the park seam; it installs itself in its runtime with the first registration
 * ({@link PollHost#pollerOf}), and until then the runtime's poller is {@link #NONE}, which never has
 * anything pending. What the poller asks of the runtime in return is {@link PollHost}; the G, M and
 * P it hands back and forth stay opaque to it ({@link Taker}, {@link Blocker}): it holds a goroutine as
 * a {@link Party}, and only the scheduler's side of this door ({@link M}, {@link PollHost}) sees the G.
 */
public interface NetPoller {

    /** {@link #pollBlocking}: the caller did not poll. */
    int NOT_POLLED = -1;

    /** Who polled, for the trace ({@code Trace.Event.NETPOLL}'s victim argument). */
    int BY_FIND_RUNNABLE = 0;
    int BY_IDLE_M = 1;
    int BY_SYSMON = 2;
    int BY_THREAD = 3;

    /** Is anything waiting on the network (or a cancel to flush)? One volatile read. Any thread. */
    boolean anyPending();

    /** Does some thread block in the poll now? Any thread, racy. */
    boolean blocked();

    /**
     * The non-blocking poll of {@code findRunnable}: if it readied goroutines, {@code taker} takes
     * them while the poll's gate is still held, and what it returns is returned; null otherwise.
     * Holder of a P.
     */
    Party pollFromP(Taker taker);

    /**
     * An idle M (no P) blocks in the poll instead of parking, until {@code deadline}
     * ({@code System.nanoTime}; {@code Long.MAX_VALUE}: no limit), a {@link #wakeup} or readiness.
     * Returns how many goroutines it readied (injected), or {@link #NOT_POLLED}. Own thread of the M.
     */
    int pollBlocking(Blocker m, long deadline);

    /** sysmon's poll when nobody has polled for 10 ms. sysmon's thread, in a round. */
    void pollFromSysmon(long now);

    /** Go's {@code netpollBreak}: the thread blocked in the poll returns from it. Any thread. */
    void wakeup();

    /** The runtime stops: a thread blocked in the poll returns. */
    void shutdown();

    /** After the runtime's threads have ended: the selector and its descriptors are released. */
    void close();

    /** The poller of a runtime nothing has registered with yet: nothing pending, nothing to poll. */
    NetPoller NONE = new NetPoller() {
        @Override
        public boolean anyPending() {
            return false;
        }

        @Override
        public boolean blocked() {
            return false;
        }

        @Override
        public Party pollFromP(Taker taker) {
            return null;
        }

        @Override
        public int pollBlocking(Blocker m, long deadline) {
            return NOT_POLLED;
        }

        @Override
        public void pollFromSysmon(long now) {
        }

        @Override
        public void wakeup() {
        }

        @Override
        public void shutdown() {
        }

        @Override
        public void close() {
        }
    };

    /** The M of {@code findRunnable} takes what its poll readied: runs one, injects the rest. */
    interface Taker {
        /** Called by the poll's gate holder with a non-empty batch, which it must not keep. */
        Party take(List<Party> readied);
    }

    /** An idle M that blocks in the poll ({@code M.inPoll}, {@code M.nextP}: see {@code NetPoll}). */
    interface Blocker {
        /** The M's id, for the trace. */
        int id();

        /**
         * Marks the M as in the poll (a volatile write), then re-reads whether it should block at
         * all (no P handed to it, the runtime not stopping): true if it should.
         */
        boolean enterPoll();

        /** The M left the poll. */
        void leavePoll();
    }
}
