package io.jgo.internal.sched;

import io.jgo.PanicException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * A runtime's failures (Go's {@code throw} and a {@code Go.run}'s panic): the first goroutine panic,
 * deadlock or fatal error of a {@code Go.run} runtime is what {@code Go.run} throws, later ones are
 * added to it as suppressed, and one that comes after {@code Go.run} took its failure is printed.
 * A carrier whose scheduler code threw ends here too. One per runtime.
 */
final class Failures {

    private final Sched sched;

    /**
     * The first panic or the deadlock of a {@code Go.run} runtime: what {@code Go.run} throws. Set
     * and closed under {@link #failureLock}; read racily (volatile) by M0's wait loops.
     */
    final AtomicReference<PanicException> failure = new AtomicReference<>();
    /**
     * Orders every {@link #fail} against {@link #closeFailures}: a failure recorded before the close
     * is what {@code Go.run} throws (later ones are added to it as suppressed); one after it is
     * printed by the caller of {@code fail}, so none is lost.
     */
    private final Object failureLock = new Object();
    /** Set once by {@link #closeFailures}; guarded by {@link #failureLock}. */
    private boolean failuresClosed;
    /**
     * What {@code Go.run} throws when a goroutine's failure, or a carrier's, could not even be
     * reported for want of memory: made up front, so that reporting it allocates nothing.
     */
    final PanicException unreportable = new PanicException(Panics.UNREPORTABLE.substring("jgo: ".length()));

    /**
     * Code of the scheduler itself threw on carrier {@code m}'s g0 while it held or looked for a P
     * (out of memory in a timer's function or a queue's node, say), which is about to end: its P
     * goes on to another M, and the error is {@link #fatal}, so {@code Go.run} throws it instead
     * of waiting for that P for ever; the default runtime prints it and goes on with its other
     * carriers. Never throws. g0 of m.
     */
    void carrierFailed(M m, Throwable t) {
        try {
            if (m.spinning) {
                sched.spinning.stop(m);
            }
            if (m.p != null) {
                sched.ms.handoffP(m.releaseP());
            }
        } catch (Throwable lost) {
            // nothing more to do for the P; the failure below still ends a Go.run
        }
        fatal("carrier ", m.thread, t);
    }

    /**
     * A fatal error of the runtime in {@code what} run by thread {@code where} (Go's {@code throw}): {@code Go.run} throws it
     * as a {@link PanicException} ("fatal error: ..."); the default runtime prints it. Never throws.
     * Any thread.
     */
    void fatal(String what, Thread where, Throwable t) {
        try { // every allocation in here, the message's included: out of memory, the fallback below
            PanicException e = new PanicException("fatal error: " + what + where.getName() + " of runtime " + sched.config.name
                    + " failed: " + t, t);
            if (sched.m0 != null && fail(e)) {
                return;
            }
            System.err.println("jgo: " + e.getMessage());
            t.printStackTrace();
        } catch (Throwable reporting) {
            Panics.unreportable(sched);
        }
    }

    /**
     * Records a failure of a Go.run runtime: the first one wakes M0 and is what {@code Go.run}
     * throws; a later one is added to it as suppressed. Returns false once {@code Go.run} has taken
     * its failure ({@link #closeFailures}): the caller must print {@code e}. Any thread.
     */
    boolean fail(PanicException e) {
        synchronized (failureLock) {
            if (failuresClosed) {
                return false;
            }
            PanicException first = failure.get();
            if (first != null) {
                first.addSuppressed(e);
                return true;
            }
            failure.set(e);
        }
        M m = sched.m0;
        if (m != null) {
            LockSupport.unpark(m.thread);
        }
        return true;
    }

    /**
     * {@code Go.run}'s last look at its failures, after its threads have stopped: returns the
     * failure to throw (or null) and makes every later {@link #fail} refuse. M0 only, once.
     */
    PanicException closeFailures() {
        synchronized (failureLock) {
            failuresClosed = true;
            return failure.get();
        }
    }


    Failures(Sched sched) {
        this.sched = sched;
    }

    /** The failure recorded so far, or null. Any thread (volatile). */
    PanicException recorded() {
        return failure.get();
    }
}
