package io.jgo.internal.settings;

import java.util.Locale;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Every {@link Setting}, read and checked at once ({@link #fromSystem}, {@link #of}): typed
 * values, or an {@link IllegalArgumentException} naming the first bad setting, the value given and
 * what is valid ({@code jgo: -Djgo.lazyWake=nope: expected true or false (default true)}). Never a
 * silent default, never a late failure that names nothing. The process-wide settings also have a
 * reader of their own ({@link #pinReport()}, ...), for the class that keeps them in a constant:
 * the same parser, so the value it takes is the one the start checked.
 */
public final class Settings {

    /** The most Ps a runtime may have (Go's {@code _MaxGomaxprocs}). */
    public static final int MAX_PROCS = 1024;
    /** Bounds of {@code -Djgo.stacksize}: below the JVM's floor a carrier cannot run; above, HotSpot refuses. */
    public static final long MIN_STACK = 256L << 10;
    public static final long MAX_STACK = 1L << 30;
    public static final long DEFAULT_STACK = 16L << 20;
    /** Largest {@code -Djgo.schedtrace} period and {@code -Djgo.threadWaitWarning}: a day. */
    public static final long MAX_MILLIS = 86_400_000L;
    public static final int DEFAULT_MAX_THREADS = 10_000;
    public static final long DEFAULT_THREAD_WAIT_MILLIS = 10_000;

    static final String FLAG = "true or false (given alone, it means true; default false)";
    static final String PACKAGES = "package names, dotted, ':'-separated (the agent sets it from its options)";
    private static final Pattern PACKAGE_LIST = Pattern.compile("\\s*([\\p{javaJavaIdentifierPart}.]+\\s*(:\\s*|$))*");
    private static final Pattern SIGNAL = Pattern.compile("[A-Z][A-Z0-9]*");
    /** Signals the JVM runs its shutdown hooks on: taking them over would keep the program from ending. */
    private static final java.util.Set<String> SHUTDOWN_SIGNALS = java.util.Set.of("INT", "TERM", "HUP");

    /** GOMAXPROCS asked for: 1 to {@link #MAX_PROCS}, or 0 for the CPU count (unset, or 0 given). */
    public final int maxProcs;
    public final long stackSize;
    public final boolean deadlock;
    public final long schedTraceMillis;
    public final boolean schedDetail;
    public final boolean tracebackAncestors;
    public final int maxThreads;
    /** {@code loops}, {@code calls} or {@code off}. */
    public final String preempt;
    /** {@code -Djgo.threadLocals=carrier}. */
    public final boolean carrierThreadLocals;
    public final boolean jmx;
    public final boolean fullStacks;
    public final long threadWaitWarningMillis;
    public final double stress;
    /** Null: none given (the runtime picks a random one). */
    public final Long stressSeed;
    public final boolean counts;
    public final boolean lazyWake;
    public final boolean pinReport;
    /** The signal's name without {@code SIG} ({@code USR1}), or null for none. */
    public final String dumpOnSignal;
    /** As given (the agent's {@code include=} and {@code exclude=}), "" for none. */
    public final String agentInclude;
    public final String agentExclude;

    private Settings(Function<String, String> properties, Function<String, String> environment) {
        Source s = new Source(properties, environment);
        maxProcs = maxProcs(s);
        stackSize = stackSize(s);
        deadlock = s.choice(Setting.DEADLOCK, "on", "on", "off").equals("on");
        schedTraceMillis = s.wholeNumber(Setting.SCHED_TRACE, 0, 0, MAX_MILLIS);
        schedDetail = s.flag(Setting.SCHED_DETAIL, false);
        tracebackAncestors = s.flag(Setting.TRACEBACK_ANCESTORS, false);
        maxThreads = (int) s.wholeNumber(Setting.MAX_THREADS, DEFAULT_MAX_THREADS, 2, Integer.MAX_VALUE);
        preempt = s.choice(Setting.PREEMPT, "loops", "loops", "calls", "off");
        carrierThreadLocals = carrierThreadLocals(s);
        jmx = s.choice(Setting.JMX, "on", "on", "off").equals("on");
        fullStacks = s.flag(Setting.FULL_STACKS, false);
        threadWaitWarningMillis = s.wholeNumber(Setting.THREAD_WAIT_WARNING, DEFAULT_THREAD_WAIT_MILLIS, 0, MAX_MILLIS);
        stress = stress(s);
        stressSeed = s.get(Setting.STRESS_SEED) == null ? null : s.wholeNumber(Setting.STRESS_SEED, 0, Long.MIN_VALUE, Long.MAX_VALUE);
        counts = s.flag(Setting.COUNTS, false);
        lazyWake = s.trueOrFalse(Setting.LAZY_WAKE, true);
        pinReport = s.flag(Setting.PIN_REPORT, false);
        String signal = s.get(Setting.DUMP_ON_SIGNAL);
        dumpOnSignal = signal == null || signal.isBlank() ? null : signalName(signal);
        agentInclude = packages(s, Setting.AGENT_INCLUDE);
        agentExclude = packages(s, Setting.AGENT_EXCLUDE);
    }

    /** Every setting from the system properties and the environment, each checked. */
    public static Settings fromSystem() {
        return of(System::getProperty, System::getenv);
    }

    /** Every setting from {@code properties} and {@code environment} (tests pass maps), each checked. */
    public static Settings of(Function<String, String> properties, Function<String, String> environment) {
        return new Settings(properties, environment);
    }

    // ------------------------------------------------------------- process-wide settings, one at a time

    /** {@code -Djgo.pinReport}, from the system properties. */
    public static boolean pinReport() {
        return system().flag(Setting.PIN_REPORT, false);
    }

    /** {@code -Djgo.fullStacks}, from the system properties. */
    public static boolean fullStacks() {
        return system().flag(Setting.FULL_STACKS, false);
    }

    /** {@code -Djgo.threadLocals=carrier}, from the system properties. */
    public static boolean carrierThreadLocals() {
        return carrierThreadLocals(system());
    }

    /** {@code -Djgo.jmx} (on unless {@code off}), from the system properties. */
    public static boolean jmx() {
        return system().choice(Setting.JMX, "on", "on", "off").equals("on");
    }

    /** {@code -Djgo.threadWaitWarning}, from the system properties. */
    public static long threadWaitWarningMillis() {
        return system().wholeNumber(Setting.THREAD_WAIT_WARNING, DEFAULT_THREAD_WAIT_MILLIS, 0, MAX_MILLIS);
    }

    /** {@code -Djgo.dumpOnSignal} as given (null when unset or blank), unchecked: its installer checks it ({@link #signalName}). */
    public static String dumpOnSignalValue() {
        String v = System.getProperty(Setting.DUMP_ON_SIGNAL.key());
        return v == null || v.isBlank() ? null : v;
    }

    /** The agent's {@code include=} ({@code -Djgo.agent.include}), "" for none. */
    public static String agentInclude() {
        return packages(system(), Setting.AGENT_INCLUDE);
    }

    /** The agent's {@code exclude=} ({@code -Djgo.agent.exclude}), "" for none. */
    public static String agentExclude() {
        return packages(system(), Setting.AGENT_EXCLUDE);
    }

    private static Source system() {
        return new Source(System::getProperty, System::getenv);
    }

    // ------------------------------------------------------------- parsers of one setting

    /** {@code -Djgo.maxprocs}, else {@code GOMAXPROCS}; 0 (also when both are unset) means the CPU count, as in Go. */
    private static int maxProcs(Source s) {
        Setting which = s.get(Setting.MAXPROCS) != null ? Setting.MAXPROCS : Setting.GOMAXPROCS_ENV;
        String v = s.get(which);
        return v == null || which.isEnvironment() && v.isBlank() ? 0 : (int) s.number(which, v, 0, MAX_PROCS);
    }

    /** {@code -Djgo.stacksize=BYTES}, with an optional k, m or g suffix. */
    private static long stackSize(Source s) {
        String v = s.get(Setting.STACK_SIZE);
        if (v == null) {
            return DEFAULT_STACK;
        }
        String t = v.trim().toLowerCase(Locale.ROOT);
        long unit = 1;
        if (!t.isEmpty() && "kmg".indexOf(t.charAt(t.length() - 1)) >= 0) {
            unit = 1L << (10 * ("kmg".indexOf(t.charAt(t.length() - 1)) + 1));
            t = t.substring(0, t.length() - 1);
        }
        long n;
        try {
            n = Long.parseLong(t);
        } catch (NumberFormatException e) {
            n = -1;
        }
        long bytes = n > 0 && n <= MAX_STACK / unit ? n * unit : -1;
        if (bytes < MIN_STACK || bytes > MAX_STACK) {
            throw bad(Setting.STACK_SIZE, v);
        }
        return bytes;
    }

    private static boolean carrierThreadLocals(Source s) {
        return s.choice(Setting.THREAD_LOCALS, "goroutine", "goroutine", "carrier").equals("carrier");
    }

    /** A probability from 0 to 1 (default 0), as {@code -Djgo.stress=0.25}. */
    private static double stress(Source s) {
        String v = s.get(Setting.STRESS);
        if (v == null) {
            return 0;
        }
        try {
            double p = Double.parseDouble(v.trim());
            if (p >= 0 && p <= 1) {
                return p;
            }
        } catch (NumberFormatException e) {
            // named below
        }
        throw bad(Setting.STRESS, v);
    }

    private static String packages(Source s, Setting which) {
        String v = s.get(which);
        if (v == null) {
            return "";
        }
        if (!PACKAGE_LIST.matcher(v).matches()) {
            throw bad(which, v);
        }
        return v;
    }

    /**
     * {@code USR1}, {@code usr1} and {@code SIGUSR1} all name SIGUSR1; what is no signal name, or a
     * signal jgo must not take ({@code USR2}, which HotSpot uses; one the JVM shuts down on), is refused.
     * Whether the JVM lets the signal be handled is known only when the handler is installed.
     */
    public static String signalName(String value) {
        String v = value.trim().toUpperCase(Locale.ROOT);
        if (v.startsWith("SIG")) {
            v = v.substring(3);
        }
        if (!SIGNAL.matcher(v).matches()) {
            throw badSignal(value, "not a signal name");
        }
        if (v.equals("USR2")) {
            throw badSignal(value, "HotSpot suspends threads with SIGUSR2 (Flight Recorder's sampler sends it many times a"
                    + " second, and each would print a dump)");
        }
        if (SHUTDOWN_SIGNALS.contains(v)) {
            throw badSignal(value, "the JVM shuts down on SIG" + v + "; handling it would stop Ctrl-C and kill from ending the program");
        }
        return v;
    }

    /** A refusal of {@code -Djgo.dumpOnSignal=value}, saying why and what to give instead. */
    public static IllegalArgumentException badSignal(String value, String why) {
        String p = Setting.DUMP_ON_SIGNAL.display();
        return new IllegalArgumentException(p + "=" + value + ": " + why + "; give a signal the JVM"
                + " leaves free, such as USR1 (" + p + "=USR1), or remove the option");
    }

    private static IllegalArgumentException bad(Setting which, String value) {
        return new IllegalArgumentException("jgo: " + which.display() + "=" + value + ": expected " + which.valid());
    }

    /** Where the values come from: {@code System::getProperty}, {@code System::getenv}; tests pass maps. */
    private static final class Source {
        private final Function<String, String> properties;
        private final Function<String, String> environment;

        Source(Function<String, String> properties, Function<String, String> environment) {
            this.properties = properties;
            this.environment = environment;
        }

        String get(Setting which) {
            return (which.isEnvironment() ? environment : properties).apply(which.key());
        }

        long wholeNumber(Setting which, long dflt, long min, long max) {
            String v = get(which);
            return v == null ? dflt : number(which, v, min, max);
        }

        long number(Setting which, String v, long min, long max) {
            try {
                long n = Long.parseLong(v.trim());
                if (n >= min && n <= max) {
                    return n;
                }
            } catch (NumberFormatException e) {
                // named below
            }
            throw bad(which, v);
        }

        /** One of {@code valid} (case and spaces ignored), lower case; {@code dflt} when unset. */
        String choice(Setting which, String dflt, String... valid) {
            String v = get(which);
            if (v == null) {
                return dflt;
            }
            String t = v.trim().toLowerCase(Locale.ROOT);
            for (String ok : valid) {
                if (ok.equals(t)) {
                    return ok;
                }
            }
            throw bad(which, v);
        }

        /** A switch: unset is {@code dflt}; given alone (empty), {@code true} or {@code 1} is on; {@code false} or {@code 0} off. */
        boolean flag(Setting which, boolean dflt) {
            String v = get(which);
            if (v == null) {
                return dflt;
            }
            switch (v.trim().toLowerCase(Locale.ROOT)) {
                case "", "true", "1":
                    return true;
                case "false", "0":
                    return false;
                default:
                    throw bad(which, v);
            }
        }

        /** As {@link #flag}, for a setting that is on by default: only {@code true} or {@code false} (or 1, 0). */
        boolean trueOrFalse(Setting which, boolean dflt) {
            String v = get(which);
            return v != null && v.isBlank() ? failBlank(which, v) : flag(which, dflt);
        }

        private static boolean failBlank(Setting which, String v) {
            throw bad(which, v);
        }
    }
}
