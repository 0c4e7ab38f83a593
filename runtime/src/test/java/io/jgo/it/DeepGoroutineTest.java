package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import io.jgo.testing.Pins;
import org.junit.jupiter.api.Test;

/** A goroutine 10,000 frames deep unwinds and resumes on carriers (their stacks are large by default). */
class DeepGoroutineTest {

    private static final int DEPTH = 10_000;

    @Test
    void tenThousandFramesDeepGoroutineYieldsAndResumes() {
        long[] result = new long[1];
        Pins.none(() -> Go.run(() -> {
            Go.maxProcs(2);
            WaitGroup wg = new WaitGroup();
            wg.add(1);
            Go.go(() -> {
                result[0] = down(DEPTH);
                wg.done();
            });
            wg.await();
        }));
        assertEquals((long) DEPTH * (DEPTH + 1) / 2, result[0]);
    }

    @Goroutine
    static long down(int n) {
        if (n == 0) {
            Go.gosched();
            Go.gosched();
            return 0;
        }
        return down(n - 1) + n;
    }
}
