package io.jgo.internal.sched.failure;

import io.jgo.PanicException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * A runtime's failures (Go's {@code throw} and a {@code Go.run}'s panic): the first goroutine panic,
 * deadlock or fatal error of a {@code Go.run} runtime is what {@code Go.run} throws, later ones are
 * added to it as suppressed, and one that comes after {@code Go.run} took its failure is printed.
 * A carrier whose scheduler code threw ends here too. One per runtime.
 */
public final class Failures {

    /** The runtime's name, for the messages. */
    private final String runtimeName;
    /** M0's thread (the {@code Go.run} caller), or null: the default runtime, which prints its failures. */
    private final Supplier<Thread> mainCarrier;

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
     * A fatal error of the runtime in {@code what} run by thread {@code where} (Go's {@code throw}): {@code Go.run} throws it
     * as a {@link PanicException} ("fatal error: ..."); the default runtime prints it. Never throws.
     * Any thread.
     */
    public void fatal(String what, Thread where, Throwable t) {
        try { // every allocation in here, the message's included: out of memory, the fallback below
            PanicException e = new PanicException("fatal error: " + what + where.getName() + " of runtime " + runtimeName
                    + " failed: " + t, t);
            if (isRunRuntime() && fail(e)) {
                return;
            }
            System.err.println("jgo: " + e.getMessage());
            t.printStackTrace();
        } catch (Throwable reporting) {
            Panics.unreportable(this);
        }
    }

    /**
     * Records a failure of a Go.run runtime: the first one wakes M0 and is what {@code Go.run}
     * throws; a later one is added to it as suppressed. Returns false once {@code Go.run} has taken
     * its failure ({@link #closeFailures}): the caller must print {@code e}. Any thread.
     */
    public boolean fail(PanicException e) {
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
        Thread m0 = mainCarrier.get();
        if (m0 != null) {
            LockSupport.unpark(m0);
        }
        return true;
    }

    /**
     * {@code Go.run}'s last look at its failures, after its threads have stopped: returns the
     * failure to throw (or null) and makes every later {@link #fail} refuse. M0 only, once.
     */
    public PanicException closeFailures() {
        synchronized (failureLock) {
            failuresClosed = true;
            return failure.get();
        }
    }


    /**
     * The failures of runtime {@code runtimeName}; {@code mainCarrier} gives M0's thread once a
     * {@code Go.run} has one (volatile in the scheduler), null for the default runtime.
     */
    public Failures(String runtimeName, Supplier<Thread> mainCarrier) {
        this.runtimeName = runtimeName;
        this.mainCarrier = mainCarrier;
    }

    /** A {@code Go.run} runtime (one whose failures its caller throws), not the default one. Any thread. */
    boolean isRunRuntime() {
        return mainCarrier.get() != null;
    }

    /** The failure recorded so far, or null. Any thread (volatile). */
    public PanicException recorded() {
        return failure.get();
    }
}
