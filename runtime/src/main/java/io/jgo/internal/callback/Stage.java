package io.jgo.internal.callback;

import io.jgo.Goroutine;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.Spliterator;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;
import java.util.stream.BaseStream;
import java.util.stream.Stream;

/**
 * One intermediate operation of a {@link SequentialStream}: what it is ({@link #flags} says how it
 * changes what is known of the elements), how to run it ({@link Sink}, the JDK's sink for that
 * operation step by step), and how to apply it to a JDK stream ({@link #replay}).
 *
 * <p>The JDK's choices are kept: {@code distinct} and a natural {@code sorted} are skipped when the
 * elements are known distinct or naturally sorted; {@code distinct} after a sort compares each
 * element with the last one kept instead of hashing; {@code sorted} buffers, sorts stably (the
 * order {@code List.sort} gives), then begins its downstream and pushes, checking for cancellation
 * only once something asked it; {@code limit} asks to stop once it has let its elements through, and {@code takeWhile} once its
 * predicate has failed;
 * {@code flatMap} closes each inner stream and pulls it one element at a time, checking for
 * cancellation before each once something asked it, as JDK 17 does. One difference is left: an
 * inner stream that is a JDK pipeline with its own stages is pulled through its spliterator, so
 * when those stages make several elements from one ({@code flatMap}) or buffer ({@code sorted}),
 * their side effects run before the downstream's rather than interleaved with them.
 *
 * <p>A stage belongs to one pipeline, which is evaluated at most once: its run state lives here.
 */
final class Stage extends Sink {

    static final int FILTER = 0;
    static final int MAP = 1;
    static final int FLAT_MAP = 2;
    static final int PEEK = 3;
    static final int DISTINCT = 4;
    static final int SORTED = 5;
    static final int SLICE = 6;
    static final int TAKE_WHILE = 7;
    static final int DROP_WHILE = 8;
    /** {@code mapMulti}: the function is a {@code BiConsumer} of the element and a consumer that pushes downstream. */
    static final int MAP_MULTI = 9;
    /**
     * A map that keeps what is known of the elements ({@code boxed}, {@code asLongStream},
     * {@code asDoubleStream}: the JDK links them with no flag changed, so a {@code sorted} or
     * {@code distinct} after them is still skipped on sorted or distinct elements).
     */
    static final int CONVERT = 10;

    // What is known of the elements, as the JDK's StreamOpFlag keeps it (the bits a sequential run needs).
    static final int SIZED = 1;
    static final int ORDER_SORTED = 1 << 1;
    static final int KNOWN_DISTINCT = 1 << 2;
    static final int SHORT_CIRCUIT = 1 << 3;
    static final int SIZE_ADJUSTING = 1 << 4;
    static final int ORDERED = 1 << 5;

    final int op;
    private final Object fn;
    /** SLICE: elements to skip, and to let through (-1: no limit). */
    final long skip;
    final long limit;

    /**
     * How to apply this stage to a JDK stream of another shape than {@code Stream} (a primitive
     * stream's stage, or one that changes the shape); null: {@link #replay}'s own switch.
     */
    @SuppressWarnings("rawtypes")
    private UnaryOperator<BaseStream> replayer;
    /** Flags the JDK clears after this stage besides its own ({@link #clearing}). */
    private int cleared;

    private Sink downstream;
    /** MAP_MULTI: what the function gives its elements to (each pushed on at once, no cancellation check between them). */
    private Consumer<Object> pusher;
    /** DISTINCT after a sort; SORTED or FLAT_MAP: whether something asked {@link #cancellationRequested}. */
    private boolean mode;
    private Set<Object> seen;
    private Object lastSeen;
    private boolean seenNull;
    private List<Object> buffer;
    private long toSkip;
    private long toPass;
    /** TAKE_WHILE: still taking (the predicate has held so far); DROP_WHILE: taking (it failed once). */
    private boolean take;

    private Stage(int op, Object fn, long skip, long limit) {
        this.op = op;
        this.fn = fn;
        this.skip = skip;
        this.limit = limit;
    }

    static Stage of(int op, Object fn) {
        return new Stage(op, fn, 0, -1);
    }

    static Stage slice(long skip, long limit) {
        return new Stage(SLICE, null, skip, limit);
    }

    /**
     * This stage, with {@code flags} cleared after it as the JDK's own composition clears them (a
     * primitive {@code distinct} is the JDK's {@code boxed().distinct().mapToInt(..)}, whose last map
     * forgets sorted and distinct). Set once, before the stage is linked.
     */
    Stage clearing(int flags) {
        this.cleared = flags;
        return this;
    }

    /** This stage, applied to a JDK stream by {@code replayer} (set once, before the stage is linked). */
    @SuppressWarnings("rawtypes")
    Stage replaying(UnaryOperator<BaseStream> replayer) {
        this.replayer = replayer;
        return this;
    }

    /** The flags after this stage, given those before it. */
    int flags(int upstream) {
        return ownFlags(upstream) & ~cleared;
    }

    private int ownFlags(int upstream) {
        switch (op) {
            case FILTER:
                return upstream & ~SIZED;
            case MAP:
                return upstream & ~(ORDER_SORTED | KNOWN_DISTINCT);
            case FLAT_MAP:
            case MAP_MULTI:
                return upstream & ~(ORDER_SORTED | KNOWN_DISTINCT | SIZED);
            case DISTINCT:
                return (upstream | KNOWN_DISTINCT) & ~SIZED;
            case SORTED:
                return fn == null ? upstream | ORDER_SORTED | ORDERED : (upstream | ORDERED) & ~ORDER_SORTED;
            case TAKE_WHILE:
                return upstream & ~SIZED | SHORT_CIRCUIT;
            case DROP_WHILE:
                return upstream & ~SIZED;
            case SLICE:
                int sized = JdkStreamFacts.SLICE_KEEPS_SIZE ? upstream | SIZE_ADJUSTING : upstream & ~SIZED;
                return limit >= 0 ? sized | SHORT_CIRCUIT : sized;
            default:
                return upstream;
        }
    }

    /** The size after this stage, given the size before it (-1: unknown), where the flags keep it known. */
    long outputSize(long size) {
        return op == SLICE ? JdkStreamFacts.sliceSize(size, skip, limit >= 0 ? limit : Long.MAX_VALUE) : size;
    }

    /**
     * Links this stage before {@code next} for one evaluation, given the flags of the elements it
     * receives; false when the stage has nothing to do on them (the JDK leaves it out).
     */
    boolean wire(int upstream, Sink next) {
        if (op == DISTINCT && (upstream & KNOWN_DISTINCT) != 0 || op == SORTED && fn == null && (upstream & ORDER_SORTED) != 0) {
            return false;
        }
        downstream = next;
        mode = op == DISTINCT && (upstream & ORDER_SORTED) != 0;
        toSkip = skip;
        toPass = limit >= 0 ? limit : Long.MAX_VALUE;
        take = op == TAKE_WHILE;
        if (op == MAP_MULTI) {
            pusher = r -> downstream.accept(r); // a lambda of this package: rewritten, so it unwinds
        }
        return true;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    BaseStream replay(BaseStream stream) {
        if (replayer != null) {
            return replayer.apply(stream);
        }
        Stream s = (Stream) stream;
        switch (op) {
            case FILTER:
                return s.filter((Predicate) fn);
            case MAP:
                return s.map((Function) fn);
            case FLAT_MAP:
                return s.flatMap((Function) fn);
            case PEEK:
                return s.peek((Consumer) fn);
            case DISTINCT:
                return s.distinct();
            case SORTED:
                return fn == null ? s.sorted() : s.sorted((Comparator) fn);
            case TAKE_WHILE:
                return s.takeWhile((Predicate) fn);
            case DROP_WHILE:
                return s.dropWhile((Predicate) fn);
            case MAP_MULTI:
                return s.mapMulti((BiConsumer) fn);
            default:
                return limit >= 0 ? s.limit(limit) : s.skip(skip);
        }
    }

    @Goroutine
    @Override
    void begin() {
        if (op == SORTED) {
            buffer = new ArrayList<>(); // its downstream begins when it ends
            return;
        }
        if (op == DISTINCT && !mode) {
            seen = new HashSet<>();
        }
        downstream.begin();
    }

    @Goroutine
    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    void accept(Object t) {
        switch (op) {
            case FILTER:
                if (((Predicate) fn).test(t)) {
                    downstream.accept(t);
                }
                return;
            case MAP:
            case CONVERT:
                downstream.accept(((Function) fn).apply(t));
                return;
            case FLAT_MAP:
                flatMap(t);
                return;
            case PEEK:
                ((Consumer) fn).accept(t);
                downstream.accept(t);
                return;
            case DISTINCT:
                if (mode ? firstSinceSort(t) : seen.add(t)) {
                    downstream.accept(t);
                }
                return;
            case SORTED:
                buffer.add(t);
                return;
            case TAKE_WHILE:
                // WhileOps' sink: once the predicate fails, nothing more is taken (and the source is asked to stop)
                if (take && (take = ((Predicate) fn).test(t))) {
                    downstream.accept(t);
                }
                return;
            case DROP_WHILE:
                if (take || (take = !((Predicate) fn).test(t))) {
                    downstream.accept(t);
                }
                return;
            case MAP_MULTI:
                // the JDK hands its downstream sink itself to the function: each element goes on at once
                ((BiConsumer) fn).accept(t, pusher);
                return;
            default:
                if (toSkip == 0) {
                    if (toPass > 0) {
                        toPass--;
                        downstream.accept(t);
                    }
                } else {
                    toSkip--;
                }
        }
    }

    /** DISTINCT on sorted elements: is {@code t} not the one before it (nulls come together, once)? */
    private boolean firstSinceSort(Object t) {
        if (t == null) {
            if (seenNull) {
                return false;
            }
            seenNull = true;
            lastSeen = null;
            return true;
        }
        if (lastSeen == null || !t.equals(lastSeen)) {
            lastSeen = t;
            return true;
        }
        return false;
    }

    @Goroutine
    @SuppressWarnings({"unchecked", "rawtypes"})
    private void flatMap(Object t) {
        // a Stream, or an IntStream, LongStream or DoubleStream (flatMapToInt..., a primitive flatMap): its elements boxed
        try (BaseStream inner = (BaseStream) ((Function) fn).apply(t)) {
            if (inner != null) {
                Spliterator s = ((BaseStream) inner.sequential()).spliterator();
                Slot slot = new Slot();
                while (!(mode && downstream.cancellationRequested()) && s.tryAdvance(slot)) {
                    downstream.accept(slot.take());
                }
            }
        }
    }

    @Goroutine
    @Override
    @SuppressWarnings("unchecked")
    void end() {
        if (op != SORTED) {
            seen = null;
            lastSeen = null;
            seenNull = false;
            downstream.end();
            return;
        }
        Object[] a = buffer.toArray();
        MergeSort.sort(a, (Comparator<Object>) fn);
        downstream.begin();
        for (Object t : a) {
            if (mode && downstream.cancellationRequested()) {
                break;
            }
            downstream.accept(t);
        }
        downstream.end();
        buffer = null;
    }

    @Override
    boolean cancellationRequested() {
        switch (op) {
            case FLAT_MAP:
                mode = true;
                return downstream.cancellationRequested();
            case SORTED:
                mode = true;
                return false; // it has all its elements to take first
            case SLICE:
                return toPass == 0 || downstream.cancellationRequested();
            case TAKE_WHILE:
                return !take || downstream.cancellationRequested();
            default:
                return downstream.cancellationRequested();
        }
    }
}
