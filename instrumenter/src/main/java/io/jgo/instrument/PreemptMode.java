package io.jgo.instrument;

import java.util.Locale;

/**
 * Where rewritten code answers a preemption request ({@code -Djgo.preempt}, read when an
 * instrumenter is made: by the agent in the application's JVM, by the build-time CLI in its own).
 * <ul>
 * <li>{@link #LOOPS} (the default): at every rewritten prologue and at the head of every loop of a
 *     rewritten method, so a loop without calls is preempted too (beyond Go's cooperative scheme,
 *     like its asynchronous preemption);</li>
 * <li>{@link #CALLS}: at rewritten prologues only (Go's stack-check preemption before Go 1.14).</li>
 * </ul>
 * {@code off} rewrites as {@code calls} does; the runtime then never asks.
 */
public enum PreemptMode {
    LOOPS, CALLS;

    /** The system property that chooses the mode: {@code loops}, {@code calls} or {@code off}. */
    public static final String PROPERTY = "jgo.preempt";

    /** The mode {@code -Djgo.preempt} asks for; throws with the valid values on anything else. */
    public static PreemptMode fromSystemProperty() {
        return parse(System.getProperty(PROPERTY, "loops"));
    }

    /** {@code loops}, {@code calls} or {@code off}; throws with the valid values on anything else. */
    public static PreemptMode parse(String value) {
        switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "loops":
                return LOOPS;
            case "calls":
            case "off":
                return CALLS;
            default:
                throw new IllegalArgumentException("-D" + PROPERTY + "=" + value
                        + ": expected loops (the default), calls or off");
        }
    }
}
