package io.jgo.internal.sched;

/**
 * A runtime's settings, read once when it starts. {@link #fromSystem()} reads the documented
 * knobs; tests build one directly (smaller rings, a {@link Trace} hook).
 *
 * <ul>
 *   <li>{@code GOMAXPROCS} (environment) or {@code -Djgo.maxprocs=N}: number of Ps (default: CPUs);
 *       the system property wins over the environment.</li>
 *   <li>{@code -Djgo.stacksize=BYTES} (suffix k/m/g allowed): carrier thread stack, default 16m, so
 *       deep goroutine stacks can be resumed.</li>
 *   <li>{@code -Djgo.deadlock=off}: no deadlock detection in {@code Go.run}.</li>
 *   <li>{@code -Djgo.schedtrace=MS}, {@code -Djgo.scheddetail}: Go's SCHED lines on stderr.</li>
 *   <li>{@code -Djgo.threadLocals=carrier}: {@code ThreadLocal} values belong to the carrier, not
 *       the goroutine ({@code goroutine}, the default, gives each goroutine its own); process-wide,
 *       read once by {@link ThreadLocalMaps}, so not part of this per-runtime object.</li>
 *   <li>{@code -Djgo.maxthreads=N}: the most Ms (carrier threads plus M0) a runtime may have,
 *       default 10,000 as in Go; starting one more is a fatal error naming the limit.</li>
 *   <li>{@code -Djgo.preempt=off}: sysmon never asks a goroutine to yield nor takes a running
 *       goroutine's P (run to completion, as Go with preemption off); {@code loops} (default) and
 *       {@code calls} only tell the rewrite where to poll.</li>
 * </ul>
 * Tests may also replace the clock sysmon decides by ({@link #clock}) and run without the sysmon
 * thread ({@link #sysmon(boolean)}), driving its rounds by hand ({@code Sysmon.round}).
 */
public final class Config {

    static final long DEFAULT_STACK = 16L << 20;

    int maxProcs = defaultMaxProcs();
    long stackSize = DEFAULT_STACK;
    boolean deadlockDetection = true;
    /** How long every goroutine must sleep, in doubt, before the warning ({@link Deadlock}); tests shorten it. */
    long doubtNanos = Deadlock.DOUBT_NANOS;
    long schedTraceMillis;
    boolean schedDetail;
    /** {@code -Djgo.counts=true}: a {@code Go.run} prints its event counts ({@link SchedStats#countsText}) to stderr when it ends. */
    boolean printCounts;
    /** {@code -Djgo.lazyWake} (default true): a ready into the readier's otherwise empty queue wakes no M ({@link Sched#ready}). */
    boolean lazyWake = true;
    int runqCapacity = LocalRunQueue.CAPACITY;
    Trace trace;
    String name = "jgo";
    int maxThreads = DEFAULT_MAX_THREADS;
    /** Go's {@code nanotime} for sysmon's decisions; any thread. */
    java.util.function.LongSupplier clock = System::nanoTime;
    /** Whether the runtime runs a sysmon thread (tests that drive rounds by hand turn it off). */
    boolean sysmon = true;
    /** Whether sysmon preempts running goroutines and retakes the Ps of those that do not answer. */
    boolean preempt = true;

    static final int DEFAULT_MAX_THREADS = 10_000;

    /** The settings from system properties and the environment. */
    public static Config fromSystem() {
        Config c = new Config();
        c.stackSize = parseSize(System.getProperty("jgo.stacksize"), DEFAULT_STACK);
        c.deadlockDetection = !"off".equalsIgnoreCase(System.getProperty("jgo.deadlock", "on"));
        c.schedTraceMillis = parseLong(System.getProperty("jgo.schedtrace"), 0);
        String detail = System.getProperty("jgo.scheddetail");
        c.schedDetail = detail != null && !"false".equalsIgnoreCase(detail) && !"0".equals(detail);
        c.printCounts = Boolean.parseBoolean(System.getProperty("jgo.counts", "false").trim());
        c.lazyWake = !"false".equalsIgnoreCase(System.getProperty("jgo.lazyWake", "true").trim());
        c.maxThreads = (int) Math.max(2, parseLong(System.getProperty("jgo.maxthreads"), DEFAULT_MAX_THREADS));
        c.preempt = !"off".equalsIgnoreCase(System.getProperty("jgo.preempt", "loops").trim());
        return c;
    }

    /** CPUs, overridden by {@code GOMAXPROCS} and then by {@code -Djgo.maxprocs}. */
    static int defaultMaxProcs() {
        int n = Runtime.getRuntime().availableProcessors();
        n = (int) parseLong(System.getenv("GOMAXPROCS"), n);
        n = (int) parseLong(System.getProperty("jgo.maxprocs"), n);
        return Math.max(1, n);
    }

    Config maxProcs(int n) {
        maxProcs = n;
        return this;
    }

    Config runqCapacity(int n) {
        runqCapacity = n;
        return this;
    }

    Config trace(Trace t) {
        trace = t;
        return this;
    }

    Config deadlockDetection(boolean on) {
        deadlockDetection = on;
        return this;
    }

    Config doubtNanos(long n) {
        doubtNanos = n;
        return this;
    }

    Config maxThreads(int n) {
        maxThreads = n;
        return this;
    }

    Config clock(java.util.function.LongSupplier c) {
        clock = c;
        return this;
    }

    Config sysmon(boolean on) {
        sysmon = on;
        return this;
    }

    Config preempt(boolean on) {
        preempt = on;
        return this;
    }

    Config name(String n) {
        name = n;
        return this;
    }

    private static long parseLong(String s, long dflt) {
        if (s == null || s.isBlank()) {
            return dflt;
        }
        try {
            return Long.parseLong(s.trim());
        } catch (NumberFormatException e) {
            return dflt;
        }
    }

    static long parseSize(String s, long dflt) {
        if (s == null || s.isBlank()) {
            return dflt;
        }
        String t = s.trim().toLowerCase(java.util.Locale.ROOT);
        long mult = 1;
        char last = t.charAt(t.length() - 1);
        if (last == 'k' || last == 'm' || last == 'g') {
            mult = last == 'k' ? 1L << 10 : last == 'm' ? 1L << 20 : 1L << 30;
            t = t.substring(0, t.length() - 1);
        }
        long v = parseLong(t, -1);
        return v > 0 ? v * mult : dflt;
    }
}
