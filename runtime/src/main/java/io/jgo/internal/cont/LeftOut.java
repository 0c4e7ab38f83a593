package io.jgo.internal.cont;

import java.util.ArrayList;
import java.util.List;

/**
 * Which classes the agent was told to leave as written: its {@code include=} and {@code exclude=}
 * options, which it publishes before {@code main} as the system properties {@link #INCLUDE} and
 * {@link #EXCLUDE} (packages, dotted, {@code :}-separated, as the user wrote them). A pin warning
 * that names a frame of such a class says so: annotating the method cannot help there, changing
 * the option does. Read once, at the first pin warning; immutable after.
 */
final class LeftOut {

    /** The agent's {@code include=}: only these packages (and their sub-packages) are rewritten. */
    static final String INCLUDE = io.jgo.internal.settings.Setting.AGENT_INCLUDE.key();
    /** The agent's {@code exclude=}: these packages (and their sub-packages) are never rewritten. */
    static final String EXCLUDE = io.jgo.internal.settings.Setting.AGENT_EXCLUDE.key();

    /**
     * What the agent never rewrites, whatever its options (its {@code ClassFilter}): the JDK's classes and
     * jgo's own; other warnings cover them. Classes directly in {@code io.jgo} are jgo's too.
     */
    private static final List<String> NEVER = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.", "io.jgo.internal.",
            "io.jgo.net.", "io.jgo.agent.");
    private static final String RUNTIME_PACKAGE = "io.jgo.";

    private LeftOut() {
    }

    /** Read on first use, after the agent set them (before {@code main}). */
    private static final class Options {
        static final String INCLUDED = io.jgo.internal.settings.Settings.agentInclude();
        static final String EXCLUDED = io.jgo.internal.settings.Settings.agentExclude();
        static final List<String> INCLUDE_PREFIXES = prefixes(INCLUDED);
        static final List<String> EXCLUDE_PREFIXES = prefixes(EXCLUDED);
    }

    /**
     * Why the agent left {@code className} (binary name) as written, or null when its options do
     * not leave it out: {@code "com.acme.lib.Helper is left out of the rewrite by the agent's include=com.acme.app"}.
     */
    static String reason(String className) {
        if (isNever(className)) {
            return null;
        }
        if (matches(className, Options.EXCLUDE_PREFIXES)) {
            return className + " is left out of the rewrite by the agent's exclude=" + Options.EXCLUDED;
        }
        if (!Options.INCLUDE_PREFIXES.isEmpty() && !matches(className, Options.INCLUDE_PREFIXES)) {
            return className + " is left out of the rewrite by the agent's include=" + Options.INCLUDED;
        }
        return null;
    }

    /** The fix for a class {@link #reason} names: change the option that leaves it out. */
    static String fix(String className) {
        String pkg = className.lastIndexOf('.') < 0 ? "(the unnamed package)" : className.substring(0, className.lastIndexOf('.'));
        return matches(className, Options.EXCLUDE_PREFIXES)
                ? "take " + pkg + " out of the agent's exclude= (its @Goroutine methods then unwind)"
                : "add " + pkg + " to the agent's include= (its @Goroutine methods then unwind)";
    }

    private static boolean isNever(String className) {
        for (String never : NEVER) {
            if (className.startsWith(never)) {
                return true;
            }
        }
        return className.startsWith(RUNTIME_PACKAGE) && className.indexOf('.', RUNTIME_PACKAGE.length()) < 0;
    }

    private static boolean matches(String className, List<String> prefixes) {
        for (String prefix : prefixes) {
            if (className.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    /** {@code com.acme:org.example} as class-name prefixes {@code com.acme.}, {@code org.example.}. */
    private static List<String> prefixes(String packages) {
        List<String> prefixes = new ArrayList<>();
        for (String p : packages.split(":")) {
            if (!p.isBlank()) {
                prefixes.add(p.strip() + ".");
            }
        }
        return List.copyOf(prefixes);
    }
}
