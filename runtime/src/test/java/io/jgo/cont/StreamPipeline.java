package io.jgo.cont;

import io.jgo.Goroutine;
import io.jgo.cont.shapes.Yield;
import io.jgo.internal.callback.StreamCalls;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A stream pipeline described by numbers (for {@code StreamDifferentialTest}), run on a stream it is
 * given: every lambda records its call in {@link #log} and then yields (a suspension when it runs in a
 * coroutine, nothing on a plain thread), so the log shows the order of side effects (laziness,
 * short-circuiting) and the {@link #outcome} the result or the exception. Comparators yield but do
 * not log: the JDK's sort and the runtime's compare different pairs on the way to the same order.
 * This class is rewritten (its lambdas may suspend), so its terminal operations go through the
 * runtime's {@code StreamCalls}: the JDK's own method for a JDK stream, the runtime's evaluation for its own.
 */
final class StreamPipeline implements Runnable {

    static final int FILTER = 0;
    static final int MAP = 1;
    static final int MAP_TO_NULL = 2;
    static final int PEEK = 3;
    static final int FLAT_MAP = 4;
    static final int DISTINCT = 5;
    static final int SORTED = 6;
    static final int SORTED_BY = 7;
    static final int LIMIT = 8;
    static final int SKIP = 9;
    static final int THROWING = 10;
    static final int TAKE_WHILE = 11;
    static final int DROP_WHILE = 12;
    static final int OPS = 13;
    static final String[] OP_NAMES = {"filter", "map", "mapToNull", "peek", "flatMap", "distinct", "sorted", "sortedBy",
        "limit", "skip", "throwing", "takeWhile", "dropWhile"};

    static final String[] TERMINALS = {"forEach", "forEachOrdered", "collectToList", "collect3", "reduceIdentity", "reduce",
        "reduce3", "count", "anyMatch", "allMatch", "noneMatch", "findFirst", "findAny", "min", "max", "toArray",
        "toArrayTyped", "toList", "groupingBy", "joining", "toTreeSet", "groupingByYield", "toMapUnique", "toMapMerge",
        "partitioningBy", "teeing", "reducing3", "minBy", "averagingDouble", "flatMapping", "toUnmodifiableMap",
        "summarizingInt", "reducingOptional"};

    /** One intermediate operation: its kind and its parameter. */
    record Op(int kind, int k) {
        @Override
        public String toString() {
            return OP_NAMES[kind] + "(" + k + ")";
        }
    }

    private static final Comparator<Integer> NULLS_FIRST = Comparator.nullsFirst(Comparator.<Integer>naturalOrder());
    private static final Comparator<Integer> NULLS_FIRST_REVERSED = Comparator.nullsFirst(Comparator.<Integer>reverseOrder());

    private final Stream<Integer> source;
    private final List<Op> ops;
    private final int terminal;
    /** Where the collecting terminals get their {@code Collectors}: the JDK's or the runtime's stand-ins. */
    private final PipelineCollectors collectors;
    final List<String> log = new ArrayList<>();
    String outcome;

    StreamPipeline(Stream<Integer> source, List<Op> ops, int terminal, PipelineCollectors collectors) {
        this.source = source;
        this.ops = ops;
        this.terminal = terminal;
        this.collectors = collectors;
    }

    /** What a run did: every logged call in order, then the outcome. */
    String result() {
        return log + " -> " + outcome;
    }

    @Goroutine
    @Override
    public void run() {
        try {
            outcome = "returned " + render(apply());
        } catch (RuntimeException e) {
            outcome = "threw " + e.getClass().getName()
                    + (e instanceof IllegalStateException || e instanceof IllegalArgumentException ? ": " + e.getMessage() : "");
        }
    }

    private static String render(Object o) {
        if (o instanceof Object[]) {
            return o.getClass().getSimpleName() + Arrays.toString((Object[]) o);
        }
        if (o instanceof List) {
            return o + " " + o.getClass().getName();
        }
        if (o instanceof java.util.Map) {
            // the map type the collector made (partitioningBy's is each side's own two-entry map)
            return o + " " + (o.getClass().getSimpleName().equals("Partition") ? "Partition" : o.getClass().getName());
        }
        return String.valueOf(o);
    }

    private void log(String what, Object x) {
        log.add(what + ":" + x);
    }

    /** Links one stage (no lambda runs yet). */
    private Stream<Integer> stage(Stream<Integer> s, Op op) {
        int k = op.k();
        switch (op.kind()) {
            case FILTER:
                return s.filter(x -> {
                    log("filter", x);
                    Yield.here();
                    return x == null || x % (k + 2) != 0;
                });
            case MAP:
                return s.map(x -> {
                    log("map", x);
                    Yield.here();
                    return x == null ? null : x * (k + 2) % 11;
                });
            case MAP_TO_NULL:
                return s.map(x -> {
                    log("mapToNull", x);
                    Yield.here();
                    return x != null && x == k ? null : x;
                });
            case PEEK:
                return s.peek(x -> {
                    log("peek", x);
                    Yield.here();
                });
            case FLAT_MAP:
                return s.flatMap(x -> {
                    log("flatMap", x);
                    Yield.here();
                    if (x == null) {
                        return null; // the JDK takes a null result as an empty stream
                    }
                    return x % (k + 2) == 0 ? Stream.empty() : Stream.of(x, -x).onClose(() -> log("closed", x));
                });
            case DISTINCT:
                return s.distinct();
            case SORTED:
                return s.sorted();
            case SORTED_BY:
                return s.sorted((a, b) -> {
                    Yield.here();
                    return NULLS_FIRST_REVERSED.compare(a, b);
                });
            case LIMIT:
                return s.limit(k);
            case SKIP:
                return s.skip(k);
            case TAKE_WHILE:
                return s.takeWhile(x -> {
                    log("takeWhile", x);
                    Yield.here();
                    return x == null || x != k + 3;
                });
            case DROP_WHILE:
                return s.dropWhile(x -> {
                    log("dropWhile", x);
                    Yield.here();
                    return x != null && x != k;
                });
            default:
                return s.map(x -> {
                    log("throwing", x);
                    Yield.here();
                    if (x != null && x == k) {
                        throw new IllegalArgumentException("at " + x);
                    }
                    return x;
                });
        }
    }

    @Goroutine
    private Object apply() {
        Stream<Integer> s = source;
        for (Op op : ops) {
            s = stage(s, op);
        }
        return terminal(s);
    }

    @Goroutine
    private Object terminal(Stream<Integer> s) {
        switch (terminal) {
            case 0:
                s.forEach(x -> {
                    log("each", x);
                    Yield.here();
                });
                return null;
            case 1:
                s.forEachOrdered(x -> {
                    log("ordered", x);
                    Yield.here();
                });
                return null;
            case 2:
                return s.collect(Collectors.toList());
            case 3:
                return s.collect(() -> {
                    log("supplier", null);
                    return Yield.a(new ArrayList<Integer>());
                }, (l, x) -> {
                    log("add", x);
                    Yield.here();
                    l.add(x);
                }, ArrayList::addAll);
            case 4:
                return s.reduce(0, (a, b) -> {
                    log("sum", b);
                    return Yield.i(a + (b == null ? 0 : b));
                });
            case 5:
                return s.reduce((a, b) -> {
                    log("reduce", b);
                    Yield.here();
                    return a == null ? b : b == null ? a : Integer.valueOf(a * 3 + b);
                });
            case 6:
                return s.reduce("", (String a, Integer b) -> {
                    log("fold", b);
                    return Yield.a(a + b + ";");
                }, String::concat);
            case 7:
                return s.count();
            case 8:
                return s.anyMatch(x -> {
                    log("any", x);
                    return Yield.z(x != null && x > 5);
                });
            case 9:
                return s.allMatch(x -> {
                    log("all", x);
                    return Yield.z(x == null || x < 9);
                });
            case 10:
                return s.noneMatch(x -> {
                    log("none", x);
                    return Yield.z(x != null && x % 5 == 0);
                });
            case 11:
                return s.findFirst();
            case 12:
                return s.findAny();
            case 13:
                return s.min((a, b) -> {
                    log("min", a + "/" + b);
                    Yield.here();
                    return NULLS_FIRST.compare(a, b);
                });
            case 14:
                return s.max((a, b) -> {
                    log("max", a + "/" + b);
                    Yield.here();
                    return NULLS_FIRST.compare(a, b);
                });
            case 15:
                return s.toArray();
            case 16:
                return s.toArray(n -> {
                    log("generator", n);
                    Yield.here();
                    return new Integer[n];
                });
            case 17:
                return s.toList();
            case 18:
                return s.collect(Collectors.groupingBy(x -> x == null ? 0 : x % 3, TreeMap::new, Collectors.toList()));
            case 19:
                return s.collect(Collectors.mapping(x -> String.valueOf(x), Collectors.joining(",", "<", ">")));
            case 20:
                return s.collect(Collectors.toCollection(TreeSet::new));
            default:
                return collect(s);
        }
    }

    /**
     * The terminals whose collector's own functions suspend, from {@link #collectors}. The collector is
     * made here by an interface call, which the rewrite does not see as a {@code Collectors} factory,
     * so this method calls {@code StreamCalls.collect} itself, as the rewrite does where it sees one
     * ({@code CallbackSubstitutionTest}).
     */
    @Goroutine
    @SuppressWarnings({"unchecked", "rawtypes"})
    private Object collect(Stream<Integer> s) {
        PipelineCollectors c = collectors;
        switch (terminal) {
            case 21:
                return StreamCalls.collect(s, c.groupingBy(x -> {
                    log("classify", x);
                    return Yield.a(x == null ? -1 : (Integer) x % 3);
                }, TreeMap::new, c.mapping(x -> {
                    log("mapping", x);
                    return Yield.a(String.valueOf(x));
                }, Collectors.toList())));
            case 22:
                return StreamCalls.collect(s, c.toMap(x -> {
                    log("key", x);
                    return Yield.a(x == null ? 0 : (Integer) x % 5);
                }, x -> {
                    log("value", x);
                    return Yield.a(String.valueOf(x));
                }));
            case 23:
                return StreamCalls.collect(s, c.toMap(x -> Yield.a(x == null ? 0 : (Integer) x % 4), x -> Yield.a(x == null ? 1 : x), (a, b) -> {
                    log("merge", a + "+" + b);
                    return Yield.a((Integer) a + (Integer) b);
                }, java.util.LinkedHashMap::new));
            case 24:
                return StreamCalls.collect(s, c.partitioningBy(x -> {
                    log("test", x);
                    return Yield.z(x != null && (Integer) x > 3);
                }, c.collectingAndThen(Collectors.toList(), l -> {
                    log("finish", l);
                    return Yield.a(((List) l).size());
                })));
            case 25:
                return StreamCalls.collect(s, c.teeing(c.summingInt(x -> {
                    log("summing", x);
                    return Yield.i(x == null ? 0 : (Integer) x);
                }), c.filtering(x -> Yield.z(x != null && (Integer) x % 2 == 0), c.toCollection(() -> {
                    log("supplier", null);
                    return Yield.a(new ArrayList<>());
                })), (a, b) -> {
                    log("merger", a);
                    return Yield.a(a + ":" + b);
                }));
            case 26:
                return StreamCalls.collect(s, c.reducing(100, x -> Yield.a(x == null ? 0 : x), (a, b) -> {
                    log("op", a + "/" + b);
                    return Yield.a((Integer) a - (Integer) b);
                }));
            case 27:
                return StreamCalls.collect(s, c.minBy((a, b) -> {
                    log("minBy", a + "/" + b);
                    return Yield.i(NULLS_FIRST.compare((Integer) a, (Integer) b));
                }));
            case 28:
                return StreamCalls.collect(s, c.averagingDouble(x -> Yield.d(x == null ? 0.5 : (Integer) x / 3.0)));
            case 29:
                return StreamCalls.collect(s, c.flatMapping(x -> {
                    log("flatMapping", x);
                    Yield.here();
                    return x == null ? null : Stream.of((Integer) x, (Integer) x + 1);
                }, c.toCollection(TreeSet::new)));
            case 30:
                return StreamCalls.collect(s, c.toUnmodifiableMap(x -> Yield.a(x == null ? 0 : (Integer) x % 3), x -> Yield.a(x == null ? 0 : x),
                        (a, b) -> Yield.a((Integer) a + (Integer) b)));
            case 31:
                return StreamCalls.collect(s, c.summarizingInt(x -> Yield.i(x == null ? 7 : (Integer) x)));
            default:
                return StreamCalls.collect(s, c.reducing((a, b) -> {
                    log("reducing", a + "/" + b);
                    return Yield.a(a == null ? b : b == null ? a : Integer.valueOf((Integer) a * 3 + (Integer) b));
                }));
        }
    }
}
