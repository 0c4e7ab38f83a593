package io.jgo.internal.callback;

import io.jgo.Goroutine;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The terminal operation of an evaluated {@link SequentialStream}, the last {@link Sink}: what the
 * JDK's {@code ForEachOps}, {@code ReduceOps}, {@code MatchOps}, {@code FindOps} and
 * {@code Nodes} builders do for a sequential pipeline, step by step, with the same null checks (the
 * factories below, before the stream is consumed) and the same exceptions. {@code min} and
 * {@code max} are {@code reduce} with {@code BinaryOperator.minBy}/{@code maxBy}'s comparison.
 * {@code toArray} of a pipeline whose size is known asks the generator for that size before the
 * elements come, as the JDK does, and fails as the JDK does when the array has another length.
 */
final class Terminal extends Sink {

    static final int FOR_EACH = 0;
    static final int REDUCE = 1;
    static final int REDUCE_FIRST = 2;
    static final int COLLECT = 3;
    static final int COUNT = 4;
    static final int MATCH = 5;
    static final int FIND = 6;
    static final int MIN = 7;
    static final int MAX = 8;
    static final int TO_ARRAY = 9;

    final int kind;
    /** The action, accumulator, operator, predicate, comparator or generator. */
    private final Object fn;
    /** REDUCE: the identity; COLLECT: the container supplier. */
    private final Object seed;
    /** MATCH: stop when the predicate answers this ({@code anyMatch}, {@code noneMatch}: true). */
    private final boolean stopOn;
    /** MATCH: the answer once stopped ({@code anyMatch}: true). */
    private final boolean stopResult;

    private Object state;
    /** REDUCE_FIRST, MIN, MAX: an element was seen; MATCH: stopped; FIND: found. */
    private boolean done;
    private long count;
    /** TO_ARRAY: the size is known, and the generator's array for it; else the elements so far. */
    private boolean sized;
    private long size;
    private Object[] fixed;
    private List<Object> elements;

    private Terminal(int kind, Object fn, Object seed, boolean stopOn, boolean stopResult) {
        this.kind = kind;
        this.fn = fn;
        this.seed = seed;
        this.stopOn = stopOn;
        this.stopResult = stopResult;
    }

    private static Terminal of(int kind, Object fn) {
        return new Terminal(kind, fn, null, false, false);
    }

    /** forEach; the head of a pipeline checks the action only once it has consumed the stream, as the JDK's does. */
    static Terminal forEach(Consumer<?> action, boolean head) {
        return of(FOR_EACH, head ? action : Objects.requireNonNull(action));
    }

    static Terminal reduce(Object identity, BiFunction<?, ?, ?> accumulator, Object combiner) {
        Objects.requireNonNull(accumulator);
        Objects.requireNonNull(combiner);
        return new Terminal(REDUCE, accumulator, identity, false, false);
    }

    static Terminal reduce(BiFunction<?, ?, ?> operator) {
        return of(REDUCE_FIRST, Objects.requireNonNull(operator));
    }

    static Terminal collect(Supplier<?> supplier, BiConsumer<?, ?> accumulator) {
        return new Terminal(COLLECT, accumulator, supplier, false, false);
    }

    static Terminal count() {
        return of(COUNT, null);
    }

    /** anyMatch: (true, true); allMatch: (false, false); noneMatch: (true, false). */
    static Terminal match(Predicate<?> predicate, boolean stopOn, boolean stopResult) {
        return new Terminal(MATCH, Objects.requireNonNull(predicate), null, stopOn, stopResult);
    }

    static Terminal find() {
        return of(FIND, null);
    }

    static Terminal minMax(Comparator<?> comparator, boolean max) {
        return of(max ? MAX : MIN, Objects.requireNonNull(comparator));
    }

    static Terminal toArray(IntFunction<?> generator) {
        return of(TO_ARRAY, generator);
    }

    /** Does the pipeline stop pulling once this terminal has its answer? */
    boolean shortCircuits() {
        return kind == MATCH || kind == FIND;
    }

    /**
     * After the stream is consumed and before any element: {@code exactSize} is the pipeline's size
     * if known (only asked for COUNT and TO_ARRAY), else -1. True when the result is known already.
     */
    @Goroutine
    boolean prepare(long exactSize) {
        if (kind == FOR_EACH) {
            Objects.requireNonNull(fn);
        } else if (kind == COUNT && exactSize != -1) {
            count = exactSize;
            return true;
        } else if (kind == TO_ARRAY && exactSize >= 0 && exactSize < Integer.MAX_VALUE - 8) {
            sized = true;
            size = exactSize;
            fixed = (Object[]) ((IntFunction<?>) fn).apply((int) exactSize);
        }
        return false;
    }

    boolean wantsExactSize() {
        return kind == COUNT || kind == TO_ARRAY;
    }

    @Goroutine
    @Override
    void begin() {
        if (kind == REDUCE) {
            state = seed;
        } else if (kind == COLLECT) {
            state = ((Supplier<?>) seed).get();
        } else if (kind == TO_ARRAY) {
            if (!sized) {
                elements = new ArrayList<>();
            } else if (fixed.length != size) {
                throw new IllegalStateException(String.format("Begin size %d is not equal to fixed size %d", size, fixed.length));
            }
        }
    }

    @Goroutine
    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    void accept(Object t) {
        switch (kind) {
            case FOR_EACH:
                ((Consumer) fn).accept(t);
                return;
            case REDUCE:
                state = ((BiFunction) fn).apply(state, t);
                return;
            case REDUCE_FIRST:
                if (done) {
                    state = ((BiFunction) fn).apply(state, t);
                } else {
                    done = true;
                    state = t;
                }
                return;
            case COLLECT:
                ((BiConsumer) fn).accept(state, t);
                return;
            case COUNT:
                count++;
                return;
            case MATCH:
                if (!done && ((Predicate) fn).test(t) == stopOn) {
                    done = true;
                }
                return;
            case FIND:
                if (!done) {
                    done = true;
                    state = t;
                }
                return;
            case MIN:
            case MAX:
                if (!done) {
                    done = true;
                    state = t;
                } else {
                    int c = ((Comparator) fn).compare(state, t);
                    state = (kind == MIN ? c <= 0 : c >= 0) ? state : t;
                }
                return;
            default:
                if (!sized) {
                    elements.add(t);
                } else {
                    fixed[(int) count++] = t;
                }
        }
    }

    @Goroutine
    @Override
    void end() {
        // every result is made by result()
    }

    @Override
    boolean cancellationRequested() {
        return (kind == MATCH || kind == FIND) && done;
    }

    /** The operation's result, once the elements are in. */
    @Goroutine
    Object result() {
        switch (kind) {
            case REDUCE:
            case COLLECT:
                return state;
            case REDUCE_FIRST:
            case FIND:
            case MIN:
            case MAX:
                return done ? Optional.of(state) : Optional.empty();
            case COUNT:
                return count;
            case MATCH:
                return done ? stopResult : !stopResult;
            case TO_ARRAY:
                return sized ? fixed : array();
            default:
                return null;
        }
    }

    /** TO_ARRAY of a pipeline of unknown size: the generator's array for the count, filled as the JDK's buffer fills it. */
    @Goroutine
    private Object[] array() {
        int n = elements.size();
        Object[] a = (Object[]) ((IntFunction<?>) fn).apply(n);
        if (n > a.length) {
            throw new IndexOutOfBoundsException("does not fit");
        }
        System.arraycopy(elements.toArray(), 0, a, 0, n);
        return a;
    }
}
