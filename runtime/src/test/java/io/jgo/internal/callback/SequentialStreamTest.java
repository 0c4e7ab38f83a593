package io.jgo.internal.callback;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.BinaryOperator;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collector;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The runtime's {@link SequentialStream} as a {@code Stream} object, against the JDK's, on a plain
 * thread: each body runs on a JDK stream and on the runtime's over the same elements and must log
 * the same calls and end the same way. What the element differential ({@code StreamDifferentialTest})
 * does not reach: using a stream twice, null arguments (which ones still leave the stream usable),
 * {@code count()} of a pipeline whose size is known, {@code toArray} generators of the wrong size,
 * close handlers, and the operations replayed on the JDK ({@code parallel}, {@code iterator},
 * {@code mapToInt}...).
 */
class SequentialStreamTest {

    private interface Body {
        Object run(Stream<Integer> s, List<String> log);
    }

    private static final List<Integer> FOUR = List.of(4, 1, 3, 1);

    private static void same(String what, Collection<Integer> elements, Body body) {
        String jdk = run(copy(elements).stream(), body);
        @SuppressWarnings("unchecked")
        String ours = run((Stream<Integer>) StreamCalls.stream(copy(elements)), body);
        assertEquals(jdk, ours, what);
    }

    /** A fresh collection of the same kind (a set or a list) for each side. */
    private static Collection<Integer> copy(Collection<Integer> elements) {
        return elements instanceof Set ? new HashSet<>(elements) : new ArrayList<>(elements);
    }

    private static void same(String what, Body body) {
        same(what, FOUR, body);
    }

    private static String run(Stream<Integer> s, Body body) {
        List<String> log = new ArrayList<>();
        String outcome;
        try {
            Object r = body.run(s, log);
            outcome = "returned " + (r instanceof Object[] ? r.getClass().getSimpleName() + Arrays.toString((Object[]) r) : r);
        } catch (RuntimeException e) {
            outcome = "threw " + e.getClass().getName() + (e instanceof NullPointerException || e instanceof ArrayStoreException
                    ? "" : ": " + e.getMessage());
        }
        return log + " -> " + outcome;
    }

    private static void npe(Runnable r, List<String> log) {
        try {
            r.run();
        } catch (NullPointerException e) {
            log.add("npe");
        }
    }

    @Test
    void aStreamUsedTwiceThrowsAsTheJdksDoes() {
        same("a stage linked twice", (s, log) -> {
            s.map(x -> x);
            return s.filter(x -> true);
        });
        same("a terminal operation after a stage", (s, log) -> {
            s.map(x -> x);
            return s.count();
        });
        same("two terminal operations", (s, log) -> {
            s.forEach(x -> log.add("each " + x));
            return s.anyMatch(x -> true);
        });
        same("an iterator of a used stream", (s, log) -> {
            s.toList();
            return s.iterator();
        });
        same("a stage after a replayed one", (s, log) -> {
            log.add("sum " + s.mapToInt(x -> x).sum());
            return s.map(x -> x);
        });
        same("collect asks for the collector's functions before it finds the stream used", (s, log) -> {
            s.count();
            return s.collect(logging(log));
        });
        same("skip(0) is the same stream and links nothing", (s, log) -> {
            log.add("same " + (s.skip(0) == s));
            return s.map(x -> x + 1).toList();
        });
    }

    @Test
    void nullArgumentsThrowBeforeOrAfterLinkingAsTheJdksDo() {
        same("map(null) leaves the stream usable", (s, log) -> {
            npe(() -> s.map(null), log);
            return s.count();
        });
        same("sorted(null) uses it up", (s, log) -> {
            npe(() -> s.sorted(null), log);
            return s.count();
        });
        same("forEach(null) at the head consumes the stream", (s, log) -> {
            npe(() -> s.forEach(null), log);
            return s.count();
        });
        same("forEach(null) after a stage does not", (s, log) -> {
            Stream<Integer> m = s.map(x -> x);
            npe(() -> m.forEach(null), log);
            return m.toList();
        });
        same("anyMatch(null), reduce(null), min(null), collect(null)", (s, log) -> {
            npe(() -> s.anyMatch(null), log);
            npe(() -> s.reduce(null), log);
            npe(() -> s.reduce(0, null), log);
            npe(() -> s.min(null), log);
            npe(() -> s.collect(null), log);
            npe(() -> s.collect(ArrayList::new, null, ArrayList::addAll), log);
            return s.count();
        });
        same("findFirst of a null element", Arrays.asList(null, 1), (s, log) -> s.findFirst());
        same("limit(-1)", (s, log) -> s.limit(-1));
        same("skip(-1)", (s, log) -> s.skip(-1));
    }

    @Test
    void countRunsThePipelineOnlyWhenTheJdksDoes() {
        Function<List<String>, java.util.function.Consumer<Integer>> peek = log -> x -> log.add("peek " + x);
        same("map, peek and sorted keep the size", (s, log) -> s.peek(peek.apply(log)).map(x -> x * 2).sorted().count());
        same("filter does not", (s, log) -> s.peek(peek.apply(log)).filter(x -> true).count());
        same("distinct does not", (s, log) -> s.peek(peek.apply(log)).distinct().count());
        same("flatMap does not", (s, log) -> s.peek(peek.apply(log)).flatMap(Stream::of).count());
        same("limit", (s, log) -> s.peek(peek.apply(log)).limit(2).count());
        same("skip", (s, log) -> s.peek(peek.apply(log)).skip(1).count());
        same("skip beyond the size", (s, log) -> s.peek(peek.apply(log)).skip(9).count());
        same("skip then limit", (s, log) -> s.peek(peek.apply(log)).skip(1).limit(2).map(x -> x).count());
        same("a set's stream", new HashSet<>(FOUR), (s, log) -> s.peek(peek.apply(log)).count());
    }

    @Test
    void toArrayAsksTheGeneratorAndFailsAsTheJdksDoes() {
        same("the generator is asked for the known size before any element", (s, log) -> s.peek(x -> log.add("peek " + x))
                .toArray(n -> {
                    log.add("generator " + n);
                    return new Integer[n];
                }));
        same("of unknown size, after the elements", (s, log) -> s.filter(x -> x > 1).peek(x -> log.add("peek " + x))
                .toArray(n -> {
                    log.add("generator " + n);
                    return new Integer[n];
                }));
        same("a longer array for a known size", (s, log) -> s.toArray(n -> new Integer[n + 1]));
        same("a longer array for an unknown size", (s, log) -> s.filter(x -> true).toArray(n -> new Integer[n + 2]));
        same("a shorter array for an unknown size", (s, log) -> s.filter(x -> true).toArray(n -> new Integer[0]));
        same("the wrong element type", (s, log) -> s.toArray(String[]::new));
        same("the wrong element type, unknown size", (s, log) -> s.filter(x -> true).toArray(String[]::new));
        same("toList is the JDK's list, nulls allowed", Arrays.asList(3, null), (s, log) -> {
            List<Integer> l = s.toList();
            return l + " " + l.getClass().getName() + " " + l.contains(null);
        });
    }

    @Test
    void closeHandlersRunOnceInOrderWithLaterFailuresSuppressed() {
        same("close", (s, log) -> {
            s.onClose(() -> log.add("a")).onClose(() -> {
                log.add("b");
                throw new IllegalStateException("b");
            }).onClose(() -> {
                log.add("c");
                throw new IllegalArgumentException("c");
            });
            try {
                s.close();
            } catch (IllegalStateException e) {
                log.add("caught " + e.getMessage() + " suppressed " + Arrays.toString(e.getSuppressed()));
            }
            s.close();
            return s.count();
        });
        same("onClose on a linked stage", (s, log) -> {
            s.map(x -> x);
            return s.onClose(() -> { });
        });
        same("a later stage's close runs the handlers, keeps the source", (s, log) -> {
            Stream<Integer> m = s.onClose(() -> log.add("closed")).map(x -> x);
            Stream<Integer> f = m.filter(x -> true);
            m.close();
            return f.toList();
        });
        same("the head closed before the terminal operation", (s, log) -> {
            Stream<Integer> m = s.map(x -> x);
            s.close();
            return m.count();
        });
        same("handlers reach a replayed stream", (s, log) -> {
            try (Stream<Integer> r = s.onClose(() -> log.add("closed")).map(x -> x).takeWhile(x -> x > 2)) {
                return r.toList();
            }
        });
        same("flatMap closes every inner stream, also when the downstream throws", (s, log) -> s
                .flatMap(x -> Stream.of(x).onClose(() -> log.add("inner " + x)))
                .map(x -> {
                    if (x == 3) {
                        throw new IllegalArgumentException("at 3");
                    }
                    return x;
                }).toList());
    }

    @Test
    void operationsItDoesNotRunItselfAreTheJdks() {
        same("parallel", (s, log) -> s.parallel().map(x -> x * 2).collect(Collectors.toList()) + " " + s.isParallel());
        same("parallel then sequential", (s, log) -> s.parallel().sequential().map(x -> x * 2).toList() + " " + s.isParallel());
        same("iterator", (s, log) -> {
            Iterator<Integer> it = s.map(x -> x + 1).iterator();
            List<Integer> out = new ArrayList<>();
            it.forEachRemaining(out::add);
            return out;
        });
        same("spliterator characteristics", (s, log) -> s.sorted().spliterator().characteristics());
        same("spliterator characteristics after filter", (s, log) -> s.filter(x -> true).spliterator().characteristics());
        same("mapToInt", (s, log) -> s.map(x -> x * 2).mapToInt(x -> x).summaryStatistics());
        same("mapMulti", (s, log) -> s.<Integer>mapMulti((x, sink) -> {
            log.add("multi " + x);
            sink.accept(x);
            sink.accept(-x);
        }).peek(x -> log.add("peek " + x)).limit(3).toList());
        same("takeWhile and dropWhile", (s, log) -> s.takeWhile(x -> x > 0).dropWhile(x -> x > 3).toList());
        same("unordered, ordered source", (s, log) -> s.unordered() == s);
        same("unordered, unordered source", Set.of(1, 2), (s, log) -> s.unordered() == s);
    }

    @Test
    void collectHonoursIdentityFinishAndFinishesOtherwise() {
        same("identity finish: the finisher is not called", (s, log) -> s.collect(Collector.of(ArrayList::new, List::add,
                (a, b) -> a, a -> {
                    log.add("finisher");
                    return a;
                }, Collector.Characteristics.IDENTITY_FINISH)));
        same("a finisher", (s, log) -> s.collect(Collectors.collectingAndThen(Collectors.toList(), l -> l.size())));
        same("three functions", (s, log) -> s.collect(StringBuilder::new, StringBuilder::append, StringBuilder::append).toString());
        same("grouping", (s, log) -> s.collect(Collectors.groupingBy(x -> x % 2, Collectors.counting())));
    }

    @Test
    void onlyRewrittenSourcesGiveTheRuntimesStream() {
        assertTrue(StreamCalls.stream(new ArrayList<>(FOUR)) instanceof SequentialStream);
        assertTrue(StreamCalls.of(1) instanceof SequentialStream);
        assertTrue(StreamCalls.stream(new Integer[] {1}) instanceof SequentialStream);
        // a collection that overrides stream() keeps its own
        assertFalse(StreamCalls.stream(java.util.Collections.unmodifiableList(FOUR)) instanceof SequentialStream);
        assertEquals(FOUR, StreamCalls.stream(java.util.Collections.unmodifiableList(FOUR)).toList());
    }

    /** A collector that logs when it is asked for its functions. */
    private static Collector<Integer, List<Integer>, List<Integer>> logging(List<String> log) {
        return new Collector<>() {
            @Override
            public Supplier<List<Integer>> supplier() {
                log.add("supplier()");
                return ArrayList::new;
            }

            @Override
            public BiConsumer<List<Integer>, Integer> accumulator() {
                log.add("accumulator()");
                return List::add;
            }

            @Override
            public BinaryOperator<List<Integer>> combiner() {
                log.add("combiner()");
                return (a, b) -> a;
            }

            @Override
            public Function<List<Integer>, List<Integer>> finisher() {
                log.add("finisher()");
                return a -> a;
            }

            @Override
            public Set<Characteristics> characteristics() {
                return Set.of();
            }
        };
    }
}
