package io.jgo.bench.macro;

import io.jgo.Go;
import io.jgo.WaitGroup;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadFactory;

/**
 * Sleep storm: {@code sleepers} goroutines each sleep 1 ms {@code rounds} times, all at once; the
 * figure is the wall time. The run also reports (stderr) how many distinct carrier threads ran the
 * sleepers: on jgo sleeping costs no thread (per-P timer heaps).
 */
final class SleepStorm implements Workload {

    private final int sleepers;
    private final int rounds;

    SleepStorm(int sleepers, int rounds) {
        this.sleepers = sleepers;
        this.rounds = rounds;
    }

    @Override
    public String name() {
        return "sleep-storm";
    }

    @Override
    public String unit() {
        return "ms";
    }

    @Override
    public String measures() {
        return String.format("%,d goroutines each sleep 1 ms %d times, all at once; wall time", sleepers, rounds);
    }

    @Override
    public Plan plan(Contender contender, int parallelism) {
        return switch (contender) {
            case JGO -> new Plan("goroutines calling Go.sleep, from the main goroutine of Go.run; WaitGroup join", this::onJgo);
            case LOOM -> new Plan("virtual threads calling Thread.sleep, from a virtual main thread",
                    () -> ThreadRuns.inVirtualMain(() -> onThreads(ThreadRuns.VIRTUAL)));
            case PLATFORM -> Plan.skip(String.format("%,d platform threads sleeping at once: not run", sleepers));
        };
    }

    private double onJgo() {
        long[] elapsed = new long[1];
        Set<Thread> carriers = ConcurrentHashMap.newKeySet();
        Go.run(() -> {
            WaitGroup wg = new WaitGroup();
            wg.add(sleepers);
            long start = System.nanoTime();
            for (int i = 0; i < sleepers; i++) {
                Go.go(() -> {
                    for (int r = 0; r < rounds; r++) {
                        Go.sleep(Duration.ofMillis(1));
                    }
                    carriers.add(Thread.currentThread());
                    wg.done();
                });
            }
            wg.await();
            elapsed[0] = System.nanoTime() - start;
        });
        System.err.println("carriers that ran sleepers: " + carriers.size());
        return elapsed[0] / 1e6;
    }

    private double onThreads(ThreadFactory threads) {
        CountDownLatch join = new CountDownLatch(sleepers);
        long start = System.nanoTime();
        for (int i = 0; i < sleepers; i++) {
            threads.newThread(() -> {
                for (int r = 0; r < rounds; r++) {
                    try {
                        Thread.sleep(1);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                join.countDown();
            }).start();
        }
        ThreadRuns.await(join);
        return (System.nanoTime() - start) / 1e6;
    }
}
