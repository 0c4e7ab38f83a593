package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import io.jgo.testing.Pins;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Skynet (10-ary tree, 100,000 leaves): parents park on a WaitGroup while children run anywhere. */
@Timeout(120)
class SkynetTest {

    @ParameterizedTest(name = "GOMAXPROCS {0}")
    @ValueSource(ints = {1, 4})
    void treeOfParkedParentsSumsEveryLeaf(int procs) {
        long[] sum = new long[1];
        Pins.none(() -> Go.run(() -> {
            Go.maxProcs(procs);
            sum[0] = skynet(0, 100_000);
        }));
        long n = 100_000;
        assertEquals(n * (n - 1) / 2, sum[0]);
    }

    @Goroutine
    static long skynet(long num, int size) {
        if (size == 1) {
            return num;
        }
        int child = size / 10;
        long[] results = new long[10];
        WaitGroup wg = new WaitGroup();
        wg.add(10);
        for (int i = 0; i < 10; i++) {
            int k = i;
            Go.go(() -> {
                results[k] = skynet(num + (long) k * child, child);
                wg.done();
            });
        }
        wg.await();
        long total = 0;
        for (long r : results) {
            total += r;
        }
        return total;
    }
}
