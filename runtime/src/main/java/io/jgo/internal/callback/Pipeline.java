package io.jgo.internal.callback;

import io.jgo.Goroutine;
import java.util.Objects;
import java.util.Spliterator;
import java.util.stream.BaseStream;
import java.util.stream.StreamSupport;

/**
 * One stage of the runtime's own sequential stream, whatever the shape of its elements: what
 * {@link SequentialStream} ({@code Stream}), {@link SequentialIntStream}, {@link SequentialLongStream}
 * and {@link SequentialDoubleStream} share, as the JDK's {@code AbstractPipeline} is shared by its
 * four pipelines. Those four classes only link {@link Stage}s and adapt the primitive functions;
 * the machinery is here and in {@link Stage}, {@link Terminal} and {@link Source}, once.
 *
 * <p>Elements travel boxed ({@code Integer}, {@code Long}, {@code Double}) from the source through
 * the stages to the terminal, and each primitive function is wrapped in a boxed one
 * ({@link PrimitiveStreamCalls}). That keeps one set of sinks for the four shapes; the cost is a box
 * per element and stage that changes it (small values come from the boxes' caches) and one adapter
 * call per function call. What the JDK observes is kept: the calls in the same order, results,
 * exceptions, laziness, short-circuiting and what {@code count()} skips (the flags are the same).
 *
 * <p>Each object is one stage, as each JDK stream object is: an intermediate operation links a new
 * one and marks this one used ({@link #link}), and a second use throws the JDK's
 * {@code IllegalStateException}. The flags the JDK keeps per stage are kept too (size known,
 * sorted, distinct, short-circuiting). A pipeline is built and evaluated by one thread (or
 * goroutine) at a time, as a JDK stream is: no field is guarded.
 */
abstract class Pipeline {

    static final String LINKED = "stream has already been operated upon or closed";

    /** The shape of the elements after a stage: objects, or boxed ints, longs or doubles. */
    static final int REF = 0;
    static final int INT = 1;
    static final int LONG = 2;
    static final int DOUBLE = 3;

    final Source source;
    /** The stage before this one, null at the head. */
    final Pipeline previous;
    /** What this stage adds, null at the head. */
    final Stage stage;
    /** What is known of the elements after this stage ({@link Stage#SIZED}...). */
    final int flags;
    /** {@link #REF}, {@link #INT}, {@link #LONG} or {@link #DOUBLE}. */
    final int shape;
    /** Linked to a next stage, consumed by a terminal operation, or closed. */
    private boolean linked;

    Pipeline(Source source, Pipeline previous, Stage stage, int flags, int shape) {
        this.source = source;
        this.previous = previous;
        this.stage = stage;
        this.flags = flags;
        this.shape = shape;
    }

    /** The flags of a source over {@code spliterator}, as {@code StreamOpFlag.fromCharacteristics} gives them. */
    static int flagsOf(Spliterator<?> spliterator) {
        Objects.requireNonNull(spliterator);
        int c = spliterator.characteristics();
        int flags = ((c & Spliterator.SIZED) != 0 ? Stage.SIZED : 0) | ((c & Spliterator.DISTINCT) != 0 ? Stage.KNOWN_DISTINCT : 0)
                | ((c & Spliterator.ORDERED) != 0 ? Stage.ORDERED : 0);
        if ((c & Spliterator.SORTED) != 0 && spliterator.getComparator() == null) {
            flags |= Stage.ORDER_SORTED; // sorted by another order is not known sorted
        }
        return flags;
    }

    /** A head stage of {@code shape} over {@code spliterator}. */
    static Pipeline head(Spliterator<?> spliterator, int shape) {
        return make(new Source(spliterator), null, null, flagsOf(spliterator), shape);
    }

    private static Pipeline make(Source source, Pipeline previous, Stage stage, int flags, int shape) {
        switch (shape) {
            case INT:
                return new SequentialIntStream(source, previous, stage, flags);
            case LONG:
                return new SequentialLongStream(source, previous, stage, flags);
            case DOUBLE:
                return new SequentialDoubleStream(source, previous, stage, flags);
            default:
                return new SequentialStream(source, previous, stage, flags);
        }
    }

    /** {@code s} when the runtime evaluates it (one of its own, sequential), else null (the JDK's method runs). */
    static Pipeline ours(BaseStream<?, ?> s) {
        return s instanceof Pipeline && !s.isParallel() ? (Pipeline) s : null;
    }

    /** The stream whose own method runs: {@code s}, or a parallel pipeline of the runtime's replayed on the JDK. */
    @SuppressWarnings("rawtypes")
    static BaseStream jdk(BaseStream<?, ?> s) {
        return s instanceof Pipeline ? ((Pipeline) s).jdk() : s;
    }

    /** Links {@code next} after this stage; the new stage's elements have {@code nextShape}. */
    final Pipeline link(Stage next, int nextShape) {
        if (linked) {
            throw new IllegalStateException(LINKED);
        }
        linked = true;
        return make(source, this, next, next.flags(flags), nextShape);
    }

    final boolean isLinked() {
        return linked;
    }

    private Spliterator<?> consume() {
        if (linked) {
            throw new IllegalStateException(LINKED);
        }
        linked = true;
        return source.take();
    }

    final boolean isHead() {
        return stage == null;
    }

    /**
     * Runs the pipeline into {@code terminal} and returns its result: the source's elements pulled
     * one at a time and pushed through the stages, asking before each whether to stop when a stage
     * or the terminal short-circuits (the JDK's {@code copyInto} and {@code copyIntoWithCancel}).
     * A {@link Generator} source is pulled through its own {@code @Goroutine} method, so its
     * function unwinds too.
     */
    @Goroutine
    final Object evaluate(Terminal terminal) {
        Spliterator<?> s = consume();
        if (terminal.prepare(terminal.wantsExactSize() ? exactOutputSize(s) : -1)) {
            return terminal.result();
        }
        Sink first = terminal;
        for (Pipeline n = this; n.stage != null; n = n.previous) {
            if (n.stage.wire(n.previous.flags, first)) {
                first = n.stage;
            }
        }
        boolean cancellable = (flags & Stage.SHORT_CIRCUIT) != 0 || terminal.shortCircuits();
        Generator generator = s instanceof Generator ? (Generator) s : null;
        first.begin();
        Slot slot = new Slot();
        while (!(cancellable && first.cancellationRequested()) && (generator != null ? generator.tryAdvance(slot) : s.tryAdvance(slot))) {
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
    @SuppressWarnings({"rawtypes", "unchecked"})
    final BaseStream jdk() {
        Pipeline head = this;
        while (head.previous != null) {
            head = head.previous;
        }
        BaseStream s = jdkHead(consume(), head.shape, source.parallel);
        if (source.hasCloseAction()) {
            s = s.onClose(source::close);
        }
        return replay(s);
    }

    /** The JDK's stream of {@code shape} over a source; a generator's boxed elements are unboxed by a JDK stage. */
    @SuppressWarnings({"rawtypes", "unchecked"})
    private static BaseStream jdkHead(Spliterator s, int shape, boolean parallel) {
        switch (shape) {
            case INT:
                return s instanceof Spliterator.OfInt ? StreamSupport.intStream((Spliterator.OfInt) s, parallel)
                        : StreamSupport.stream(s, parallel).mapToInt(x -> (Integer) x);
            case LONG:
                return s instanceof Spliterator.OfLong ? StreamSupport.longStream((Spliterator.OfLong) s, parallel)
                        : StreamSupport.stream(s, parallel).mapToLong(x -> (Long) x);
            case DOUBLE:
                return s instanceof Spliterator.OfDouble ? StreamSupport.doubleStream((Spliterator.OfDouble) s, parallel)
                        : StreamSupport.stream(s, parallel).mapToDouble(x -> (Double) x);
            default:
                return StreamSupport.stream(s, parallel);
        }
    }

    @SuppressWarnings("rawtypes")
    private BaseStream replay(BaseStream head) {
        return stage == null ? head : stage.replay(previous.replay(head));
    }

    // ---------------------------------------------------------------- the source's state (BaseStream)

    public final boolean isParallel() {
        return source.parallel;
    }

    /** {@code sequential()} and {@code parallel()}: on any stage, for the whole pipeline. */
    final void setParallel(boolean parallel) {
        source.parallel = parallel; // a parallel pipeline's terminal operation runs on the JDK's stream
    }

    final void addCloseHandler(Runnable closeHandler) {
        if (linked) {
            throw new IllegalStateException(LINKED);
        }
        source.onClose(Objects.requireNonNull(closeHandler));
    }

    public final void close() {
        linked = true;
        if (stage == null) {
            source.drop();
        }
        source.close();
    }
}
