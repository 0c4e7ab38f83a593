package io.jgo.internal.sched.park;

import io.jgo.internal.cont.Warnings;
import io.jgo.internal.settings.Setting;
import io.jgo.internal.settings.Settings;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * Plain threads (not goroutines) blocked inside a jgo call, such as {@code WaitGroup.await} or
 * {@code Chan.recv} from {@code main}. Process-wide by nature (a plain thread belongs to no
 * runtime), hence a static registry.
 *
 * <p>What such a thread gets: while it is blocked no runtime reports a deadlock, since it may still
 * ready a goroutine; and since no deadlock check can see it either, it is never left hanging
 * without a word. It is listed with its stack in the dump on signal ({@code -Djgo.dumpOnSignal},
 * whose handler its first wait installs, so a signal never kills a program that has started no
 * runtime), and once a wait has lasted {@code -Djgo.threadWaitWarning} milliseconds (default 10 s;
 * 0: never) a warning with its stack is printed, once per wait. An interrupt does not end the wait
 * (no jgo blocking call declares {@code InterruptedException}) and is not lost: the thread's flag
 * is set again when the wait ends.
 */
public final class PlainThreads {

    /** The property: milliseconds a plain thread waits before the warning; read and checked by {@link Settings}. */
    static final String WARNING_PROPERTY = Setting.THREAD_WAIT_WARNING.key();
    static final long DEFAULT_WARNING_MILLIS = Settings.DEFAULT_THREAD_WAIT_MILLIS;

    /** Volatile RMWs; read by the deadlock check ({@code sched.Deadlock}) before and after its scan. */
    private static final AtomicInteger BLOCKED = new AtomicInteger();
    /** The blocked threads and their waits; each entry written by its own thread, read by dumps. */
    private static final Map<Thread, Wait> WAITS = new ConcurrentHashMap<>();
    /** Whether the signal handler was tried (racy: a second try is harmless, the install is idempotent). */
    private static volatile boolean signalHandlerTried;

    /** One wait of one thread. */
    private static final class Wait {
        final long since = System.nanoTime();
        /** When the warning is due (System.nanoTime scale); Long.MAX_VALUE once printed or when off. Own thread only. */
        long warnAt;

        Wait(long warnNanos) {
            warnAt = warnNanos <= 0 ? Long.MAX_VALUE : since + warnNanos;
        }
    }

    private PlainThreads() {
    }

    /**
     * The calling plain thread starts a jgo wait. Counted before the waiter is visible; may run with
     * a primitive's lock held, so it never throws (a bad setting becomes a warning here, and an
     * error when a runtime starts).
     */
    public static void enter() {
        BLOCKED.incrementAndGet();
        WAITS.put(Thread.currentThread(), new Wait(Warning.NANOS));
        if (!signalHandlerTried) {
            signalHandlerTried = true;
            ParkListener.load().plainThreadBlocks(); // once per process: the first wait looks the observers up
        }
    }

    /** The wait {@link #enter} started is over (woken, or unwound by an exception). */
    public static void exit() {
        WAITS.remove(Thread.currentThread());
        BLOCKED.decrementAndGet();
    }

    /** {@link #await}'s deadline for a wait without one. */
    public static final long NO_DEADLINE = Long.MIN_VALUE;

    /**
     * The one wait loop of a plain thread blocked in a jgo call: parks until {@code w} is over. Every
     * plain-thread waiter goes through it (a channel's or a sync type's {@link Waiter}, a select's
     * {@link SelectWait}, a {@code park.Park}, the blocking locks, a plain thread's sleep).
     *
     * <p>{@code deadline} ({@code System.nanoTime()} scale, or {@link #NO_DEADLINE}): once it has
     * passed, {@link ThreadWait#endByDeadline}. An interrupt: when {@code interruptible},
     * {@link ThreadWait#endByInterrupt}; otherwise it does not end the wait. Either way the flag is
     * taken off while the thread parks (a set flag makes a park return at once, and the loop would
     * spin) and set again when the wait is over, so the caller finds it as it was, plus any interrupt
     * that came meanwhile: a caller whose wait ended by the interrupt and that throws
     * {@code InterruptedException} clears it itself, as the JDK does. An untimed wait is reported
     * once it has lasted {@code -Djgo.threadWaitWarning} ({@link #park}). When {@code counted}, the
     * wait was counted by {@link #enter} (before its waiter became visible) and is uncounted here,
     * after it is over. The waiting thread only.
     */
    public static void await(ThreadWait w, Object blocker, long deadline, boolean interruptible, boolean counted) {
        boolean interrupted = false;
        try {
            while (!w.isOver()) { // volatile read, pairs with the write of whoever ended the wait
                if (Thread.interrupted()) {
                    interrupted = true; // put back below
                    if (interruptible) {
                        w.endByInterrupt();
                        continue;
                    }
                }
                if (deadline == NO_DEADLINE) {
                    interrupted |= park(blocker); // a long wait is reported
                } else {
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        w.endByDeadline();
                    } else {
                        LockSupport.parkNanos(blocker, left);
                    }
                }
            }
        } finally {
            if (counted) {
                exit();
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * One park of a plain thread inside a wait, for {@link #await}'s loop: the interrupt flag is
     * taken off first (a set flag makes a park return at once, and the loop would spin) and
     * reported for the caller to put back when the wait ends; when the warning falls due during the
     * park, it is printed. Returns whether an interrupt was taken off. Own thread, between
     * {@link #enter} and {@link #exit}.
     */
    private static boolean park(Object blocker) {
        boolean interrupted = Thread.interrupted();
        Wait w = WAITS.get(Thread.currentThread());
        if (w == null || w.warnAt == Long.MAX_VALUE) {
            LockSupport.park(blocker);
            return interrupted;
        }
        long left = w.warnAt - System.nanoTime();
        if (left > 0) {
            LockSupport.parkNanos(blocker, left);
            return interrupted;
        }
        w.warnAt = Long.MAX_VALUE;
        warn(Thread.currentThread(), w);
        return interrupted;
    }

    private static void warn(Thread t, Wait w) {
        StringBuilder b = new StringBuilder();
        b.append("thread \"").append(t.getName()).append("\" has waited ").append(seconds(w))
                .append(" in a jgo call, as a plain thread: no goroutine's deadlock check can see it, so if nothing is"
                        + " left to wake it, the program hangs here (an interrupt does not end the wait;"
                        + " -D" + WARNING_PROPERTY + "=0 turns this warning off):\n");
        stack(b, t);
        Warnings.always(b.toString());
    }

    /**
     * Every plain thread blocked in a jgo call, with how long it has waited and its stack, in the
     * goroutine dump's format; empty when there is none. Any thread (racy snapshot).
     */
    public static String dump() {
        StringBuilder b = new StringBuilder();
        for (Map.Entry<Thread, Wait> e : WAITS.entrySet()) {
            b.append("thread \"").append(e.getKey().getName()).append("\" [jgo wait, plain thread, ")
                    .append(seconds(e.getValue())).append("]:\n");
            stack(b, e.getKey());
            b.append('\n');
        }
        return b.toString();
    }

    private static String seconds(Wait w) {
        return TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - w.since) + " s";
    }

    /** The thread's frames from the jgo call down, without the park machinery on top. */
    private static void stack(StringBuilder b, Thread t) {
        boolean top = true;
        for (StackTraceElement f : t.getStackTrace()) {
            String c = f.getClassName();
            if (top && (c.equals("java.lang.Thread") || c.startsWith("java.util.concurrent.locks.")
                    || c.startsWith("jdk.internal.misc.") || c.equals(PlainThreads.class.getName()))) {
                continue;
            }
            top = false;
            b.append("\tat ").append(f).append('\n');
        }
    }

    /** How many plain threads are blocked in a jgo call now; racy, for the deadlock check. */
    public static int blocked() {
        return BLOCKED.get();
    }

    /** {@code -Djgo.threadWaitWarning}, read once, when the first plain thread waits. */
    private static final class Warning {
        static final long NANOS = read();

        private static long read() {
            try {
                return TimeUnit.MILLISECONDS.toNanos(Settings.threadWaitWarningMillis());
            } catch (IllegalArgumentException e) {
                Warnings.always(e.getMessage() + "; going on with " + DEFAULT_WARNING_MILLIS + " until a runtime starts"
                        + " (which refuses it)");
                return TimeUnit.MILLISECONDS.toNanos(DEFAULT_WARNING_MILLIS);
            }
        }
    }
}
