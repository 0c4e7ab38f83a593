package io.jgo.internal.sched;

import io.jgo.internal.sched.timer.VirtualClock;
import io.jgo.internal.settings.Settings;

/**
 * A runtime's settings, read once when it starts. {@link #fromSystem()} takes the documented
 * knobs from {@link Settings} (the one place that reads and checks every {@code jgo.*} setting, and
 * refuses a bad value naming it); tests build one directly (smaller rings, a {@link Trace} hook).
 *
 * <ul>
 *   <li>{@code GOMAXPROCS} (environment) or {@code -Djgo.maxprocs=N}: number of Ps, 1 to 1024
 *       (default: CPUs; {@code GOMAXPROCS=0} too, as in Go); the system property wins over the environment.</li>
 *   <li>{@code -Djgo.stacksize=BYTES} (suffix k/m/g allowed, 256k to 1g): carrier thread stack, default 16m, so
 *       deep goroutine stacks can be resumed.</li>
 *   <li>{@code -Djgo.deadlock=off} (or {@code on}): no deadlock detection in {@code Go.run}.</li>
 *   <li>{@code -Djgo.schedtrace=MS}, {@code -Djgo.scheddetail}: Go's SCHED lines on stderr.</li>
 *   <li>{@code -Djgo.threadLocals=carrier}: {@code ThreadLocal} values belong to the carrier, not
 *       the goroutine ({@code goroutine}, the default, gives each goroutine its own); process-wide,
 *       read once by {@link ThreadLocalMaps}, so not part of this per-runtime object.</li>
 *   <li>{@code -Djgo.maxthreads=N}: the most Ms (carrier threads plus M0) a runtime may have,
 *       default 10,000 as in Go; starting one more is a fatal error naming the limit.</li>
 *   <li>{@code -Djgo.preempt=off}: sysmon never asks a goroutine to yield nor takes a running
 *       goroutine's P (run to completion, as Go with preemption off); {@code loops} (default) and
 *       {@code calls} only tell the rewrite where to poll.</li>
 *   <li>{@code -Djgo.stress=P} (0 to 1, default 0; the agent's {@code stress=P} sets it): each time
 *       a goroutine is given a carrier, with probability P it is asked to yield at the first
 *       suspension point it reaches (a rewritten prologue or loop poll), so save and restore run
 *       everywhere; at 1 every point yields. {@code -Djgo.stress.seed=N} fixes the seed (default
 *       random; a runtime under stress prints it).</li>
 * </ul>
 * Tests may also replace the clock sysmon decides by ({@link #clock}) and run without the sysmon
 * thread ({@link #sysmon(boolean)}), driving its rounds by hand ({@code Sysmon.round}).
 */
public final class Config {

    static final long DEFAULT_STACK = Settings.DEFAULT_STACK;
    /** A frame's least size on a carrier's stack, for {@link #savedFrameLimit}: a saved frame is bounded as if it were on one. */
    static final int MIN_FRAME_BYTES = 64;

    int maxProcs = cpuCount();
    long stackSize = DEFAULT_STACK;
    boolean deadlockDetection = true;
    /** How long every goroutine must sleep, in doubt, before the warning ({@link Deadlock}); tests shorten it. */
    long doubtNanos = Deadlock.DOUBT_NANOS;
    long schedTraceMillis;
    boolean schedDetail;
    /** {@code -Djgo.tracebackancestors}: {@code newproc} records the go statement's frame for dumps ({@link CreatedBy}). */
    boolean tracebackAncestors;
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
    /** {@code -Djgo.stress}: probability of a forced yield each time a goroutine runs (0: never). */
    double stress;
    /** {@code -Djgo.stress.seed}: seeds each M's coin ({@link M#execute}). */
    long stressSeed;
    /** A bubble's virtual clock ({@link #bubble}), or null: the timers read {@code System.nanoTime}. */
    VirtualClock virtualClock;
    /** A bubble's seeded scheduling decisions ({@link #bubble}), or null. */
    SeededSchedule seeded;

    static final int DEFAULT_MAX_THREADS = Settings.DEFAULT_MAX_THREADS;

    /** Bubbles made so far in this JVM, for their runtimes' names. */
    private static final java.util.concurrent.atomic.AtomicLong BUBBLES = new java.util.concurrent.atomic.AtomicLong();

    /**
     * The settings from system properties and the environment, each checked ({@link Settings}).
     *
     * @throws IllegalArgumentException naming the first setting whose value is invalid, and what is valid
     */
    public static Config fromSystem() {
        return from(Settings.fromSystem());
    }

    /** A runtime's config from checked settings. */
    static Config from(Settings s) {
        Config c = new Config();
        c.maxProcs = s.maxProcs == 0 ? cpuCount() : s.maxProcs;
        c.stackSize = s.stackSize;
        c.deadlockDetection = s.deadlock;
        c.schedTraceMillis = s.schedTraceMillis;
        c.schedDetail = s.schedDetail;
        c.tracebackAncestors = s.tracebackAncestors;
        c.maxThreads = s.maxThreads;
        c.preempt = !s.preempt.equals("off");
        c.stress = s.stress;
        c.stressSeed = s.stressSeed == null ? new java.util.Random().nextLong() : s.stressSeed;
        c.printCounts = s.counts;
        c.lazyWake = s.lazyWake;
        return c;
    }

    /** What GOMAXPROCS 0 (or none given) stands for: the CPU count. */
    static int cpuCount() {
        return Runtime.getRuntime().availableProcessors();
    }

    /**
     * A test bubble's runtime ({@code io.jgo.test}): the system's settings, then one P, no sysmon
     * (nothing preempts by the clock), {@code created by} recorded for the leak report, the stress
     * coin and every free decision drawn from {@code seeded}, and the timers on a
     * {@link VirtualClock} when {@code virtualTime}.
     *
     * @throws IllegalArgumentException naming the first system setting whose value is invalid
     */
    public static Config bubble(boolean virtualTime, SeededSchedule seeded) {
        // A name of its own: a bubble's runtime registers a JMX bean by name, and the previous
        // bubble's may not be unregistered yet (InstanceAlreadyExistsException warned at each one).
        Config c = fromSystem().name("jgo-bubble-" + BUBBLES.incrementAndGet());
        c.maxProcs = 1;
        c.sysmon = false;
        c.preempt = false;
        c.tracebackAncestors = true;
        c.seeded = java.util.Objects.requireNonNull(seeded, "seeded");
        c.stress = seeded.yieldChance();
        c.stressSeed = seeded.seed();
        c.virtualClock = virtualTime ? new VirtualClock() : null;
        return c;
    }

    /** CPUs, overridden by {@code GOMAXPROCS} and then by {@code -Djgo.maxprocs}; checked as {@link #fromSystem}. */
    static int defaultMaxProcs() {
        int n = Settings.fromSystem().maxProcs;
        return n == 0 ? cpuCount() : n;
    }

    /** How many frames a goroutine may keep saved below those on its thread ({@code Continuation.savedTooDeep}). */
    int savedFrameLimit() {
        return (int) Math.min(Integer.MAX_VALUE, stackSize / MIN_FRAME_BYTES);
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

    Config tracebackAncestors(boolean on) {
        tracebackAncestors = on;
        return this;
    }

    Config name(String n) {
        name = n;
        return this;
    }

    /** The stress mode's seed is printed once per JVM, by the first runtime that starts under it. */
    private static final java.util.concurrent.atomic.AtomicBoolean STRESS_ANNOUNCED = new java.util.concurrent.atomic.AtomicBoolean();

    /** Prints the stress mode's seed if this runtime is the first of the JVM to run under it. Any thread. */
    void announceStressOnce() {
        if (stress > 0 && seeded == null && STRESS_ANNOUNCED.compareAndSet(false, true)) {
            // The seed, so that a failure seen under stress can be run again with the same coins.
            System.err.println("jgo: stress mode: " + stress + " of goroutine runs yield at their first suspension"
                    + " point (-Djgo.stress.seed=" + stressSeed + " repeats these coins)");
        }
    }
}
