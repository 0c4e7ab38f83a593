package io.jgo.internal.sched;

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
        return g != null ? g.sched : Default.INSTANCE;
    }

    /** The runtime of the calling goroutine, or null on a plain thread. */
    public static Sched ofCurrentGoroutine() {
        G g = Sched.currentG();
        return g != null ? g.sched : null;
    }

    /**
     * The default runtime. Its carriers are daemons, so it never delays the JVM's exit; a shutdown
     * hook stops it without waiting for anything, so no goroutine is started, readied or resumed
     * while the JVM runs its other hooks.
     */
    private static final class Default {
        static final Sched INSTANCE = start();

        private static Sched start() {
            Sched s = new Sched(Config.fromSystem().name("jgo-default"));
            s.listener.started(s);
            try {
                Runtime.getRuntime().addShutdownHook(new Thread(s::shutdown, "jgo-default-shutdown"));
            } catch (IllegalStateException exiting) {
                s.shutdown(); // first used while the JVM shuts down: stopped at once
            }
            return s;
        }
    }
}
