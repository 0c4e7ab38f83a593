package io.jgo.internal.sched;

import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * When to run the deadlock check and who confirms it (the trigger half of Go's {@code checkdead};
 * the check itself is {@link Deadlock}). Any M that leaves every P idle calls {@link #checkIfIdle};
 * a positive check raises a {@link Suspicion} ({@link #suspect}) that M0, always waiting when every
 * P is idle, confirms after its grace period ({@link #takeSuspicion}, in {@code Handoff.awaitHandoff}).
 * Owner of the suspicion: written by the checking M, consumed by M0.
 */
final class DeadlockWatch {

    /**
     * A positive check: everything was asleep at {@code epoch} (the {@code externalEvents} value).
     * With {@code doubt}, some sleepers wait on a primitive a thread outside this runtime has used
     * and may still release ({@link WaitQueue#reachedFromOutside}): never an exception, a warning
     * after the longer {@code Config.doubtNanos} ({@link Deadlock#DOUBT_NANOS} unless a test shortens it).
     */
    static final class Suspicion {
        final long epoch;
        final boolean doubt;

        Suspicion(long epoch, boolean doubt) {
            this.epoch = epoch;
            this.doubt = doubt;
        }

        long graceNanos(Config config) {
            return doubt ? config.doubtNanos : Deadlock.GRACE_NANOS;
        }
    }

    private final Sched sched;
    /** Set by a positive check, taken by M0 when it starts confirming (the get-and-set pairs them). */
    private final AtomicReference<Suspicion> suspected = new AtomicReference<>();
    /** The doubt warning was printed (once per runtime); M0 only. */
    boolean doubtWarned;

    DeadlockWatch(Sched sched) {
        this.sched = sched;
    }

    /** A P just went idle (or a handoff found nothing to do): check if every P is idle. Any thread, no lock held. */
    void checkIfIdle() {
        if (sched.m0 != null && sched.config.deadlockDetection && !sched.stopping
                && sched.idlePs.count() >= sched.gomaxprocs) {
            Deadlock.check(sched);
        }
    }

    /** Deadlock.check found everything asleep: M0 confirms after a grace period. Any thread. */
    void suspect(long at, boolean doubt) {
        suspected.set(new Suspicion(at, doubt)); // volatile write, pairs with M0's getAndSet in takeSuspicion
        M m = sched.m0;
        if (m != null) {
            LockSupport.unpark(m.thread);
        }
    }

    /** Is a suspicion waiting to be taken? Any thread (volatile read). */
    boolean pending() {
        return suspected.get() != null;
    }

    /** M0: is a suspicion waiting? Takes it, or returns null. */
    Suspicion takeSuspicion() {
        return suspected.get() == null ? null : suspected.getAndSet(null);
    }
}
