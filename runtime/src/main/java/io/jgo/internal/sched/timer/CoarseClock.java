package io.jgo.internal.sched.timer;

/**
 * sysmon's last reading of {@code System.nanoTime()}: the cheap clock a parking goroutine stamps its
 * wait with (Go's {@code waitsince}, shown by dumps in whole minutes). A park reads one volatile
 * long instead of calling the clock. sysmon refreshes it at most once a millisecond while it is
 * awake (its rounds are at most 10 ms apart while any P is busy, which is when goroutines park) and
 * clears it to 0 before it sleeps deeply; {@link #now} then falls back to the clock itself, so a
 * stamp is never older than one sysmon delay.
 *
 * <p>Single writer (sysmon's thread), any reader. The field sits between padding so that sysmon's
 * writes never invalidate a cache line the Ms read on every schedule (the fields of {@code sched.Sched}).
 */
public final class CoarseClock extends CoarseClockValue {

    long p10, p11, p12, p13, p14, p15, p16, p17;

    /** A stamp on {@code System.nanoTime}'s scale, at most one sysmon delay (10 ms) old. Any thread. */
    public long now() {
        long t = nanos; // volatile read, pairs with sysmon's write
        return t != 0 ? t : System.nanoTime();
    }

    /** sysmon, awake: refresh if a millisecond has passed since the last refresh. */
    public void tick() {
        long t = System.nanoTime();
        if (t - nanos >= 1_000_000L) {
            nanos = t;
        }
    }

    /** sysmon, about to sleep until woken: stop vouching for the value. */
    public void stop() {
        nanos = 0;
    }
}

/** Padding before the value (a superclass's fields are laid out first). */
abstract class CoarseClockPad {
    long p00, p01, p02, p03, p04, p05, p06, p07;
}

/** The value, between {@link CoarseClockPad} and the padding of {@link CoarseClock}. */
abstract class CoarseClockValue extends CoarseClockPad {
    /** sysmon's last {@code System.nanoTime()}, or 0 while it sleeps deeply or before it starts. */
    volatile long nanos;
}
