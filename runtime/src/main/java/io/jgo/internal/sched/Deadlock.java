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
 * <p>Races: the scan is not atomic. Ready and spawn from a goroutine need a P, and no P is in use
 * (checked before and after the scan); ready and spawn from elsewhere bump
 * {@code sched.externalEvents} before changing a status, so a change during the scan makes the two
 * reads differ.
 */
final class Deadlock {

    private Deadlock() {
    }

    static void check(Sched sched) {
        long before = sched.externalEvents.get(); // volatile read, pairs with the RMW in newproc/ready
        if (!quiet(sched)) {
            return;
        }
        for (G g : sched.allgs.snapshot()) {
            int s = g.status(); // volatile read
            if (s != G.WAITING && s != G.DEAD) {
                return;
            }
        }
        if (!quiet(sched) || sched.externalEvents.get() != before) {
            return;
        }
        sched.fail(new DeadlockException(Dump.all(sched)));
    }

    private static boolean quiet(Sched sched) {
        return sched.npidle.get() >= sched.gomaxprocs && sched.global.isEmpty()
                && PlainThreads.blocked() == 0 && !sched.timers.pending() && !sched.stopping;
    }
}
