package io.jgo.cont;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import io.jgo.internal.Stack;
import io.jgo.internal.cont.StackAccess;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * A goroutine parked deep keeps no mostly empty last segment (Records.trimForPark): 100 frames down,
 * each saving an int and three references (a compact record: two longs and three references, 28
 * bytes), its segments held 3,732 bytes without the trim (a last segment of a few used slots among
 * dozens), 2,988 with it. Its frames resume from the trimmed segment with their values intact, and a
 * second park at the same depth reuses it (no trim, no new segment).
 */
class ParkedStackTrimTest {

    private static final int DEPTH = 100;

    @Test
    void aDeepParkedGoroutineKeepsNoEmptyTailAndResumesIntact() {
        AtomicReference<Stack> leafStack = new AtomicReference<>();
        long[] retained = new long[2];
        int[] result = new int[1];
        Go.run(() -> parkTwiceAndMeasure(leafStack, retained, result));
        assertEquals(expectedSum(), result[0], "the frames restored from the trimmed segment returned the wrong sum");
        assertTrue(retained[0] < 3_200, "100 frames parked keep " + retained[0]
                + " bytes of segments; their records and the segments' headers need about 2,950 (3,732 without the trim)");
        assertEquals(retained[0], retained[1], "a second park at the same depth changed the segment chain");
    }

    @Goroutine
    private static void parkTwiceAndMeasure(AtomicReference<Stack> leafStack, long[] retained, int[] result) {
        WaitGroup done = new WaitGroup();
        done.add(1);
        WaitGroup[] gates = {new WaitGroup(), new WaitGroup()};
        gates[0].add(1);
        gates[1].add(1);
        AtomicInteger parks = new AtomicInteger();
        Go.go(() -> {
            result[0] = descend(DEPTH, gates, parks, leafStack);
            done.done();
        });
        for (int round = 0; round < 2; round++) {
            while (parks.get() <= round) {
                Go.sleep(Duration.ofMillis(2));
            }
            Go.sleep(Duration.ofMillis(10)); // the leaf counted itself; let it finish parking
            Stack s = leafStack.get();
            StackAccess.checkInvariants(s);
            retained[round] = s.retainedBytes();
            gates[round].done();
        }
        done.await();
    }

    /** {@code depth} frames, each with an int and three references live across its call; the innermost parks twice. */
    @Goroutine
    static int descend(int depth, WaitGroup[] gates, AtomicInteger parks, AtomicReference<Stack> leafStack) {
        if (depth <= 1) {
            leafStack.set(Stack.current());
            parks.incrementAndGet();
            gates[0].await();
            parks.incrementAndGet();
            gates[1].await();
            return 1;
        }
        int below = descend(depth - 1, gates, parks, leafStack);
        return below + depth + (gates == (Object) parks ? 1 : 0);
    }

    private static int expectedSum() {
        int sum = 1;
        for (int d = 2; d <= DEPTH; d++) {
            sum += d;
        }
        return sum;
    }
}
