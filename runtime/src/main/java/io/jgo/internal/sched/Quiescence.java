package io.jgo.internal.sched;

import io.jgo.internal.sched.park.Parking;
import io.jgo.internal.sched.park.WaitReason;
import io.jgo.internal.sched.timer.VirtualClock;

/**
 * Is a bubble durably blocked (Go's {@code synctest} "durably blocked")? A goroutine is when it is
 * parked on something only another goroutine of its runtime can release: a channel, a select, a
 * sync primitive, a sleep or a timer channel, none of them ever touched by a plain thread or by
 * another runtime ({@link Parking#mayBeWokenFromOutside}). Not durably blocked: runnable or
 * running, in a syscall (a blocking JDK call included), waiting on a socket ({@code IO wait}) or
 * on a {@code CompletableFuture}, since something outside the runtime ends those.
 *
 * <p>Racy snapshots, each read of a status volatile; the callers make them safe: the clock's
 * advance is taken by the one M that holds the bubble's only P (nobody else can change a status
 * but an outside party, which bumps {@code externalEvents}, re-read by the caller), and
 * {@code Bubble.await} polls again until it holds.
 */
public final class Quiescence {

    private Quiescence() {
    }

    /**
     * Every goroutine durably blocked or ended, no G queued anywhere, every P idle but
     * {@code heldP} (the caller's own, empty by then; null when the caller holds none).
     */
    static boolean allQuiet(Sched sched, P heldP) {
        if (!sched.global.isEmpty()) {
            return false;
        }
        for (P pp : sched.allp) {
            if (pp != heldP && pp.status() != P.IDLE || pp.runq.size() > 0) {
                return false;
            }
        }
        return othersDurablyBlocked(sched, null);
    }

    /**
     * Is every goroutine of {@code sched} but {@code self} durably blocked or ended? What
     * {@code Bubble.await} waits for. Any thread.
     */
    public static boolean othersDurablyBlocked(Sched sched, G self) {
        for (G g : sched.allgs.snapshot()) {
            if (g == self) {
                continue;
            }
            int s = g.status(); // volatile read
            if (s == G.DEAD || s == G.IDLE) {
                continue;
            }
            if (s != G.WAITING || !durable(g)) {
                return false;
            }
        }
        return true;
    }

    private static boolean durable(G g) {
        WaitReason r = g.waitReason;
        return r != WaitReason.IO_WAIT && r != WaitReason.FUTURE && !Parking.mayBeWokenFromOutside(g);
    }

    /** Live goroutines of {@code sched} other than {@code self}. Any thread, racy. */
    public static int others(Sched sched, G self) {
        int n = 0;
        for (G g : sched.allgs.snapshot()) {
            int s = g.status();
            if (g != self && s != G.DEAD && s != G.IDLE) {
                n++;
            }
        }
        return n;
    }

    /**
     * {@code findRunnable}'s last resort in a bubble: {@code m} holds {@code pp} and found nothing to
     * run. If the runtime is quiet and a timer is armed, moves the bubble's {@code clock} to the earliest deadline
     * and returns true (the caller loops, and its timer check fires what is due). g0 holding pp.
     */
    static boolean advanceClockIfQuiet(Sched sched, VirtualClock clock, P pp) {
        if (sched.stopping || !sched.timers.pending()) {
            return false;
        }
        long epoch = sched.externalEvents.get(); // volatile read: a ready from outside during the scan is seen below
        if (!allQuiet(sched, pp)) {
            return false;
        }
        long earliest = sched.timers.earliest();
        if (earliest == Long.MAX_VALUE || sched.externalEvents.get() != epoch) {
            return false; // a firing timer (off its heap) readies someone soon, or an outside ready came in
        }
        clock.advanceTo(earliest);
        return true;
    }

    /**
     * The timer waiter's poll, without a P: has the runtime become quiet with a timer armed while
     * nobody looked? Then an M is woken to take the idle P and advance. Any thread.
     */
    static void nudgeClockIfQuiet(Sched sched) {
        if (!sched.stopping && sched.timers.pending() && allQuiet(sched, null)) {
            sched.ms.wakep();
        }
    }
}
