package io.jgo.instrument;

import java.util.ArrayList;
import java.util.List;

/**
 * The packages whose methods are rewritten when a suspension can reach them, although nobody
 * annotated them (the agent's {@code suspendable=}, the CLI's {@code --suspendable}, the Maven
 * plugin's {@code <suspendables>}): libraries that call back into goroutine code. Each package
 * names itself and its sub-packages; {@code *} names every class but the JDK's and jgo's own.
 * Immutable.
 *
 * <p>{@link #DEFAULT} is {@link #ALL}: with no option, the agent, the CLI and the Maven plugin
 * rewrite every method of the application (and its libraries) that a suspension can reach, so no
 * {@code @Goroutine} is needed anywhere, as in Go. {@value #ANNOTATED_ONLY} narrows the rewrite to
 * {@code @Goroutine} methods and the lambdas that call them ({@link #NONE}): what jgo did before.
 *
 * <p>The JDK ({@code java.}, {@code javax.}, {@code jdk.}, {@code sun.}, {@code com.sun.}) is never
 * suspendable this way: its classes are loaded before any agent and its higher-order methods go
 * through the runtime's suspendable helpers instead. jgo's own classes ({@code io.jgo.}) are
 * hand-written or rewritten when jgo is built.
 */
public final class SuspendablePackages {

    /** No package: only {@code @Goroutine} methods and lambdas suspend ({@value #ANNOTATED_ONLY}). */
    public static final SuspendablePackages NONE = new SuspendablePackages(false, List.of());

    /** {@code *}: every class but the JDK's and jgo's own. */
    public static final SuspendablePackages ALL = new SuspendablePackages(true, List.of());

    /** What the agent, the CLI and the Maven plugin rewrite when not told: the whole application ({@link #ALL}). */
    public static final SuspendablePackages DEFAULT = ALL;

    /**
     * The option value that narrows the rewrite to {@code @Goroutine} methods ({@link #NONE}); not a
     * Java package name (it holds a '-'), so it cannot be mistaken for one.
     */
    public static final String ANNOTATED_ONLY = "annotated-only";

    /**
     * Never rewritten by a package rule: the JDK, jgo itself, and the runtime's own dependency JCTools, whose queues
     * the scheduler calls on its own paths (a goroutine's {@code go} puts the new G through them): rewritten, a call
     * there became a suspension point of the scheduler's own code, and a goroutine that filled the heap pinned inside
     * {@code MpscUnboundedAtomicArrayQueue.offer} and spun there (FaultsTest's sleepers until out of memory).
     */
    private static final List<String> NEVER = List.of("java/", "javax/", "jdk/", "sun/", "com/sun/", "io/jgo/",
            "org/jctools/");

    private final boolean all;
    /** Internal-name prefixes ({@code com/acme/}). */
    private final List<String> prefixes;

    private SuspendablePackages(boolean all, List<String> prefixes) {
        this.all = all;
        this.prefixes = List.copyOf(prefixes);
    }

    /**
     * Parses {@code com.acme:org.example} (packages separated by ':'), {@code *} or {@value #ANNOTATED_ONLY}.
     *
     * @throws IllegalArgumentException naming the entry that is not a dotted Java package, and why
     */
    public static SuspendablePackages parse(String spec) {
        if (spec == null || spec.isBlank()) {
            throw new IllegalArgumentException("the suspendable packages are empty; name packages separated by ':'"
                    + " (com.acme:org.example), * for every class but the JDK's (the default), or " + ANNOTATED_ONLY
                    + " for @Goroutine methods only");
        }
        return of(List.of(spec.split(":", -1)));
    }

    /**
     * The packages named (dotted, e.g. {@code com.acme}), every class when one of them is {@code *},
     * or none when it is {@value #ANNOTATED_ONLY}.
     *
     * @throws IllegalArgumentException naming the entry that is not a dotted Java package, and why
     */
    public static SuspendablePackages of(List<String> names) {
        if (names.isEmpty()) {
            return NONE;
        }
        List<String> prefixes = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i) == null ? "" : names.get(i).trim();
            if (name.equals("*") || name.equals(ANNOTATED_ONLY)) {
                if (names.size() > 1) {
                    throw new IllegalArgumentException("suspendable '" + name + "' already means "
                            + (name.equals("*") ? "every class but the JDK's" : "@Goroutine methods only")
                            + "; give it alone, without other packages");
                }
                return name.equals("*") ? ALL : NONE;
            }
            String problem = problem(name);
            if (problem != null) {
                throw new IllegalArgumentException("suspendable package " + (i + 1) + " of " + names.size() + " " + problem);
            }
            String prefix = name.replace('.', '/') + "/";
            for (String never : NEVER) {
                if (prefix.startsWith(never)) {
                    throw new IllegalArgumentException("suspendable package '" + name + "' is part of "
                            + (never.equals("io/jgo/") ? "jgo itself" : never.equals("org/jctools/")
                                    ? "the runtime's own dependency JCTools" : "the JDK")
                            + ", which is never rewritten this way; name the application's or a library's packages");
                }
            }
            prefixes.add(prefix);
        }
        return new SuspendablePackages(false, prefixes);
    }

    /** Null when {@code name} is a dotted Java package name, else what is wrong with it. */
    private static String problem(String name) {
        if (name.isEmpty()) {
            return "is empty (two ':' in a row, or a ':' at the start or end)";
        }
        if (name.indexOf('/') >= 0) {
            return "'" + name + "' uses '/'; write packages with dots, e.g. " + name.replace('/', '.');
        }
        if (name.endsWith(".*") || name.endsWith(".")) {
            return "'" + name + "' ends with a wildcard or a dot; write just the package ("
                    + name.replaceAll("\\.\\*?$", "") + "): its sub-packages are included";
        }
        for (String part : name.split("\\.", -1)) {
            if (part.isEmpty() || !Character.isJavaIdentifierStart(part.charAt(0))
                    || !part.codePoints().skip(1).allMatch(Character::isJavaIdentifierPart)) {
                return "'" + name + "' is not a Java package name";
            }
        }
        return null;
    }

    /** No package named. */
    public boolean isEmpty() {
        return !all && prefixes.isEmpty();
    }

    /** {@code *}: every class but the JDK's and jgo's. */
    public boolean all() {
        return all;
    }

    /** Is the class ({@code com/acme/Retry}) in one of the packages? */
    public boolean contains(String internalName) {
        if (isEmpty()) {
            return false;
        }
        for (String never : NEVER) {
            if (internalName.startsWith(never)) {
                return false;
            }
        }
        if (all) {
            return !internalName.startsWith("[");
        }
        for (int i = 0; i < prefixes.size(); i++) {
            if (internalName.startsWith(prefixes.get(i))) {
                return true;
            }
        }
        return false;
    }

    /**
     * The packages named that hold none of {@code classes} (internal names), dotted: most likely a
     * misspelt name, which a build-time run reports. Empty for {@code *}.
     */
    public List<String> unmatched(java.util.Collection<String> classes) {
        List<String> unmatched = new ArrayList<>();
        for (String prefix : prefixes) {
            if (classes.stream().noneMatch(c -> c.startsWith(prefix))) {
                unmatched.add(prefix.substring(0, prefix.length() - 1).replace('/', '.'));
            }
        }
        return unmatched;
    }

    /** The packages dotted and separated by ':', {@code *}, or an empty string ({@link #NONE}). */
    @Override
    public String toString() {
        if (all) {
            return "*";
        }
        List<String> dotted = new ArrayList<>();
        for (String prefix : prefixes) {
            dotted.add(prefix.substring(0, prefix.length() - 1).replace('/', '.'));
        }
        return String.join(":", dotted);
    }
}
