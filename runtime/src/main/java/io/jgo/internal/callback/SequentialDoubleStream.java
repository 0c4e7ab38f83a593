package io.jgo.internal.callback;

import java.util.DoubleSummaryStatistics;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.OptionalDouble;
import java.util.PrimitiveIterator;
import java.util.Spliterator;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleConsumer;
import java.util.function.DoubleFunction;
import java.util.function.DoublePredicate;
import java.util.function.DoubleToIntFunction;
import java.util.function.DoubleToLongFunction;
import java.util.function.DoubleUnaryOperator;
import java.util.function.Function;
import java.util.function.ObjDoubleConsumer;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.BaseStream;
import java.util.stream.DoubleStream;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import java.util.stream.Stream;

/**
 * The runtime's own sequential {@link DoubleStream}: a {@link Pipeline} whose elements travel boxed
 * ({@code Double}), as {@link SequentialStream} is for objects. Rewritten code gets one from
 * {@link PrimitiveStreamSources} or from a stage of another of the runtime's streams
 * ({@code mapToDouble}...). Each intermediate operation links a {@link Stage} whose function wraps
 * the primitive one in a boxed one (and which replays onto a JDK {@code DoubleStream} with the
 * original function); each terminal operation is {@link PrimitiveStreamCalls}'. {@code distinct}
 * and {@code sorted} work on the boxes, as the JDK's {@code distinct} does ({@code Double.equals};
 * {@code Double.compareTo} is the order of the JDK's primitive sort). {@code iterator},
 * {@code spliterator} and {@code unordered} of an ordered stream replay onto the JDK's stream.
 */
@SuppressWarnings({"rawtypes", "unchecked"})
final class SequentialDoubleStream extends Pipeline implements DoubleStream {

    SequentialDoubleStream(Source source, Pipeline previous, Stage stage, int flags) {
        super(source, previous, stage, flags, DOUBLE);
    }

    private DoubleStream link(Stage next) {
        return (DoubleStream) link(next, DOUBLE);
    }

    /** A stage of {@code op} running {@code fn}, replayed by {@code replayer}. */
    private static Stage stage(int op, Object fn, java.util.function.UnaryOperator<BaseStream> replayer) {
        return Stage.of(op, fn).replaying(replayer);
    }

    // ---------------------------------------------------------------- stages linked here

    @Override
    public DoubleStream filter(DoublePredicate predicate) {
        Objects.requireNonNull(predicate);
        return link(stage(Stage.FILTER, (Predicate) x -> predicate.test((Double) x), s -> ((DoubleStream) s).filter(predicate)));
    }

    @Override
    public DoubleStream map(DoubleUnaryOperator mapper) {
        Objects.requireNonNull(mapper);
        return link(stage(Stage.MAP, (Function) x -> mapper.applyAsDouble((Double) x), s -> ((DoubleStream) s).map(mapper)));
    }

    @Override
    public Stream mapToObj(DoubleFunction mapper) {
        Objects.requireNonNull(mapper);
        return (Stream) link(stage(Stage.MAP, (Function) x -> mapper.apply((Double) x), s -> ((DoubleStream) s).mapToObj(mapper)), REF);
    }

    @Override
    public IntStream mapToInt(DoubleToIntFunction mapper) {
        Objects.requireNonNull(mapper);
        return (IntStream) link(stage(Stage.MAP, (Function) x -> mapper.applyAsInt((Double) x), s -> ((DoubleStream) s).mapToInt(mapper)), INT);
    }

    @Override
    public LongStream mapToLong(DoubleToLongFunction mapper) {
        Objects.requireNonNull(mapper);
        return (LongStream) link(stage(Stage.MAP, (Function) x -> mapper.applyAsLong((Double) x), s -> ((DoubleStream) s).mapToLong(mapper)), LONG);
    }

    @Override
    public Stream<Double> boxed() {
        return (Stream) link(stage(Stage.CONVERT, Function.identity(), s -> ((DoubleStream) s).boxed()), REF);
    }

    @Override
    public DoubleStream flatMap(DoubleFunction mapper) {
        Objects.requireNonNull(mapper);
        // the inner DoubleStream's elements are pulled boxed (Stage.flatMap)
        return link(stage(Stage.FLAT_MAP, (Function) x -> mapper.apply((Double) x), s -> ((DoubleStream) s).flatMap(mapper)));
    }

    @Override
    public DoubleStream mapMulti(DoubleMapMultiConsumer mapper) {
        Objects.requireNonNull(mapper);
        BiConsumer boxed = (x, push) -> mapper.accept((Double) x, (DoubleConsumer) r -> ((Consumer) push).accept(r));
        return link(stage(Stage.MAP_MULTI, boxed, s -> ((DoubleStream) s).mapMulti(mapper)));
    }

    @Override
    public DoubleStream peek(DoubleConsumer action) {
        Objects.requireNonNull(action);
        return link(stage(Stage.PEEK, (Consumer) x -> action.accept((Double) x), s -> ((DoubleStream) s).peek(action)));
    }

    @Override
    public DoubleStream takeWhile(DoublePredicate predicate) {
        Objects.requireNonNull(predicate);
        return link(stage(Stage.TAKE_WHILE, (Predicate) x -> predicate.test((Double) x), s -> ((DoubleStream) s).takeWhile(predicate)));
    }

    @Override
    public DoubleStream dropWhile(DoublePredicate predicate) {
        Objects.requireNonNull(predicate);
        return link(stage(Stage.DROP_WHILE, (Predicate) x -> predicate.test((Double) x), s -> ((DoubleStream) s).dropWhile(predicate)));
    }

    @Override
    public DoubleStream distinct() {
        // the JDK's is boxed().distinct().mapToDouble(..): afterwards neither sorted nor distinct is known
        return link(stage(Stage.DISTINCT, null, s -> ((DoubleStream) s).distinct()).clearing(Stage.ORDER_SORTED | Stage.KNOWN_DISTINCT));
    }

    @Override
    public DoubleStream sorted() {
        return link(stage(Stage.SORTED, null, s -> ((DoubleStream) s).sorted()));
    }

    @Override
    public DoubleStream limit(long maxSize) {
        if (maxSize < 0) {
            throw new IllegalArgumentException(Long.toString(maxSize));
        }
        return link(Stage.slice(0, maxSize).replaying(s -> ((DoubleStream) s).limit(maxSize)));
    }

    @Override
    public DoubleStream skip(long n) {
        if (n < 0) {
            throw new IllegalArgumentException(Long.toString(n));
        }
        return n == 0 ? this : link(Stage.slice(n, -1).replaying(s -> ((DoubleStream) s).skip(n)));
    }

    // ---------------------------------------------------------------- terminal operations (PrimitiveStreamCalls)

    @Override
    public void forEach(DoubleConsumer action) {
        PrimitiveStreamCalls.forEach(this, action);
    }

    @Override
    public void forEachOrdered(DoubleConsumer action) {
        PrimitiveStreamCalls.forEachOrdered(this, action);
    }

    @Override
    public double[] toArray() {
        return PrimitiveStreamCalls.toArray(this);
    }

    @Override
    public double reduce(double identity, DoubleBinaryOperator op) {
        return PrimitiveStreamCalls.reduce(this, identity, op);
    }

    @Override
    public OptionalDouble reduce(DoubleBinaryOperator op) {
        return PrimitiveStreamCalls.reduce(this, op);
    }

    @Override
    public Object collect(Supplier supplier, ObjDoubleConsumer accumulator, BiConsumer combiner) {
        return PrimitiveStreamCalls.collect(this, supplier, accumulator, combiner);
    }

    @Override
    public double sum() {
        return PrimitiveStreamCalls.sum(this);
    }

    @Override
    public OptionalDouble min() {
        return PrimitiveStreamCalls.min(this);
    }

    @Override
    public OptionalDouble max() {
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
    public DoubleSummaryStatistics summaryStatistics() {
        return PrimitiveStreamCalls.summaryStatistics(this);
    }

    @Override
    public boolean anyMatch(DoublePredicate predicate) {
        return PrimitiveStreamCalls.anyMatch(this, predicate);
    }

    @Override
    public boolean allMatch(DoublePredicate predicate) {
        return PrimitiveStreamCalls.allMatch(this, predicate);
    }

    @Override
    public boolean noneMatch(DoublePredicate predicate) {
        return PrimitiveStreamCalls.noneMatch(this, predicate);
    }

    @Override
    public OptionalDouble findFirst() {
        return PrimitiveStreamCalls.findFirst(this);
    }

    @Override
    public OptionalDouble findAny() {
        return PrimitiveStreamCalls.findAny(this);
    }

    // ---------------------------------------------------------------- the source's state (isParallel, close: Pipeline)

    @Override
    public DoubleStream sequential() {
        setParallel(false);
        return this;
    }

    @Override
    public DoubleStream parallel() {
        setParallel(true);
        return this;
    }

    @Override
    public DoubleStream onClose(Runnable closeHandler) {
        addCloseHandler(closeHandler);
        return this;
    }

    // ---------------------------------------------------------------- the JDK's, on the replayed stream

    @Override
    public DoubleStream unordered() {
        return (flags & Stage.ORDERED) == 0 ? this : ((DoubleStream) jdk()).unordered();
    }

    @Override
    public PrimitiveIterator.OfDouble iterator() {
        return ((DoubleStream) jdk()).iterator();
    }

    @Override
    public Spliterator.OfDouble spliterator() {
        return ((DoubleStream) jdk()).spliterator();
    }
}
