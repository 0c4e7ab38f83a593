package io.jgo.internal.sched;

/**
 * A hook that sees the scheduler's decisions, one call per event, on the thread that made the
 * decision. Off by default: a runtime without a hook holds {@code null} and every emission point
 * is a single null check, so it costs nothing measurable. Tests install a recording hook
 * ({@link Config#trace}) to assert Go's scheduling scenarios deterministically.
 *
 * <p>Arguments that do not apply to an event are -1. Implementations must be thread-safe and must
 * not call back into the scheduler.
 */
public interface Trace {

    enum Event {
        /** A G was created: {@code g} new id, {@code p} where it was put (-1: global), {@code n} 1 if into runnext. */
        GO_CREATE,
        /** A G was readied: {@code p} where it was put (-1: global), {@code n} 1 if into runnext. */
        GO_READY,
        /** A full local ring moved {@code n} Gs (half the ring plus the one being put) to the global queue. */
        RUNQ_SPILL,
        /** {@code m} starts running {@code g} on {@code p}; {@code n} 1 if it inherits the time slice. */
        EXECUTE,
        /** {@code g} ended. */
        GO_END,
        /** {@code g} parked (unwound, or pinned when {@code n} is 1). */
        GO_PARK,
        /** {@code g} yielded (Gosched): to the global queue. */
        GO_SCHED,
        /** {@code g} answered a preemption request (sysmon's, a resize's): to the global queue (Go's {@code GoPreempt}). */
        GO_PREEMPTED,
        /** {@code p} took one G from the global queue on its 1-in-61 fairness tick. */
        GLOBAL_ONE,
        /** {@code p} took a batch of {@code n} Gs from the global queue, {@code victim} = queue length before. */
        GLOBAL_BATCH,
        /** {@code p} stole {@code n} Gs from {@code victim} (n includes the one run now). */
        STEAL,
        /** {@code m} started spinning; {@code n} = spinning Ms afterwards, {@code victim} = busy Ps. */
        SPIN_START,
        /** {@code m} stopped spinning; {@code n} = spinning Ms afterwards. */
        SPIN_STOP,
        /** {@code m} was started (a new carrier thread) or woken with {@code p}; {@code n} 1 if spinning. */
        M_START,
        /** {@code m} parked with no P. */
        M_PARK,
        /** {@code p} was handed off by {@code m} (syscall or pinned G) to another M or the idle list. */
        P_HANDOFF,
        /** {@code p} went to the idle list. */
        P_IDLE,
        /** {@code p} was retired by a GOMAXPROCS shrink. */
        P_RETIRE,
        /** A G locked to M {@code victim} was dequeued by {@code m}, which handed it {@code p}. */
        HANDOFF_LOCKED,
        /** {@code g} on {@code m} entered a syscall; {@code p} stays in SYSCALL, attached to {@code m}. */
        SYSCALL_ENTER,
        /**
         * {@code g} on {@code m} left a syscall (or got a P back after a retake) with {@code p}:
         * {@code n} 0 = its old P taken back with one CAS, 1 = an idle P, 2 = no P: g queued on the
         * global queue locked to m, which parks ({@code p} = -1).
         */
        SYSCALL_EXIT,
        /** sysmon asked {@code g}, running on {@code p} and {@code m} for a whole time slice, to yield. */
        PREEMPT,
        /**
         * sysmon retook {@code p} from {@code m} and hands it off: {@code n} 0 = from a syscall,
         * 1 = from goroutine {@code g} that did not answer preemption (a blocked carrier).
         */
        RETAKE,
        /**
         * A network poll readied {@code n} goroutines; {@code victim} says who polled: 0 findRunnable
         * (non-blocking, holding {@code p}), 1 an idle M blocked in the poll, 2 sysmon, 3 another thread.
         */
        NETPOLL,
        /** Go's {@code injectglist}: {@code g}, readied by a poll, was put on {@code p}'s queue (-1: the global queue). */
        INJECT
    }

    void on(Event e, long g, int p, int m, int victim, int n);
}
