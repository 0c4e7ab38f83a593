package io.jgo.internal.sched;

import io.jgo.internal.sched.park.Party;
import java.util.List;
import java.util.function.Function;

/**
 * What the network poller ({@code io.jgo.internal.poll}) may ask of its runtime, and nothing else:
 * the runtime's clock and stop flag, an idle M to block in the poll, and the injection of the
 * goroutines a poll readied. The poller never names {@link G}: it holds a goroutine as a {@link Party}, the
 * handle it collects from its waiters and hands back here, where the scheduler sees the G again. One per runtime ({@link #pollerOf}); any thread.
 */
public final class PollHost {

    private final Sched sched;

    PollHost(Sched sched) {
        this.sched = sched;
    }

    /**
     * The network poller of {@code sched}, made by {@code make} (given the runtime's host) the first
     * time and installed in {@code Sched.netpoll}; the installed one afterwards. Called by the
     * poller's package on its first registration. Any thread.
     */
    public static NetPoller pollerOf(Sched sched, Function<PollHost, NetPoller> make) {
        NetPoller np = sched.netpoll;
        if (np != NetPoller.NONE) {
            return np;
        }
        synchronized (sched) { // one poller per runtime; the Ms read the volatile field without a lock
            np = sched.netpoll;
            if (np == NetPoller.NONE) {
                np = make.apply(new PollHost(sched));
                sched.netpoll = np;
            }
            return np;
        }
    }

    /** The runtime this host belongs to. */
    public Sched runtime() {
        return sched;
    }

    /** The runtime's clock (Go's {@code nanotime}). */
    public long nanotime() {
        return sched.nanotime();
    }

    /** Is the runtime stopping? A volatile read. */
    public boolean stopping() {
        return sched.stopping;
    }

    /** Wakes an idle M (to block in the poll that a non-blocking poller just left). */
    public void wakeIdleM() {
        sched.timers.wakeIdleM();
    }

    /**
     * May a poll of this runtime hand {@code g} back in its batch ({@link #injectPolled})? True for a
     * goroutine of this runtime while it runs; the others are readied one by one by their waker.
     */
    public boolean injectable(Party g) {
        return ((G) g).sched == sched && !sched.stopping;
    }

    /**
     * A poll by a thread without a P ({@code who}: {@link NetPoller#BY_IDLE_M} and the others;
     * {@code mid} the M's id or -1) readied {@code batch}: traced, then injected into the global
     * queue with an M per idle P (Go's {@code injectglist}). The poll's gate holder.
     */
    public void injectPolled(List<Party> batch, int mid, int who) {
        sched.emit(Trace.Event.NETPOLL, -1, -1, mid, who, batch.size());
        sched.inject.list(asGs(batch), null);
    }

    /**
     * The poller's batch as the scheduler's G list, without a copy: every {@link Party} is a
     * {@link G} (its one subclass), so the unchecked view is safe. The scheduler's side of the door only.
     */
    @SuppressWarnings("unchecked")
    static List<G> asGs(List<Party> batch) {
        return (List<G>) (List<?>) batch;
    }
}
