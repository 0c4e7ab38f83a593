package io.jgo.internal.callback;

import io.jgo.Goroutine;
import java.util.Objects;
import java.util.Spliterator;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * The source of an infinite or generated stream ({@code Stream.iterate}, both forms, and
 * {@code Stream.generate}, and their {@code IntStream}, {@code LongStream} and {@code DoubleStream}
 * forms), whose function runs when the next element is asked for: {@link #tryAdvance} is
 * {@code @Goroutine}, so when a {@link Pipeline} pulls it a suspending function unwinds. It calls
 * the functions in the JDK's order (the seed first without a call; {@code next} of the previous
 * element only when another is asked for; {@code hasNext} on each, and never again once it has
 * failed), and reports the JDK's characteristics ({@code ORDERED} for {@code iterate}, none for
 * {@code generate}; never {@code SIZED}). A primitive stream's functions are adapted to boxed ones
 * by {@link PrimitiveStreamCalls}. Replayed on a JDK stream, the JDK calls it as any spliterator (a
 * suspension there pins). One pipeline's, pulled by one thread or goroutine at a time.
 */
final class Generator implements Spliterator<Object> {

    private final Object seed;
    /** iterate: the next element from the previous; null for generate. */
    private final UnaryOperator<Object> next;
    /** iterate's three-argument form: whether an element is one; else null. */
    private final Predicate<Object> hasNext;
    /** generate: each element; else null. */
    private final Supplier<Object> supplier;
    private Object previous;
    private boolean started;
    private boolean finished;

    private Generator(Object seed, UnaryOperator<Object> next, Predicate<Object> hasNext, Supplier<Object> supplier) {
        this.seed = seed;
        this.next = next;
        this.hasNext = hasNext;
        this.supplier = supplier;
    }

    /** {@code Stream.iterate(seed, next)}: its null check comes first, as the JDK's. */
    static Generator iterate(Object seed, UnaryOperator<Object> next) {
        return new Generator(seed, Objects.requireNonNull(next), null, null);
    }

    /** {@code Stream.iterate(seed, hasNext, next)}: {@code next} is checked first, as the JDK's. */
    static Generator iterate(Object seed, Predicate<Object> hasNext, UnaryOperator<Object> next) {
        Objects.requireNonNull(next);
        return new Generator(seed, next, Objects.requireNonNull(hasNext), null);
    }

    static Generator generate(Supplier<Object> supplier) {
        return new Generator(null, null, null, Objects.requireNonNull(supplier));
    }

    @Goroutine
    @Override
    public boolean tryAdvance(Consumer<? super Object> action) {
        Objects.requireNonNull(action);
        if (supplier != null) {
            action.accept(supplier.get());
            return true;
        }
        if (finished) {
            return false;
        }
        Object t;
        if (started) {
            t = next.apply(previous);
        } else {
            t = seed;
            started = true;
        }
        if (hasNext != null && !hasNext.test(t)) {
            previous = null;
            finished = true;
            return false;
        }
        previous = t;
        action.accept(t);
        return true;
    }

    @Override
    public Spliterator<Object> trySplit() {
        return null;
    }

    @Override
    public long estimateSize() {
        return Long.MAX_VALUE;
    }

    @Override
    public int characteristics() {
        return supplier != null ? Spliterator.IMMUTABLE : Spliterator.ORDERED | Spliterator.IMMUTABLE;
    }
}
