package io.jgo.internal.callback;

import io.jgo.Goroutine;
import java.util.Arrays;
import java.util.DoubleSummaryStatistics;
import java.util.IntSummaryStatistics;
import java.util.LongSummaryStatistics;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.BinaryOperator;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleConsumer;
import java.util.function.DoublePredicate;
import java.util.function.DoubleSupplier;
import java.util.function.DoubleUnaryOperator;
import java.util.function.IntBinaryOperator;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;
import java.util.function.IntSupplier;
import java.util.function.IntUnaryOperator;
import java.util.function.LongBinaryOperator;
import java.util.function.LongConsumer;
import java.util.function.LongPredicate;
import java.util.function.LongSupplier;
import java.util.function.LongUnaryOperator;
import java.util.function.ObjDoubleConsumer;
import java.util.function.ObjIntConsumer;
import java.util.function.ObjLongConsumer;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.DoubleStream;
import java.util.stream.IntStream;
import java.util.stream.LongStream;

/**
 * What rewritten code calls instead of the JDK's {@code IntStream}, {@code LongStream} and
 * {@code DoubleStream} terminal operations, in a method where a lambda handed to a
 * stream may suspend (the instrumenter's {@code CallbackCalls}), as {@link StreamCalls} is for
 * {@code Stream}: a terminal operation of the runtime's own primitive stream ({@link SequentialIntStream}...:
 * a {@link Pipeline} whose elements travel boxed) evaluates it here, in
 * rewritten frames, so a suspending lambda unwinds. Any other stream (made elsewhere, parallel) gets
 * the JDK's own method, which pins only if a lambda does suspend.
 * <pre>
 *   invokeinterface IntStream.forEach(IntConsumer)V   -> invokestatic PrimitiveStreamCalls.forEach(IntStream, IntConsumer)V
 * </pre>
 * (the sources: {@link PrimitiveStreamSources}). Each primitive function is wrapped in a boxed one here (a lambda of this package, rewritten by the runtime's
 * build); the terminals the JDK computes without a user function ({@code sum}, {@code min},
 * {@code max}, {@code average}, {@code summaryStatistics}) use the JDK's arithmetic (a
 * {@code double} sum is compensated as the JDK's, {@link DoubleSums}).
 */
@SuppressWarnings({"rawtypes", "unchecked"})
public final class PrimitiveStreamCalls {

    private static final IntFunction<Object[]> OBJECTS = Object[]::new;
    private static final BiFunction INT_SUM = (a, b) -> (Integer) a + (Integer) b;
    private static final BiFunction LONG_SUM = (a, b) -> (Long) a + (Long) b;
    private static final BiFunction Int_MIN = (a, b) -> Math.min((Integer) a, (Integer) b);
    private static final BiFunction Int_MAX = (a, b) -> Math.max((Integer) a, (Integer) b);
    private static final BiFunction Long_MIN = (a, b) -> Math.min((Long) a, (Long) b);
    private static final BiFunction Long_MAX = (a, b) -> Math.max((Long) a, (Long) b);
    private static final BiFunction Double_MIN = (a, b) -> Math.min((Double) a, (Double) b);
    private static final BiFunction Double_MAX = (a, b) -> Math.max((Double) a, (Double) b);
    private static final BiConsumer Int_STATISTICS = (a, x) -> ((IntSummaryStatistics) a).accept((Integer) x);
    private static final BiConsumer Long_STATISTICS = (a, x) -> ((LongSummaryStatistics) a).accept((Long) x);
    private static final BiConsumer Double_STATISTICS = (a, x) -> ((DoubleSummaryStatistics) a).accept((Double) x);
    /** The JDK's {@code average()} state: [0] count, [1] sum. */
    private static final BiConsumer INT_AVERAGE = (a, x) -> {
        long[] s = (long[]) a;
        s[0]++;
        s[1] += (Integer) x;
    };
    private static final BiConsumer LONG_AVERAGE = (a, x) -> {
        long[] s = (long[]) a;
        s[0]++;
        s[1] += (Long) x;
    };
    /** The JDK's {@code DoubleStream.sum()} state ({@link DoubleSums}'): [0] sum, [1] compensation, [2] simple sum. */
    private static final BiConsumer DOUBLE_SUM = (a, x) -> {
        double[] s = (double[]) a;
        DoubleSums.add(s, (Double) x);
        s[2] += (Double) x;
    };
    /** {@code DoubleStream.average()}: [0], [1] as the sum's, [2] count, [3] simple sum. */
    private static final BiConsumer DOUBLE_AVERAGE = (a, x) -> {
        double[] s = (double[]) a;
        s[2]++;
        DoubleSums.add(s, (Double) x);
        s[3] += (Double) x;
    };

    private PrimitiveStreamCalls() {
    }

    private static OptionalDouble longAverage(long[] s) {
        return s[0] > 0 ? OptionalDouble.of((double) s[1] / s[0]) : OptionalDouble.empty();
    }

    private static OptionalDouble doubleAverage(double[] s) {
        return s[2] > 0 ? OptionalDouble.of(DoubleSums.finalSum(s) / s[2]) : OptionalDouble.empty();
    }

    // ---------------------------------------------------------------- IntStream: terminal operations

    private static IntStream jdk(IntStream s) {
        return (IntStream) Pipeline.jdk(s);
    }

    @Goroutine
    public static void forEach(IntStream s, IntConsumer action) {
        Pipeline q = Pipeline.ours(s);
        if (q == null) {
            jdk(s).forEach(action);
        } else {
            q.evaluate(Terminal.forEach(action == null ? null : x -> action.accept((Integer) x), q.isHead()));
        }
    }

    @Goroutine
    public static void forEachOrdered(IntStream s, IntConsumer action) {
        Pipeline q = Pipeline.ours(s);
        if (q == null) {
            jdk(s).forEachOrdered(action);
        } else {
            q.evaluate(Terminal.forEach(action == null ? null : x -> action.accept((Integer) x), q.isHead()));
        }
    }

    @Goroutine
    public static int[] toArray(IntStream s) {
        Pipeline q = Pipeline.ours(s);
        if (q == null) {
            return jdk(s).toArray();
        }
        Object[] boxed = (Object[]) q.evaluate(Terminal.toArray(OBJECTS));
        int[] a = new int[boxed.length];
        for (int i = 0; i < a.length; i++) {
            a[i] = (Integer) boxed[i];
        }
        return a;
    }

    @Goroutine
    public static int reduce(IntStream s, int identity, IntBinaryOperator op) {
        Pipeline q = Pipeline.ours(s);
        if (q == null) {
            return jdk(s).reduce(identity, op);
        }
        BiFunction f = op == null ? null : (a, b) -> op.applyAsInt((Integer) a, (Integer) b);
        return (Integer) q.evaluate(Terminal.reduce(identity, f, f));
    }

    @Goroutine
    public static OptionalInt reduce(IntStream s, IntBinaryOperator op) {
        Pipeline q = Pipeline.ours(s);
        if (q == null) {
            return jdk(s).reduce(op);
        }
        return optionalInt(q.evaluate(Terminal.reduce(op == null ? null : (a, b) -> op.applyAsInt((Integer) a, (Integer) b))));
    }

    @Goroutine
    public static Object collect(IntStream s, Supplier supplier, ObjIntConsumer accumulator, BiConsumer combiner) {
        Pipeline q = Pipeline.ours(s);
        if (q == null) {
            return jdk(s).collect(supplier, accumulator, combiner);
        }
        Objects.requireNonNull(combiner);
        Objects.requireNonNull(supplier);
        Objects.requireNonNull(accumulator);
        return q.evaluate(Terminal.collect(supplier, (c, x) -> accumulator.accept(c, (Integer) x)));
    }

    @Goroutine
    public static int sum(IntStream s) {
        Pipeline q = Pipeline.ours(s);
        return q == null ? jdk(s).sum() : (Integer) q.evaluate(Terminal.reduce(0, INT_SUM, INT_SUM));
    }

    @Goroutine
    public static OptionalInt min(IntStream s) {
        Pipeline q = Pipeline.ours(s);
        return q == null ? jdk(s).min() : optionalInt(q.evaluate(Terminal.reduce(Int_MIN)));
    }

    @Goroutine
    public static OptionalInt max(IntStream s) {
        Pipeline q = Pipeline.ours(s);
        return q == null ? jdk(s).max() : optionalInt(q.evaluate(Terminal.reduce(Int_MAX)));
    }

    @Goroutine
    public static long count(IntStream s) {
        Pipeline q = Pipeline.ours(s);
        return q == null ? jdk(s).count() : (Long) q.evaluate(Terminal.count());
    }

    @Goroutine
    public static OptionalDouble average(IntStream s) {
        Pipeline q = Pipeline.ours(s);
        return q == null ? jdk(s).average() : longAverage((long[]) q.evaluate(Terminal.collect(() -> new long[2], INT_AVERAGE)));
    }

    @Goroutine
    public static IntSummaryStatistics summaryStatistics(IntStream s) {
        Pipeline q = Pipeline.ours(s);
        return q == null ? jdk(s).summaryStatistics()
                : (IntSummaryStatistics) q.evaluate(Terminal.collect(IntSummaryStatistics::new, Int_STATISTICS));
    }

    @Goroutine
    public static boolean anyMatch(IntStream s, IntPredicate predicate) {
        Pipeline q = Pipeline.ours(s);
        return q == null ? jdk(s).anyMatch(predicate) : (Boolean) q.evaluate(Terminal.match(test(predicate), true, true));
    }

    @Goroutine
    public static boolean allMatch(IntStream s, IntPredicate predicate) {
        Pipeline q = Pipeline.ours(s);
        return q == null ? jdk(s).allMatch(predicate) : (Boolean) q.evaluate(Terminal.match(test(predicate), false, false));
    }

    @Goroutine
    public static boolean noneMatch(IntStream s, IntPredicate predicate) {
        Pipeline q = Pipeline.ours(s);
        return q == null ? jdk(s).noneMatch(predicate) : (Boolean) q.evaluate(Terminal.match(test(predicate), true, false));
    }

    @Goroutine
    public static OptionalInt findFirst(IntStream s) {
        Pipeline q = Pipeline.ours(s);
        return q == null ? jdk(s).findFirst() : optionalInt(q.evaluate(Terminal.find()));
    }

    @Goroutine
    public static OptionalInt findAny(IntStream s) {
        Pipeline q = Pipeline.ours(s);
        return q == null ? jdk(s).findAny() : optionalInt(q.evaluate(Terminal.find()));
    }

    /** The IntPredicate as a boxed one (null stays null, for the terminal's null check). */
    static Predicate<Object> test(IntPredicate p) {
        return p == null ? null : x -> p.test((Integer) x);
    }

    private static OptionalInt optionalInt(Object o) {
        Optional<?> r = (Optional<?>) o;
        return r.isPresent() ? OptionalInt.of((Integer) r.get()) : OptionalInt.empty();
    }

    // ---------------------------------------------------------------- LongStream: terminal operations

    private static LongStream jdk(LongStream s) {
        return (LongStream) Pipeline.jdk(s);
    }

    @Goroutine
    public static void forEach(LongStream s, LongConsumer action) {
        Pipeline q = Pipeline.ours(s);
        if (q == null) {
            jdk(s).forEach(action);
        } else {
            q.evaluate(Terminal.forEach(action == null ? null : x -> action.accept((Long) x), q.isHead()));
        }
    }

    @Goroutine
    public static void forEachOrdered(LongStream s, LongConsumer action) {
        Pipeline q = Pipeline.ours(s);
        if (q == null) {
            jdk(s).forEachOrdered(action);
        } else {
            q.evaluate(Terminal.forEach(action == null ? null : x -> action.accept((Long) x), q.isHead()));
        }
    }

    @Goroutine
    public static long[] toArray(LongStream s) {
        Pipeline q = Pipeline.ours(s);
        if (q == null) {
            return jdk(s).toArray();
        }
        Object[] boxed = (Object[]) q.evaluate(Terminal.toArray(OBJECTS));
        long[] a = new long[boxed.length];
        for (int i = 0; i < a.length; i++) {
            a[i] = (Long) boxed[i];
        }
        return a;
    }

    @Goroutine
    public static long reduce(LongStream s, long identity, LongBinaryOperator op) {
        Pipeline q = Pipeline.ours(s);
        if (q == null) {
            return jdk(s).reduce(identity, op);
        }
        BiFunction f = op == null ? null : (a, b) -> op.applyAsLong((Long) a, (Long) b);
        return (Long) q.evaluate(Terminal.reduce(identity, f, f));
    }

    @Goroutine
    public static OptionalLong reduce(LongStream s, LongBinaryOperator op) {
        Pipeline q = Pipeline.ours(s);
        if (q == null) {
            return jdk(s).reduce(op);
        }
        return optionalLong(q.evaluate(Terminal.reduce(op == null ? null : (a, b) -> op.applyAsLong((Long) a, (Long) b))));
    }

    @Goroutine
    public static Object collect(LongStream s, Supplier supplier, ObjLongConsumer accumulator, BiConsumer combiner) {
        Pipeline q = Pipeline.ours(s);
        if (q == null) {
            return jdk(s).collect(supplier, accumulator, combiner);
        }
        Objects.requireNonNull(combiner);
        Objects.requireNonNull(supplier);
        Objects.requireNonNull(accumulator);
        return q.evaluate(Terminal.collect(supplier, (c, x) -> accumulator.accept(c, (Long) x)));
    }

    @Goroutine
    public static long sum(LongStream s) {
        Pipeline q = Pipeline.ours(s);
        return q == null ? jdk(s).sum() : (Long) q.evaluate(Terminal.reduce(0L, LONG_SUM, LONG_SUM));
    }

    @Goroutine
    public static OptionalLong min(LongStream s) {
        Pipeline q = Pipeline.ours(s);
        return q == null ? jdk(s).min() : optionalLong(q.evaluate(Terminal.reduce(Long_MIN)));
    }

    @Goroutine
    public static OptionalLong max(LongStream s) {
        Pipeline q = Pipeline.ours(s);
        return q == null ? jdk(s).max() : optionalLong(q.evaluate(Terminal.reduce(Long_MAX)));
    }

    @Goroutine
    public static long count(LongStream s) {
        Pipeline q = Pipeline.ours(s);
        return q == null ? jdk(s).count() : (Long) q.evaluate(Terminal.count());
    }

    @Goroutine
    public static OptionalDouble average(LongStream s) {
        Pipeline q = Pipeline.ours(s);
        return q == null ? jdk(s).average() : longAverage((long[]) q.evaluate(Terminal.collect(() -> new long[2], LONG_AVERAGE)));
    }

    @Goroutine
    public static LongSummaryStatistics summaryStatistics(LongStream s) {
        Pipeline q = Pipeline.ours(s);
        return q == null ? jdk(s).summaryStatistics()
                : (LongSummaryStatistics) q.evaluate(Terminal.collect(LongSummaryStatistics::new, Long_STATISTICS));
    }

    @Goroutine
    public static boolean anyMatch(LongStream s, LongPredicate predicate) {
        Pipeline q = Pipeline.ours(s);
        return q == null ? jdk(s).anyMatch(predicate) : (Boolean) q.evaluate(Terminal.match(test(predicate), true, true));
    }

    @Goroutine
    public static boolean allMatch(LongStream s, LongPredicate predicate) {
        Pipeline q = Pipeline.ours(s);
        return q == null ? jdk(s).allMatch(predicate) : (Boolean) q.evaluate(Terminal.match(test(predicate), false, false));
    }

    @Goroutine
    public static boolean noneMatch(LongStream s, LongPredicate predicate) {
        Pipeline q = Pipeline.ours(s);
        return q == null ? jdk(s).noneMatch(predicate) : (Boolean) q.evaluate(Terminal.match(test(predicate), true, false));
    }

    @Goroutine
    public static OptionalLong findFirst(LongStream s) {
        Pipeline q = Pipeline.ours(s);
        return q == null ? jdk(s).findFirst() : optionalLong(q.evaluate(Terminal.find()));
    }

    @Goroutine
    public static OptionalLong findAny(LongStream s) {
        Pipeline q = Pipeline.ours(s);
        return q == null ? jdk(s).findAny() : optionalLong(q.evaluate(Terminal.find()));
    }

    /** The LongPredicate as a boxed one (null stays null, for the terminal's null check). */
    static Predicate<Object> test(LongPredicate p) {
        return p == null ? null : x -> p.test((Long) x);
    }

    private static OptionalLong optionalLong(Object o) {
        Optional<?> r = (Optional<?>) o;
        return r.isPresent() ? OptionalLong.of((Long) r.get()) : OptionalLong.empty();
    }

    // ---------------------------------------------------------------- DoubleStream: terminal operations

    private static DoubleStream jdk(DoubleStream s) {
        return (DoubleStream) Pipeline.jdk(s);
    }

    @Goroutine
    public static void forEach(DoubleStream s, DoubleConsumer action) {
        Pipeline q = Pipeline.ours(s);
        if (q == null) {
            jdk(s).forEach(action);
        } else {
            q.evaluate(Terminal.forEach(action == null ? null : x -> action.accept((Double) x), q.isHead()));
        }
    }

    @Goroutine
    public static void forEachOrdered(DoubleStream s, DoubleConsumer action) {
        Pipeline q = Pipeline.ours(s);
        if (q == null) {
            jdk(s).forEachOrdered(action);
        } else {
            q.evaluate(Terminal.forEach(action == null ? null : x -> action.accept((Double) x), q.isHead()));
        }
    }

    @Goroutine
    public static double[] toArray(DoubleStream s) {
        Pipeline q = Pipeline.ours(s);
        if (q == null) {
            return jdk(s).toArray();
        }
        Object[] boxed = (Object[]) q.evaluate(Terminal.toArray(OBJECTS));
        double[] a = new double[boxed.length];
        for (int i = 0; i < a.length; i++) {
            a[i] = (Double) boxed[i];
        }
        return a;
    }

    @Goroutine
    public static double reduce(DoubleStream s, double identity, DoubleBinaryOperator op) {
        Pipeline q = Pipeline.ours(s);
        if (q == null) {
            return jdk(s).reduce(identity, op);
        }
        BiFunction f = op == null ? null : (a, b) -> op.applyAsDouble((Double) a, (Double) b);
        return (Double) q.evaluate(Terminal.reduce(identity, f, f));
    }

    @Goroutine
    public static OptionalDouble reduce(DoubleStream s, DoubleBinaryOperator op) {
        Pipeline q = Pipeline.ours(s);
        if (q == null) {
            return jdk(s).reduce(op);
        }
        return optionalDouble(q.evaluate(Terminal.reduce(op == null ? null : (a, b) -> op.applyAsDouble((Double) a, (Double) b))));
    }

    @Goroutine
    public static Object collect(DoubleStream s, Supplier supplier, ObjDoubleConsumer accumulator, BiConsumer combiner) {
        Pipeline q = Pipeline.ours(s);
        if (q == null) {
            return jdk(s).collect(supplier, accumulator, combiner);
        }
        Objects.requireNonNull(combiner);
        Objects.requireNonNull(supplier);
        Objects.requireNonNull(accumulator);
        return q.evaluate(Terminal.collect(supplier, (c, x) -> accumulator.accept(c, (Double) x)));
    }

    @Goroutine
    public static double sum(DoubleStream s) {
        Pipeline q = Pipeline.ours(s);
        return q == null ? jdk(s).sum() : DoubleSums.finalSum((double[]) q.evaluate(Terminal.collect(() -> new double[3], DOUBLE_SUM)));
    }

    @Goroutine
    public static OptionalDouble min(DoubleStream s) {
        Pipeline q = Pipeline.ours(s);
        return q == null ? jdk(s).min() : optionalDouble(q.evaluate(Terminal.reduce(Double_MIN)));
    }

    @Goroutine
    public static OptionalDouble max(DoubleStream s) {
        Pipeline q = Pipeline.ours(s);
        return q == null ? jdk(s).max() : optionalDouble(q.evaluate(Terminal.reduce(Double_MAX)));
    }

    @Goroutine
    public static long count(DoubleStream s) {
        Pipeline q = Pipeline.ours(s);
        return q == null ? jdk(s).count() : (Long) q.evaluate(Terminal.count());
    }

    @Goroutine
    public static OptionalDouble average(DoubleStream s) {
        Pipeline q = Pipeline.ours(s);
        return q == null ? jdk(s).average() : doubleAverage((double[]) q.evaluate(Terminal.collect(() -> new double[4], DOUBLE_AVERAGE)));
    }

    @Goroutine
    public static DoubleSummaryStatistics summaryStatistics(DoubleStream s) {
        Pipeline q = Pipeline.ours(s);
        return q == null ? jdk(s).summaryStatistics()
                : (DoubleSummaryStatistics) q.evaluate(Terminal.collect(DoubleSummaryStatistics::new, Double_STATISTICS));
    }

    @Goroutine
    public static boolean anyMatch(DoubleStream s, DoublePredicate predicate) {
        Pipeline q = Pipeline.ours(s);
        return q == null ? jdk(s).anyMatch(predicate) : (Boolean) q.evaluate(Terminal.match(test(predicate), true, true));
    }

    @Goroutine
    public static boolean allMatch(DoubleStream s, DoublePredicate predicate) {
        Pipeline q = Pipeline.ours(s);
        return q == null ? jdk(s).allMatch(predicate) : (Boolean) q.evaluate(Terminal.match(test(predicate), false, false));
    }

    @Goroutine
    public static boolean noneMatch(DoubleStream s, DoublePredicate predicate) {
        Pipeline q = Pipeline.ours(s);
        return q == null ? jdk(s).noneMatch(predicate) : (Boolean) q.evaluate(Terminal.match(test(predicate), true, false));
    }

    @Goroutine
    public static OptionalDouble findFirst(DoubleStream s) {
        Pipeline q = Pipeline.ours(s);
        return q == null ? jdk(s).findFirst() : optionalDouble(q.evaluate(Terminal.find()));
    }

    @Goroutine
    public static OptionalDouble findAny(DoubleStream s) {
        Pipeline q = Pipeline.ours(s);
        return q == null ? jdk(s).findAny() : optionalDouble(q.evaluate(Terminal.find()));
    }

    /** The DoublePredicate as a boxed one (null stays null, for the terminal's null check). */
    static Predicate<Object> test(DoublePredicate p) {
        return p == null ? null : x -> p.test((Double) x);
    }

    private static OptionalDouble optionalDouble(Object o) {
        Optional<?> r = (Optional<?>) o;
        return r.isPresent() ? OptionalDouble.of((Double) r.get()) : OptionalDouble.empty();
    }
}
