package io.jgo.bench.macro;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.WaitGroup;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Buffered producer/consumer: 4 producers and 4 consumers share one channel of capacity 128
 * ({@code ArrayBlockingQueue(128)} on threads) and move {@code items} values. Figure: wall time per item.
 */
final class BufferedPipe implements Workload {

    private static final int SIDES = 4;
    private static final int CAP = 128;

    private final int items;

    BufferedPipe(int items) {
        this.items = items;
    }

    @Override
    public String name() {
        return "buffered-pipe";
    }

    @Override
    public String unit() {
        return "ns/item";
    }

    @Override
    public String measures() {
        return String.format("4 producers and 4 consumers move %,d items through one buffer of 128; elapsed / items", items);
    }

    @Override
    public Plan plan(Contender contender, int parallelism) {
        return switch (contender) {
            case JGO -> new Plan("8 goroutines, Chan.make(128)", this::onJgo);
            case LOOM -> new Plan("8 virtual threads, ArrayBlockingQueue(128)",
                    () -> ThreadRuns.inVirtualMain(() -> onThreads(ThreadRuns.VIRTUAL)));
            case PLATFORM -> new Plan("8 platform threads, ArrayBlockingQueue(128)", () -> onThreads(ThreadRuns.PLATFORM));
        };
    }

    private double onJgo() {
        long[] elapsed = new long[1];
        AtomicLong sum = new AtomicLong();
        Go.run(() -> {
            Chan<Integer> c = Chan.make(CAP);
            WaitGroup producers = new WaitGroup();
            WaitGroup consumers = new WaitGroup();
            long start = System.nanoTime();
            for (int p = 0; p < SIDES; p++) {
                producers.add(1);
                Go.go(() -> {
                    for (int i = 0; i < items / SIDES; i++) {
                        c.send(i);
                    }
                    producers.done();
                });
            }
            for (int k = 0; k < SIDES; k++) {
                consumers.add(1);
                Go.go(() -> {
                    long s = 0;
                    for (Integer v : c) {
                        s += v;
                    }
                    sum.addAndGet(s);
                    consumers.done();
                });
            }
            producers.await();
            c.close();
            consumers.await();
            elapsed[0] = System.nanoTime() - start;
        });
        check(sum.get());
        return (double) elapsed[0] / items;
    }

    private double onThreads(ThreadFactory threads) throws InterruptedException {
        ArrayBlockingQueue<Integer> q = new ArrayBlockingQueue<>(CAP);
        AtomicLong sum = new AtomicLong();
        CountDownLatch consumers = new CountDownLatch(SIDES);
        long start = System.nanoTime();
        for (int p = 0; p < SIDES; p++) {
            threads.newThread(() -> {
                try {
                    for (int i = 0; i < items / SIDES; i++) {
                        q.put(i);
                    }
                    q.put(-1); // one end marker per producer; each consumer stops at one
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }).start();
        }
        for (int k = 0; k < SIDES; k++) {
            threads.newThread(() -> {
                long s = 0;
                try {
                    for (int v; (v = q.take()) >= 0; ) {
                        s += v;
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                sum.addAndGet(s);
                consumers.countDown();
            }).start();
        }
        ThreadRuns.await(consumers);
        long elapsed = System.nanoTime() - start;
        check(sum.get());
        return (double) elapsed / items;
    }

    private void check(long sum) {
        long per = items / SIDES;
        ThreadRuns.check(sum == SIDES * per * (per - 1) / 2, "buffered-pipe sum " + sum);
    }
}
