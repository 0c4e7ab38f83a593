package io.jgo.internal.callback;

import java.util.Arrays;
import java.util.Objects;
import java.util.function.DoublePredicate;
import java.util.function.DoubleSupplier;
import java.util.function.DoubleUnaryOperator;
import java.util.function.IntPredicate;
import java.util.function.IntSupplier;
import java.util.function.IntUnaryOperator;
import java.util.function.LongPredicate;
import java.util.function.LongSupplier;
import java.util.function.LongUnaryOperator;
import java.util.stream.DoubleStream;
import java.util.stream.IntStream;
import java.util.stream.LongStream;

/**
 * What rewritten code calls instead of the JDK's {@code IntStream}, {@code LongStream} and
 * {@code DoubleStream} sources (and {@code Arrays.stream} of a primitive array), same name and
 * parameters, in a method where a lambda handed to a stream may suspend (the instrumenter's
 * {@code CallbackCalls}): each gives the runtime's own primitive stream ({@link SequentialIntStream}...),
 * whose terminal operations {@link PrimitiveStreamCalls} evaluates in rewritten frames.
 * <pre>
 *   invokestatic IntStream.range(II)  -> invokestatic PrimitiveStreamSources.range(II)
 * </pre>
 * Each takes the JDK's own source spliterator ({@code IntStream.range(a, b).spliterator()} is the
 * source itself: the same characteristics, so {@code count()} skips what the JDK's skips, and the
 * same argument checks), except {@code iterate} and {@code generate}, whose functions, wrapped in
 * boxed ones (lambdas of this package, rewritten by the runtime's build), a {@link Generator} calls
 * when the pipeline pulls, as the JDK's spliterator would. They run no user code.
 */
public final class PrimitiveStreamSources {

    private PrimitiveStreamSources() {
    }

    // ---------------------------------------------------------------- IntStream: sources

    public static IntStream of(int t) {
        return (IntStream) Pipeline.head(IntStream.of(t).spliterator(), Pipeline.INT);
    }

    public static IntStream of(int[] values) {
        return (IntStream) Pipeline.head(IntStream.of(values).spliterator(), Pipeline.INT);
    }

    public static IntStream stream(int[] array) {
        return (IntStream) Pipeline.head(Arrays.stream(array).spliterator(), Pipeline.INT);
    }

    public static IntStream stream(int[] array, int startInclusive, int endExclusive) {
        return (IntStream) Pipeline.head(Arrays.stream(array, startInclusive, endExclusive).spliterator(), Pipeline.INT);
    }

    public static IntStream range(int startInclusive, int endExclusive) {
        return (IntStream) Pipeline.head(IntStream.range(startInclusive, endExclusive).spliterator(), Pipeline.INT);
    }

    public static IntStream rangeClosed(int startInclusive, int endInclusive) {
        return (IntStream) Pipeline.head(IntStream.rangeClosed(startInclusive, endInclusive).spliterator(), Pipeline.INT);
    }

    public static IntStream iterate(int seed, IntUnaryOperator f) {
        Objects.requireNonNull(f);
        return (IntStream) Pipeline.head(Generator.iterate(seed, x -> f.applyAsInt((Integer) x)), Pipeline.INT);
    }

    public static IntStream iterate(int seed, IntPredicate hasNext, IntUnaryOperator next) {
        Objects.requireNonNull(next);
        Objects.requireNonNull(hasNext);
        return (IntStream) Pipeline.head(Generator.iterate(seed, x -> hasNext.test((Integer) x), x -> next.applyAsInt((Integer) x)),
                Pipeline.INT);
    }

    public static IntStream generate(IntSupplier s) {
        Objects.requireNonNull(s);
        return (IntStream) Pipeline.head(Generator.generate(() -> s.getAsInt()), Pipeline.INT);
    }


    // ---------------------------------------------------------------- LongStream: sources

    public static LongStream of(long t) {
        return (LongStream) Pipeline.head(LongStream.of(t).spliterator(), Pipeline.LONG);
    }

    public static LongStream of(long[] values) {
        return (LongStream) Pipeline.head(LongStream.of(values).spliterator(), Pipeline.LONG);
    }

    public static LongStream stream(long[] array) {
        return (LongStream) Pipeline.head(Arrays.stream(array).spliterator(), Pipeline.LONG);
    }

    public static LongStream stream(long[] array, int startInclusive, int endExclusive) {
        return (LongStream) Pipeline.head(Arrays.stream(array, startInclusive, endExclusive).spliterator(), Pipeline.LONG);
    }

    public static LongStream range(long startInclusive, long endExclusive) {
        return (LongStream) Pipeline.head(LongStream.range(startInclusive, endExclusive).spliterator(), Pipeline.LONG);
    }

    public static LongStream rangeClosed(long startInclusive, long endInclusive) {
        return (LongStream) Pipeline.head(LongStream.rangeClosed(startInclusive, endInclusive).spliterator(), Pipeline.LONG);
    }

    public static LongStream iterate(long seed, LongUnaryOperator f) {
        Objects.requireNonNull(f);
        return (LongStream) Pipeline.head(Generator.iterate(seed, x -> f.applyAsLong((Long) x)), Pipeline.LONG);
    }

    public static LongStream iterate(long seed, LongPredicate hasNext, LongUnaryOperator next) {
        Objects.requireNonNull(next);
        Objects.requireNonNull(hasNext);
        return (LongStream) Pipeline.head(Generator.iterate(seed, x -> hasNext.test((Long) x), x -> next.applyAsLong((Long) x)),
                Pipeline.LONG);
    }

    public static LongStream generate(LongSupplier s) {
        Objects.requireNonNull(s);
        return (LongStream) Pipeline.head(Generator.generate(() -> s.getAsLong()), Pipeline.LONG);
    }


    // ---------------------------------------------------------------- DoubleStream: sources

    public static DoubleStream of(double t) {
        return (DoubleStream) Pipeline.head(DoubleStream.of(t).spliterator(), Pipeline.DOUBLE);
    }

    public static DoubleStream of(double[] values) {
        return (DoubleStream) Pipeline.head(DoubleStream.of(values).spliterator(), Pipeline.DOUBLE);
    }

    public static DoubleStream stream(double[] array) {
        return (DoubleStream) Pipeline.head(Arrays.stream(array).spliterator(), Pipeline.DOUBLE);
    }

    public static DoubleStream stream(double[] array, int startInclusive, int endExclusive) {
        return (DoubleStream) Pipeline.head(Arrays.stream(array, startInclusive, endExclusive).spliterator(), Pipeline.DOUBLE);
    }

    public static DoubleStream iterate(double seed, DoubleUnaryOperator f) {
        Objects.requireNonNull(f);
        return (DoubleStream) Pipeline.head(Generator.iterate(seed, x -> f.applyAsDouble((Double) x)), Pipeline.DOUBLE);
    }

    public static DoubleStream iterate(double seed, DoublePredicate hasNext, DoubleUnaryOperator next) {
        Objects.requireNonNull(next);
        Objects.requireNonNull(hasNext);
        return (DoubleStream) Pipeline.head(Generator.iterate(seed, x -> hasNext.test((Double) x), x -> next.applyAsDouble((Double) x)),
                Pipeline.DOUBLE);
    }

    public static DoubleStream generate(DoubleSupplier s) {
        Objects.requireNonNull(s);
        return (DoubleStream) Pipeline.head(Generator.generate(() -> s.getAsDouble()), Pipeline.DOUBLE);
    }

}
