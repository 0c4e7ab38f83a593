package io.jgo.internal.sched;

import io.jgo.internal.sched.park.Party;

/**
 * Which runtime a call acts on: the calling goroutine's, else the default runtime, started lazily
 * with daemon carriers the first time a plain thread needs it. The default runtime is the only
 * runtime held in a static (initialization-on-demand holder: thread-safe, no lock after start).
 */
public final class Runtimes {

    private Runtimes() {
    }

    /** The runtime of the calling goroutine, or the default runtime. Any thread. */
    public static Sched current() {
        G g = Sched.currentG();
        return g != null ? g.sched : Default.get();
    }

    /** The runtime of the goroutine {@code g} (held outside the scheduler as a {@link Party}). Any thread. */
    public static Sched of(Party g) {
        return ((G) g).sched;
    }

    /** The runtime of the calling goroutine, or null on a plain thread. */
    public static Sched ofCurrentGoroutine() {
        G g = Sched.currentG();
        return g != null ? g.sched : null;
    }

    /**
     * The default runtime. Its carriers are daemons, so it never keeps the JVM alive; a shutdown
     * hook stops it, so no goroutine is started, readied or resumed while the JVM runs its other
     * hooks, and waits (a second at most) for its carriers to stop, so that the exception of a
     * goroutine still unwinding is printed rather than lost.
     */
    private static final class Default {
        /** The runtime, or null when a setting was invalid ({@link #BAD_SETTING}). */
        private static final Sched INSTANCE;
        /** Why the default runtime could not start: thrown afresh on every use, never a class-init error. */
        private static final IllegalArgumentException BAD_SETTING;

        static {
            Sched s = null;
            IllegalArgumentException bad = null;
            try {
                s = start();
            } catch (IllegalArgumentException e) {
                bad = e;
            }
            INSTANCE = s;
            BAD_SETTING = bad;
        }

        static Sched get() {
            if (INSTANCE == null) {
                throw new IllegalArgumentException(BAD_SETTING.getMessage(), BAD_SETTING);
            }
            return INSTANCE;
        }

        private static Sched start() {
            Sched s = new Sched(Config.fromSystem().name("jgo-default"));
            s.listener.started(s);
            try {
                Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                    s.shutdown();
                    // As Go.run, and Go's exit, waits for a panicking goroutine: one whose exception is
                    // still unwinding reaches g0, which prints it. A goroutine that reaches no safe
                    // point delays the exit by this wait at most.
                    s.awaitStopped(MainLoop.STOP_WAIT_NANOS);
                }, "jgo-default-shutdown"));
            } catch (IllegalStateException exiting) {
                s.shutdown(); // first used while the JVM shuts down: stopped at once
            }
            return s;
        }
    }
}
