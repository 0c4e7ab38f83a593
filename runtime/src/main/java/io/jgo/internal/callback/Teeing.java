package io.jgo.internal.callback;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.BinaryOperator;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collector;
import java.util.stream.Collector.Characteristics;

/**
 * {@code Collectors.teeing} for {@link CollectorCalls}: each element to both downstreams, then the
 * merger of their results; the parts of both are asked for and null-checked in the JDK's order
 * with its messages, and the characteristics are those both share, without IDENTITY_FINISH.
 */
@SuppressWarnings({"rawtypes", "unchecked"})
final class Teeing {

    /** Both downstreams' containers. */
    private static final class PairBox {
        Object left;
        Object right;
    }

    private Teeing() {
    }

    static Collector of(Collector downstream1, Collector downstream2, BiFunction merger) {
        Objects.requireNonNull(downstream1, "downstream1");
        Objects.requireNonNull(downstream2, "downstream2");
        Objects.requireNonNull(merger, "merger");
        Supplier c1Supplier = Objects.requireNonNull(downstream1.supplier(), "downstream1 supplier");
        Supplier c2Supplier = Objects.requireNonNull(downstream2.supplier(), "downstream2 supplier");
        BiConsumer c1Accumulator = Objects.requireNonNull(downstream1.accumulator(), "downstream1 accumulator");
        BiConsumer c2Accumulator = Objects.requireNonNull(downstream2.accumulator(), "downstream2 accumulator");
        BinaryOperator c1Combiner = Objects.requireNonNull(downstream1.combiner(), "downstream1 combiner");
        BinaryOperator c2Combiner = Objects.requireNonNull(downstream2.combiner(), "downstream2 combiner");
        Function c1Finisher = Objects.requireNonNull(downstream1.finisher(), "downstream1 finisher");
        Function c2Finisher = Objects.requireNonNull(downstream2.finisher(), "downstream2 finisher");
        Set<Characteristics> characteristics;
        Set<Characteristics> c1Characteristics = downstream1.characteristics();
        Set<Characteristics> c2Characteristics = downstream2.characteristics();
        if (FunctionCollector.IDENTITY.containsAll(c1Characteristics) || FunctionCollector.IDENTITY.containsAll(c2Characteristics)) {
            characteristics = FunctionCollector.NONE;
        } else {
            EnumSet<Characteristics> c = EnumSet.noneOf(Characteristics.class);
            c.addAll(c1Characteristics);
            c.retainAll(c2Characteristics);
            c.remove(Characteristics.IDENTITY_FINISH);
            characteristics = Collections.unmodifiableSet(c);
        }
        Supplier supplier = () -> {
            PairBox box = new PairBox();
            box.left = c1Supplier.get();
            box.right = c2Supplier.get();
            return box;
        };
        BiConsumer accumulator = (a, t) -> {
            PairBox box = (PairBox) a;
            c1Accumulator.accept(box.left, t);
            c2Accumulator.accept(box.right, t);
        };
        BinaryOperator combiner = (a, b) -> {
            PairBox box = (PairBox) a;
            box.left = c1Combiner.apply(box.left, ((PairBox) b).left);
            box.right = c2Combiner.apply(box.right, ((PairBox) b).right);
            return box;
        };
        Function finisher = a -> {
            PairBox box = (PairBox) a;
            Object r1 = c1Finisher.apply(box.left);
            Object r2 = c2Finisher.apply(box.right);
            return merger.apply(r1, r2);
        };
        return new FunctionCollector(supplier, accumulator, combiner, finisher, characteristics);
    }
}
