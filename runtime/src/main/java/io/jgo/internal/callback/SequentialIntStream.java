package io.jgo.internal.callback;

import java.util.IntSummaryStatistics;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.PrimitiveIterator;
import java.util.Spliterator;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.IntBinaryOperator;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;
import java.util.function.IntToDoubleFunction;
import java.util.function.IntToLongFunction;
import java.util.function.IntUnaryOperator;
import java.util.function.ObjIntConsumer;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.BaseStream;
import java.util.stream.DoubleStream;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import java.util.stream.Stream;

/**
 * The runtime's own sequential {@link IntStream}: a {@link Pipeline} whose elements travel boxed
 * ({@code Integer}), as {@link SequentialStream} is for objects. Rewritten code gets one from
 * {@link PrimitiveStreamSources} or from a stage of another of the runtime's streams
 * ({@code mapToInt}...). Each intermediate operation links a {@link Stage} whose function wraps
 * the primitive one in a boxed one (and which replays onto a JDK {@code IntStream} with the
 * original function); each terminal operation is {@link PrimitiveStreamCalls}'. {@code distinct}
 * and {@code sorted} work on the boxes, as the JDK's {@code distinct} does ({@code Integer.equals};
 * {@code Integer.compareTo} is the order of the JDK's primitive sort). {@code iterator},
 * {@code spliterator} and {@code unordered} of an ordered stream replay onto the JDK's stream.
 */
@SuppressWarnings({"rawtypes", "unchecked"})
final class SequentialIntStream extends Pipeline implements IntStream {

    SequentialIntStream(Source source, Pipeline previous, Stage stage, int flags) {
        super(source, previous, stage, flags, INT);
    }

    private IntStream link(Stage next) {
        return (IntStream) link(next, INT);
    }

    /** A stage of {@code op} running {@code fn}, replayed by {@code replayer}. */
    private static Stage stage(int op, Object fn, java.util.function.UnaryOperator<BaseStream> replayer) {
        return Stage.of(op, fn).replaying(replayer);
    }

    // ---------------------------------------------------------------- stages linked here

    @Override
    public IntStream filter(IntPredicate predicate) {
        Objects.requireNonNull(predicate);
        return link(stage(Stage.FILTER, (Predicate) x -> predicate.test((Integer) x), s -> ((IntStream) s).filter(predicate)));
    }

    @Override
    public IntStream map(IntUnaryOperator mapper) {
        Objects.requireNonNull(mapper);
        return link(stage(Stage.MAP, (Function) x -> mapper.applyAsInt((Integer) x), s -> ((IntStream) s).map(mapper)));
    }

    @Override
    public Stream mapToObj(IntFunction mapper) {
        Objects.requireNonNull(mapper);
        return (Stream) link(stage(Stage.MAP, (Function) x -> mapper.apply((Integer) x), s -> ((IntStream) s).mapToObj(mapper)), REF);
    }

    @Override
    public LongStream mapToLong(IntToLongFunction mapper) {
        Objects.requireNonNull(mapper);
        return (LongStream) link(stage(Stage.MAP, (Function) x -> mapper.applyAsLong((Integer) x), s -> ((IntStream) s).mapToLong(mapper)), LONG);
    }

    @Override
    public DoubleStream mapToDouble(IntToDoubleFunction mapper) {
        Objects.requireNonNull(mapper);
        return (DoubleStream) link(stage(Stage.MAP, (Function) x -> mapper.applyAsDouble((Integer) x), s -> ((IntStream) s).mapToDouble(mapper)), DOUBLE);
    }

    @Override
    public LongStream asLongStream() {
        return (LongStream) link(stage(Stage.CONVERT, (Function) x -> (long) (int) (Integer) x, s -> ((IntStream) s).asLongStream()),
                LONG);
    }

    @Override
    public DoubleStream asDoubleStream() {
        return (DoubleStream) link(stage(Stage.CONVERT, (Function) x -> (double) (int) (Integer) x, s -> ((IntStream) s).asDoubleStream()),
                DOUBLE);
    }

    @Override
    public Stream<Integer> boxed() {
        return (Stream) link(stage(Stage.CONVERT, Function.identity(), s -> ((IntStream) s).boxed()), REF);
    }

    @Override
    public IntStream flatMap(IntFunction mapper) {
        Objects.requireNonNull(mapper);
        // the inner IntStream's elements are pulled boxed (Stage.flatMap)
        return link(stage(Stage.FLAT_MAP, (Function) x -> mapper.apply((Integer) x), s -> ((IntStream) s).flatMap(mapper)));
    }

    @Override
    public IntStream mapMulti(IntMapMultiConsumer mapper) {
        Objects.requireNonNull(mapper);
        BiConsumer boxed = (x, push) -> mapper.accept((Integer) x, (IntConsumer) r -> ((Consumer) push).accept(r));
        return link(stage(Stage.MAP_MULTI, boxed, s -> ((IntStream) s).mapMulti(mapper)));
    }

    @Override
    public IntStream peek(IntConsumer action) {
        Objects.requireNonNull(action);
        return link(stage(Stage.PEEK, (Consumer) x -> action.accept((Integer) x), s -> ((IntStream) s).peek(action)));
    }

    @Override
    public IntStream takeWhile(IntPredicate predicate) {
        Objects.requireNonNull(predicate);
        return link(stage(Stage.TAKE_WHILE, (Predicate) x -> predicate.test((Integer) x), s -> ((IntStream) s).takeWhile(predicate)));
    }

    @Override
    public IntStream dropWhile(IntPredicate predicate) {
        Objects.requireNonNull(predicate);
        return link(stage(Stage.DROP_WHILE, (Predicate) x -> predicate.test((Integer) x), s -> ((IntStream) s).dropWhile(predicate)));
    }

    @Override
    public IntStream distinct() {
        // the JDK's is boxed().distinct().mapToInt(..): afterwards neither sorted nor distinct is known
        return link(stage(Stage.DISTINCT, null, s -> ((IntStream) s).distinct()).clearing(Stage.ORDER_SORTED | Stage.KNOWN_DISTINCT));
    }

    @Override
    public IntStream sorted() {
        return link(stage(Stage.SORTED, null, s -> ((IntStream) s).sorted()));
    }

    @Override
    public IntStream limit(long maxSize) {
        if (maxSize < 0) {
            throw new IllegalArgumentException(Long.toString(maxSize));
        }
        return link(Stage.slice(0, maxSize).replaying(s -> ((IntStream) s).limit(maxSize)));
    }

    @Override
    public IntStream skip(long n) {
        if (n < 0) {
            throw new IllegalArgumentException(Long.toString(n));
        }
        return n == 0 ? this : link(Stage.slice(n, -1).replaying(s -> ((IntStream) s).skip(n)));
    }

    // ---------------------------------------------------------------- terminal operations (PrimitiveStreamCalls)

    @Override
    public void forEach(IntConsumer action) {
        PrimitiveStreamCalls.forEach(this, action);
    }

    @Override
    public void forEachOrdered(IntConsumer action) {
        PrimitiveStreamCalls.forEachOrdered(this, action);
    }

    @Override
    public int[] toArray() {
        return PrimitiveStreamCalls.toArray(this);
    }

    @Override
    public int reduce(int identity, IntBinaryOperator op) {
        return PrimitiveStreamCalls.reduce(this, identity, op);
    }

    @Override
    public OptionalInt reduce(IntBinaryOperator op) {
        return PrimitiveStreamCalls.reduce(this, op);
    }

    @Override
    public Object collect(Supplier supplier, ObjIntConsumer accumulator, BiConsumer combiner) {
        return PrimitiveStreamCalls.collect(this, supplier, accumulator, combiner);
    }

    @Override
    public int sum() {
        return PrimitiveStreamCalls.sum(this);
    }

    @Override
    public OptionalInt min() {
        return PrimitiveStreamCalls.min(this);
    }

    @Override
    public OptionalInt max() {
        return PrimitiveStreamCalls.max(this);
    }

    @Override
    public long count() {
        return PrimitiveStreamCalls.count(this);
    }

    @Override
    public OptionalDouble average() {
        return PrimitiveStreamCalls.average(this);
    }

    @Override
    public IntSummaryStatistics summaryStatistics() {
        return PrimitiveStreamCalls.summaryStatistics(this);
    }

    @Override
    public boolean anyMatch(IntPredicate predicate) {
        return PrimitiveStreamCalls.anyMatch(this, predicate);
    }

    @Override
    public boolean allMatch(IntPredicate predicate) {
        return PrimitiveStreamCalls.allMatch(this, predicate);
    }

    @Override
    public boolean noneMatch(IntPredicate predicate) {
        return PrimitiveStreamCalls.noneMatch(this, predicate);
    }

    @Override
    public OptionalInt findFirst() {
        return PrimitiveStreamCalls.findFirst(this);
    }

    @Override
    public OptionalInt findAny() {
        return PrimitiveStreamCalls.findAny(this);
    }

    // ---------------------------------------------------------------- the source's state (isParallel, close: Pipeline)

    @Override
    public IntStream sequential() {
        setParallel(false);
        return this;
    }

    @Override
    public IntStream parallel() {
        setParallel(true);
        return this;
    }

    @Override
    public IntStream onClose(Runnable closeHandler) {
        addCloseHandler(closeHandler);
        return this;
    }

    // ---------------------------------------------------------------- the JDK's, on the replayed stream

    @Override
    public IntStream unordered() {
        return (flags & Stage.ORDERED) == 0 ? this : ((IntStream) jdk()).unordered();
    }

    @Override
    public PrimitiveIterator.OfInt iterator() {
        return ((IntStream) jdk()).iterator();
    }

    @Override
    public Spliterator.OfInt spliterator() {
        return ((IntStream) jdk()).spliterator();
    }
}
