package io.jgo.internal.sched;

import java.util.concurrent.locks.LockSupport;

/**
 * Work stealing (Go's {@code stealWork} and {@code randomOrder}): up to four passes over all Ps,
 * each in a random order given by a random start and a random stride coprime with the number of
 * Ps (so every P is visited exactly once per pass, and different Ms spread over different victims),
 * taking half of the first non-empty victim's ring. Only the last pass may take a victim's
 * {@code runnext}, and only after a short sleep when the victim is running, because a P that just
 * readied a G into runnext is usually about to block and run it itself (Go's {@code usleep(3)}).
 * One per M; used only by that M's g0.
 */
final class Steal {

    private int count = -1;
    private int[] coprimes = new int[0];

    /** Tries to steal a G for {@code pp}, held by {@code m}; null if every other P looked empty. */
    G work(M m, P pp) {
        Sched sched = m.sched;
        P[] allp = sched.allp;
        int n = allp.length;
        if (n != count) {
            order(n);
        }
        sched.count(PolicyCounts.Event.STEAL_TRY);
        for (int pass = 0; pass < RunPolicy.STEAL_PASSES; pass++) {
            boolean stealRunnext = pass == RunPolicy.STEAL_PASSES - 1;
            int pos = m.nextRandom() % n;
            int inc = coprimes[m.nextRandom() % coprimes.length];
            for (int i = 0; i < n; i++, pos = (pos + inc) % n) {
                P victim = allp[pos];
                int vs = victim.status();
                if (victim == pp || vs == P.IDLE || vs == P.DEAD) {
                    continue; // an idle P has nothing (its queue was empty when it went idle)
                }
                if (sched.stopping) {
                    return null;
                }
                G g = victim.runq.stealHalfInto(pp.runq, stealRunnext, vs == P.RUNNING ? Steal::backOff : null);
                if (g != null) {
                    sched.counters.steals.increment();
                    sched.count(PolicyCounts.Event.STOLEN_GS, pp.runq.lastStealCount());
                    if (pp.runq.lastStealWasRunnext()) {
                        sched.count(PolicyCounts.Event.STEAL_RUNNEXT);
                    }
                    sched.emit(Trace.Event.STEAL, g.id, pp.id, m.id, victim.id, 1 + pp.runq.size());
                    return g;
                }
            }
        }
        return null;
    }

    /** The strides coprime with {@code n}: every one visits all of 0..n-1 from any start. */
    private void order(int n) {
        int[] c = new int[n];
        int k = 0;
        for (int i = 1; i <= n; i++) {
            if (gcd(i, n) == 1) {
                c[k++] = i;
            }
        }
        coprimes = java.util.Arrays.copyOf(c, k);
        count = n;
    }

    private static int gcd(int a, int b) {
        while (b != 0) {
            int t = a % b;
            a = b;
            b = t;
        }
        return a;
    }

    /**
     * Go's {@code usleep(3)} before taking a running P's runnext: a sleep, not a spin. On Linux a
     * 3 µs sleep lasts the timer slack, about 50 µs, in Go as here, and the thief's core is free
     * meanwhile; that is the window in which the victim's goroutine, which just readied the G and
     * usually blocks soon after, lets its own P run it. It was a 3 µs busy spin: select-4 at
     * GOMAXPROCS 2 had 18 of every 1,000 items taken from a running P's runnext by a spinning M
     * (-Djgo.counts: steal-runnext, each with the futex wake-up and park of that M around it),
     * because its readier (the select loop) runs on for longer than 3 µs before it blocks.
     * The park may return early, and may consume an unpark meant for a later wait of this M: every
     * wait of an M re-checks its condition in a loop ({@code M.waitForP} reads {@code nextP} before
     * and after each park), so a consumed permit shortens this back-off and loses no wake-up.
     */
    private static void backOff() {
        LockSupport.parkNanos(RunPolicy.STEAL_RUNNEXT_BACKOFF_NANOS);
    }
}
