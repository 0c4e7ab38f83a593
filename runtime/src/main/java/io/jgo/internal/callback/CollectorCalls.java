package io.jgo.internal.callback;

import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.DoubleSummaryStatistics;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.IntSummaryStatistics;
import java.util.List;
import java.util.LongSummaryStatistics;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.BinaryOperator;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;
import java.util.stream.Collector;
import java.util.stream.Collector.Characteristics;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What rewritten code calls instead of the {@code java.util.stream.Collectors} factories that take a
 * function (the instrumenter's {@code CallbackCalls}), same name and descriptor:
 * <pre>
 *   invokestatic Collectors.groupingBy(Function, Collector)  -> invokestatic CollectorCalls.groupingBy(Function, Collector)
 * </pre>
 * Each returns a {@link FunctionCollector} built step by step as the JDK's factory builds its own
 * (same map types, null checks and messages, {@code Duplicate key k (attempted merging values u and v)},
 * characteristics, the downstream's parts asked for in the same order), but whose functions are this
 * class's lambdas: rewritten by the runtime's build, they call the user's functions from rewritten
 * frames, and go through {@link MapCalls} and {@link StreamCalls} where the JDK's call
 * {@code Map.computeIfAbsent}, {@code Map.merge}, {@code Map.replaceAll} or {@code Stream.forEach}, so
 * a suspension in a classifier, mapper, merge function or finisher unwinds when the runtime's stream
 * collects. In a JDK pipeline they run as the JDK's do (and pin where those would).
 * {@code groupingByConcurrent} and {@code toConcurrentMap} stay the JDK's: a concurrent map's
 * {@code compute} holds a lock around the function.
 */
@SuppressWarnings({"rawtypes", "unchecked"})
public final class CollectorCalls {

    private CollectorCalls() {
    }

    private static IllegalStateException duplicateKey(Object k, Object u, Object v) {
        return new IllegalStateException(String.format("Duplicate key %s (attempted merging values %s and %s)", k, u, v));
    }

    // ---------------------------------------------------------------- collections and maps

    public static Collector toCollection(Supplier collectionFactory) {
        return new FunctionCollector(collectionFactory, (c, t) -> ((Collection) c).add(t),
                (r1, r2) -> {
                    ((Collection) r1).addAll((Collection) r2);
                    return r1;
                }, FunctionCollector.IDENTITY);
    }

    public static Collector toMap(Function keyMapper, Function valueMapper) {
        return new FunctionCollector(HashMap::new, uniqueKeysAccumulator(keyMapper, valueMapper), uniqueKeysMerger(),
                FunctionCollector.IDENTITY);
    }

    public static Collector toMap(Function keyMapper, Function valueMapper, BinaryOperator mergeFunction) {
        return toMap(keyMapper, valueMapper, mergeFunction, HashMap::new);
    }

    public static Collector toMap(Function keyMapper, Function valueMapper, BinaryOperator mergeFunction, Supplier mapFactory) {
        BiConsumer accumulator = (map, element) -> MapCalls.merge((Map) map, keyMapper.apply(element),
                valueMapper.apply(element), mergeFunction);
        return new FunctionCollector(mapFactory, accumulator, mapMerger(mergeFunction), FunctionCollector.IDENTITY);
    }

    public static Collector toUnmodifiableMap(Function keyMapper, Function valueMapper) {
        Objects.requireNonNull(keyMapper, "keyMapper");
        Objects.requireNonNull(valueMapper, "valueMapper");
        return collectingAndThen(toMap(keyMapper, valueMapper), CollectorCalls::unmodifiable);
    }

    public static Collector toUnmodifiableMap(Function keyMapper, Function valueMapper, BinaryOperator mergeFunction) {
        Objects.requireNonNull(keyMapper, "keyMapper");
        Objects.requireNonNull(valueMapper, "valueMapper");
        Objects.requireNonNull(mergeFunction, "mergeFunction");
        return collectingAndThen(toMap(keyMapper, valueMapper, mergeFunction, HashMap::new), CollectorCalls::unmodifiable);
    }

    private static Object unmodifiable(Object map) {
        return Map.ofEntries((Map.Entry[]) ((Map) map).entrySet().toArray(new Map.Entry[0]));
    }

    /** {@code Collectors.uniqKeysMapAccumulator}: a key seen twice fails with both values. */
    private static BiConsumer uniqueKeysAccumulator(Function keyMapper, Function valueMapper) {
        return (map, element) -> {
            Object k = keyMapper.apply(element);
            Object v = Objects.requireNonNull(valueMapper.apply(element));
            Object u = ((Map) map).putIfAbsent(k, v);
            if (u != null) {
                throw duplicateKey(k, u, v);
            }
        };
    }

    private static BinaryOperator uniqueKeysMerger() {
        return (m1, m2) -> {
            for (Object o : ((Map) m2).entrySet()) {
                Map.Entry e = (Map.Entry) o;
                Object k = e.getKey();
                Object v = Objects.requireNonNull(e.getValue());
                Object u = ((Map) m1).putIfAbsent(k, v);
                if (u != null) {
                    throw duplicateKey(k, u, v);
                }
            }
            return m1;
        };
    }

    private static BinaryOperator mapMerger(BinaryOperator mergeFunction) {
        return (m1, m2) -> {
            for (Object o : ((Map) m2).entrySet()) {
                Map.Entry e = (Map.Entry) o;
                MapCalls.merge((Map) m1, e.getKey(), e.getValue(), mergeFunction);
            }
            return m1;
        };
    }

    // ---------------------------------------------------------------- grouping

    public static Collector groupingBy(Function classifier) {
        return groupingBy(classifier, Collectors.toList());
    }

    public static Collector groupingBy(Function classifier, Collector downstream) {
        return groupingBy(classifier, HashMap::new, downstream);
    }

    public static Collector groupingBy(Function classifier, Supplier mapFactory, Collector downstream) {
        Supplier downstreamSupplier = downstream.supplier();
        BiConsumer downstreamAccumulator = downstream.accumulator();
        BiConsumer accumulator = (m, t) -> {
            Object key = Objects.requireNonNull(classifier.apply(t), "element cannot be mapped to a null key");
            Object container = MapCalls.computeIfAbsent((Map) m, key, k -> downstreamSupplier.get());
            downstreamAccumulator.accept(container, t);
        };
        BinaryOperator merger = mapMerger(downstream.combiner());
        if (downstream.characteristics().contains(Characteristics.IDENTITY_FINISH)) {
            return new FunctionCollector(mapFactory, accumulator, merger, FunctionCollector.IDENTITY);
        }
        Function downstreamFinisher = downstream.finisher();
        Function finisher = intermediate -> {
            MapCalls.replaceAll((Map) intermediate, (k, v) -> downstreamFinisher.apply(v));
            return intermediate;
        };
        return new FunctionCollector(mapFactory, accumulator, merger, finisher, FunctionCollector.NONE);
    }

    public static Collector partitioningBy(Predicate predicate) {
        return partitioningBy(predicate, Collectors.toList());
    }

    public static Collector partitioningBy(Predicate predicate, Collector downstream) {
        BiConsumer downstreamAccumulator = downstream.accumulator();
        BiConsumer accumulator = (result, t) -> {
            Partition p = (Partition) result;
            downstreamAccumulator.accept(predicate.test(t) ? p.forTrue : p.forFalse, t);
        };
        BinaryOperator op = downstream.combiner();
        BinaryOperator merger = (left, right) -> new Partition(op.apply(((Partition) left).forTrue, ((Partition) right).forTrue),
                op.apply(((Partition) left).forFalse, ((Partition) right).forFalse));
        Supplier supplier = () -> new Partition(downstream.supplier().get(), downstream.supplier().get());
        if (downstream.characteristics().contains(Characteristics.IDENTITY_FINISH)) {
            return new FunctionCollector(supplier, accumulator, merger, FunctionCollector.IDENTITY);
        }
        Function finisher = par -> new Partition(downstream.finisher().apply(((Partition) par).forTrue),
                downstream.finisher().apply(((Partition) par).forFalse));
        return new FunctionCollector(supplier, accumulator, merger, finisher, FunctionCollector.NONE);
    }

    // ---------------------------------------------------------------- adapting a downstream

    public static Collector mapping(Function mapper, Collector downstream) {
        BiConsumer downstreamAccumulator = downstream.accumulator();
        return new FunctionCollector(downstream.supplier(), (r, t) -> downstreamAccumulator.accept(r, mapper.apply(t)),
                downstream.combiner(), downstream.finisher(), downstream.characteristics());
    }

    public static Collector flatMapping(Function mapper, Collector downstream) {
        BiConsumer downstreamAccumulator = downstream.accumulator();
        return new FunctionCollector(downstream.supplier(), (r, t) -> {
            try (Stream result = (Stream) mapper.apply(t)) {
                if (result != null) {
                    StreamCalls.forEach((Stream) result.sequential(), u -> downstreamAccumulator.accept(r, u));
                }
            }
        }, downstream.combiner(), downstream.finisher(), downstream.characteristics());
    }

    public static Collector filtering(Predicate predicate, Collector downstream) {
        BiConsumer downstreamAccumulator = downstream.accumulator();
        return new FunctionCollector(downstream.supplier(), (r, t) -> {
            if (predicate.test(t)) {
                downstreamAccumulator.accept(r, t);
            }
        }, downstream.combiner(), downstream.finisher(), downstream.characteristics());
    }

    public static Collector collectingAndThen(Collector downstream, Function finisher) {
        Set<Characteristics> characteristics = downstream.characteristics();
        if (characteristics.contains(Characteristics.IDENTITY_FINISH)) {
            if (characteristics.size() == 1) {
                characteristics = FunctionCollector.NONE;
            } else {
                characteristics = EnumSet.copyOf(characteristics);
                characteristics.remove(Characteristics.IDENTITY_FINISH);
                characteristics = Collections.unmodifiableSet(characteristics);
            }
        }
        Function first = downstream.finisher();
        Objects.requireNonNull(finisher); // Function.andThen's check
        return new FunctionCollector(downstream.supplier(), downstream.accumulator(), downstream.combiner(),
                a -> finisher.apply(first.apply(a)), characteristics);
    }

    public static Collector teeing(Collector downstream1, Collector downstream2, BiFunction merger) {
        return Teeing.of(downstream1, downstream2, merger);
    }

    // ---------------------------------------------------------------- reductions

    public static Collector minBy(Comparator comparator) {
        Objects.requireNonNull(comparator); // BinaryOperator.minBy's check
        return reducing((a, b) -> comparator.compare(a, b) <= 0 ? a : b);
    }

    public static Collector maxBy(Comparator comparator) {
        Objects.requireNonNull(comparator);
        return reducing((a, b) -> comparator.compare(a, b) >= 0 ? a : b);
    }

    public static Collector reducing(Object identity, BinaryOperator op) {
        return new FunctionCollector(() -> new Object[] {identity}, (a, t) -> {
            Object[] box = (Object[]) a;
            box[0] = op.apply(box[0], t);
        }, (a, b) -> {
            Object[] box = (Object[]) a;
            box[0] = op.apply(box[0], ((Object[]) b)[0]);
            return a;
        }, a -> ((Object[]) a)[0], FunctionCollector.NONE);
    }

    public static Collector reducing(Object identity, Function mapper, BinaryOperator op) {
        return new FunctionCollector(() -> new Object[] {identity}, (a, t) -> {
            Object[] box = (Object[]) a;
            box[0] = op.apply(box[0], mapper.apply(t));
        }, (a, b) -> {
            Object[] box = (Object[]) a;
            box[0] = op.apply(box[0], ((Object[]) b)[0]);
            return a;
        }, a -> ((Object[]) a)[0], FunctionCollector.NONE);
    }

    /** {@code Collectors.reducing(op)}: the first element, then {@code op} of the result so far and each next one. */
    public static Collector reducing(BinaryOperator op) {
        BiConsumer add = (a, t) -> {
            OptionalBox box = (OptionalBox) a;
            if (box.present) {
                box.value = op.apply(box.value, t);
            } else {
                box.value = t;
                box.present = true;
            }
        };
        return new FunctionCollector(OptionalBox::new, add, (a, b) -> {
            if (((OptionalBox) b).present) {
                add.accept(a, ((OptionalBox) b).value);
            }
            return a;
        }, a -> Optional.ofNullable(((OptionalBox) a).value), FunctionCollector.NONE);
    }

    /** The state of {@link #reducing(BinaryOperator)}. */
    private static final class OptionalBox {
        Object value;
        boolean present;
    }

    // ---------------------------------------------------------------- sums, averages, statistics

    public static Collector summingInt(ToIntFunction mapper) {
        return new FunctionCollector(() -> new int[1], (a, t) -> ((int[]) a)[0] += mapper.applyAsInt(t), (a, b) -> {
            ((int[]) a)[0] += ((int[]) b)[0];
            return a;
        }, a -> ((int[]) a)[0], FunctionCollector.NONE);
    }

    public static Collector summingLong(ToLongFunction mapper) {
        return new FunctionCollector(() -> new long[1], (a, t) -> ((long[]) a)[0] += mapper.applyAsLong(t), (a, b) -> {
            ((long[]) a)[0] += ((long[]) b)[0];
            return a;
        }, a -> ((long[]) a)[0], FunctionCollector.NONE);
    }

    public static Collector summingDouble(ToDoubleFunction mapper) {
        return DoubleSums.summing(mapper);
    }

    public static Collector averagingInt(ToIntFunction mapper) {
        return new FunctionCollector(() -> new long[2], (a, t) -> {
            long[] s = (long[]) a;
            s[0] += mapper.applyAsInt(t);
            s[1]++;
        }, CollectorCalls::addPairs, a -> average((long[]) a), FunctionCollector.NONE);
    }

    public static Collector averagingLong(ToLongFunction mapper) {
        return new FunctionCollector(() -> new long[2], (a, t) -> {
            long[] s = (long[]) a;
            s[0] += mapper.applyAsLong(t);
            s[1]++;
        }, CollectorCalls::addPairs, a -> average((long[]) a), FunctionCollector.NONE);
    }

    private static Object addPairs(Object a, Object b) {
        ((long[]) a)[0] += ((long[]) b)[0];
        ((long[]) a)[1] += ((long[]) b)[1];
        return a;
    }

    private static Double average(long[] a) {
        return a[1] == 0 ? 0.0d : (double) a[0] / a[1];
    }

    public static Collector averagingDouble(ToDoubleFunction mapper) {
        return DoubleSums.averaging(mapper);
    }

    public static Collector summarizingInt(ToIntFunction mapper) {
        return new FunctionCollector(IntSummaryStatistics::new, (r, t) -> ((IntSummaryStatistics) r).accept(mapper.applyAsInt(t)),
                (l, r) -> {
                    ((IntSummaryStatistics) l).combine((IntSummaryStatistics) r);
                    return l;
                }, FunctionCollector.IDENTITY);
    }

    public static Collector summarizingLong(ToLongFunction mapper) {
        return new FunctionCollector(LongSummaryStatistics::new, (r, t) -> ((LongSummaryStatistics) r).accept(mapper.applyAsLong(t)),
                (l, r) -> {
                    ((LongSummaryStatistics) l).combine((LongSummaryStatistics) r);
                    return l;
                }, FunctionCollector.IDENTITY);
    }

    public static Collector summarizingDouble(ToDoubleFunction mapper) {
        return new FunctionCollector(DoubleSummaryStatistics::new,
                (r, t) -> ((DoubleSummaryStatistics) r).accept(mapper.applyAsDouble(t)), (l, r) -> {
                    ((DoubleSummaryStatistics) l).combine((DoubleSummaryStatistics) r);
                    return l;
                }, FunctionCollector.IDENTITY);
    }
}
