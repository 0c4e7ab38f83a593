package io.jgo.bench.macro;

import io.jgo.Go;
import io.jgo.WaitGroup;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadFactory;

/**
 * Gosched storm: {@code goroutines} goroutines each yield {@code yields} times ({@code Go.gosched()};
 * {@code Thread.yield()} on threads), all runnable at once, so the run queues stay full and every
 * yield is a trip through the scheduler. The figure is the wall time divided by the total number
 * of yields.
 */
final class GoschedStorm implements Workload {

    private final int goroutines;
    private final int yields;

    GoschedStorm(int goroutines, int yields) {
        this.goroutines = goroutines;
        this.yields = yields;
    }

    @Override
    public String name() {
        return "gosched-storm";
    }

    @Override
    public String unit() {
        return "ns/yield";
    }

    @Override
    public String measures() {
        return String.format("%,d goroutines each yield %,d times, joined with one counter; elapsed / total yields",
                goroutines, yields);
    }

    @Override
    public Plan plan(Contender contender, int parallelism) {
        return switch (contender) {
            case JGO -> new Plan("goroutines calling Go.gosched(), started from the main goroutine of Go.run; WaitGroup join",
                    this::onJgo);
            case LOOM -> new Plan("virtual threads calling Thread.yield(), started from a virtual main thread",
                    () -> ThreadRuns.inVirtualMain(() -> onThreads(ThreadRuns.VIRTUAL)));
            case PLATFORM -> new Plan(String.format("%,d platform threads calling Thread.yield() (sched_yield)", goroutines),
                    () -> onThreads(ThreadRuns.PLATFORM));
        };
    }

    private double onJgo() {
        long[] elapsed = new long[1];
        Go.run(() -> {
            WaitGroup join = new WaitGroup();
            join.add(goroutines);
            Runnable yielder = () -> {
                for (int i = 0; i < yields; i++) {
                    Go.gosched();
                }
                join.done();
            };
            long start = System.nanoTime();
            for (int g = 0; g < goroutines; g++) {
                Go.go(yielder);
            }
            join.await();
            elapsed[0] = System.nanoTime() - start;
        });
        ThreadRuns.check(elapsed[0] > 0, "the main goroutine did not finish");
        return (double) elapsed[0] / ((long) goroutines * yields);
    }

    private double onThreads(ThreadFactory threads) {
        CountDownLatch join = new CountDownLatch(goroutines);
        Runnable yielder = () -> {
            for (int i = 0; i < yields; i++) {
                Thread.yield();
            }
            join.countDown();
        };
        long start = System.nanoTime();
        for (int g = 0; g < goroutines; g++) {
            threads.newThread(yielder).start();
        }
        ThreadRuns.await(join);
        return (double) (System.nanoTime() - start) / ((long) goroutines * yields);
    }
}
