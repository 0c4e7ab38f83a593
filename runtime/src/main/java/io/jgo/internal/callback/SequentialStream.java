package io.jgo.internal.callback;

import io.jgo.Goroutine;
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
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;
import java.util.stream.Collector;
import java.util.stream.DoubleStream;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * The runtime's own sequential {@link Stream} over a spliterator, which rewritten code gets from
 * {@code Collection.stream()}, {@code Stream.of} and {@code Arrays.stream} where a lambda of its
 * pipeline may suspend ({@link StreamCalls}): its terminal operation runs the lambdas from rewritten
 * frames ({@link #evaluate}), so a suspension unwinds instead of pinning in the JDK's.
 *
 * <p>Each object is one stage, as each JDK stream object is: {@code filter}, {@code map},
 * {@code flatMap}, {@code peek}, {@code distinct}, {@code sorted}, {@code limit}, {@code skip},
 * {@code takeWhile} and {@code dropWhile}
 * link a new one ({@link Stage}; no user code runs) and mark this one used, and a second use throws
 * the JDK's {@code IllegalStateException}. The flags the JDK keeps per stage are kept too (size
 * known, sorted, distinct, short-circuiting), so {@code count()} of a pipeline of known size does
 * not run it, as the JDK's does not. Anything else ({@code mapToInt}, {@code iterator},
 * {@code mapMulti}, {@code unordered}...) and any terminal operation of a parallel pipeline
 * replays the stages onto a JDK stream over the same source ({@link #jdk}) and is the JDK's own.
 * The terminal methods called on this object from code that was not rewritten evaluate the same
 * way (a suspension there pins, as it would in the JDK's stream).
 */
@SuppressWarnings({"rawtypes", "unchecked"})
public final class SequentialStream implements Stream {

    static final String LINKED = "stream has already been operated upon or closed";

    private final Source source;
    /** The stage before this one, null at the head. */
    private final SequentialStream previous;
    /** What this stage adds, null at the head. */
    private final Stage stage;
    /** What is known of the elements after this stage ({@link Stage#SIZED}...). */
    private final int flags;
    /** Linked to a next stage, consumed by a terminal operation, or closed. */
    private boolean linked;

    private SequentialStream(Source source, SequentialStream previous, Stage stage, int flags) {
        this.source = source;
        this.previous = previous;
        this.stage = stage;
        this.flags = flags;
    }

    /** A stream over {@code spliterator}, as {@code StreamSupport.stream(spliterator, false)} makes one. */
    static SequentialStream of(Spliterator<?> spliterator) {
        Objects.requireNonNull(spliterator);
        int c = spliterator.characteristics();
        int flags = ((c & Spliterator.SIZED) != 0 ? Stage.SIZED : 0) | ((c & Spliterator.DISTINCT) != 0 ? Stage.KNOWN_DISTINCT : 0)
                | ((c & Spliterator.ORDERED) != 0 ? Stage.ORDERED : 0);
        if ((c & Spliterator.SORTED) != 0 && spliterator.getComparator() == null) {
            flags |= Stage.ORDER_SORTED; // sorted by another order is not known sorted
        }
        return new SequentialStream(new Source(spliterator), null, null, flags);
    }

    private SequentialStream link(Stage next) {
        if (linked) {
            throw new IllegalStateException(LINKED);
        }
        linked = true;
        return new SequentialStream(source, this, next, next.flags(flags));
    }

    private Spliterator<?> consume() {
        if (linked) {
            throw new IllegalStateException(LINKED);
        }
        linked = true;
        return source.take();
    }

    boolean isHead() {
        return stage == null;
    }

    /**
     * Runs the pipeline into {@code terminal} and returns its result: the source's elements pulled
     * one at a time and pushed through the stages, asking before each whether to stop when a stage
     * or the terminal short-circuits (the JDK's {@code copyInto} and {@code copyIntoWithCancel}).
     */
    @Goroutine
    Object evaluate(Terminal terminal) {
        Spliterator<?> s = consume();
        if (terminal.prepare(terminal.wantsExactSize() ? exactOutputSize(s) : -1)) {
            return terminal.result();
        }
        Sink first = terminal;
        for (SequentialStream n = this; n.stage != null; n = n.previous) {
            if (n.stage.wire(n.previous.flags, first)) {
                first = n.stage;
            }
        }
        boolean cancellable = (flags & Stage.SHORT_CIRCUIT) != 0 || terminal.shortCircuits();
        first.begin();
        Slot slot = new Slot();
        while (!(cancellable && first.cancellationRequested()) && s.tryAdvance(slot)) {
            first.accept(slot.take());
        }
        first.end();
        return terminal.result();
    }

    /** The JDK's {@code exactOutputSizeIfKnown}: the number of elements if known without running the pipeline, else -1. */
    private long exactOutputSize(Spliterator<?> s) {
        long size = (flags & Stage.SIZED) != 0 ? s.getExactSizeIfKnown() : -1;
        return size != -1 && (flags & Stage.SIZE_ADJUSTING) != 0 ? adjusted(size) : size;
    }

    private long adjusted(long sourceSize) {
        return stage == null ? sourceSize : stage.outputSize(previous.adjusted(sourceSize));
    }

    /** This pipeline as a JDK stream over the same source, its stages applied again, this stage consumed. */
    Stream jdk() {
        Stream s = StreamSupport.stream(consume(), source.parallel);
        if (source.hasCloseAction()) {
            s = (Stream) s.onClose(source::close);
        }
        return replay(s);
    }

    private Stream replay(Stream head) {
        return stage == null ? head : stage.replay(previous.replay(head));
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

    // ---------------------------------------------------------------- the source's state

    @Override
    public boolean isParallel() {
        return source.parallel;
    }

    @Override
    public Stream sequential() {
        source.parallel = false;
        return this;
    }

    @Override
    public Stream parallel() {
        source.parallel = true; // the terminal operation then runs on the JDK's parallel stream
        return this;
    }

    @Override
    public Stream onClose(Runnable closeHandler) {
        if (linked) {
            throw new IllegalStateException(LINKED);
        }
        source.onClose(Objects.requireNonNull(closeHandler));
        return this;
    }

    @Override
    public void close() {
        linked = true;
        if (stage == null) {
            source.drop();
        }
        source.close();
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

    @Override
    public IntStream mapToInt(ToIntFunction mapper) {
        Objects.requireNonNull(mapper);
        return jdk().mapToInt(mapper);
    }

    @Override
    public LongStream mapToLong(ToLongFunction mapper) {
        Objects.requireNonNull(mapper);
        return jdk().mapToLong(mapper);
    }

    @Override
    public DoubleStream mapToDouble(ToDoubleFunction mapper) {
        Objects.requireNonNull(mapper);
        return jdk().mapToDouble(mapper);
    }

    @Override
    public IntStream flatMapToInt(Function mapper) {
        Objects.requireNonNull(mapper);
        return jdk().flatMapToInt(mapper);
    }

    @Override
    public LongStream flatMapToLong(Function mapper) {
        Objects.requireNonNull(mapper);
        return jdk().flatMapToLong(mapper);
    }

    @Override
    public DoubleStream flatMapToDouble(Function mapper) {
        Objects.requireNonNull(mapper);
        return jdk().flatMapToDouble(mapper);
    }

    @Override
    public Stream mapMulti(BiConsumer mapper) {
        Objects.requireNonNull(mapper);
        return jdk().mapMulti(mapper);
    }

    @Override
    public IntStream mapMultiToInt(BiConsumer mapper) {
        Objects.requireNonNull(mapper);
        return jdk().mapMultiToInt(mapper);
    }

    @Override
    public LongStream mapMultiToLong(BiConsumer mapper) {
        Objects.requireNonNull(mapper);
        return jdk().mapMultiToLong(mapper);
    }

    @Override
    public DoubleStream mapMultiToDouble(BiConsumer mapper) {
        Objects.requireNonNull(mapper);
        return jdk().mapMultiToDouble(mapper);
    }

}
