package io.jgo.internal.sched;

import java.util.concurrent.atomic.LongAdder;

/**
 * The scheduling-policy decisions of one runtime, counted only under {@code -Djgo.counts=true}:
 * which M was woken for what, how often spinning found nothing, where a G came from when it ran on
 * another P. These are what explains a second P's figure on a loaded machine, where times do not
 * ({@link Counters} has the slow-path counts that are always on). Unlike those, several sit on paths
 * every goroutine takes (a ready, a wakep), so the runtime holds this object only when counting:
 * {@link Sched#policyCounts} is null otherwise, and each site costs one field read and a null check
 * ({@link Sched#count}). Striped adders, as {@link Counters}: any thread, never a contended atomic.
 */
final class PolicyCounts {

    /** What is counted; the names are the ones {@link #text} prints. */
    enum Event {
        /** {@code wakep} called with work published (before it looks for a spinner). */
        WAKEP("wakep"),
        /** ... and left the work to an M already spinning (no futex wake). */
        WAKEP_SPINNER("wakep-spinner"),
        /** ... and found every P busy: asked for a spinner, without sched.lock (nobody to wake). */
        WAKEP_NO_IDLE_P("wakep-noidlep"),
        /** ... and claimed the spinning slot and took sched.lock to look for an idle P (two shared-line writes and a lock). */
        WAKEP_LOCKED("wakep-locked"),
        /** {@code Sched.ready} left a G in the readier's runnext without any wakep (lazy wake). */
        LAZY_SKIP("lazy-skip"),
        /** A G readied or spawned into the caller's run queue (runnext, or the ring when seeded). */
        READY_LOCAL("ready-local"),
        /** A G readied or spawned without a P: onto the global queue. */
        READY_GLOBAL("ready-global"),
        /** Gosched or preemption: the G went to the global queue. */
        YIELD_GLOBAL("yield-global"),
        /** An M started spinning. */
        SPIN_START("spin"),
        /** A spinning M found nothing and dropped its P (each one a futex park after a wasted spin). */
        SPIN_FRUITLESS("spin-fruitless"),
        /** A spinning M's re-check after dropping its P found work and took an idle P back. */
        SPIN_RECHECK_FOUND("spin-recheck-found"),
        /** A steal pass over the Ps ({@code Steal.work}). */
        STEAL_TRY("steal-try"),
        /** A steal that took a victim's runnext: a G readied on one P and run on another. */
        STEAL_RUNNEXT("steal-runnext"),
        /** One G taken from the global queue on the 1-in-61 tick. */
        GLOBAL_ONE("global-one"),
        /** A batch taken from the global queue by a P whose ring was empty. */
        GLOBAL_BATCH("global-batch"),
        /** {@code sched.lock} was held by another thread when this one wanted it. */
        SCHED_LOCK_CONTENDED("schedlock-contended"),
        /** sysmon woke an M for work queued behind a running G over two rounds (the lazy wake's backstop). */
        SYSMON_STRANDED("sysmon-stranded"),
        /** Gs a steal moved (the one run at once and the rest put in the thief's ring); {@code steals} counts the steals. */
        STOLEN_GS("stolen-gs"),
        /** A full local ring moved half of itself to the global queue (Go's {@code runqputslow}). */
        RING_SPILL("ring-spill"),
        /** A timer readied a goroutine into the firing P's runnext (a sleep's end, from {@code findRunnable}). */
        TIMER_READY_LOCAL("timer-ready-local"),
        /** A timer fired by a thread without a P readied a goroutine into an idle P's runnext ({@code Timers.readyIntoIdleP}). */
        TIMER_READY_IDLE_P("timer-ready-idlep"),
        /** A P's holder ran another P's overdue timers that sysmon marked ({@code Timers.runOverdueFor}). */
        TIMER_OVERDUE_RUN("timer-overdue-run"),
        /** Timers fired by those runs ({@code Timers.runOverdueFor}): sleepers a P's holder took over from another P's heap. */
        TIMER_OVERDUE_FIRED("timer-overdue-fired"),
        /** sysmon marked a running P's late timer overdue, for any P's holder to run ({@code Timers.markOverdue}). */
        TIMER_OVERDUE_MARK("timer-overdue-mark"),
        /** ... with a goroutine running on the late P (the one asked, or one it handed the tick to); the rest: g0 or no M. */
        TIMER_OVERDUE_MARK_ON_G("timer-overdue-mark-g"),
        /** ... with no M on the late P (in transit after a retake or a hand-off). */
        TIMER_OVERDUE_MARK_NO_M("timer-overdue-mark-nom"),
        /**
         * A P's holder took a mark but left the heap to its owner, who had scheduled or run the heap
         * since sysmon's ask ({@code Timers.runOverdueFor}).
         */
        TIMER_OVERDUE_SKIP("timer-overdue-skip"),
        /** ... or left it because the heap's lock was busy ({@code TimerHeap.tryRunBatch}) before any timer fired. */
        TIMER_OVERDUE_BUSY("timer-overdue-busy"),
        /** sysmon asked the goroutine of another P to yield, so that P's holder runs a late timer ({@code Retake.askAnotherHolder}). */
        TIMER_ASK_OTHER("timer-ask-other"),
        /** An empty local free list adopted one batch of the shared one (Go's {@code gfget} batch; one CAS). */
        GFREE_REFILL("gfree-refill"),
        /** A local free list at its maximum pushed its extra Gs onto the shared one as one batch (Go's {@code gfput}; one CAS). */
        GFREE_SPILL("gfree-spill"),
        /** A goroutine made with a new G: no dead one was free on the P (nor on the shared list). */
        G_NEW("g-new"),
        /** A spinning M's steal passes found nothing (it goes on to the timers, the re-checks, the park). */
        SPIN_MISS("spin-miss");

        final String label;

        Event(String label) {
            this.label = label;
        }
    }

    private final LongAdder[] counts = new LongAdder[Event.values().length];

    PolicyCounts() {
        for (int i = 0; i < counts.length; i++) {
            counts[i] = new LongAdder();
        }
    }

    /** Counts one {@code e}. Any thread. */
    void add(Event e) {
        counts[e.ordinal()].increment();
    }

    /** Counts {@code n} of {@code e}. Any thread. */
    void add(Event e, long n) {
        counts[e.ordinal()].add(n);
    }

    /** The count of {@code e} so far (racy). Any thread. */
    long get(Event e) {
        return counts[e.ordinal()].sum();
    }

    /** Every count as {@code name=value} pairs, separated by spaces. Any thread. */
    String text() {
        StringBuilder b = new StringBuilder();
        for (Event e : Event.values()) {
            b.append(b.length() == 0 ? "" : " ").append(e.label).append('=').append(get(e));
        }
        return b.toString();
    }
}
