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

    /** {@link Timers#armSleep} for the goroutine {@code g}, on its own thread (a sleep leaf's start step). */
    public static boolean armSleep(Party g, long nanos) {
        G me = (G) g;
        return me.sched.timers.armSleep(me, nanos);
    }
}
