package io.jgo.samples;

import static io.jgo.Go.go;

import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Fairness on two carriers' worth of Ps (GOMAXPROCS 2): CPU hogs with calls (preempted by sysmon
 * at their next call after a 10 ms slice), CPU hogs without calls (they ignore preemption, so
 * sysmon takes their P away after a second slice and they run on without one), goroutines asleep,
 * and goroutines blocked in a JDK call inside {@code Go.syscall} (their Ps are retaken and handed
 * on). A latency probe sleeps 1 ms at a time and reports how late it woke: it keeps its pace
 * anyway. Run with {@code -Djgo.schedtrace=1000} to watch the handoffs:
 * {@code mvn -B -ntp -q package -DskipTests -pl samples -am exec:exec -Dsample=Fairness}.
 */
public final class Fairness {

    private static final int PROBES = 2_000;

    private Fairness() {
    }

    public static void main(String[] args) {
        Go.run(() -> {
            Go.maxProcs(2);
            AtomicBoolean done = new AtomicBoolean();
            CountDownLatch blockedUntilDone = new CountDownLatch(1);
            WaitGroup wg = new WaitGroup();
            for (int i = 0; i < 2; i++) {
                wg.add(2);
                go(() -> { hogWithCalls(done); wg.done(); });
                go(() -> { hogWithoutCalls(done); wg.done(); });
            }
            for (int i = 0; i < 4; i++) {
                wg.add(1);
                go(() -> {
                    try {
                        Go.syscall(() -> { blockedUntilDone.await(); return null; }); // a blocking JDK call
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                    wg.done();
                });
            }
            for (int i = 0; i < 1_000; i++) {
                wg.add(1);
                go(() -> {
                    while (!done.get()) {
                        Go.sleep(Duration.ofMillis(50));
                    }
                    wg.done();
                });
            }
            long[] late = new long[PROBES];
            for (int i = 0; i < PROBES; i++) {
                long t0 = System.nanoTime();
                Go.sleep(Duration.ofMillis(1));
                late[i] = System.nanoTime() - t0 - 1_000_000;
            }
            done.set(true);
            blockedUntilDone.countDown();
            wg.await();
            Arrays.sort(late);
            System.out.printf("probe: %d sleeps of 1 ms beside 4 CPU hogs, 4 blocked calls and 1,000 sleepers on GOMAXPROCS %d%n",
                    PROBES, Go.maxProcs());
            System.out.printf("lateness: p50 %.2f ms, p99 %.2f ms, max %.2f ms%n",
                    late[PROBES / 2] / 1e6, late[PROBES * 99 / 100] / 1e6, late[PROBES - 1] / 1e6);
        });
    }

    @Goroutine
    static long hogWithCalls(AtomicBoolean done) {
        long x = 0;
        while (!done.get()) {
            x = step(x);
        }
        return x;
    }

    /** Rewritten (it has a suspension point), so its prologue answers sysmon's preemption request. */
    @Goroutine
    static long step(long x) {
        for (int i = 0; i < 100; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
        }
        if (x == 42) {
            Go.gosched();
        }
        return x;
    }

    static long hogWithoutCalls(AtomicBoolean done) {
        long x = 0;
        while (!done.get()) {
            x = x * 6364136223846793005L + 1442695040888963407L;
        }
        return x;
    }
}
