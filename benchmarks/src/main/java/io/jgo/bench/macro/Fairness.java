package io.jgo.bench.macro;

import io.jgo.Go;
import io.jgo.Goroutine;
import java.time.Duration;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicBoolean;
import org.HdrHistogram.Histogram;

/**
 * Fairness under CPU hogs: {@code hogs} CPU-bound goroutines (half of them calling a rewritten
 * method in their loop, half a plain loop that calls nothing) share the Ps with a latency probe
 * that sleeps 1 ms {@code samples} times; the figure is a percentile of the probe's lateness (how
 * much later than 1 ms each sleep returned), from an HdrHistogram. On jgo the hogs with calls
 * answer sysmon's preemption at their next call; the hogs without calls lose their P after a second
 * time slice (a blocked-carrier retake) and run on without one. Loom has no time-slice
 * preemption: its hogs stop after {@link #HOG_LIMIT_NANOS} at the latest, so a starved probe ends.
 */
final class Fairness implements Workload {

    /** Which figure of the lateness histogram a run reports. */
    enum Stat { P50, P99, MAX }

    static final long HOG_LIMIT_NANOS = 5_000_000_000L;

    private final Stat stat;
    private final int hogs;
    private final int samples;

    Fairness(Stat stat, int hogs, int samples) {
        this.stat = stat;
        this.hogs = hogs;
        this.samples = samples;
    }

    @Override
    public String name() {
        return "fairness-" + stat.name().toLowerCase(java.util.Locale.ROOT);
    }

    @Override
    public String unit() {
        return "ms late";
    }

    @Override
    public String measures() {
        return String.format("%d CPU hogs (half calling a method in their loop, half not) and a probe sleeping 1 ms %,d times; "
                + "%s of the probe's lateness", hogs, samples, stat);
    }

    @Override
    public Plan plan(Contender contender, int parallelism) {
        return switch (contender) {
            case JGO -> new Plan("goroutines from the main goroutine of Go.run; the probe uses Go.sleep", this::onJgo);
            case LOOM -> new Plan("virtual threads (no time-slice preemption: hogs stop after 5 s at most); the probe uses Thread.sleep",
                    () -> ThreadRuns.inVirtualMain(() -> onThreads(ThreadRuns.VIRTUAL)));
            case PLATFORM -> new Plan("platform threads (the OS time-slices them); the probe uses Thread.sleep",
                    () -> onThreads(ThreadRuns.PLATFORM));
        };
    }

    private double onJgo() {
        Histogram h = new Histogram(3_600_000_000_000L, 3);
        AtomicBoolean done = new AtomicBoolean();
        Go.run(() -> {
            long limit = System.nanoTime() + HOG_LIMIT_NANOS * 4;
            io.jgo.WaitGroup wg = new io.jgo.WaitGroup();
            wg.add(hogs + 1);
            for (int i = 0; i < hogs; i++) {
                boolean calls = i % 2 == 0;
                Go.go(() -> {
                    if (calls) {
                        hogWithCalls(done, limit);
                    } else {
                        hogWithoutCalls(done, limit);
                    }
                    wg.done();
                });
            }
            Go.go(() -> {
                for (int i = 0; i < samples; i++) {
                    long t0 = System.nanoTime();
                    Go.sleep(Duration.ofMillis(1));
                    h.recordValue(Math.max(0, System.nanoTime() - t0 - 1_000_000));
                }
                done.set(true);
                wg.done();
            });
            wg.await();
        });
        return figure(h);
    }

    @Goroutine
    static long hogWithCalls(AtomicBoolean done, long limit) {
        long x = 0;
        while (!done.get() && System.nanoTime() < limit) {
            x = step(x);
        }
        return x;
    }

    /** A rewritten method (it holds a suspension point), so its prologue answers preemption. */
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

    static long hogWithoutCalls(AtomicBoolean done, long limit) {
        long x = 0;
        while (!done.get() && System.nanoTime() < limit) {
            for (int i = 0; i < 100; i++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
            }
        }
        return x;
    }

    private double onThreads(ThreadFactory threads) throws InterruptedException {
        Histogram h = new Histogram(3_600_000_000_000L, 3);
        AtomicBoolean done = new AtomicBoolean();
        long limit = System.nanoTime() + HOG_LIMIT_NANOS;
        Thread[] ts = new Thread[hogs + 1];
        for (int i = 0; i < hogs; i++) {
            ts[i] = threads.newThread(() -> hogWithoutCalls(done, limit));
        }
        ts[hogs] = threads.newThread(() -> {
            for (int i = 0; i < samples; i++) {
                long t0 = System.nanoTime();
                try {
                    Thread.sleep(1);
                } catch (InterruptedException e) {
                    return;
                }
                h.recordValue(Math.max(0, System.nanoTime() - t0 - 1_000_000));
            }
            done.set(true);
        });
        for (Thread t : ts) {
            t.start();
        }
        for (Thread t : ts) {
            t.join();
        }
        return figure(h);
    }

    private double figure(Histogram h) {
        ThreadRuns.check(h.getTotalCount() == samples, "the probe took " + h.getTotalCount() + " samples");
        System.err.printf("probe lateness: p50 %.3f ms, p99 %.3f ms, max %.3f ms%n",
                h.getValueAtPercentile(50) / 1e6, h.getValueAtPercentile(99) / 1e6, h.getMaxValue() / 1e6);
        long v = switch (stat) {
            case P50 -> h.getValueAtPercentile(50);
            case P99 -> h.getValueAtPercentile(99);
            case MAX -> h.getMaxValue();
        };
        return v / 1e6;
    }
}
