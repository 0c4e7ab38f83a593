package io.jgo.internal.callback;

import java.util.LongSummaryStatistics;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.PrimitiveIterator;
import java.util.Spliterator;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.LongBinaryOperator;
import java.util.function.LongConsumer;
import java.util.function.LongFunction;
import java.util.function.LongPredicate;
import java.util.function.LongToDoubleFunction;
import java.util.function.LongToIntFunction;
import java.util.function.LongUnaryOperator;
import java.util.function.ObjLongConsumer;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.BaseStream;
import java.util.stream.DoubleStream;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import java.util.stream.Stream;

/**
 * The runtime's own sequential {@link LongStream}: a {@link Pipeline} whose elements travel boxed
 * ({@code Long}), as {@link SequentialStream} is for objects. Rewritten code gets one from
 * {@link PrimitiveStreamSources} or from a stage of another of the runtime's streams
 * ({@code mapToLong}...). Each intermediate operation links a {@link Stage} whose function wraps
 * the primitive one in a boxed one (and which replays onto a JDK {@code LongStream} with the
 * original function); each terminal operation is {@link PrimitiveStreamCalls}'. {@code distinct}
 * and {@code sorted} work on the boxes, as the JDK's {@code distinct} does ({@code Long.equals};
 * {@code Long.compareTo} is the order of the JDK's primitive sort). {@code iterator},
 * {@code spliterator} and {@code unordered} of an ordered stream replay onto the JDK's stream.
 */
@SuppressWarnings({"rawtypes", "unchecked"})
final class SequentialLongStream extends Pipeline implements LongStream {

    SequentialLongStream(Source source, Pipeline previous, Stage stage, int flags) {
        super(source, previous, stage, flags, LONG);
    }

    private LongStream link(Stage next) {
        return (LongStream) link(next, LONG);
    }

    /** A stage of {@code op} running {@code fn}, replayed by {@code replayer}. */
    private static Stage stage(int op, Object fn, java.util.function.UnaryOperator<BaseStream> replayer) {
        return Stage.of(op, fn).replaying(replayer);
    }

    // ---------------------------------------------------------------- stages linked here

    @Override
    public LongStream filter(LongPredicate predicate) {
        Objects.requireNonNull(predicate);
        return link(stage(Stage.FILTER, (Predicate) x -> predicate.test((Long) x), s -> ((LongStream) s).filter(predicate)));
    }

    @Override
    public LongStream map(LongUnaryOperator mapper) {
        Objects.requireNonNull(mapper);
        return link(stage(Stage.MAP, (Function) x -> mapper.applyAsLong((Long) x), s -> ((LongStream) s).map(mapper)));
    }

    @Override
    public Stream mapToObj(LongFunction mapper) {
        Objects.requireNonNull(mapper);
        return (Stream) link(stage(Stage.MAP, (Function) x -> mapper.apply((Long) x), s -> ((LongStream) s).mapToObj(mapper)), REF);
    }

    @Override
    public IntStream mapToInt(LongToIntFunction mapper) {
        Objects.requireNonNull(mapper);
        return (IntStream) link(stage(Stage.MAP, (Function) x -> mapper.applyAsInt((Long) x), s -> ((LongStream) s).mapToInt(mapper)), INT);
    }

    @Override
    public DoubleStream mapToDouble(LongToDoubleFunction mapper) {
        Objects.requireNonNull(mapper);
        return (DoubleStream) link(stage(Stage.MAP, (Function) x -> mapper.applyAsDouble((Long) x), s -> ((LongStream) s).mapToDouble(mapper)), DOUBLE);
    }

    @Override
    public DoubleStream asDoubleStream() {
        return (DoubleStream) link(stage(Stage.CONVERT, (Function) x -> (double) (long) (Long) x, s -> ((LongStream) s).asDoubleStream()),
                DOUBLE);
    }

    @Override
    public Stream<Long> boxed() {
        return (Stream) link(stage(Stage.CONVERT, Function.identity(), s -> ((LongStream) s).boxed()), REF);
    }

    @Override
    public LongStream flatMap(LongFunction mapper) {
        Objects.requireNonNull(mapper);
        // the inner LongStream's elements are pulled boxed (Stage.flatMap)
        return link(stage(Stage.FLAT_MAP, (Function) x -> mapper.apply((Long) x), s -> ((LongStream) s).flatMap(mapper)));
    }

    @Override
    public LongStream mapMulti(LongMapMultiConsumer mapper) {
        Objects.requireNonNull(mapper);
        BiConsumer boxed = (x, push) -> mapper.accept((Long) x, (LongConsumer) r -> ((Consumer) push).accept(r));
        return link(stage(Stage.MAP_MULTI, boxed, s -> ((LongStream) s).mapMulti(mapper)));
    }

    @Override
    public LongStream peek(LongConsumer action) {
        Objects.requireNonNull(action);
        return link(stage(Stage.PEEK, (Consumer) x -> action.accept((Long) x), s -> ((LongStream) s).peek(action)));
    }

    @Override
    public LongStream takeWhile(LongPredicate predicate) {
        Objects.requireNonNull(predicate);
        return link(stage(Stage.TAKE_WHILE, (Predicate) x -> predicate.test((Long) x), s -> ((LongStream) s).takeWhile(predicate)));
    }

    @Override
    public LongStream dropWhile(LongPredicate predicate) {
        Objects.requireNonNull(predicate);
        return link(stage(Stage.DROP_WHILE, (Predicate) x -> predicate.test((Long) x), s -> ((LongStream) s).dropWhile(predicate)));
    }

    @Override
    public LongStream distinct() {
        // the JDK's is boxed().distinct().mapToLong(..): afterwards neither sorted nor distinct is known
        return link(stage(Stage.DISTINCT, null, s -> ((LongStream) s).distinct()).clearing(Stage.ORDER_SORTED | Stage.KNOWN_DISTINCT));
    }

    @Override
    public LongStream sorted() {
        return link(stage(Stage.SORTED, null, s -> ((LongStream) s).sorted()));
    }

    @Override
    public LongStream limit(long maxSize) {
        if (maxSize < 0) {
            throw new IllegalArgumentException(Long.toString(maxSize));
        }
        return link(Stage.slice(0, maxSize).replaying(s -> ((LongStream) s).limit(maxSize)));
    }

    @Override
    public LongStream skip(long n) {
        if (n < 0) {
            throw new IllegalArgumentException(Long.toString(n));
        }
        return n == 0 ? this : link(Stage.slice(n, -1).replaying(s -> ((LongStream) s).skip(n)));
    }

    // ---------------------------------------------------------------- terminal operations (PrimitiveStreamCalls)

    @Override
    public void forEach(LongConsumer action) {
        PrimitiveStreamCalls.forEach(this, action);
    }

    @Override
    public void forEachOrdered(LongConsumer action) {
        PrimitiveStreamCalls.forEachOrdered(this, action);
    }

    @Override
    public long[] toArray() {
        return PrimitiveStreamCalls.toArray(this);
    }

    @Override
    public long reduce(long identity, LongBinaryOperator op) {
        return PrimitiveStreamCalls.reduce(this, identity, op);
    }

    @Override
    public OptionalLong reduce(LongBinaryOperator op) {
        return PrimitiveStreamCalls.reduce(this, op);
    }

    @Override
    public Object collect(Supplier supplier, ObjLongConsumer accumulator, BiConsumer combiner) {
        return PrimitiveStreamCalls.collect(this, supplier, accumulator, combiner);
    }

    @Override
    public long sum() {
        return PrimitiveStreamCalls.sum(this);
    }

    @Override
    public OptionalLong min() {
        return PrimitiveStreamCalls.min(this);
    }

    @Override
    public OptionalLong max() {
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
    public LongSummaryStatistics summaryStatistics() {
        return PrimitiveStreamCalls.summaryStatistics(this);
    }

    @Override
    public boolean anyMatch(LongPredicate predicate) {
        return PrimitiveStreamCalls.anyMatch(this, predicate);
    }

    @Override
    public boolean allMatch(LongPredicate predicate) {
        return PrimitiveStreamCalls.allMatch(this, predicate);
    }

    @Override
    public boolean noneMatch(LongPredicate predicate) {
        return PrimitiveStreamCalls.noneMatch(this, predicate);
    }

    @Override
    public OptionalLong findFirst() {
        return PrimitiveStreamCalls.findFirst(this);
    }

    @Override
    public OptionalLong findAny() {
        return PrimitiveStreamCalls.findAny(this);
    }

    // ---------------------------------------------------------------- the source's state (isParallel, close: Pipeline)

    @Override
    public LongStream sequential() {
        setParallel(false);
        return this;
    }

    @Override
    public LongStream parallel() {
        setParallel(true);
        return this;
    }

    @Override
    public LongStream onClose(Runnable closeHandler) {
        addCloseHandler(closeHandler);
        return this;
    }

    // ---------------------------------------------------------------- the JDK's, on the replayed stream

    @Override
    public LongStream unordered() {
        return (flags & Stage.ORDERED) == 0 ? this : ((LongStream) jdk()).unordered();
    }

    @Override
    public PrimitiveIterator.OfLong iterator() {
        return ((LongStream) jdk()).iterator();
    }

    @Override
    public Spliterator.OfLong spliterator() {
        return ((LongStream) jdk()).spliterator();
    }
}
