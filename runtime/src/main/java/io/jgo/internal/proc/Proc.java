package io.jgo.internal.proc;

import io.jgo.internal.sched.timer.VirtualClock;
import io.jgo.internal.cont.Continuation;
import io.jgo.internal.sched.Config;
import io.jgo.internal.sched.G;
import io.jgo.internal.sched.park.Party;
import io.jgo.internal.sched.Interrupts;
import io.jgo.internal.sched.Runtimes;
import io.jgo.internal.sched.Sched;
import io.jgo.internal.sched.Syscalls;
import java.util.concurrent.Callable;

/**
 * What {@code io.jgo.Go} asks of the scheduler (Go's exported functions of {@code proc.go}:
 * {@code newproc}, {@code GOMAXPROCS}, {@code NumGoroutine}, {@code entersyscall}/{@code exitsyscall},
 * a sleep's timer): the API calls these and imports nothing of {@code io.jgo.internal.sched}. Each
 * acts on the runtime of the calling goroutine, or from a plain thread on the default runtime.
 * Any thread.
 */
public final class Proc {

    private Proc() {
    }

    /**
     * The current runtime, as a handle the API may keep (an executor starts every task on the runtime
     * it was made on). Any thread.
     */
    public static Handle current() {
        return new Handle(Runtimes.current());
    }

    /** One runtime, for the API to start goroutines on later. Immutable. */
    public static final class Handle {
        private final Sched sched;

        private Handle(Sched sched) {
            this.sched = sched;
        }

        /** Starts a goroutine running {@code body} on this runtime. */
        public void go(Runnable body) {
            sched.newproc(body);
        }

        /** The runtime's name ({@code jgo}, {@code jgo-default}, ...). */
        public String name() {
            return sched.name();
        }
    }

    /** The goroutine the calling thread runs, as an opaque party for {@link #interrupt}; null on a plain thread. */
    public static Continuation.Owner currentGoroutine() {
        return Sched.currentG();
    }

    /**
     * Interrupts {@code goroutine} (from {@link #currentGoroutine}) as {@code Thread.interrupt} would
     * a thread: its interrupt status is set, and a goroutine parked in an interruptible wait wakes.
     */
    public static void interrupt(Continuation.Owner goroutine) {
        Interrupts.interrupt((Party) goroutine);
    }

    /** Starts a goroutine running {@code body} on the current runtime. */
    public static void go(Runnable body) {
        Runtimes.current().newproc(body);
    }

    /**
     * When the calling goroutine's last {@code Go.sleep} timer fired (System.nanoTime), or
     * Long.MIN_VALUE on a plain thread or before its first sleep. Diagnostics: the fairness
     * benchmark's timeline tells a timer that fired late (its P's holder was busy, or its carrier
     * had no CPU) from a sleeper that waited in a run queue after its timer fired.
     */
    public static long lastSleepFiredAt() {
        G g = Sched.currentG();
        return g == null ? Long.MIN_VALUE : g.sleepFiredAt();
    }

    /** Is the calling thread running a goroutine right now? */
    public static boolean inGoroutine() {
        return Sched.currentG() != null;
    }

    /** Runs {@code main} as the main goroutine of a fresh runtime on the calling plain thread (M0). */
    public static void runMain(Runnable main) {
        new Sched(Config.fromSystem()).runMain(main);
    }

    /**
     * The wall clock of the calling goroutine's runtime: {@code Instant.now()}, or in a test bubble
     * its virtual wall clock, which moves only with the bubble's timers (a context's deadline is
     * reckoned on it). Any thread.
     */
    public static java.time.Instant wallNow() {
        Sched s = Runtimes.ofCurrentGoroutine();
        VirtualClock v = s == null ? null : s.virtualClock();
        return v == null ? java.time.Instant.now() : v.instantOf(v.now());
    }

    /** GOMAXPROCS of the current runtime. */
    public static int maxProcs() {
        return Runtimes.current().maxProcs();
    }

    /** Sets GOMAXPROCS of the current runtime; returns the previous value. */
    public static int maxProcs(int n) {
        return Runtimes.current().maxProcs(n);
    }

    /** Live goroutines of the current runtime. */
    public static int numGoroutine() {
        return Runtimes.current().numGoroutine();
    }

    /** The current runtime's goroutine dump. */
    public static String dump() {
        return Runtimes.current().dump();
    }

    /**
     * {@code Go.syscall}: runs {@code call} between entersyscall and exitsyscall, its P retaken by
     * sysmon only if it lasts ({@link Syscalls.Policy#RETAKE_IF_IT_LASTS}); on a plain thread, simply calls.
     */
    public static <T> T syscall(Callable<T> call) throws Exception {
        return Syscalls.call(Syscalls.Policy.RETAKE_IF_IT_LASTS, call);
    }
}
