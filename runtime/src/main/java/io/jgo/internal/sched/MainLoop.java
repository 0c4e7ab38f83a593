package io.jgo.internal.sched;

import io.jgo.internal.sched.failure.RunFailure;
import io.jgo.PanicException;
import io.jgo.internal.cont.Warnings;
import java.util.concurrent.locks.LockSupport;

/**
 * {@code Go.run} on the calling thread, M0. The main goroutine is an ordinary goroutine: it starts
 * in an idle P's queue, runs on the carriers, migrates, is stolen and readied into {@code runnext}
 * like any other, so talking to it costs what talking to any goroutine costs (locking it to the
 * calling thread made every hand-off with it a thread hand-off). M0 runs no goroutine: it waits
 * until main ends, the run fails (a panic, a deadlock M0 confirms) or the runtime stops, so
 * {@code Go.run} returns the moment main ends, whatever the other goroutines are doing.
 *
 * <p>What main keeps of the calling thread ({@link Identity}): it starts with the caller's
 * interrupt status and {@code ThreadLocal} maps (the caller's own map objects, which nobody else
 * touches while the caller waits here), and {@code Go.run} puts main's final maps and status back
 * on the thread. An interrupt of the calling thread while it waits is main's
 * ({@link Interrupts#interrupt}), as an interrupt of a carrier is its goroutine's.
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
        g.id = sched.gSupply.newId(null);
        Thread caller = Thread.currentThread();
        g.interrupted = Thread.interrupted(); // main continues the caller: its status moves into main
        if (ThreadLocalMaps.PER_GOROUTINE) {
            g.locals = ThreadLocalMaps.locals(caller); // published to the carrier by the queue put below
            g.inheritable = ThreadLocalMaps.inheritable(caller);
        }
        sched.m0 = m0;
        sched.mainG = g;
        sched.liveChange(null, 1); // main starts without a P (it is put into one below)
        g.casStatus(G.IDLE, G.RUNNABLE);
        try {
            P pp = sched.idlePs.get(); // every P is idle: main goes into the first one's queue
            pp.runq.put(g, false, sched.global); // pp is in transit, ours until startM hands it over
            sched.ms.startM(pp, false);
            awaitMain(g);
        } finally {
            finish(caller);
        }
    }

    /**
     * M0 waits until main is dead, the run failed or the runtime stopped, confirming a suspected
     * deadlock meanwhile. Woken by {@link Sched#goexit} (main ended), {@link Sched#fail} and
     * {@link DeadlockWatch#suspect}; each re-checks its condition after the park, so a wake-up
     * that comes before the park (a permit) is never lost.
     */
    private void awaitMain(G g) {
        for (;;) {
            if (g.status() == G.DEAD || sched.failures.recorded() != null || sched.stopping) { // volatile reads
                return;
            }
            DeadlockWatch.Suspicion s = sched.deadlockWatch.takeSuspicion();
            if (s != null) {
                confirmDeadlock(g, s);
                continue;
            }
            if (Thread.interrupted()) {
                Interrupts.interrupt(g); // main is never reused, so the request cannot reach another goroutine
            }
            LockSupport.park(this);
        }
    }

    /**
     * M0 waits out the grace period of suspicion {@code s} (or until main ends), then confirms it;
     * an interrupt of M0 meanwhile is main's ({@link MainLoop}).
     */
    private void confirmDeadlock(G main, DeadlockWatch.Suspicion s) {
        long deadline = System.nanoTime() + s.graceNanos(sched.config);
        long left;
        // A newer suspicion ends the wait early: a doubt's long wait must not delay the report of a
        // certain deadlock that arose meanwhile (awaitHandoff takes the newer one next).
        while (main.status() != G.DEAD && sched.failures.recorded() == null && !sched.stopping && !sched.deadlockWatch.pending()
                && (left = deadline - System.nanoTime()) > 0) {
            if (Thread.interrupted()) {
                Interrupts.interrupt(main);
            }
            LockSupport.parkNanos(this, left);
        }
        if (main.status() != G.DEAD && !sched.stopping && !sched.deadlockWatch.pending()) {
            Deadlock.confirm(sched, s);
        }
    }

    /**
     * Stops the runtime and waits for its threads, then takes the failure to throw (a goroutine's
     * exception that ended it meanwhile included) and counts what was dropped. The count comes
     * after the wait, not before: a goroutine that has passed its last statement (main was readied
     * by its {@code wg.done()}) but not yet returned finishes its step while the carriers stop, so
     * it is not miscounted as dropped. Whatever is still live then was parked, queued or cut off
     * at a safe point. Main's interrupt status and {@code ThreadLocal} maps go back onto the calling
     * thread ({@link Identity}).
     */
    private void finish(Thread caller) {
        sched.shutdown();
        int busy = sched.awaitStopped(STOP_WAIT_NANOS);
        // After the wait, as Go's exit waits for panicking goroutines: one whose exception was still
        // unwinding when main returned has reached goexit by now (or is printed when it does).
        PanicException f = sched.failures.closeFailures();
        if (sched.config.printCounts) {
            System.err.println("jgo-counts " + sched.stats().countsText()); // one line a harness can parse
        }
        G main = sched.mainG;
        if (ThreadLocalMaps.PER_GOROUTINE) { // after the carriers stopped (joined): main's last maps are visible
            ThreadLocalMaps.setLocals(caller, main.locals);
            ThreadLocalMaps.setInheritable(caller, main.inheritable);
        }
        Identity.restoreAfterBlocked(main);
        if (f != null) {
            throw RunFailure.onCaller(f);
        }
        int leftover = sched.numGoroutine() - (sched.mainG.status() == G.DEAD ? 0 : 1);
        // As in Go, main returning ends the program's other goroutines; that is normal, so it is a
        // note, unless a carrier is stuck in code that reaches no safe point (that needs a look). The
        // note counts only parked goroutines, the ones a program may have forgotten: one that main's
        // last receive readied into a run queue was only about to return, and whether it got to run
        // first is a race of the moment (a program printed the note one run in many).
        int parked = parkedGoroutines();
        if (parked > 0 && busy == 0) {
            Warnings.note("Go.run: main returned with " + parked + " other goroutine" + (parked == 1 ? "" : "s")
                    + " still alive; as in Go, " + (parked == 1 ? "it ends" : "they end") + " with main");
        } else if (leftover > 0 && busy > 0) {
            Warnings.always("Go.run: main returned with " + leftover + " other goroutine" + (leftover == 1 ? "" : "s")
                    + " still alive; " + busy + " thread" + (busy == 1 ? " is" : "s are")
                    + " still busy in code that reaches no safe point (a daemon, it ends when that code returns)");
        }
    }

    /** How many goroutines other than main are parked (waiting to be readied), by a snapshot of allgs. Any thread. */
    private int parkedGoroutines() {
        int n = 0;
        for (G g : sched.allgs.snapshot()) {
            if (g != sched.mainG && g.status() == G.WAITING) {
                n++;
            }
        }
        return n;
    }

    /**
     * How long {@code Go.run} waits, after main returned, for its threads to stop. Idle carriers
     * stop at once; the wait only runs out for a goroutine that reaches no safe point (blocked in
     * code nobody rewrote, or in a {@code Go.syscall} that ignores interrupts), whose carrier, a
     * daemon, is then left to end by itself.
     */
    static final long STOP_WAIT_NANOS = 1_000_000_000L;
}
