package io.jgo.internal.proc;

import io.jgo.internal.sched.Config;
import io.jgo.internal.sched.G;
import io.jgo.internal.sched.Quiescence;
import io.jgo.internal.sched.Sched;
import io.jgo.internal.sched.SeededSchedule;
import io.jgo.internal.sched.timer.VirtualClock;
import java.util.concurrent.locks.LockSupport;

/**
 * What {@code io.jgo.test} (jgo-test's JUnit extension) asks of the scheduler: a test bubble, a
 * fresh runtime with one P, no sysmon, its free decisions drawn from a seed
 * ({@link SeededSchedule}) and, unless asked otherwise, a virtual clock ({@link VirtualClock}); and
 * from inside it, whether the others are durably blocked, the virtual time elapsed, the goroutines
 * left alive. Each inside call acts on the calling goroutine's runtime and refuses to run outside a
 * bubble.
 */
public final class Bubbles {

    private Bubbles() {
    }

    /**
     * Runs {@code main} as the main goroutine of a fresh bubble and returns when it returns, as
     * {@code Go.run} does (and throws what {@code Go.run} throws: a goroutine's panic, a deadlock).
     * The calling thread must be a plain thread.
     */
    public static void run(Runnable main, long seed, boolean virtualTime, double yieldChance) {
        if (Proc.inGoroutine()) {
            throw new IllegalStateException("a test bubble cannot start inside a goroutine: run the test on JUnit's thread");
        }
        new Sched(Config.bubble(virtualTime, new SeededSchedule(seed, yieldChance))).runMain(main);
    }

    /** The yield chance a seeded schedule uses unless told otherwise. */
    public static double defaultYieldChance() {
        return SeededSchedule.DEFAULT_YIELD_CHANCE;
    }

    private static G self(String what) {
        G g = Sched.currentG();
        if (g == null || g.runtime().seededSchedule() == null) {
            throw new IllegalStateException(what + " is called from outside a test bubble: call it in the body of an"
                    + " @io.jgo.test.GoTest method or in a goroutine it started");
        }
        return g;
    }

    /** Is every goroutine of the caller's bubble but the caller durably blocked or ended? */
    public static boolean othersDurablyBlocked(String what) {
        G me = self(what);
        return Quiescence.othersDurablyBlocked(me.runtime(), me);
    }

    /** Live goroutines of the caller's bubble other than the caller. */
    public static int others(String what) {
        G me = self(what);
        return Quiescence.others(me.runtime(), me);
    }

    /** The goroutine dump of the caller's bubble without the caller (Go's format, with {@code created by}). */
    public static String dumpOthers(String what) {
        G me = self(what);
        return me.runtime().dumpExcept(me);
    }

    /** Nanoseconds since the caller's bubble started: virtual ones, or real ones without a virtual clock. */
    public static long elapsedNanos(String what) {
        Sched s = self(what).runtime();
        VirtualClock v = s.virtualClock();
        return v != null ? v.elapsedNanos() : s.uptimeNanos();
    }

    /** The seed of the caller's bubble. */
    public static long seed(String what) {
        return self(what).runtime().seededSchedule().seed();
    }

    /**
     * Blocks the caller's carrier briefly (real time, keeping its P): a waiter that polled many
     * times in vain lets what is outside the bubble (a socket, a plain thread) go on.
     */
    public static void pauseBriefly() {
        LockSupport.parkNanos(200_000L);
    }
}
