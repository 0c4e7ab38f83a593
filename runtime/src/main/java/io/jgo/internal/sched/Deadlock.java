package io.jgo.internal.sched;

import io.jgo.internal.sched.park.Parking;
import io.jgo.internal.sched.park.PlainThreads;
import io.jgo.DeadlockException;
import io.jgo.internal.cont.Warnings;

/**
 * Go's {@code checkdead} for a {@code Go.run} runtime: called when a P goes idle and every P is
 * idle. The run is deadlocked when every live goroutine is WAITING and nothing outside the
 * goroutines can wake one: no G runnable, running or in a syscall (that covers pinned Gs that are
 * carrying on), no timer armed, no plain thread blocked in a jgo call, no external ready or
 * spawn while the check ran, and no sleeper waiting on a primitive that anyone outside this
 * runtime has used. A G parked through {@code parkPinned} counts as parked: it waits for a ready
 * exactly like an unwound one.
 *
 * <h2>Only when certain</h2>
 * A {@code DeadlockException} kills the program, so it is raised only when nothing can wake
 * anyone. A goroutine parked on a primitive that a plain thread (or a goroutine of another
 * runtime) has ever touched may still be woken by it, and jgo cannot see whether that party still
 * holds a reference ({@link WaitQueue#reachedFromOutside}, recorded by every operation of every
 * primitive on the parking seam, and by creating the primitive on a plain thread). When every
 * goroutine is asleep but some wait on such a primitive, the run is <em>in doubt</em>: after
 * {@link #DOUBT_NANOS} (10 s) with nothing from outside, M0
 * prints one warning with the goroutine dump and keeps waiting. A primitive used only by this
 * runtime's goroutines leaves no doubt.
 *
 * <p>Plain threads: one may sit between two jgo calls (woken from {@code await}, about to call
 * {@code done}) exactly when the goroutines all park. So a first positive check only raises a
 * suspicion; M0, which is always waiting when every P is idle, confirms it after {@link #GRACE_NANOS}
 * if nothing came from outside meanwhile ({@link #confirm}). Go needs no grace: it has no foreign threads.
 *
 * <p>Races: the scan is not atomic. Ready and spawn from a goroutine need a P, and no P is in use
 * (checked before and after the scan); ready and spawn from elsewhere bump
 * {@code sched.externalEvents} before changing a status, so a change during the scan makes the two
 * reads differ. A primitive's outside mark is written before the outside party takes the
 * primitive's lock, so a goroutine that parks there afterwards, WAITING by a volatile CAS, is seen
 * with the mark by the scan's volatile status read.
 */
final class Deadlock {

    private Deadlock() {
    }

    /** How long a suspected deadlock must last, with nothing readied from outside, to be reported. */
    static final long GRACE_NANOS = 50_000_000L;
    /** How long everything must sleep, in doubt, before the warning. */
    static final long DOUBT_NANOS = 10_000_000_000L;

    /** The scan's verdicts. */
    private static final int AWAKE = 0;
    private static final int ASLEEP = 1;
    private static final int IN_DOUBT = 2;

    /** A P went idle and every P is: suspect a deadlock (or doubt) and let M0 confirm it. Any thread. */
    static void check(Sched sched) {
        long before = sched.externalEvents.get(); // volatile read, pairs with the RMW in newproc/ready
        int v = scan(sched, before);
        if (v != AWAKE) {
            sched.deadlockWatch.suspect(before, v == IN_DOUBT);
        }
    }

    /**
     * M0, after the grace period: still asleep and nothing from outside since the suspicion? A
     * certain suspicion that still holds fails the run; a doubt that still holds prints the warning
     * once per runtime. A suspicion whose kind changed meanwhile is raised again with the new kind
     * (its own wait starts over).
     */
    static void confirm(Sched sched, DeadlockWatch.Suspicion s) {
        int v = scan(sched, s.epoch);
        if (v == ASLEEP && !s.doubt) {
            String dump = Dump.all(sched);
            sched.listener.deadlock(sched, dump);
            sched.failures.fail(new DeadlockException(dump));
        } else if (v == IN_DOUBT && s.doubt) {
            if (!sched.deadlockWatch.doubtWarned) {
                sched.deadlockWatch.doubtWarned = true; // M0 only
                Warnings.always("Go.run: every goroutine has been asleep for " + sched.config.doubtNanos / 1_000_000L
                        + " ms, but some wait on a primitive that a plain thread (or another runtime) has used and"
                        + " may still release, so this is not reported as a deadlock. Goroutines:\n" + Dump.all(sched));
            }
        } else if (v != AWAKE) {
            sched.deadlockWatch.suspect(s.epoch, v == IN_DOUBT);
        }
    }

    private static int scan(Sched sched, long epoch) {
        if (!quiet(sched) || sched.externalEvents.get() != epoch) {
            return AWAKE;
        }
        boolean doubt = false;
        for (G g : sched.allgs.snapshot()) {
            int s = g.status(); // volatile read
            if (s != G.WAITING && s != G.DEAD) {
                return AWAKE;
            }
            if (s == G.WAITING) {
                doubt |= Parking.mayBeWokenFromOutside(g); // g.waiting was written before the park's status CAS
            }
        }
        if (!quiet(sched) || sched.externalEvents.get() != epoch) {
            return AWAKE;
        }
        return doubt ? IN_DOUBT : ASLEEP;
    }

    private static boolean quiet(Sched sched) {
        return sched.idlePs.count() >= sched.gomaxprocs && sched.global.isEmpty()
                && PlainThreads.blocked() == 0 && !sched.timers.pending() && !sched.netpoll.anyPending()
                && !sched.stopping;
    }
}
