package io.jgo.bench.macro;

import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadFactory;

/**
 * skynet: a 10-ary tree of goroutines with {@code leaves} leaves ({@code 1.111 * leaves} goroutines
 * in all). Leaf {@code i} yields {@code i}; every inner node starts its 10 children, waits for them
 * with a WaitGroup (a CountDownLatch on threads) and sums the result slots they filled. The figure
 * is the wall time of the whole tree. (Until jgo has channels, slots and a join stand in for the
 * original's channel per node.)
 */
final class Skynet implements Workload {

    private static final int FAN_OUT = 10;

    private final long leaves;

    /** {@code leaves} must be a power of 10. */
    Skynet(long leaves) {
        this.leaves = leaves;
    }

    @Override
    public String name() {
        return leaves == 1_000_000 ? "skynet" : "skynet-" + (leaves >= 1000 ? leaves / 1000 + "k" : leaves);
    }

    @Override
    public String unit() {
        return "ms";
    }

    @Override
    public String measures() {
        return String.format("10-ary tree of %,d goroutines (%,d leaves); each node joins its 10 children and "
                + "sums their result slots; wall time", nodes(), leaves);
    }

    private long nodes() {
        long n = 0;
        for (long level = 1; level <= leaves; level *= FAN_OUT) {
            n += level;
        }
        return n;
    }

    @Override
    public Plan plan(Contender contender, int parallelism) {
        return switch (contender) {
            case JGO -> new Plan("a goroutine per node, root in the main goroutine of Go.run; WaitGroup per node",
                    this::onJgo);
            case LOOM -> new Plan("a virtual thread per node, root in a virtual thread; CountDownLatch(10) per node",
                    () -> ThreadRuns.inVirtualMain(() -> onThreads(ThreadRuns.VIRTUAL)));
            case PLATFORM -> leaves > 10_000
                    ? Plan.skip(String.format("not run: %,d platform threads (see skynet-10k)", nodes()))
                    : new Plan("a platform thread per node; CountDownLatch(10) per node", () -> onThreads(ThreadRuns.PLATFORM));
        };
    }

    private double onJgo() {
        long[] root = new long[1];
        long[] elapsed = new long[1];
        Go.run(() -> {
            IdleConnection idle = IdleConnection.openIfAsked();
            long start = System.nanoTime();
            goroutineNode(0, leaves, root, 0);
            elapsed[0] = System.nanoTime() - start;
            idle.close();
        });
        check(root[0]);
        return elapsed[0] / 1e6;
    }

    @Goroutine
    private static void goroutineNode(long num, long size, long[] out, int slot) {
        if (size == 1) {
            out[slot] = num;
            return;
        }
        long[] sums = new long[FAN_OUT];
        WaitGroup join = new WaitGroup();
        join.add(FAN_OUT);
        long child = size / FAN_OUT;
        for (int i = 0; i < FAN_OUT; i++) {
            long childNum = num + i * child;
            int childSlot = i;
            Go.go(() -> {
                goroutineNode(childNum, child, sums, childSlot);
                join.done();
            });
        }
        join.await();
        out[slot] = sum(sums);
    }

    private double onThreads(ThreadFactory threads) {
        long[] root = new long[1];
        long start = System.nanoTime();
        node(threads, 0, leaves, root, 0);
        double ms = (System.nanoTime() - start) / 1e6;
        check(root[0]);
        return ms;
    }

    private static void node(ThreadFactory threads, long num, long size, long[] out, int slot) {
        if (size == 1) {
            out[slot] = num;
            return;
        }
        long[] sums = new long[FAN_OUT];
        CountDownLatch join = new CountDownLatch(FAN_OUT);
        long child = size / FAN_OUT;
        for (int i = 0; i < FAN_OUT; i++) {
            long childNum = num + i * child;
            int childSlot = i;
            threads.newThread(() -> {
                node(threads, childNum, child, sums, childSlot);
                join.countDown();
            }).start();
        }
        ThreadRuns.await(join);
        out[slot] = sum(sums);
    }

    static long sum(long[] slots) {
        long total = 0;
        for (long v : slots) {
            total += v;
        }
        return total;
    }

    /** The leaves are 0 .. leaves-1. */
    void check(long total) {
        long expected = leaves * (leaves - 1) / 2;
        ThreadRuns.check(total == expected, "skynet sum " + total + ", expected " + expected);
    }
}
