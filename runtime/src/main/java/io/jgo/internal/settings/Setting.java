package io.jgo.internal.settings;

/**
 * The settings the runtime reads, each with its key and what it accepts (as the refusal of a bad
 * value says it); docs/configuration.md lists every one ({@code SettingsTest} checks both ways).
 * The agent sets {@link #STRESS}, {@link #AGENT_INCLUDE} and {@link #AGENT_EXCLUDE} from its options.
 */
public enum Setting {
    MAXPROCS("jgo.maxprocs", "a whole number from 0 to " + Settings.MAX_PROCS + ": Ps, 0 for the CPU count (the default)"),
    /** The environment variable, as Go reads it; {@link #MAXPROCS} wins over it. */
    GOMAXPROCS_ENV("GOMAXPROCS", "a whole number from 0 to " + Settings.MAX_PROCS + ": Ps, 0 or unset for the CPU count"),
    STACK_SIZE("jgo.stacksize", "a carrier thread stack size from 256k to 1g (bytes, or with a k, m or g suffix), default 16m"),
    DEADLOCK("jgo.deadlock", "on or off (default on)"),
    SCHED_TRACE("jgo.schedtrace", "a whole number from 0 to " + Settings.MAX_MILLIS + ": milliseconds between SCHED lines, 0 (the default) for none"),
    SCHED_DETAIL("jgo.scheddetail", Settings.FLAG),
    TRACEBACK_ANCESTORS("jgo.tracebackancestors", Settings.FLAG),
    MAX_THREADS("jgo.maxthreads", "a whole number from 2 to " + Integer.MAX_VALUE
            + ": the most carrier threads plus the calling thread, default " + Settings.DEFAULT_MAX_THREADS),
    PREEMPT("jgo.preempt", "loops or calls or off (default loops)"),
    THREAD_LOCALS("jgo.threadLocals", "goroutine or carrier (default goroutine)"),
    JMX("jgo.jmx", "on or off (default on)"),
    FULL_STACKS("jgo.fullStacks", Settings.FLAG),
    THREAD_WAIT_WARNING("jgo.threadWaitWarning", "a whole number from 0 to " + Settings.MAX_MILLIS
            + ": milliseconds a plain thread waits in a jgo call before a warning, 0 for never, default " + Settings.DEFAULT_THREAD_WAIT_MILLIS),
    STRESS("jgo.stress", "a probability from 0 to 1 (e.g. 0.1): the share of goroutine runs asked to yield at their first"
            + " suspension point; 0 (the default) for none"),
    STRESS_SEED("jgo.stress.seed", "a whole number: the seed of the stress mode's coin (default random)"),
    COUNTS("jgo.counts", Settings.FLAG),
    LAZY_WAKE("jgo.lazyWake", "true or false (default true)"),
    PIN_REPORT("jgo.pinReport", Settings.FLAG),
    DUMP_ON_SIGNAL("jgo.dumpOnSignal", "a signal name such as USR1 (not INT, TERM, HUP nor USR2); unset for none"),
    AGENT_INCLUDE("jgo.agent.include", Settings.PACKAGES),
    AGENT_EXCLUDE("jgo.agent.exclude", Settings.PACKAGES);

    private final String key;
    private final String valid;

    Setting(String key, String valid) {
        this.key = key;
        this.valid = valid;
    }

    /** The system property's name ({@code jgo.maxprocs}), or the environment variable's ({@code GOMAXPROCS}). */
    public String key() {
        return key;
    }

    /** What the setting accepts, as a refusal says it. */
    public String valid() {
        return valid;
    }

    /** How a user writes it: {@code -Djgo.maxprocs}, or {@code GOMAXPROCS} for the environment variable. */
    public String display() {
        return this == GOMAXPROCS_ENV ? key : "-D" + key;
    }

    /** Whether it is read from the environment rather than the system properties. */
    boolean isEnvironment() {
        return this == GOMAXPROCS_ENV;
    }
}
