package io.jgo.cont;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.cont.StreamPipeline.Op;
import io.jgo.internal.callback.StreamCalls;
import io.jgo.internal.coroutine.Coroutine;
import java.util.AbstractList;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/**
 * The runtime's sequential stream against the JDK's: the same pipeline ({@link StreamPipeline}) on
 * the same data is run on the JDK's stream on a plain thread, on the runtime's stream on a plain
 * thread, and on the runtime's stream in a coroutine where every lambda suspends; the collecting
 * terminals take the JDK's {@code Collectors} on the JDK's side and the runtime's stand-ins
 * ({@code CollectorCalls}, in the JDK's stream too) on the others ({@link PipelineCollectors}); all must
 * log the same lambda calls in the same order (laziness, short-circuiting, close handlers) and end
 * the same way (result and its class, or exception), and the coroutine must not pin. Every operation
 * alone and every pair of them before every terminal operation, on sources of each kind (sized or
 * not, sorted, distinct, with nulls, empty); then random longer pipelines (jqwik, suspending at every
 * point of the runtime's own rewritten frames too).
 */
class StreamDifferentialTest {

    /** Where the elements come from; those that take no null get the data without its nulls. */
    enum Source { ARRAY_LIST, LINKED_LIST, HASH_SET, TREE_SET, LIST_OF, ARRAYS_AS_LIST, ARRAY, STREAM_OF, ONE, USER_LIST, ARRAY_DEQUE }

    private static final List<Integer> DATA = Arrays.asList(4, 1, null, 3, 1, 6, 4, 7);
    /** Each operation with a parameter that makes it do something on {@link #DATA}. */
    private static final List<Op> EVERY_OP = List.of(new Op(StreamPipeline.FILTER, 0), new Op(StreamPipeline.MAP, 1),
            new Op(StreamPipeline.MAP_TO_NULL, 4), new Op(StreamPipeline.PEEK, 0), new Op(StreamPipeline.FLAT_MAP, 1),
            new Op(StreamPipeline.DISTINCT, 0), new Op(StreamPipeline.SORTED, 0), new Op(StreamPipeline.SORTED_BY, 0),
            new Op(StreamPipeline.LIMIT, 2), new Op(StreamPipeline.SKIP, 1), new Op(StreamPipeline.THROWING, 6),
            new Op(StreamPipeline.TAKE_WHILE, 3), new Op(StreamPipeline.DROP_WHILE, 1));

    private int pipelines;

    @Test
    void everyOperationAndEveryPairBeforeEveryTerminalBehavesAsTheJdks() {
        List<List<Op>> chains = new ArrayList<>();
        chains.add(List.of());
        for (Op a : EVERY_OP) {
            chains.add(List.of(a));
            for (Op b : EVERY_OP) {
                chains.add(List.of(a, b));
            }
        }
        for (List<Op> chain : chains) {
            for (int t = 0; t < StreamPipeline.TERMINALS.length; t++) {
                same(Source.ARRAY_LIST, DATA, chain, t, false);
                same(Source.TREE_SET, DATA, chain, t, false);
                same(Source.LIST_OF, DATA, chain, t, false);
                same(Source.ARRAY_LIST, List.of(), chain, t, false);
            }
        }
        assertEquals(chains.size() * StreamPipeline.TERMINALS.length * 4, pipelines);
    }

    @Test
    void everySourceBehavesAsTheJdks() {
        for (Source source : Source.values()) {
            for (List<Op> chain : List.of(List.<Op>of(), List.of(EVERY_OP.get(3)), List.of(EVERY_OP.get(5), EVERY_OP.get(8)),
                    List.of(EVERY_OP.get(6)))) {
                for (int t = 0; t < StreamPipeline.TERMINALS.length; t++) {
                    same(source, DATA, chain, t, false);
                }
            }
        }
    }

    /**
     * Random pipelines: {@code choices} pick the source, the data (nulls included), up to six
     * operations with their parameters, and the terminal operation.
     */
    @Property(edgeCases = EdgeCasesMode.MIXIN)
    void randomPipelinesBehaveAsTheJdks(@ForAll @Size(min = 20, max = 40) List<@IntRange(min = 0, max = 999) Integer> choices) {
        int[] c = choices.stream().mapToInt(Integer::intValue).toArray();
        int i = 0;
        Source source = Source.values()[c[i++] % Source.values().length];
        int size = c[i++] % 9;
        List<Integer> data = new ArrayList<>();
        for (int n = 0; n < size; n++) {
            int v = c[i++];
            data.add(v % 13 == 0 ? null : v % 17 - 3);
        }
        List<Op> ops = new ArrayList<>();
        for (int n = c[i++] % 7; n > 0 && i + 1 < c.length - 1; n--) {
            ops.add(new Op(c[i++] % StreamPipeline.OPS, c[i++] % 5));
        }
        same(source, data, ops, c[c.length - 1] % StreamPipeline.TERMINALS.length, true);
    }

    private void same(Source source, List<Integer> data, List<Op> ops, int terminal, boolean everyPoint) {
        String what = source + " " + data + " " + ops + " " + StreamPipeline.TERMINALS[terminal];
        StreamPipeline jdk = new StreamPipeline(jdk(source, data), ops, terminal, PipelineCollectors.JDK);
        jdk.run();
        StreamPipeline plain = new StreamPipeline(ours(source, data), ops, terminal, PipelineCollectors.RUNTIME);
        plain.run();
        assertEquals(jdk.result(), plain.result(), what + ": the runtime's stream, not suspending");
        StreamPipeline inJdkStream = new StreamPipeline(jdk(source, data), ops, terminal, PipelineCollectors.RUNTIME);
        inJdkStream.run();
        assertEquals(jdk.result(), inJdkStream.result(), what + ": the runtime's collectors in the JDK's stream");
        StreamPipeline suspending = new StreamPipeline(ours(source, data), ops, terminal, PipelineCollectors.RUNTIME);
        Coroutine c = new Coroutine(suspending, everyPoint);
        int yields = 0;
        while (c.resume()) {
            yields++;
        }
        assertEquals(0, c.pins(), what + ": pinned");
        assertEquals(jdk.result(), suspending.result(), what + ": the runtime's stream, suspending in every lambda");
        assertTrue(suspending.log.isEmpty() || yields > 0, what + ": the lambdas ran without suspending");
        pipelines++;
    }

    private static List<Integer> nonNull(List<Integer> data) {
        return data.stream().filter(Objects::nonNull).collect(Collectors.toList());
    }

    private static Integer[] array(List<Integer> data) {
        return data.toArray(new Integer[0]);
    }

    private static Stream<Integer> jdk(Source source, List<Integer> data) {
        switch (source) {
            case ARRAY_LIST:
                return new ArrayList<>(data).stream();
            case LINKED_LIST:
                return new LinkedList<>(data).stream();
            case HASH_SET:
                return new HashSet<>(data).stream();
            case TREE_SET:
                return new TreeSet<>(nonNull(data)).stream();
            case LIST_OF:
                return List.copyOf(nonNull(data)).stream();
            case ARRAYS_AS_LIST:
                return Arrays.asList(array(data)).stream();
            case ARRAY:
                return Arrays.stream(array(data));
            case STREAM_OF:
                return Stream.of(array(data));
            case ONE:
                return Stream.of(data.isEmpty() ? Integer.valueOf(7) : data.get(0));
            case USER_LIST:
                return new UserList(data).stream();
            default:
                return new ArrayDeque<>(nonNull(data)).stream();
        }
    }

    @SuppressWarnings("unchecked")
    private static Stream<Integer> ours(Source source, List<Integer> data) {
        switch (source) {
            case ARRAY_LIST:
                return (Stream<Integer>) StreamCalls.stream(new ArrayList<>(data));
            case LINKED_LIST:
                return (Stream<Integer>) StreamCalls.stream(new LinkedList<>(data));
            case HASH_SET:
                return (Stream<Integer>) StreamCalls.stream(new HashSet<>(data));
            case TREE_SET:
                return (Stream<Integer>) StreamCalls.stream(new TreeSet<>(nonNull(data)));
            case LIST_OF:
                return (Stream<Integer>) StreamCalls.stream(List.copyOf(nonNull(data)));
            case ARRAYS_AS_LIST:
                return (Stream<Integer>) StreamCalls.stream(Arrays.asList(array(data)));
            case ARRAY:
                return (Stream<Integer>) StreamCalls.stream(array(data));
            case STREAM_OF:
                return (Stream<Integer>) StreamCalls.of(array(data));
            case ONE:
                return (Stream<Integer>) StreamCalls.of((Object) (data.isEmpty() ? Integer.valueOf(7) : data.get(0)));
            case USER_LIST:
                return (Stream<Integer>) StreamCalls.stream(new UserList(data));
            default:
                return (Stream<Integer>) StreamCalls.stream(new ArrayDeque<>(nonNull(data)));
        }
    }

    /** A user's own list: inherits {@code Collection.stream()} and {@code AbstractList}'s spliterator. */
    static final class UserList extends AbstractList<Integer> {
        private final List<Integer> elements;

        UserList(List<Integer> elements) {
            this.elements = new ArrayList<>(elements);
        }

        @Override
        public Integer get(int index) {
            return elements.get(index);
        }

        @Override
        public int size() {
            return elements.size();
        }
    }
}
