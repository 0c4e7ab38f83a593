package io.jgo.internal.callback;

import java.util.Collections;
import java.util.Comparator;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;

/**
 * What rewritten code calls instead of the JDK's comparator factories (the instrumenter's
 * {@code CallbackCalls}): {@code Comparator.comparing*} and {@code nullsFirst}/{@code nullsLast}
 * (static, same descriptor), {@code Comparator.thenComparing*} and {@code reversed} (the receiver
 * first), and {@code Collections.reverseOrder(Comparator)}:
 * <pre>
 *   invokestatic    Comparator.comparing(Function)             -> invokestatic ComparatorCalls.comparing(Function)
 *   invokeinterface Comparator.thenComparing(Comparator)       -> invokestatic ComparatorCalls.thenComparing(Comparator, Comparator)
 * </pre>
 * Each returns a comparator that compares as the JDK's does, calling the key extractors and the
 * comparators it is made of in the same order with the same null checks, but from this class's
 * lambdas, which the runtime's build rewrites: a suspending key extractor or comparator unwinds
 * when the comparator is called from a rewritten frame ({@code List.sort} through
 * {@code IterableCalls}, the runtime's stream's {@code sorted}, {@code min}/{@code max}, a user's
 * own loop, and a {@code TreeMap}'s or {@code PriorityQueue}'s replayed calls through {@link SortedCalls}
 * and {@link QueueCalls}). Differences left: these comparators are not {@code Serializable}, and
 * {@code reversed()} of one of them is a new comparator rather than {@code Collections}' wrapper.
 */
@SuppressWarnings({"rawtypes", "unchecked"})
public final class ComparatorCalls {

    private static final Inherits THEN = new Inherits(Comparator.class, "thenComparing", Comparator.class);
    private static final Inherits THEN_KEY = new Inherits(Comparator.class, "thenComparing", Function.class);
    private static final Inherits THEN_KEY_COMPARATOR = new Inherits(Comparator.class, "thenComparing", Function.class,
            Comparator.class);
    private static final Inherits THEN_INT = new Inherits(Comparator.class, "thenComparingInt", ToIntFunction.class);
    private static final Inherits THEN_LONG = new Inherits(Comparator.class, "thenComparingLong", ToLongFunction.class);
    private static final Inherits THEN_DOUBLE = new Inherits(Comparator.class, "thenComparingDouble", ToDoubleFunction.class);
    private static final Inherits REVERSED = new Inherits(Comparator.class, "reversed");

    private ComparatorCalls() {
    }

    /** Does {@code c} take {@code Comparator}'s default {@code method} (not its own override, nor a JDK comparator's)? */
    private static boolean ours(Comparator c, Inherits method) {
        return method.by(c.getClass());
    }

    public static Comparator comparing(Function keyExtractor) {
        Objects.requireNonNull(keyExtractor);
        return (c1, c2) -> ((Comparable) keyExtractor.apply(c1)).compareTo(keyExtractor.apply(c2));
    }

    public static Comparator comparing(Function keyExtractor, Comparator keyComparator) {
        Objects.requireNonNull(keyExtractor);
        Objects.requireNonNull(keyComparator);
        return (c1, c2) -> keyComparator.compare(keyExtractor.apply(c1), keyExtractor.apply(c2));
    }

    public static Comparator comparingInt(ToIntFunction keyExtractor) {
        Objects.requireNonNull(keyExtractor);
        return (c1, c2) -> Integer.compare(keyExtractor.applyAsInt(c1), keyExtractor.applyAsInt(c2));
    }

    public static Comparator comparingLong(ToLongFunction keyExtractor) {
        Objects.requireNonNull(keyExtractor);
        return (c1, c2) -> Long.compare(keyExtractor.applyAsLong(c1), keyExtractor.applyAsLong(c2));
    }

    public static Comparator comparingDouble(ToDoubleFunction keyExtractor) {
        Objects.requireNonNull(keyExtractor);
        return (c1, c2) -> Double.compare(keyExtractor.applyAsDouble(c1), keyExtractor.applyAsDouble(c2));
    }

    /** {@code Comparators.NullComparator}: nulls before (or after) the rest, which {@code comparator} orders (null: all equal). */
    public static Comparator nullsFirst(Comparator comparator) {
        return nulls(true, comparator);
    }

    public static Comparator nullsLast(Comparator comparator) {
        return nulls(false, comparator);
    }

    private static Comparator nulls(boolean nullFirst, Comparator real) {
        return (a, b) -> {
            if (a == null) {
                return b == null ? 0 : nullFirst ? -1 : 1;
            } else if (b == null) {
                return nullFirst ? 1 : -1;
            }
            return real == null ? 0 : real.compare(a, b);
        };
    }

    // ---------------------------------------------------------------- Comparator's default methods, the receiver first

    public static Comparator thenComparing(Comparator first, Comparator other) {
        if (!ours(first, THEN)) {
            return first.thenComparing(other);
        }
        Objects.requireNonNull(other);
        return (c1, c2) -> {
            int res = first.compare(c1, c2);
            return res != 0 ? res : other.compare(c1, c2);
        };
    }

    public static Comparator thenComparing(Comparator first, Function keyExtractor) {
        return ours(first, THEN_KEY) ? thenComparing(first, comparing(keyExtractor)) : first.thenComparing(keyExtractor);
    }

    public static Comparator thenComparing(Comparator first, Function keyExtractor, Comparator keyComparator) {
        return ours(first, THEN_KEY_COMPARATOR) ? thenComparing(first, comparing(keyExtractor, keyComparator))
                : first.thenComparing(keyExtractor, keyComparator);
    }

    public static Comparator thenComparingInt(Comparator first, ToIntFunction keyExtractor) {
        return ours(first, THEN_INT) ? thenComparing(first, comparingInt(keyExtractor)) : first.thenComparingInt(keyExtractor);
    }

    public static Comparator thenComparingLong(Comparator first, ToLongFunction keyExtractor) {
        return ours(first, THEN_LONG) ? thenComparing(first, comparingLong(keyExtractor)) : first.thenComparingLong(keyExtractor);
    }

    public static Comparator thenComparingDouble(Comparator first, ToDoubleFunction keyExtractor) {
        return ours(first, THEN_DOUBLE) ? thenComparing(first, comparingDouble(keyExtractor))
                : first.thenComparingDouble(keyExtractor);
    }

    /**
     * {@code Comparator.reversed()}: a comparator that overrides it keeps its own (the JDK's
     * {@code naturalOrder().reversed()} is {@code reverseOrder()}...); any other compares its
     * arguments swapped, from a rewritten frame, as the default's {@code Collections.reverseOrder(this)} does.
     */
    public static Comparator reversed(Comparator comparator) {
        if (!ours(comparator, REVERSED)) {
            return comparator.reversed();
        }
        return (a, b) -> comparator.compare(b, a);
    }

    /** {@code Collections.reverseOrder(Comparator)}: null and the JDK's own comparators as the JDK answers them. */
    public static Comparator reverseOrder(Comparator comparator) {
        if (comparator == null || comparator.getClass().getName().startsWith("java.")) {
            return Collections.reverseOrder(comparator);
        }
        return (a, b) -> comparator.compare(b, a);
    }
}
