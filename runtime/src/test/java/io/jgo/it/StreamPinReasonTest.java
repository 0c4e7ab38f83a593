package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.internal.Stack;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A lambda that suspends inside a JDK stream pipeline pins (the JDK's streams are not rewritten):
 * the result is right, and the pin warning gives the reason, "stream" or, when a parallel
 * evaluation runs the lambda on ForkJoin threads and on the carrier, "parallel stream".
 */
@Timeout(60)
class StreamPinReasonTest {

    @Goroutine
    static List<Integer> sequential() {
        return List.of(1, 2, 3, 4, 5).stream().map(x -> {
            Go.gosched();
            return x * 2;
        }).filter(x -> x > 2).collect(Collectors.toList());
    }

    @Goroutine
    static int parallel() {
        return IntStream.range(0, 64).parallel().map(x -> {
            Go.gosched();
            return x * 2;
        }).sum();
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
    void aSuspendingLambdaInASequentialStreamPinsWithReasonStream() {
        Object[] result = new Object[1];
        long before = Stack.pinCount();
        String err = warningsWhile(() -> Go.run(() -> result[0] = sequential()));
        assertEquals(List.of(4, 6, 8, 10), result[0]);
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
}
