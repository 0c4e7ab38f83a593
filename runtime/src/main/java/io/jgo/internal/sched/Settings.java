package io.jgo.internal.sched;

import java.util.Locale;
import java.util.function.Function;

/**
 * Reads and checks the documented settings ({@code -Djgo.*} system properties and the
 * {@code GOMAXPROCS} environment variable) for {@link Config#fromSystem}, every one of them each
 * time a runtime starts, before anything runs. A value out of range is an
 * {@link IllegalArgumentException} naming the setting, the value given and what is valid, as the
 * agent's options are checked: never a silent default, never a late failure that names nothing.
 * Components that read a setting themselves ({@link ThreadLocalMaps}, the JMX registrar) are
 * covered, since the check runs before any runtime can use them.
 */
final class Settings {

    /** The most Ps a runtime may have (Go's {@code _MaxGomaxprocs}). */
    static final int MAX_PROCS = 1024;
    /** Bounds of {@code -Djgo.stacksize}: below the JVM's floor a carrier cannot run; above, HotSpot refuses. */
    static final long MIN_STACK = 256L << 10;
    static final long MAX_STACK = 1L << 30;
    /** Largest {@code -Djgo.schedtrace} period and {@code -Djgo.threadWaitWarning}: a day. */
    static final long MAX_SCHEDTRACE_MS = 86_400_000L;

    /** Where a setting comes from: {@code System::getProperty}, {@code System::getenv}; tests pass maps. */
    private final Function<String, String> properties;
    private final Function<String, String> environment;

    Settings(Function<String, String> properties, Function<String, String> environment) {
        this.properties = properties;
        this.environment = environment;
    }

    static Settings ofSystem() {
        return new Settings(System::getProperty, System::getenv);
    }

    /** Fills {@code c} from the settings; throws {@link IllegalArgumentException} at the first bad one. */
    Config apply(Config c) {
        c.maxProcs = maxProcs(Runtime.getRuntime().availableProcessors());
        c.stackSize = stackSize();
        c.deadlockDetection = choice("jgo.deadlock", "on", "on", "off").equals("on");
        c.schedTraceMillis = wholeNumber("jgo.schedtrace", 0, 0, MAX_SCHEDTRACE_MS, "milliseconds between SCHED lines, 0 (the default) for none");
        c.schedDetail = flag("jgo.scheddetail");
        c.tracebackAncestors = flag("jgo.tracebackancestors");
        c.maxThreads = (int) wholeNumber("jgo.maxthreads", Config.DEFAULT_MAX_THREADS, 2, Integer.MAX_VALUE,
                "the most carrier threads plus the calling thread, default " + Config.DEFAULT_MAX_THREADS);
        c.preempt = !choice("jgo.preempt", "loops", "loops", "calls", "off").equals("off");
        choice("jgo.threadLocals", "goroutine", "goroutine", "carrier");
        choice("jgo.jmx", "on", "on", "off");
        choice("jgo.fullStacks", "false", "false", "true"); // read by io.jgo.internal.cont.LazyLayout
        threadWaitWarningMillis(properties);
        c.stress = probability("jgo.stress");
        c.stressSeed = properties.apply("jgo.stress.seed") == null ? new java.util.Random().nextLong()
                : wholeNumber("jgo.stress.seed", 0, Long.MIN_VALUE, Long.MAX_VALUE, "the seed of the stress mode's coin");
        return c;
    }

    /** {@code -Djgo.threadWaitWarning=MS}: when a plain thread's jgo wait is reported ({@link PlainThreads}). */
    static long threadWaitWarningMillis(Function<String, String> properties) {
        String v = properties.apply(PlainThreads.WARNING_PROPERTY);
        return v == null ? PlainThreads.DEFAULT_WARNING_MILLIS : number("-D" + PlainThreads.WARNING_PROPERTY, v, 0,
                MAX_SCHEDTRACE_MS, "milliseconds a plain thread waits in a jgo call before a warning, 0 for never, default "
                        + PlainThreads.DEFAULT_WARNING_MILLIS);
    }

    /** {@code -Djgo.maxprocs}, else {@code GOMAXPROCS} (unset or 0: the CPU count, as in Go), else {@code cpus}. */
    int maxProcs(int cpus) {
        String p = properties.apply("jgo.maxprocs");
        if (p != null) {
            return (int) number("-Djgo.maxprocs", p, 1, MAX_PROCS, "Ps, default the CPU count (" + cpus + ")");
        }
        String e = environment.apply("GOMAXPROCS");
        if (e == null || e.isBlank()) {
            return cpus;
        }
        int n = (int) number("GOMAXPROCS", e, 0, MAX_PROCS, "Ps, 0 or unset for the CPU count (" + cpus + ")");
        return n == 0 ? cpus : n;
    }

    /** {@code -Djgo.stacksize=BYTES}, with an optional k, m or g suffix. */
    long stackSize() {
        String v = properties.apply("jgo.stacksize");
        if (v == null) {
            return Config.DEFAULT_STACK;
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
            throw bad("-Djgo.stacksize", v, "expected a carrier thread stack size from 256k to 1g (bytes, or with a"
                    + " k, m or g suffix), default 16m");
        }
        return bytes;
    }

    /** A probability from 0 to 1 (default 0), as {@code -Djgo.stress=0.25}. */
    private double probability(String key) {
        String v = properties.apply(key);
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
        throw bad("-D" + key, v, "expected a probability from 0 to 1 (e.g. 0.1): the share of goroutine runs asked"
                + " to yield at their first suspension point; 0 (the default) for none");
    }

    private long wholeNumber(String key, long dflt, long min, long max, String what) {
        String v = properties.apply(key);
        return v == null ? dflt : number("-D" + key, v, min, max, what);
    }

    private static long number(String name, String v, long min, long max, String what) {
        try {
            long n = Long.parseLong(v.trim());
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // named below
        }
        throw bad(name, v, "expected a whole number from " + min + " to " + max + ": " + what);
    }

    /** One of {@code valid} (case and spaces ignored), lower case; the first is the default. */
    private String choice(String key, String dflt, String... valid) {
        String v = properties.apply(key);
        if (v == null) {
            return dflt;
        }
        String t = v.trim().toLowerCase(Locale.ROOT);
        for (String ok : valid) {
            if (ok.equals(t)) {
                return ok;
            }
        }
        throw bad("-D" + key, v, "expected " + String.join(" or ", valid) + " (default " + dflt + ")");
    }

    /** A switch: absent or {@code false}/{@code 0} is off; present empty, {@code true} or {@code 1} is on. */
    private boolean flag(String key) {
        String v = properties.apply(key);
        if (v == null) {
            return false;
        }
        switch (v.trim().toLowerCase(Locale.ROOT)) {
            case "", "true", "1":
                return true;
            case "false", "0":
                return false;
            default:
                throw bad("-D" + key, v, "expected true or false (given alone, -D" + key + " means true)");
        }
    }

    private static IllegalArgumentException bad(String name, String value, String expected) {
        return new IllegalArgumentException("jgo: " + name + "=" + value + ": " + expected);
    }
}
