package io.jgo.internal.sched;

import java.util.concurrent.locks.LockSupport;

/**
 * When to run the deadlock check and who confirms it (the trigger half of Go's {@code checkdead};
 * the check itself is {@link Deadlock}). Any M that leaves every P idle calls {@link #checkIfIdle};
 * a positive check raises a suspicion ({@link #suspect}) that M0, always waiting when every P is
 * idle, confirms after a grace period ({@link #takeSuspicion}, in {@code Handoff.awaitHandoff}).
 * Owner of the suspicion: written by the checking M, consumed by M0.
 */
final class DeadlockWatch {

    private final Sched sched;
    /** Set by a positive check, cleared by M0 when it starts confirming; volatile. */
    private volatile boolean suspected;
    /** The externalEvents value the suspicion was raised at; written before {@link #suspected}. */
    private volatile long epoch;

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
    void suspect(long at) {
        epoch = at;
        suspected = true; // volatile write after the epoch, pairs with M0's read in takeSuspicion
        M m = sched.m0;
        if (m != null) {
            LockSupport.unpark(m.thread);
        }
    }

    /** M0: is a suspicion waiting? Clears it and returns its epoch, or -1. */
    long takeSuspicion() {
        if (!suspected) {
            return -1;
        }
        suspected = false;
        return epoch;
    }
}
