package io.jgo.internal.callback;

import io.jgo.Goroutine;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.BinaryOperator;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import java.util.stream.Collector;
import java.util.stream.Stream;

/**
 * What rewritten code calls instead of the JDK's stream sources and terminal operations, in a
 * method where a lambda handed to a stream may suspend (the instrumenter's {@code CallbackCalls}):
 * the sources give a {@link SequentialStream}, and the terminal operations evaluate one here, in
 * rewritten frames, so a suspending lambda unwinds. Any other stream (one made elsewhere, a
 * parallel one) gets the JDK's own method, which pins only if a lambda does suspend.
 * <pre>
 *   invokeinterface Collection.stream()         -> invokestatic StreamCalls.stream(Collection)
 *   invokestatic    Stream.of(Object) / of(Object[]), Arrays.stream(Object[]) -> StreamCalls.of / stream
 *   invokestatic    Stream.iterate(..) / generate(Supplier)  -> StreamCalls.iterate / generate
 *   invokeinterface Stream.collect(Collector)   -> invokestatic StreamCalls.collect(Stream, Collector)   (and every terminal below)
 * </pre>
 * A collection whose class overrides {@code stream()} keeps its own stream (its elements or
 * characteristics may differ from its spliterator's).
 */
public final class StreamCalls {

    private static final Inherits STREAM = new Inherits(Collection.class, "stream");
    private static final IntFunction<Object[]> OBJECTS = Object[]::new;

    private StreamCalls() {
    }

    // ---------------------------------------------------------------- sources

    public static Stream<?> stream(Collection<?> c) {
        return STREAM.by(c.getClass()) ? SequentialStream.of(c.spliterator()) : c.stream();
    }

    public static Stream<?> of(Object t) {
        return SequentialStream.of(Spliterators.spliterator(new Object[] {t}, Spliterator.ORDERED | Spliterator.IMMUTABLE));
    }

    public static Stream<?> of(Object[] values) {
        return stream(values);
    }

    public static Stream<?> stream(Object[] array) {
        return SequentialStream.of(Spliterators.spliterator(array, 0, array.length, Spliterator.ORDERED | Spliterator.IMMUTABLE));
    }

    /** {@code Stream.iterate(seed, f)}: the runtime's stream pulls {@code f} in rewritten frames ({@link Generator}). */
    @SuppressWarnings("unchecked")
    public static Stream<?> iterate(Object seed, UnaryOperator<?> f) {
        return SequentialStream.of(Generator.iterate(seed, (UnaryOperator<Object>) f));
    }

    @SuppressWarnings("unchecked")
    public static Stream<?> iterate(Object seed, Predicate<?> hasNext, UnaryOperator<?> next) {
        return SequentialStream.of(Generator.iterate(seed, (Predicate<Object>) hasNext, (UnaryOperator<Object>) next));
    }

    @SuppressWarnings("unchecked")
    public static Stream<?> generate(Supplier<?> s) {
        return SequentialStream.of(Generator.generate((Supplier<Object>) s));
    }

    // ---------------------------------------------------------------- terminal operations

    /** {@code s} when it is evaluated here, else null (another stream, or a parallel pipeline: the JDK's method runs). */
    private static Pipeline ours(Stream<?> s) {
        return Pipeline.ours(s);
    }

    /** The stream whose own method runs: {@code s}, or a parallel {@link SequentialStream} replayed on the JDK. */
    @SuppressWarnings("rawtypes")
    private static Stream jdk(Stream<?> s) {
        return (Stream) Pipeline.jdk(s);
    }

    @Goroutine
    @SuppressWarnings("unchecked")
    public static void forEach(Stream<?> s, Consumer<?> action) {
        Pipeline q = ours(s);
        if (q == null) {
            jdk(s).forEach(action);
        } else {
            q.evaluate(Terminal.forEach(action, q.isHead()));
        }
    }

    @Goroutine
    @SuppressWarnings("unchecked")
    public static void forEachOrdered(Stream<?> s, Consumer<?> action) {
        Pipeline q = ours(s);
        if (q == null) {
            jdk(s).forEachOrdered(action);
        } else {
            q.evaluate(Terminal.forEach(action, q.isHead()));
        }
    }

    @Goroutine
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static Object collect(Stream<?> s, Collector collector) {
        Pipeline q = ours(s);
        if (q == null) {
            return jdk(s).collect(collector);
        }
        // the JDK's ReduceOps asks for the three functions before the stream is consumed
        Supplier supplier = Objects.requireNonNull(collector).supplier();
        BiConsumer accumulator = collector.accumulator();
        collector.combiner();
        Object container = q.evaluate(Terminal.collect(supplier, accumulator));
        return collector.characteristics().contains(Collector.Characteristics.IDENTITY_FINISH)
                ? container : collector.finisher().apply(container);
    }

    @Goroutine
    @SuppressWarnings("unchecked")
    public static Object collect(Stream<?> s, Supplier<?> supplier, BiConsumer<?, ?> accumulator, BiConsumer<?, ?> combiner) {
        Pipeline q = ours(s);
        if (q == null) {
            return jdk(s).collect(supplier, accumulator, combiner);
        }
        Objects.requireNonNull(supplier);
        Objects.requireNonNull(accumulator);
        Objects.requireNonNull(combiner);
        return q.evaluate(Terminal.collect(supplier, accumulator));
    }

    @Goroutine
    @SuppressWarnings("unchecked")
    public static Object reduce(Stream<?> s, Object identity, BinaryOperator<?> accumulator) {
        Pipeline q = ours(s);
        return q == null ? jdk(s).reduce(identity, accumulator) : q.evaluate(Terminal.reduce(identity, accumulator, accumulator));
    }

    @Goroutine
    @SuppressWarnings("unchecked")
    public static Optional<?> reduce(Stream<?> s, BinaryOperator<?> accumulator) {
        Pipeline q = ours(s);
        return q == null ? jdk(s).reduce(accumulator) : (Optional<?>) q.evaluate(Terminal.reduce(accumulator));
    }

    @Goroutine
    @SuppressWarnings("unchecked")
    public static Object reduce(Stream<?> s, Object identity, BiFunction<?, ?, ?> accumulator, BinaryOperator<?> combiner) {
        Pipeline q = ours(s);
        return q == null ? jdk(s).reduce(identity, accumulator, combiner) : q.evaluate(Terminal.reduce(identity, accumulator, combiner));
    }

    @Goroutine
    public static long count(Stream<?> s) {
        Pipeline q = ours(s);
        return q == null ? jdk(s).count() : (Long) q.evaluate(Terminal.count());
    }

    @Goroutine
    @SuppressWarnings("unchecked")
    public static boolean anyMatch(Stream<?> s, Predicate<?> predicate) {
        Pipeline q = ours(s);
        return q == null ? jdk(s).anyMatch(predicate) : (Boolean) q.evaluate(Terminal.match(predicate, true, true));
    }

    @Goroutine
    @SuppressWarnings("unchecked")
    public static boolean allMatch(Stream<?> s, Predicate<?> predicate) {
        Pipeline q = ours(s);
        return q == null ? jdk(s).allMatch(predicate) : (Boolean) q.evaluate(Terminal.match(predicate, false, false));
    }

    @Goroutine
    @SuppressWarnings("unchecked")
    public static boolean noneMatch(Stream<?> s, Predicate<?> predicate) {
        Pipeline q = ours(s);
        return q == null ? jdk(s).noneMatch(predicate) : (Boolean) q.evaluate(Terminal.match(predicate, true, false));
    }

    @Goroutine
    public static Optional<?> findFirst(Stream<?> s) {
        Pipeline q = ours(s);
        return q == null ? jdk(s).findFirst() : (Optional<?>) q.evaluate(Terminal.find());
    }

    @Goroutine
    public static Optional<?> findAny(Stream<?> s) {
        Pipeline q = ours(s);
        return q == null ? jdk(s).findAny() : (Optional<?>) q.evaluate(Terminal.find());
    }

    @Goroutine
    @SuppressWarnings("unchecked")
    public static Optional<?> min(Stream<?> s, Comparator<?> comparator) {
        Pipeline q = ours(s);
        return q == null ? jdk(s).min(comparator) : (Optional<?>) q.evaluate(Terminal.minMax(comparator, false));
    }

    @Goroutine
    @SuppressWarnings("unchecked")
    public static Optional<?> max(Stream<?> s, Comparator<?> comparator) {
        Pipeline q = ours(s);
        return q == null ? jdk(s).max(comparator) : (Optional<?>) q.evaluate(Terminal.minMax(comparator, true));
    }

    @Goroutine
    public static Object[] toArray(Stream<?> s) {
        Pipeline q = ours(s);
        return q == null ? jdk(s).toArray() : (Object[]) q.evaluate(Terminal.toArray(OBJECTS));
    }

    @Goroutine
    @SuppressWarnings("unchecked")
    public static Object[] toArray(Stream<?> s, IntFunction<?> generator) {
        Pipeline q = ours(s);
        return q == null ? jdk(s).toArray(generator) : (Object[]) q.evaluate(Terminal.toArray(generator));
    }

    /** The JDK's own list of the elements (unmodifiable, nulls allowed), made from the array the pipeline gave. */
    @Goroutine
    public static List<?> toList(Stream<?> s) {
        Pipeline q = ours(s);
        return q == null ? jdk(s).toList() : Arrays.stream((Object[]) q.evaluate(Terminal.toArray(OBJECTS))).toList();
    }
}
