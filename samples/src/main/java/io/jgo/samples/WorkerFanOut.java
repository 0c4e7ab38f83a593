package io.jgo.samples;

import static io.jgo.Go.go;

import io.jgo.Go;
import io.jgo.WaitGroup;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Fan-out with a WaitGroup: 8 workers each sum the squares of their share of 1..10,000,000 into
 * their own slot; main waits for all of them and combines the slots. Run:
 * {@code mvn -B -ntp -q package -DskipTests -pl samples -am exec:exec -Dsample=WorkerFanOut}.
 */
public final class WorkerFanOut {

    private static final int WORKERS = 8;
    private static final long N = 10_000_000L;

    private WorkerFanOut() {
    }

    public static void main(String[] args) {
        Go.run(() -> {
            AtomicLongArray partial = new AtomicLongArray(WORKERS);
            WaitGroup wg = new WaitGroup();
            wg.add(WORKERS);
            for (int w = 0; w < WORKERS; w++) {
                int id = w;
                go(() -> {
                    long sum = 0;
                    for (long i = id + 1; i <= N; i += WORKERS) {
                        sum += i * i % 1_000_003;
                        if (i % 1_000_000 == 0) {
                            Go.gosched(); // be nice to the other workers
                        }
                    }
                    partial.set(id, sum);
                    wg.done();
                });
            }
            wg.await();
            long total = 0;
            for (int w = 0; w < WORKERS; w++) {
                System.out.println("worker " + w + ": " + partial.get(w));
                total += partial.get(w);
            }
            System.out.println("total of (i*i mod 1000003) for i in 1.." + N + " = " + total + " (GOMAXPROCS=" + Go.maxProcs() + ")");
        });
    }
}
