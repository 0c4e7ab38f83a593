package io.jgo.cont;

import io.jgo.internal.callback.CollectorCalls;
import java.util.Comparator;
import java.util.function.BiFunction;
import java.util.function.BinaryOperator;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;
import java.util.stream.Collector;
import java.util.stream.Collectors;

/**
 * The {@code Collectors} factories {@link StreamPipeline}'s collecting terminals use, from one of two
 * sides, so the differential test compares the runtime's collectors with the JDK's own: {@link #JDK}
 * is a plain class (not rewritten: no {@code @Goroutine}, no lambda of its own) that calls
 * {@code java.util.stream.Collectors}; {@link #RUNTIME} calls {@code CollectorCalls}, what the
 * rewrite puts in place of those calls.
 */
@SuppressWarnings({"rawtypes", "unchecked"})
interface PipelineCollectors {

    PipelineCollectors JDK = new Jdk();
    PipelineCollectors RUNTIME = new Runtime();

    Collector groupingBy(Function classifier, Supplier mapFactory, Collector downstream);

    Collector mapping(Function mapper, Collector downstream);

    Collector toMap(Function keyMapper, Function valueMapper);

    Collector toMap(Function keyMapper, Function valueMapper, BinaryOperator merge, Supplier mapFactory);

    Collector toUnmodifiableMap(Function keyMapper, Function valueMapper, BinaryOperator merge);

    Collector partitioningBy(Predicate predicate, Collector downstream);

    Collector teeing(Collector a, Collector b, BiFunction merger);

    Collector summingInt(ToIntFunction mapper);

    Collector averagingDouble(ToDoubleFunction mapper);

    Collector summarizingInt(ToIntFunction mapper);

    Collector filtering(Predicate predicate, Collector downstream);

    Collector flatMapping(Function mapper, Collector downstream);

    Collector reducing(Object identity, Function mapper, BinaryOperator op);

    Collector reducing(BinaryOperator op);

    Collector collectingAndThen(Collector downstream, Function finisher);

    Collector minBy(Comparator comparator);

    Collector toCollection(Supplier factory);

    /** The JDK's own collectors. */
    final class Jdk implements PipelineCollectors {
        public Collector groupingBy(Function classifier, Supplier mapFactory, Collector downstream) {
            return Collectors.groupingBy(classifier, mapFactory, downstream);
        }

        public Collector mapping(Function mapper, Collector downstream) {
            return Collectors.mapping(mapper, downstream);
        }

        public Collector toMap(Function keyMapper, Function valueMapper) {
            return Collectors.toMap(keyMapper, valueMapper);
        }

        public Collector toMap(Function keyMapper, Function valueMapper, BinaryOperator merge, Supplier mapFactory) {
            return Collectors.toMap(keyMapper, valueMapper, merge, mapFactory);
        }

        public Collector toUnmodifiableMap(Function keyMapper, Function valueMapper, BinaryOperator merge) {
            return Collectors.toUnmodifiableMap(keyMapper, valueMapper, merge);
        }

        public Collector partitioningBy(Predicate predicate, Collector downstream) {
            return Collectors.partitioningBy(predicate, downstream);
        }

        public Collector teeing(Collector a, Collector b, BiFunction merger) {
            return Collectors.teeing(a, b, merger);
        }

        public Collector summingInt(ToIntFunction mapper) {
            return Collectors.summingInt(mapper);
        }

        public Collector averagingDouble(ToDoubleFunction mapper) {
            return Collectors.averagingDouble(mapper);
        }

        public Collector summarizingInt(ToIntFunction mapper) {
            return Collectors.summarizingInt(mapper);
        }

        public Collector filtering(Predicate predicate, Collector downstream) {
            return Collectors.filtering(predicate, downstream);
        }

        public Collector flatMapping(Function mapper, Collector downstream) {
            return Collectors.flatMapping(mapper, downstream);
        }

        public Collector reducing(Object identity, Function mapper, BinaryOperator op) {
            return Collectors.reducing(identity, mapper, op);
        }

        public Collector reducing(BinaryOperator op) {
            return Collectors.reducing(op);
        }

        public Collector collectingAndThen(Collector downstream, Function finisher) {
            return Collectors.collectingAndThen(downstream, finisher);
        }

        public Collector minBy(Comparator comparator) {
            return Collectors.minBy(comparator);
        }

        public Collector toCollection(Supplier factory) {
            return Collectors.toCollection(factory);
        }
    }

    /** The runtime's stand-ins, which the rewrite calls instead of the JDK's. */
    final class Runtime implements PipelineCollectors {
        public Collector groupingBy(Function classifier, Supplier mapFactory, Collector downstream) {
            return CollectorCalls.groupingBy(classifier, mapFactory, downstream);
        }

        public Collector mapping(Function mapper, Collector downstream) {
            return CollectorCalls.mapping(mapper, downstream);
        }

        public Collector toMap(Function keyMapper, Function valueMapper) {
            return CollectorCalls.toMap(keyMapper, valueMapper);
        }

        public Collector toMap(Function keyMapper, Function valueMapper, BinaryOperator merge, Supplier mapFactory) {
            return CollectorCalls.toMap(keyMapper, valueMapper, merge, mapFactory);
        }

        public Collector toUnmodifiableMap(Function keyMapper, Function valueMapper, BinaryOperator merge) {
            return CollectorCalls.toUnmodifiableMap(keyMapper, valueMapper, merge);
        }

        public Collector partitioningBy(Predicate predicate, Collector downstream) {
            return CollectorCalls.partitioningBy(predicate, downstream);
        }

        public Collector teeing(Collector a, Collector b, BiFunction merger) {
            return CollectorCalls.teeing(a, b, merger);
        }

        public Collector summingInt(ToIntFunction mapper) {
            return CollectorCalls.summingInt(mapper);
        }

        public Collector averagingDouble(ToDoubleFunction mapper) {
            return CollectorCalls.averagingDouble(mapper);
        }

        public Collector summarizingInt(ToIntFunction mapper) {
            return CollectorCalls.summarizingInt(mapper);
        }

        public Collector filtering(Predicate predicate, Collector downstream) {
            return CollectorCalls.filtering(predicate, downstream);
        }

        public Collector flatMapping(Function mapper, Collector downstream) {
            return CollectorCalls.flatMapping(mapper, downstream);
        }

        public Collector reducing(Object identity, Function mapper, BinaryOperator op) {
            return CollectorCalls.reducing(identity, mapper, op);
        }

        public Collector reducing(BinaryOperator op) {
            return CollectorCalls.reducing(op);
        }

        public Collector collectingAndThen(Collector downstream, Function finisher) {
            return CollectorCalls.collectingAndThen(downstream, finisher);
        }

        public Collector minBy(Comparator comparator) {
            return CollectorCalls.minBy(comparator);
        }

        public Collector toCollection(Supplier factory) {
            return CollectorCalls.toCollection(factory);
        }
    }
}
