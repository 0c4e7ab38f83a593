package io.jgo.cont;

import io.jgo.Goroutine;
import io.jgo.cont.shapes.Yield;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * A primitive stream pipeline described by numbers (for {@code PrimitiveStreamDifferentialTest}), as
 * {@link StreamPipeline} is for {@code Stream}: an {@code IntStream} it is given, its stages (some go
 * through a {@code LongStream}, a {@code DoubleStream} or a {@code Stream} and back), then a terminal
 * operation (some on another shape). Every lambda logs its call and then yields (a suspension in a
 * coroutine, nothing on a plain thread). This class is rewritten, so its terminal operations go through
 * the runtime's {@code PrimitiveStreamCalls}: the JDK's own method for a JDK stream.
 */
final class PrimitiveStreamPipeline implements Runnable {

    static final String[] OP_NAMES = {"filter", "map", "peek", "flatMap", "distinct", "sorted", "limit", "skip", "takeWhile",
        "dropWhile", "mapMulti", "viaLong", "viaDouble", "viaObj", "boxedFlatMapToInt", "asLong", "throwing",
        "viaMapMultiToInt", "distinctPeekSorted", "boxedPeekSorted", "asLongPeekSorted"};
    static final int OPS = OP_NAMES.length;
    static final String[] TERMINALS = {"forEach", "forEachOrdered", "toArray", "reduceIdentity", "reduce", "collect", "sum",
        "min", "max", "count", "average", "summaryStatistics", "anyMatch", "allMatch", "noneMatch", "findFirst", "findAny",
        "boxedToList", "longSum", "doubleSum", "doubleAverage", "doubleSummary", "longReduce", "doubleToArray", "doubleMax",
        "longFindFirst"};

    private final IntStream source;
    private final int[] ops;
    private final int terminal;
    /** Shared with the source's own functions ({@code iterate}, {@code generate}). */
    final List<String> log;
    String outcome;

    PrimitiveStreamPipeline(IntStream source, List<String> log, int[] ops, int terminal) {
        this.source = source;
        this.log = log;
        this.ops = ops;
        this.terminal = terminal;
    }

    String result() {
        return log + " -> " + outcome;
    }

    @Goroutine
    @Override
    public void run() {
        try {
            Object r = terminal(apply());
            outcome = "returned " + (r instanceof int[] ? Arrays.toString((int[]) r)
                    : r instanceof double[] ? Arrays.toString((double[]) r) : String.valueOf(r));
        } catch (RuntimeException e) {
            outcome = "threw " + e.getClass().getName()
                    + (e instanceof IllegalStateException || e instanceof IllegalArgumentException ? ": " + e.getMessage() : "");
        }
    }

    private void log(String what, Object x) {
        log.add(what + ":" + x);
    }

    private IntStream apply() {
        IntStream s = source;
        for (int op : ops) {
            s = stage(s, op);
        }
        return s;
    }

    /** Links one stage (no lambda runs yet). */
    private IntStream stage(IntStream s, int op) {
        switch (op) {
            case 0:
                return s.filter(x -> {
                    log("filter", x);
                    return Yield.z(x % 3 != 0);
                });
            case 1:
                return s.map(x -> {
                    log("map", x);
                    return Yield.i(x * 7 % 11);
                });
            case 2:
                return s.peek(x -> {
                    log("peek", x);
                    Yield.here();
                });
            case 3:
                return s.flatMap(x -> {
                    log("flatMap", x);
                    Yield.here();
                    return x % 4 == 0 ? null : IntStream.of(x, -x).onClose(() -> log("closed", x));
                });
            case 4:
                return s.distinct();
            case 5:
                return s.sorted();
            case 6:
                return s.limit(3);
            case 7:
                return s.skip(2);
            case 8:
                return s.takeWhile(x -> {
                    log("takeWhile", x);
                    return Yield.z(x != 5);
                });
            case 9:
                return s.dropWhile(x -> {
                    log("dropWhile", x);
                    return Yield.z(x < 2);
                });
            case 10:
                return s.mapMulti((x, down) -> {
                    log("mapMulti", x);
                    Yield.here();
                    for (int i = 0; i < x % 3; i++) {
                        down.accept(x + i);
                    }
                });
            case 11:
                return s.mapToLong(x -> {
                    log("toLong", x);
                    return Yield.j(x * 3L);
                }).filter(l -> {
                    log("longFilter", l);
                    return Yield.z(l != 9);
                }).mapToInt(l -> (int) Yield.j(l));
            case 12:
                return s.mapToDouble(x -> Yield.d(x / 2.0)).peek(d -> {
                    log("doublePeek", d);
                    Yield.here();
                }).mapToInt(d -> {
                    log("toInt", d);
                    return Yield.i((int) Math.floor(d));
                });
            case 13:
                return s.mapToObj(x -> {
                    log("toObj", x);
                    return Yield.a("v" + x);
                }).map(v -> Yield.a(v + "!")).mapToInt(v -> Yield.i(v.length() * 10 + v.charAt(1) - '0'));
            case 14:
                return s.boxed().flatMapToInt(x -> {
                    log("flatMapToInt", x);
                    Yield.here();
                    return IntStream.range(x, x + x % 3);
                });
            case 15:
                return s.asLongStream().map(l -> Yield.j(l + 1)).mapToInt(l -> (int) l);
            case 16:
                return s.map(x -> {
                    log("throwing", x);
                    Yield.here();
                    if (x == 6) {
                        throw new IllegalArgumentException("at " + x);
                    }
                    return x;
                });
            case 18:
                // the JDK forgets sorted after distinct: the sort is a barrier even on a range
                return s.distinct().peek(x -> {
                    log("afterDistinct", x);
                    Yield.here();
                }).sorted();
            case 19:
                // boxed keeps sorted: on a range the JDK skips the sort (and its barrier)
                return s.boxed().peek(x -> {
                    log("boxed", x);
                    Yield.here();
                }).sorted().mapToInt(Integer::intValue);
            case 20:
                return s.asLongStream().peek(l -> {
                    log("asLong", l);
                    Yield.here();
                }).sorted().mapToInt(l -> (int) l);
            case 17:
                return s.boxed().mapMultiToInt((x, down) -> {
                    log("mapMultiToInt", x);
                    Yield.here();
                    down.accept(x);
                    down.accept(x * 2);
                });
            default:
                throw new IllegalArgumentException("no operation " + op);
        }
    }

    @Goroutine
    private Object terminal(IntStream s) {
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
                return s.toArray();
            case 3:
                return s.reduce(1, (a, b) -> {
                    log("fold", b);
                    return Yield.i(a * 3 + b);
                });
            case 4:
                return s.reduce((a, b) -> {
                    log("reduce", a + "/" + b);
                    return Yield.i(a - b);
                });
            case 5:
                return s.collect(() -> {
                    log("supplier", null);
                    return Yield.a(new ArrayList<Integer>());
                }, (l, x) -> {
                    log("add", x);
                    Yield.here();
                    l.add(x);
                }, ArrayList::addAll);
            case 6:
                return s.sum();
            case 7:
                return s.min();
            case 8:
                return s.max();
            case 9:
                return s.count();
            case 10:
                return s.average();
            case 11:
                return s.summaryStatistics();
            case 12:
                return s.anyMatch(x -> {
                    log("any", x);
                    return Yield.z(x > 5);
                });
            case 13:
                return s.allMatch(x -> {
                    log("all", x);
                    return Yield.z(x < 9);
                });
            case 14:
                return s.noneMatch(x -> {
                    log("none", x);
                    return Yield.z(x % 5 == 4);
                });
            case 15:
                return s.findFirst();
            case 16:
                return s.findAny();
            case 17:
                return s.boxed().collect(Collectors.toList());
            case 18:
                return s.asLongStream().sum();
            case 19:
                return s.mapToDouble(x -> Yield.d(x * 0.1)).sum();
            case 20:
                return s.asDoubleStream().average();
            case 21:
                return s.mapToDouble(x -> x / 3.0).summaryStatistics();
            case 22:
                return s.mapToLong(x -> x).reduce(5L, (a, b) -> {
                    log("longFold", b);
                    return Yield.j(a * 2 - b);
                });
            case 23:
                return s.asDoubleStream().map(d -> Yield.d(d / 4)).toArray();
            case 24:
                return s.mapToDouble(x -> x).max();
            default:
                return s.asLongStream().filter(l -> {
                    log("longFind", l);
                    return Yield.z(l > 3);
                }).findFirst();
        }
    }
}
