package io.jgo.instrument;

import java.util.Collection;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Decides whether a call is a suspension point: its <em>declared</em> target (owner, name,
 * descriptor as written in the instruction) is suspendable. That is the case when the method the
 * call resolves to in the owner's hierarchy is annotated {@code @Goroutine}, or when it is the
 * method of one of the JDK interfaces that goroutine code calls lambdas through ({@code Runnable},
 * {@code Callable}, {@code java.util.function.*}, {@code Iterator}, {@code Comparator.compare}), so that a lambda or a channel
 * iterator does not pin.
 *
 * <p>A class on the way that cannot be found leaves the answer unknown, and unknown counts as
 * "suspension point". That is the safe side: a call-site handshake before a callee that turns out
 * not to suspend costs a check and nothing else (the runtime verifies each pair of frames before it
 * unwinds them), while a call taken for plain that does suspend would let the calling frame return
 * as if nothing happened, and the goroutine's records would no longer match its frames. The names
 * of the classes not found are kept by {@link ClassInfoCache#notFound()}.
 *
 * <p>Libraries ({@link SuspendablePackages}): a method can also be suspendable because it is
 * <em>listed</em> — by a build-time closure ({@link SuspendableClosure}) or a
 * {@link SuspendablesFile} — and is then taken exactly as if it were annotated. Before a closure
 * is computed (the agent, one class at a time) the rule is conservative: every call into a
 * suspendable package is a suspension point, and every method of such a package with a
 * suspension point is rewritten ({@link #rewritesUnlisted}). Thread-safe: the listed set is
 * concurrent; it only grows, and only before the rewrite of a build-time run starts.
 */
final class Suspendables {

    private final ClassInfoCache classes;
    private final boolean everyCall;
    private final SuspendablePackages packages;
    /** {@code owner.name(desc)ret} of unannotated methods known to be suspendable. */
    private final Set<String> listed = ConcurrentHashMap.newKeySet();
    /**
     * Set once a build-time run has computed the closure over its input: from then on a method of
     * a suspendable package suspends only when listed. Written before the rewrite starts, by the
     * thread that then runs it.
     */
    private volatile boolean closed;
    /**
     * The agent's narrowing of its conservative rule ({@link PlainCallees}): a call into a suspendable
     * package whose target is known exactly and can reach no park is no suspension point. Null: none
     * (a build-time run, whose closure is exact anyway). Set once, before the first rewrite.
     */
    private volatile PlainCallees plainCallees;

    /** @param everyCall stress mode for tests: every call (but a constructor's) is a suspension point */
    Suspendables(ClassInfoCache classes, boolean everyCall) {
        this(classes, everyCall, SuspendablePackages.NONE, Set.of());
    }

    Suspendables(ClassInfoCache classes, boolean everyCall, SuspendablePackages packages, Collection<String> listed) {
        this.classes = classes;
        this.everyCall = everyCall;
        this.packages = packages;
        this.listed.addAll(listed);
    }

    SuspendablePackages packages() {
        return packages;
    }

    /** Is the unannotated method {@code name + desc} of {@code owner} known to be suspendable? */
    boolean isListed(String owner, String nameAndDesc) {
        return !listed.isEmpty() && listed.contains(owner + "." + nameAndDesc);
    }

    /** Lists a method; true when it was not listed before. */
    boolean list(String owner, String nameAndDesc) {
        return listed.add(owner + "." + nameAndDesc);
    }

    /** The methods listed so far. */
    Set<String> listed() {
        return Set.copyOf(listed);
    }

    /** Lets the agent's conservative rule skip calls that {@code plain} proves can reach no park. */
    void narrowWith(PlainCallees plain) {
        this.plainCallees = plain;
    }

    /** From now on a method of a suspendable package suspends only when listed (a build-time closure is complete). */
    void close() {
        closed = true;
    }

    /**
     * The agent's conservative rule: is {@code owner} a class of a suspendable package whose methods
     * are rewritten wherever they hold a suspension point, listed or not?
     */
    boolean rewritesUnlisted(String owner) {
        return !closed && packages.contains(owner);
    }

    /** In stress mode every method with a call is rewritten, annotated or not. */
    boolean everyCall() {
        return everyCall;
    }

    boolean isSuspensionPoint(String owner, String name, String descriptor) {
        return isSuspensionPoint(owner, name, descriptor, true);
    }

    /** Has a build-time closure been computed (only listed methods of the packages suspend)? */
    boolean closed() {
        return closed;
    }

    /**
     * {@code narrowed}: false to ignore {@link PlainCallees} (the agent's rule as it was before any
     * narrowing): an answer that depends on nothing learnt meanwhile, which {@link SplitConstructors}
     * needs so that a class always adds the constructor splits its callers may call.
     */
    boolean isSuspensionPoint(String owner, String name, String descriptor, boolean narrowed) {
        if (name.equals("<init>") || name.equals("<clinit>")) {
            return false;
        }
        if (name.equals(ConstructorSplit.FACTORY) || name.equals(ConstructorSplit.BODY)) {
            return true; // a split constructor's factory and body exist only because the body may suspend
        }
        if (everyCall) {
            return true;
        }
        if (isFunctionalJdkCall(owner, name)) {
            return true;
        }
        if (!packages.isEmpty() && isDriverInterfaceCall(owner)) {
            return true;
        }
        if (owner.startsWith("[")) {
            return false; // array clone()
        }
        if (rewritesUnlisted(owner)) {
            // A library method that may be rewritten: it may call back into goroutine code, unless
            // its target is known exactly and provably reaches no park.
            PlainCallees plain = narrowed ? plainCallees : null;
            return plain == null || !plain.provenPlain(owner, name, descriptor);
        }
        return declaresSuspendable(owner, name + descriptor, new HashSet<>(), true);
    }

    /**
     * Is the call's declared target known to suspend: a {@code @Goroutine} method (jgo's API
     * included: {@code Go.sleep}, {@code Chan.recv}...) or a listed one, found in a class that was
     * found? Narrower than {@link #isSuspensionPoint}: a JDK functional interface, a class that
     * cannot be found or a package rewritten wholesale answer false, so a true answer is a fact
     * about the callee, worth telling the author of an unannotated caller.
     */
    boolean isKnownSuspendable(String owner, String name, String descriptor) {
        if (name.startsWith("<") || owner.startsWith("[")) {
            return false;
        }
        return declaresSuspendable(owner, name + descriptor, new HashSet<>(), false);
    }

    static boolean isFunctionalJdkCall(String owner, String name) {
        switch (owner) {
            case "java/lang/Runnable":
                return name.equals("run");
            case "java/util/concurrent/Callable":
                return name.equals("call");
            case "java/util/Iterator":
                return name.equals("hasNext") || name.equals("next");
            case "java/util/Comparator":
                return name.equals("compare");
            case "java/lang/Comparable":
                return name.equals("compareTo"); // a key's natural ordering, as a sorted collection's stand-in calls it
            default:
                // The single abstract method of a java.util.function interface; default methods
                // (andThen, compose...) are library code that would pin anyway.
                return owner.startsWith("java/util/function/") && isFunctionalMethodName(name)
                        || isMapMultiConsumer(owner) && name.equals("accept");
        }
    }

    /**
     * The functional interfaces of the primitive streams' {@code mapMulti}
     * ({@code IntStream.IntMapMultiConsumer}...), which live in {@code java.util.stream}: a lambda
     * is behind them as behind {@code java.util.function}'s.
     */
    private static boolean isMapMultiConsumer(String owner) {
        return owner.startsWith("java/util/stream/") && owner.endsWith("MapMultiConsumer");
    }

    /**
     * A call through JDBC's interfaces ({@code java.sql}, {@code javax.sql}): the JDK declares them and
     * a driver implements them, doing its network round trips behind {@code executeQuery},
     * {@code next}, {@code close}... Under a rule that rewrites the driver, its implementation parks,
     * so the caller's frame must be able to unwind there too; otherwise every query pinned at the
     * application's own call (22,022 of JdbcCompare's 27,000 pins on H2 were there). Nothing under
     * {@code java.sql} parks by itself: a call that reaches only the JDK costs a check on return.
     */
    static boolean isDriverInterfaceCall(String owner) {
        return owner.startsWith("java/sql/") || owner.startsWith("javax/sql/");
    }

    private static boolean isFunctionalMethodName(String name) {
        return name.equals("apply") || name.equals("accept") || name.equals("test") || name.equals("get")
                || name.startsWith("applyAs") || name.startsWith("getAs");
    }

    /**
     * Looks the method up the way resolution does: the class, its superclasses, then its interfaces.
     * {@code suspensionPoint}: a class that cannot be found answers true (see the class comment) and
     * is named in {@link ClassInfoCache#notFound()}; otherwise it answers false, and is not named
     * there (it was looked for only to advise, not to rewrite).
     */
    private boolean declaresSuspendable(String owner, String key, Set<String> seen, boolean suspensionPoint) {
        if (owner == null || !seen.add(owner) || owner.startsWith("java/")) {
            return false;
        }
        ClassInfo info = suspensionPoint ? classes.get(owner) : classes.findQuietly(owner);
        if (info == null) {
            return suspensionPoint;
        }
        if (info.methods.contains(key)) {
            return info.suspendables.contains(key) || isListed(owner, key);
        }
        if (declaresSuspendable(info.superName, key, seen, suspensionPoint)) {
            return true;
        }
        for (String itf : info.interfaces) {
            if (declaresSuspendable(itf, key, seen, suspensionPoint)) {
                return true;
            }
        }
        return false;
    }
}
