package io.jgo.internal.sched;

import io.jgo.DeadlockException;

/**
 * Go's {@code checkdead} for a {@code Go.run} runtime: called when a P goes idle and every P is
 * idle. The run is deadlocked when every live goroutine is WAITING and nothing outside the
 * goroutines can wake one: no G runnable, running or in a syscall (that covers pinned Gs that are
 * carrying on), no timer armed, no plain thread blocked in a jgo call, and no external ready or
 * spawn while the check ran. A G parked through {@code parkPinned} counts as parked: it waits for
 * a ready exactly like an unwound one.
 *
 * <p>Plain threads: one may sit between two jgo calls (woken from {@code await}, about to call
 * {@code done}) exactly when the goroutines all park. So a first positive check only raises a
 * suspicion; M0, which is always waiting when every P is idle, confirms it after {@link #GRACE_NANOS}
 * if nothing came from outside meanwhile ({@link #confirm}). Go needs no grace: it has no foreign threads.
 *
 * <p>Races: the scan is not atomic. Ready and spawn from a goroutine need a P, and no P is in use
 * (checked before and after the scan); ready and spawn from elsewhere bump
 * {@code sched.externalEvents} before changing a status, so a change during the scan makes the two
 * reads differ.
 */
final class Deadlock {

    private Deadlock() {
    }

    /** How long a suspected deadlock must last, with nothing readied from outside, to be reported. */
    static final long GRACE_NANOS = 50_000_000L;

    /** A P went idle and every P is: suspect a deadlock and let M0 confirm it. Any thread. */
    static void check(Sched sched) {
        long before = sched.externalEvents.get(); // volatile read, pairs with the RMW in newproc/ready
        if (allAsleep(sched, before)) {
            sched.deadlockWatch.suspect(before);
        }
    }

    /** M0, after the grace period: still asleep and nothing from outside since {@code epoch}? Then fail. */
    static void confirm(Sched sched, long epoch) {
        if (allAsleep(sched, epoch)) {
            String dump = Dump.all(sched);
            io.jgo.internal.observe.Events.deadlock(sched, dump);
            sched.fail(new DeadlockException(dump));
        }
    }

    private static boolean allAsleep(Sched sched, long epoch) {
        if (!quiet(sched) || sched.externalEvents.get() != epoch) {
            return false;
        }
        for (G g : sched.allgs.snapshot()) {
            int s = g.status(); // volatile read
            if (s != G.WAITING && s != G.DEAD) {
                return false;
            }
        }
        return quiet(sched) && sched.externalEvents.get() == epoch;
    }

    private static boolean quiet(Sched sched) {
        return sched.idlePs.count() >= sched.gomaxprocs && sched.global.isEmpty()
                && PlainThreads.blocked() == 0 && !sched.timers.pending() && !sched.stopping;
    }
}
