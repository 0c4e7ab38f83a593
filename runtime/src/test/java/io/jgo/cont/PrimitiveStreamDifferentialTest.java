package io.jgo.cont;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.cont.shapes.Yield;
import io.jgo.internal.callback.PrimitiveStreamSources;
import io.jgo.internal.callback.StreamCalls;
import io.jgo.internal.coroutine.Coroutine;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntPredicate;
import java.util.function.IntSupplier;
import java.util.function.IntUnaryOperator;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/**
 * The runtime's primitive streams against the JDK's, as {@code StreamDifferentialTest} does for
 * {@code Stream}: the same {@link PrimitiveStreamPipeline} on the same source is run on the JDK's
 * {@code IntStream} on a plain thread, on the runtime's on a plain thread, and on the runtime's in a
 * coroutine where every lambda (the source's {@code iterate}/{@code generate} functions included)
 * suspends; all must log the same calls in the same order and end the same way, and the coroutine
 * must not pin. Every operation alone before every terminal on each kind of source, then random
 * longer pipelines (jqwik, suspending at every point of the runtime's own frames too).
 */
class PrimitiveStreamDifferentialTest {

    /** Where the ints come from. */
    enum Source { RANGE, RANGE_CLOSED, OF, ARRAY, ARRAY_PART, ITERATE, ITERATE_WHILE, GENERATE, MAP_TO_INT }

    private static final int[] DATA = {4, 1, 7, 3, 1, 6, 4, 9};

    /** Terminals that tell the sources apart (all elements, an array, the size, the first): for the sources but two. */
    private static final int[] SOME_TERMINALS = {0, 2, 9, 15};

    /**
     * Every operation (and none) before every terminal on an array (unsorted, sized) and a range
     * (sorted, distinct, sized); before a few terminals on every other source.
     */
    @Test
    void everyOperationBeforeEveryTerminalBehavesAsTheJdks() {
        int pipelines = 0;
        for (Source source : Source.values()) {
            boolean every = source == Source.ARRAY || source == Source.RANGE;
            for (int op = -1; op < PrimitiveStreamPipeline.OPS; op++) {
                for (int t = 0; t < PrimitiveStreamPipeline.TERMINALS.length; t++) {
                    if (every || isOneOf(t, SOME_TERMINALS)) {
                        same(source, source == Source.OF || source == Source.MAP_TO_INT ? new int[0] : DATA,
                                op < 0 ? new int[0] : new int[] {op}, t, false);
                        pipelines++;
                    }
                }
            }
        }
        assertEquals((PrimitiveStreamPipeline.OPS + 1) * (2 * PrimitiveStreamPipeline.TERMINALS.length
                + (Source.values().length - 2) * SOME_TERMINALS.length), pipelines);
    }

    private static boolean isOneOf(int t, int[] terminals) {
        for (int x : terminals) {
            if (x == t) {
                return true;
            }
        }
        return false;
    }

    /** Pairs before a few terminals, on a range (sorted, distinct, sized) or, for count, an unsorted array. */
    @Test
    void pairsOfOperationsBehaveAsTheJdks() {
        for (int a = 0; a < PrimitiveStreamPipeline.OPS; a++) {
            for (int b = 0; b < PrimitiveStreamPipeline.OPS; b++) {
                for (int t : new int[] {0, 9, 15}) {
                    same(t == 9 ? Source.ARRAY : Source.RANGE, DATA, new int[] {a, b}, t, false);
                }
            }
        }
    }

    /** Random pipelines: {@code choices} pick the source, the data, up to five operations and the terminal. */
    @Property(tries = 300, edgeCases = EdgeCasesMode.MIXIN)
    void randomPipelinesBehaveAsTheJdks(@ForAll @Size(min = 16, max = 24) List<@IntRange(min = 0, max = 999) Integer> choices) {
        int[] c = choices.stream().mapToInt(Integer::intValue).toArray();
        int i = 0;
        Source source = Source.values()[c[i++] % Source.values().length];
        int[] data = new int[c[i++] % 9];
        for (int n = 0; n < data.length; n++) {
            data[n] = c[i++] % 12 - 1;
        }
        int[] ops = new int[Math.min(c[i++] % 6, c.length - 1 - i)];
        for (int n = 0; n < ops.length; n++) {
            ops[n] = c[i++] % PrimitiveStreamPipeline.OPS;
        }
        same(source, data, ops, c[c.length - 1] % PrimitiveStreamPipeline.TERMINALS.length, true);
    }

    private static void same(Source source, int[] data, int[] ops, int terminal, boolean everyPoint) {
        List<String> names = new ArrayList<>();
        for (int op : ops) {
            names.add(PrimitiveStreamPipeline.OP_NAMES[op]);
        }
        String what = source + " " + Arrays.toString(data) + " " + names + " " + PrimitiveStreamPipeline.TERMINALS[terminal];
        List<String> jdkLog = new ArrayList<>();
        PrimitiveStreamPipeline jdk = new PrimitiveStreamPipeline(jdk(source, data, jdkLog), jdkLog, ops, terminal);
        jdk.run();
        List<String> plainLog = new ArrayList<>();
        PrimitiveStreamPipeline plain = new PrimitiveStreamPipeline(ours(source, data, plainLog), plainLog, ops, terminal);
        plain.run();
        assertEquals(jdk.result(), plain.result(), what + ": the runtime's stream, not suspending");
        List<String> log = new ArrayList<>();
        PrimitiveStreamPipeline suspending = new PrimitiveStreamPipeline(ours(source, data, log), log, ops, terminal);
        Coroutine c = new Coroutine(suspending, everyPoint);
        int yields = 0;
        while (c.resume()) {
            yields++;
        }
        assertEquals(0, c.pins(), what + ": pinned");
        assertEquals(jdk.result(), suspending.result(), what + ": the runtime's stream, suspending in every lambda");
        assertTrue(suspending.log.isEmpty() || yields > 0, what + ": the lambdas ran without suspending");
    }

    // the sources' functions: each logs and yields

    private static IntUnaryOperator step(List<String> log) {
        return x -> {
            log.add("next:" + x);
            return Yield.i(x + 2);
        };
    }

    private static IntPredicate below(List<String> log, int bound) {
        return x -> {
            log.add("hasNext:" + x);
            return Yield.z(x < bound);
        };
    }

    private static IntSupplier counter(List<String> log) {
        int[] n = {0};
        return () -> {
            log.add("get:" + n[0]);
            return Yield.i(n[0]++ * 5 % 7);
        };
    }

    /**
     * The JDK's stream. Its {@code iterate} and {@code generate} are called reflectively: this class is
     * rewritten, and a direct call whose function may suspend would go to the runtime's source.
     */
    private static IntStream jdk(Source source, int[] data, List<String> log) {
        switch (source) {
            case RANGE:
                return IntStream.range(1, 1 + data.length);
            case RANGE_CLOSED:
                return IntStream.rangeClosed(-2, data.length - 3);
            case OF:
                return IntStream.of(7);
            case ARRAY:
                return Arrays.stream(data.clone());
            case ARRAY_PART:
                return Arrays.stream(data.clone(), Math.min(1, data.length), data.length);
            case ITERATE:
                return jdkStatic("iterate", new Class<?>[] {int.class, IntUnaryOperator.class}, 1, step(log)).limit(data.length);
            case ITERATE_WHILE:
                return jdkStatic("iterate", new Class<?>[] {int.class, IntPredicate.class, IntUnaryOperator.class}, 0,
                        below(log, data.length), step(log));
            case GENERATE:
                return jdkStatic("generate", new Class<?>[] {IntSupplier.class}, counter(log)).limit(data.length);
            default:
                return Stream.of("a", "bb", "ccc").mapToInt(String::length);
        }
    }

    private static IntStream jdkStatic(String name, Class<?>[] parameters, Object... arguments) {
        try {
            return (IntStream) IntStream.class.getMethod(name, parameters).invoke(null, arguments);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    @SuppressWarnings("unchecked")
    private static IntStream ours(Source source, int[] data, List<String> log) {
        switch (source) {
            case RANGE:
                return PrimitiveStreamSources.range(1, 1 + data.length);
            case RANGE_CLOSED:
                return PrimitiveStreamSources.rangeClosed(-2, data.length - 3);
            case OF:
                return PrimitiveStreamSources.of(7);
            case ARRAY:
                return PrimitiveStreamSources.stream(data.clone());
            case ARRAY_PART:
                return PrimitiveStreamSources.stream(data.clone(), Math.min(1, data.length), data.length);
            case ITERATE:
                return PrimitiveStreamSources.iterate(1, step(log)).limit(data.length);
            case ITERATE_WHILE:
                return PrimitiveStreamSources.iterate(0, below(log, data.length), step(log));
            case GENERATE:
                return PrimitiveStreamSources.generate(counter(log)).limit(data.length);
            default:
                return ((Stream<String>) StreamCalls.of(new Object[] {"a", "bb", "ccc"})).mapToInt(String::length);
        }
    }
}
