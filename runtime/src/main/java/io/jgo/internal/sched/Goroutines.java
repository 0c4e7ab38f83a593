package io.jgo.internal.sched;

import io.jgo.internal.sched.park.Party;
import io.jgo.internal.sched.timer.RuntimeTimer;
import io.jgo.internal.sched.timer.TimerFunc;

/**
 * The narrow door through which code outside the scheduler acts on a goroutine it holds: as a
 * {@link Party} (from {@code sched.park.Parking.goroutineOf}), never as a {@link G}, whose members
 * stay the scheduler's. Interrupts go through {@link Interrupts}; parking and waking through the
 * park layer ({@code sched.park}). Each method says on which thread it may be called.
 */
public final class Goroutines {

    private Goroutines() {
    }

    /** A stopped timer on the runtime of {@code g} (a park's deadline), running {@code f} when it fires. Any thread. */
    public static RuntimeTimer newTimer(Party g, TimerFunc f) {
        return ((G) g).sched.newTimer(f);
    }

    /** The goroutine's id, as dumps print it. Any thread. */
    public static long id(Party g) {
        return ((G) g).id;
    }

    /** The runtime clock of {@code g} (System.nanoTime, or a test bubble's virtual clock): a park's deadline is computed on it. Any thread. */
    public static long timeNow(Party g) {
        return ((G) g).sched.timeNow();
    }

    /**
     * The deadline timer of {@code g}'s reusable park ({@code f}, always the same one for a G):
     * made on first use and reused by every later wait, a sleep's among them (Go's
     * {@code gp.timer}); {@code Proc.lastSleepFiredAt} reads when it last fired. Owner thread.
     */
    public static RuntimeTimer parkTimer(Party g, TimerFunc f) {
        G me = (G) g;
        RuntimeTimer t = me.sleepTimer;
        if (t == null) {
            t = me.sleepTimer = new RuntimeTimer(me.sched.timers, f);
        }
        return t;
    }

    /**
     * g0, once {@code g} is WAITING (a park's unlock step): arms {@code t} to fire at {@code when}
     * on the heap of the P that g0's M holds now, as Go arms a sleep on its own P.
     */
    public static void armParked(Party g, RuntimeTimer t, long when) {
        M m = ((G) g).m;
        t.resetAt(when, m == null || m.p == null ? null : m.p.timers); // the heap of the P this M holds now
    }

    /**
     * A park's deadline timer {@code t} fired and won the wait of {@code g}: readies it as a sleeper
     * is readied ({@link Timers#readyFromTimer}). The firing thread only.
     */
    public static void readyFromTimer(Party g, RuntimeTimer t) {
        Timers.readyFromTimer((G) g, t);
    }
}
