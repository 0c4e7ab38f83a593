package io.jgo.bench.macro;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.Goroutine;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;

/**
 * skynet as originally written: a 10-ary tree of goroutines with {@code leaves} leaves; every node
 * makes an unbuffered channel, starts its 10 children on it, receives their 10 results and sends
 * the sum to its parent. Loom and platform threads use a {@code SynchronousQueue} per node. Figure:
 * wall time of the whole tree.
 */
final class SkynetChan implements Workload {

    private static final int FAN_OUT = 10;

    private final long leaves;

    SkynetChan(long leaves) {
        this.leaves = leaves;
    }

    @Override
    public String name() {
        return leaves == 1_000_000 ? "skynet-chan" : "skynet-chan-" + leaves / 1000 + "k";
    }

    @Override
    public String unit() {
        return "ms";
    }

    @Override
    public String measures() {
        return String.format("10-ary tree, %,d leaves; each node receives its children's results on one unbuffered channel; wall time", leaves);
    }

    @Override
    public Plan plan(Contender contender, int parallelism) {
        return switch (contender) {
            case JGO -> new Plan("a goroutine and a Chan.make(0) per node", this::onJgo);
            case LOOM -> new Plan("a virtual thread and a SynchronousQueue per node",
                    () -> ThreadRuns.inVirtualMain(() -> onThreads(ThreadRuns.VIRTUAL)));
            case PLATFORM -> leaves > 10_000
                    ? Plan.skip("not run: 1.1 million platform threads (see skynet-chan-10k)")
                    : new Plan("a platform thread and a SynchronousQueue per node", () -> onThreads(ThreadRuns.PLATFORM));
        };
    }

    private double onJgo() {
        long[] result = new long[1];
        long[] elapsed = new long[1];
        Go.run(() -> {
            long start = System.nanoTime();
            Chan<Long> root = Chan.make(0);
            Go.go(() -> node(root, 0, leaves));
            result[0] = root.recv();
            elapsed[0] = System.nanoTime() - start;
        });
        check(result[0]);
        return elapsed[0] / 1e6;
    }

    @Goroutine
    private static void node(Chan<Long> parent, long num, long size) {
        if (size == 1) {
            parent.send(num);
            return;
        }
        Chan<Long> rc = Chan.make(0);
        long child = size / FAN_OUT;
        for (int i = 0; i < FAN_OUT; i++) {
            long childNum = num + i * child;
            Go.go(() -> node(rc, childNum, child));
        }
        long sum = 0;
        for (int i = 0; i < FAN_OUT; i++) {
            sum += rc.recv();
        }
        parent.send(sum);
    }

    private double onThreads(ThreadFactory threads) throws InterruptedException {
        long start = System.nanoTime();
        SynchronousQueue<Long> root = new SynchronousQueue<>();
        threads.newThread(() -> threadNode(threads, root, 0, leaves)).start();
        long result = root.take();
        double ms = (System.nanoTime() - start) / 1e6;
        check(result);
        return ms;
    }

    private static void threadNode(ThreadFactory threads, SynchronousQueue<Long> parent, long num, long size) {
        try {
            if (size == 1) {
                parent.put(num);
                return;
            }
            SynchronousQueue<Long> rc = new SynchronousQueue<>();
            long child = size / FAN_OUT;
            for (int i = 0; i < FAN_OUT; i++) {
                long childNum = num + i * child;
                threads.newThread(() -> threadNode(threads, rc, childNum, child)).start();
            }
            long sum = 0;
            for (int i = 0; i < FAN_OUT; i++) {
                sum += rc.take();
            }
            parent.put(sum);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void check(long total) {
        long expected = leaves * (leaves - 1) / 2;
        ThreadRuns.check(total == expected, "skynet-chan sum " + total + ", expected " + expected);
    }
}
