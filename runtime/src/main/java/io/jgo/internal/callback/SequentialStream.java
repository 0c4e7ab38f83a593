package io.jgo.internal.callback;

import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Spliterator;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.BinaryOperator;
import java.util.function.Consumer;
import java.util.function.DoubleConsumer;
import java.util.function.Function;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;
import java.util.function.LongConsumer;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;
import java.util.function.UnaryOperator;
import java.util.stream.BaseStream;
import java.util.stream.Collector;
import java.util.stream.DoubleStream;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import java.util.stream.Stream;

/**
 * The runtime's own sequential {@link Stream} ({@link Pipeline} of objects), which rewritten code
 * gets from {@code Collection.stream()}, {@code Stream.of}, {@code Arrays.stream},
 * {@code Stream.iterate} and {@code Stream.generate} where a lambda of its pipeline may suspend
 * ({@link StreamCalls}): its terminal operation runs the lambdas from rewritten frames
 * ({@link Pipeline#evaluate}), so a suspension unwinds instead of pinning in the JDK's.
 *
 * <p>{@code filter}, {@code map}, {@code flatMap}, {@code mapMulti}, {@code peek}, {@code distinct},
 * {@code sorted}, {@code limit}, {@code skip}, {@code takeWhile}, {@code dropWhile} and the stages to
 * a primitive stream ({@code mapToInt}, {@code flatMapToInt}, {@code mapMultiToInt}... whose
 * streams are the runtime's too) link a new stage ({@link Stage}; no user code runs). So
 * {@code count()} of a pipeline of known size does not run it, as the JDK's does not. Anything else
 * ({@code iterator}, {@code spliterator}, {@code unordered} of an ordered stream) and any terminal
 * operation of a parallel pipeline replays the stages onto a JDK stream over the same source
 * ({@link Pipeline#jdk}) and is the JDK's own. The terminal methods called on this object from code
 * that was not rewritten evaluate the same way (a suspension there pins, as it would in the JDK's
 * stream).
 */
@SuppressWarnings({"rawtypes", "unchecked"})
public final class SequentialStream extends Pipeline implements Stream {

    SequentialStream(Source source, Pipeline previous, Stage stage, int flags) {
        super(source, previous, stage, flags, REF);
    }

    /** A stream over {@code spliterator}, as {@code StreamSupport.stream(spliterator, false)} makes one. */
    static SequentialStream of(Spliterator<?> spliterator) {
        return (SequentialStream) head(spliterator, REF);
    }

    private SequentialStream link(Stage next) {
        return (SequentialStream) link(next, REF);
    }

    // ---------------------------------------------------------------- stages linked here

    @Override
    public Stream filter(Predicate predicate) {
        return link(Stage.of(Stage.FILTER, Objects.requireNonNull(predicate)));
    }

    @Override
    public Stream map(Function mapper) {
        return link(Stage.of(Stage.MAP, Objects.requireNonNull(mapper)));
    }

    @Override
    public Stream flatMap(Function mapper) {
        return link(Stage.of(Stage.FLAT_MAP, Objects.requireNonNull(mapper)));
    }

    @Override
    public Stream peek(Consumer action) {
        return link(Stage.of(Stage.PEEK, Objects.requireNonNull(action)));
    }

    @Override
    public Stream takeWhile(Predicate predicate) {
        Objects.requireNonNull(predicate);
        return link(Stage.of(Stage.TAKE_WHILE, predicate));
    }

    @Override
    public Stream dropWhile(Predicate predicate) {
        Objects.requireNonNull(predicate);
        return link(Stage.of(Stage.DROP_WHILE, predicate));
    }

    @Override
    public Stream distinct() {
        return link(Stage.of(Stage.DISTINCT, null));
    }

    @Override
    public Stream sorted() {
        return link(Stage.of(Stage.SORTED, null));
    }

    @Override
    public Stream sorted(Comparator comparator) {
        SequentialStream next = link(Stage.of(Stage.SORTED, comparator));
        Objects.requireNonNull(comparator); // after linking, as the JDK's SortedOps checks it
        return next;
    }

    @Override
    public Stream limit(long maxSize) {
        if (maxSize < 0) {
            throw new IllegalArgumentException(Long.toString(maxSize));
        }
        return link(Stage.slice(0, maxSize));
    }

    @Override
    public Stream skip(long n) {
        if (n < 0) {
            throw new IllegalArgumentException(Long.toString(n));
        }
        return n == 0 ? this : link(Stage.slice(n, -1));
    }

    // ---------------------------------------------------------------- terminal operations (StreamCalls)

    @Override
    public void forEach(Consumer action) {
        StreamCalls.forEach(this, action);
    }

    @Override
    public void forEachOrdered(Consumer action) {
        StreamCalls.forEachOrdered(this, action);
    }

    @Override
    public Object[] toArray() {
        return StreamCalls.toArray(this);
    }

    @Override
    public Object[] toArray(IntFunction generator) {
        return StreamCalls.toArray(this, generator);
    }

    @Override
    public Object reduce(Object identity, BinaryOperator accumulator) {
        return StreamCalls.reduce(this, identity, accumulator);
    }

    @Override
    public Optional reduce(BinaryOperator accumulator) {
        return StreamCalls.reduce(this, accumulator);
    }

    @Override
    public Object reduce(Object identity, BiFunction accumulator, BinaryOperator combiner) {
        return StreamCalls.reduce(this, identity, accumulator, combiner);
    }

    @Override
    public Object collect(Supplier supplier, BiConsumer accumulator, BiConsumer combiner) {
        return StreamCalls.collect(this, supplier, accumulator, combiner);
    }

    @Override
    public Object collect(Collector collector) {
        return StreamCalls.collect(this, collector);
    }

    @Override
    public List toList() {
        return StreamCalls.toList(this);
    }

    @Override
    public Optional min(Comparator comparator) {
        return StreamCalls.min(this, comparator);
    }

    @Override
    public Optional max(Comparator comparator) {
        return StreamCalls.max(this, comparator);
    }

    @Override
    public long count() {
        return StreamCalls.count(this);
    }

    @Override
    public boolean anyMatch(Predicate predicate) {
        return StreamCalls.anyMatch(this, predicate);
    }

    @Override
    public boolean allMatch(Predicate predicate) {
        return StreamCalls.allMatch(this, predicate);
    }

    @Override
    public boolean noneMatch(Predicate predicate) {
        return StreamCalls.noneMatch(this, predicate);
    }

    @Override
    public Optional findFirst() {
        return StreamCalls.findFirst(this);
    }

    @Override
    public Optional findAny() {
        return StreamCalls.findAny(this);
    }

    // ---------------------------------------------------------------- the source's state (isParallel, close: Pipeline)

    @Override
    public Stream sequential() {
        setParallel(false);
        return this;
    }

    @Override
    public Stream parallel() {
        setParallel(true);
        return this;
    }

    @Override
    public Stream onClose(Runnable closeHandler) {
        addCloseHandler(closeHandler);
        return this;
    }

    // ---------------------------------------------------------------- the JDK's, on the replayed stream

    @Override
    public Stream unordered() {
        return (flags & Stage.ORDERED) == 0 ? this : (Stream) jdk().unordered();
    }


    @Override
    public Iterator iterator() {
        return jdk().iterator();
    }

    @Override
    public Spliterator spliterator() {
        return jdk().spliterator();
    }

    // ---------------------------------------------------------------- stages to the runtime's primitive streams

    /** A stage of {@code op} running {@code fn} (the primitive function wrapped in a boxed one), replayed by {@code replayer}. */
    private Pipeline link(int op, Object fn, UnaryOperator<BaseStream> replayer, int shape) {
        return link(Stage.of(op, fn).replaying(replayer), shape);
    }

    @Override
    public IntStream mapToInt(ToIntFunction mapper) {
        Objects.requireNonNull(mapper);
        return (IntStream) link(Stage.MAP, (Function) x -> mapper.applyAsInt(x), s -> ((Stream) s).mapToInt(mapper), INT);
    }

    @Override
    public LongStream mapToLong(ToLongFunction mapper) {
        Objects.requireNonNull(mapper);
        return (LongStream) link(Stage.MAP, (Function) x -> mapper.applyAsLong(x), s -> ((Stream) s).mapToLong(mapper), LONG);
    }

    @Override
    public DoubleStream mapToDouble(ToDoubleFunction mapper) {
        Objects.requireNonNull(mapper);
        return (DoubleStream) link(Stage.MAP, (Function) x -> mapper.applyAsDouble(x), s -> ((Stream) s).mapToDouble(mapper), DOUBLE);
    }

    // the function gives an IntStream...: Stage.flatMap pulls its elements boxed

    @Override
    public IntStream flatMapToInt(Function mapper) {
        Objects.requireNonNull(mapper);
        return (IntStream) link(Stage.FLAT_MAP, mapper, s -> ((Stream) s).flatMapToInt(mapper), INT);
    }

    @Override
    public LongStream flatMapToLong(Function mapper) {
        Objects.requireNonNull(mapper);
        return (LongStream) link(Stage.FLAT_MAP, mapper, s -> ((Stream) s).flatMapToLong(mapper), LONG);
    }

    @Override
    public DoubleStream flatMapToDouble(Function mapper) {
        Objects.requireNonNull(mapper);
        return (DoubleStream) link(Stage.FLAT_MAP, mapper, s -> ((Stream) s).flatMapToDouble(mapper), DOUBLE);
    }

    @Override
    public Stream mapMulti(BiConsumer mapper) {
        return link(Stage.of(Stage.MAP_MULTI, Objects.requireNonNull(mapper)));
    }

    // mapMultiTo*: the function's IntConsumer... pushes each element on, boxed

    @Override
    public IntStream mapMultiToInt(BiConsumer mapper) {
        Objects.requireNonNull(mapper);
        BiConsumer boxed = (x, push) -> mapper.accept(x, (IntConsumer) r -> ((Consumer) push).accept(r));
        return (IntStream) link(Stage.MAP_MULTI, boxed, s -> ((Stream) s).mapMultiToInt(mapper), INT);
    }

    @Override
    public LongStream mapMultiToLong(BiConsumer mapper) {
        Objects.requireNonNull(mapper);
        BiConsumer boxed = (x, push) -> mapper.accept(x, (LongConsumer) r -> ((Consumer) push).accept(r));
        return (LongStream) link(Stage.MAP_MULTI, boxed, s -> ((Stream) s).mapMultiToLong(mapper), LONG);
    }

    @Override
    public DoubleStream mapMultiToDouble(BiConsumer mapper) {
        Objects.requireNonNull(mapper);
        BiConsumer boxed = (x, push) -> mapper.accept(x, (DoubleConsumer) r -> ((Consumer) push).accept(r));
        return (DoubleStream) link(Stage.MAP_MULTI, boxed, s -> ((Stream) s).mapMultiToDouble(mapper), DOUBLE);
    }
}
