package io.jgo.internal.sched;

import io.jgo.internal.cont.StackAccess;
import java.util.ArrayList;
import java.util.List;

/**
 * Stopping a runtime: every M is told at its next safe point, the goroutines running or blocked are
 * cut short, and the caller may wait for the threads to end. One per runtime; {@link Sched#shutdown}
 * and {@link Sched#awaitStopped} are its entry points.
 */
final class Stopping {

    private final Sched sched;

    Stopping(Sched sched) {
        this.sched = sched;
    }

    /**
     * Stops every M of this runtime at its next safe point; dropped goroutines never run again.
     * Never blocks (the default runtime calls it from a JVM shutdown hook); {@link #awaitStopped}
     * waits for the threads. A goroutine running now is asked to yield at its next rewritten
     * prologue (it unwinds by returning, nothing to catch) and is abandoned by g0; one blocked on
     * its carrier gets {@link Dropped} ({@code Handoff.dropped}); one in a syscall gets its
     * carrier interrupted, as the interrupt of a carrier is the interrupt of the goroutine on it
     * ({@link Identity}), so an interruptible JDK call returns and the syscall's exit drops it.
     * Any thread.
     */
    void shutdown() {
        sched.stopping = true; // volatile write: every M, waiter and waker checks it
        sched.listener.ended(sched);
        sched.timers.shutdown();
        sched.netpoll.shutdown();
        sched.sysmon.stop();
        for (M m : sched.allm) {
            if (m != sched.m0) {
                stopCarrier(m);
            }
        }
        if (sched.tracer != null) {
            sched.tracer.interrupt();
        }
    }

    /** Wakes {@code m} so it sees {@code stopping}, and cuts short what its goroutine is doing. */
    private static void stopCarrier(M m) {
        G g = m.curg; // racy: a G that leaves meanwhile is on g0, which sees stopping
        if (g != null) {
            StackAccess.requestPreempt(g.stack);
            if (g.status() == G.SYSCALL && !g.pinnedWait) {
                m.thread.interrupt();
            }
        }
        m.unpark();
    }

    /**
     * After {@link #shutdown}: waits until every carrier, sysmon and the tracer have ended, or
     * {@code nanos} have passed (a goroutine that never reaches a safe point keeps its carrier,
     * a daemon). Returns how many threads are still alive. An interrupt of the caller meanwhile is
     * kept on its flag. Any thread but one of this runtime's.
     */
    int awaitStopped(long nanos) {
        long deadline = System.nanoTime() + nanos;
        boolean interrupted = false;
        int alive;
        for (;;) {
            alive = 0;
            for (Thread t : threads()) {
                long left = deadline - System.nanoTime();
                if (t.isAlive() && left > 0) {
                    try {
                        t.join(Math.max(1, Math.min(left / 1_000_000, 10)));
                    } catch (InterruptedException e) {
                        interrupted = true; // kept for the caller, below
                    }
                }
                if (t.isAlive()) {
                    alive++;
                }
            }
            if (alive == 0 || deadline - System.nanoTime() <= 0) {
                break;
            }
            for (M m : sched.allm) {
                if (m != sched.m0) {
                    stopCarrier(m); // again: the goroutine's own attention writes may have erased the request
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (alive == 0) {
            sched.netpoll.close(); // no M polls any more: its descriptors go back to the system
        }
        return alive;
    }

    /** This runtime's threads but M0: carriers (an exiting one removes itself), sysmon, tracer. */
    private List<Thread> threads() {
        List<Thread> ts = new ArrayList<>();
        for (M m : sched.allm) {
            if (m != sched.m0) {
                ts.add(m.thread);
            }
        }
        Thread s = sched.sysmon.thread();
        if (s != null) {
            ts.add(s);
        }
        if (sched.tracer != null) {
            ts.add(sched.tracer);
        }
        return ts;
    }

}
