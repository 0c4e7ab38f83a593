package io.jgo.internal.sched;

import io.jgo.PanicException;
import io.jgo.internal.Warnings;

/**
 * {@code Go.run} on the calling thread, which becomes M0. M0 runs only the main goroutine, which is
 * locked to it (see {@link Handoff}): whenever main parks or yields, M0 gives its P away and waits
 * until an M that dequeued main hands a P back. This way {@code Go.run} can return the moment main
 * ends, whatever the other goroutines are doing, and a pinned goroutine can never hold M0.
 */
final class MainLoop {

    private final Sched sched;

    MainLoop(Sched sched) {
        this.sched = sched;
    }

    void run(Runnable body) {
        sched.listener.started(sched); // JMX, JFR, dump on signal; throws on a bad option
        M m0 = new M(sched, 0);
        m0.thread = Thread.currentThread();
        G g = new G(sched, true);
        sched.allgs.add(g);
        g.body = body;
        g.id = sched.newId(null);
        g.lockedM = m0;
        sched.m0 = m0;
        sched.mainG = g;
        sched.allm.add(m0);
        sched.live.increment();
        g.casStatus(G.IDLE, G.RUNNABLE);
        P pp = sched.idlePs.get();
        sched.sysmon.start();
        m0.acquireP(pp);
        try {
            loop(m0, g);
        } finally {
            sched.allm.remove(m0);
            finish();
        }
    }

    private void loop(M m0, G g) {
        for (;;) {
            m0.execute(g, false);
            if (g.status() == G.DEAD || sched.failure.get() != null) {
                return;
            }
            // main is WAITING (parked) or RUNNABLE on the global queue (yielded): lend the P out.
            // If sysmon retook it while main ran, that hand-off came before the park: redo it now.
            if (m0.p != null) {
                sched.handoffP(m0.releaseP());
            } else {
                sched.handoffIdleP();
            }
            if (!sched.handoff.awaitHandoff(m0, g)) {
                return;
            }
        }
    }

    /**
     * Stops the runtime and waits for its threads, then takes the failure to throw (a goroutine's
     * exception that ended it meanwhile included) and counts what was dropped. The count comes
     * after the wait, not before: a goroutine that has passed its last statement (main was readied
     * by its {@code wg.done()}) but not yet returned finishes its step while the carriers stop, so
     * it is not miscounted as dropped. Whatever is still live then was parked, queued or cut off
     * at a safe point. Main's interrupt status goes back onto the calling thread ({@link Identity}).
     */
    private void finish() {
        sched.shutdown();
        int busy = sched.awaitStopped(STOP_WAIT_NANOS);
        // After the wait, as Go's exit waits for panicking goroutines: one whose exception was still
        // unwinding when main returned has reached goexit by now (or is printed when it does).
        PanicException f = sched.closeFailures();
        Identity.restoreAfterBlocked(sched.mainG);
        if (f != null) {
            throw f;
        }
        int leftover = sched.numGoroutine() - (sched.mainG.status() == G.DEAD ? 0 : 1);
        if (leftover > 0) {
            Warnings.always("Go.run: main returned with " + leftover + " goroutine" + (leftover == 1 ? "" : "s")
                    + " still alive; " + (leftover == 1 ? "it is" : "they are") + " dropped"
                    + (busy == 0 ? "" : " (" + busy + " thread" + (busy == 1 ? " is" : "s are")
                            + " still busy in code that reaches no safe point; a daemon, it ends when that code returns)"));
        }
    }

    /**
     * How long {@code Go.run} waits, after main returned, for its threads to stop. Idle carriers
     * stop at once; the wait only runs out for a goroutine that reaches no safe point (blocked in
     * code nobody rewrote, or in a {@code Go.syscall} that ignores interrupts), whose carrier, a
     * daemon, is then left to end by itself.
     */
    static final long STOP_WAIT_NANOS = 1_000_000_000L;
}
