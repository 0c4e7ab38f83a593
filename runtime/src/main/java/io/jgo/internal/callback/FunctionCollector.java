package io.jgo.internal.callback;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.BinaryOperator;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collector;

/**
 * A {@link Collector} made of its five parts, as the JDK's {@code Collectors.CollectorImpl}: what
 * {@link CollectorCalls}' factories return. Its functions are lambdas of {@link CollectorCalls}, which
 * the runtime's build rewrites, so when the runtime's stream ({@link SequentialStream}) collects, a
 * suspension in a user's function unwinds through them; a JDK pipeline calls them as it calls the
 * JDK's own. Immutable; the characteristics sets are the JDK's shapes (unmodifiable, equal sets).
 */
@SuppressWarnings("rawtypes")
final class FunctionCollector implements Collector {

    /** {@code Collectors.CH_ID}. */
    static final Set<Characteristics> IDENTITY = Collections.unmodifiableSet(EnumSet.of(Characteristics.IDENTITY_FINISH));
    /** {@code Collectors.CH_NOID}. */
    static final Set<Characteristics> NONE = Collections.emptySet();

    private static final Function CASTING_IDENTITY = i -> i;

    private final Supplier supplier;
    private final BiConsumer accumulator;
    private final BinaryOperator combiner;
    private final Function finisher;
    private final Set<Characteristics> characteristics;

    FunctionCollector(Supplier supplier, BiConsumer accumulator, BinaryOperator combiner, Function finisher,
            Set<Characteristics> characteristics) {
        this.supplier = supplier;
        this.accumulator = accumulator;
        this.combiner = combiner;
        this.finisher = finisher;
        this.characteristics = characteristics;
    }

    /** An identity-finishing collector (its finisher casts, as the JDK's). */
    FunctionCollector(Supplier supplier, BiConsumer accumulator, BinaryOperator combiner, Set<Characteristics> characteristics) {
        this(supplier, accumulator, combiner, CASTING_IDENTITY, characteristics);
    }

    @Override
    public Supplier supplier() {
        return supplier;
    }

    @Override
    public BiConsumer accumulator() {
        return accumulator;
    }

    @Override
    public BinaryOperator combiner() {
        return combiner;
    }

    @Override
    public Function finisher() {
        return finisher;
    }

    @Override
    public Set<Characteristics> characteristics() {
        return characteristics;
    }
}
