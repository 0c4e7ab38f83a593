package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.internal.Stack;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Which stream pipelines pin when a lambda in them suspends. A sequential stream of a collection
 * made and ended in {@code @Goroutine} code does not, nor does a primitive stream made there: the
 * rewrite evaluates them in rewritten code, so lambdas that park (on a channel, on a timer) unwind. A
 * stream the JDK made ({@code String.chars()}) and a parallel stream still pin, and the pin warning
 * gives the reason, "stream" or, when a
 * parallel evaluation runs the lambda on ForkJoin threads and on the carrier, "parallel stream"; so
 * does the runtime's stream when code that was not rewritten calls its terminal operation.
 */
@Timeout(60)
class StreamPinReasonTest {

    /** Parks twice: on a timer, then on a channel until the sender's send. */
    @Goroutine
    static int fetch(int id, Chan<Integer> replies) {
        Go.sleep(Duration.ofMillis(1));
        return id * 10 + replies.recv();
    }

    @Goroutine
    static String sequential(List<Integer> ids) {
        Chan<Integer> replies = Chan.make(0);
        Go.go(() -> {
            for (int i = 0; i < 2 * ids.size(); i++) {
                replies.send(i);
            }
        });
        List<Integer> fetched = ids.stream().map(id -> fetch(id, replies)).filter(x -> x % 3 != 0).collect(Collectors.toList());
        List<Integer> sorted = ids.stream().sorted((a, b) -> {
            Go.gosched();
            return b - a;
        }).distinct().toList();
        long big = ids.stream().map(id -> fetch(id, replies)).filter(x -> x > 100).count();
        return fetched + " " + sorted + " " + big;
    }

    /** Makes a pipeline (the runtime's stream: a lambda of it may suspend) and leaves it for the caller to end. */
    @Goroutine
    static Stream<Integer> made(List<Integer> ids) {
        return ids.stream().map(x -> {
            Go.gosched();
            return x + 1;
        });
    }

    /** Not rewritten: the stream's terminal operation runs the lambdas from a plain frame. */
    static List<Integer> endedElsewhere(List<Integer> ids) {
        return made(ids).toList();
    }

    @Goroutine
    static int primitive() {
        return List.of(1, 2, 3, 4, 5).stream().mapToInt(x -> {
            Go.gosched();
            return x * 2;
        }).sum();
    }

    /** {@code String.chars()} is the JDK's own pipeline: its stages run in the JDK's frames. */
    @Goroutine
    static int madeByTheJdk() {
        return "hello".chars().map(c -> {
            Go.gosched();
            return c - 'a';
        }).sum();
    }

    @Goroutine
    static int parallel() {
        return IntStream.range(0, 64).parallel().map(x -> {
            Go.gosched();
            return x * 2;
        }).sum();
    }

    @Goroutine
    static List<Integer> parallelOfAList(List<Integer> ids) {
        return ids.stream().parallel().map(x -> {
            Go.gosched();
            return x + 1;
        }).collect(Collectors.toList());
    }

    private static String warningsWhile(Runnable body) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream saved = System.err;
        System.setErr(new PrintStream(err, true));
        try {
            body.run();
        } finally {
            System.setErr(saved);
        }
        return err.toString();
    }

    @Test
    void suspendingLambdasInASequentialStreamOfACollectionDoNotPin() {
        Object[] result = new Object[1];
        long before = Stack.pinCount();
        String err = warningsWhile(() -> Go.run(() -> result[0] = sequential(new ArrayList<>(List.of(1, 2, 3, 4, 5)))));
        assertEquals("[10, 32, 43] [5, 4, 3, 2, 1] 0", result[0]);
        assertEquals(0, Stack.pinCount() - before, err);
        assertFalse(err.contains("pinned"), err);
    }

    @Test
    void aStreamMadeInGoroutineCodeButEndedInPlainCodePinsAndSaysWhere() {
        Object[] result = new Object[1];
        long before = Stack.pinCount();
        String err = warningsWhile(() -> Go.run(() -> result[0] = endedElsewhere(new ArrayList<>(List.of(1, 2, 3)))));
        assertEquals(List.of(2, 3, 4), result[0]);
        assertTrue(Stack.pinCount() - before > 0, "expected pins");
        assertTrue(err.contains("its terminal operation was called from code that is not"), err);
    }

    @Test
    void suspendingLambdasInAPrimitiveStreamMadeFromACollectionDoNotPin() {
        int[] result = new int[1];
        long before = Stack.pinCount();
        String err = warningsWhile(() -> Go.run(() -> result[0] = primitive()));
        assertEquals(30, result[0]);
        assertEquals(0, Stack.pinCount() - before, err);
        assertFalse(err.contains("pinned"), err);
    }

    @Test
    void aSuspendingLambdaInAStreamTheJdkMadePinsWithReasonStream() {
        int[] result = new int[1];
        long before = Stack.pinCount();
        String err = warningsWhile(() -> Go.run(() -> result[0] = madeByTheJdk()));
        assertEquals(7 + 4 + 11 + 11 + 14, result[0]);
        assertTrue(Stack.pinCount() - before > 0, "expected pins");
        assertTrue(err.contains("reason: stream ("), err);
    }

    @Test
    void aSuspendingLambdaInAParallelStreamPinsWithReasonParallelStream() {
        int[] result = new int[1];
        String err = warningsWhile(() -> Go.run(() -> result[0] = parallel()));
        assertEquals(2 * (63 * 64 / 2), result[0]);
        assertTrue(err.contains("reason: parallel stream ("), err);
    }

    @Test
    void aCollectionStreamMadeParallelStillPinsWithReasonParallelStream() {
        List<Integer> ids = new ArrayList<>();
        for (int i = 0; i < 64; i++) {
            ids.add(i);
        }
        Object[] result = new Object[1];
        long before = Stack.pinCount();
        String err = warningsWhile(() -> Go.run(() -> result[0] = parallelOfAList(ids)));
        assertEquals(ids.stream().map(x -> x + 1).collect(Collectors.toList()), result[0]);
        assertTrue(Stack.pinCount() - before > 0, "expected pins");
        assertTrue(err.contains("reason: parallel stream ("), err);
    }
}
