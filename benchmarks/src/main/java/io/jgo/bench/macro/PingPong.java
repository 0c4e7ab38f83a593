package io.jgo.bench.macro;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.WaitGroup;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;

/**
 * Ping-pong: two parties pass a counter back and forth {@code rounds} times over two unbuffered
 * channels (jgo), two {@code SynchronousQueue}s (Loom and platform threads). The figure is the wall
 * time per round trip (two hand-offs, two parks, two wake-ups).
 */
final class PingPong implements Workload {

    private final int rounds;

    PingPong(int rounds) {
        this.rounds = rounds;
    }

    @Override
    public String name() {
        return "ping-pong";
    }

    @Override
    public String unit() {
        return "ns/round trip";
    }

    @Override
    public String measures() {
        return String.format("%,d round trips between two parties over two unbuffered channels; elapsed / round trips", rounds);
    }

    @Override
    public Plan plan(Contender contender, int parallelism) {
        return switch (contender) {
            case JGO -> new Plan("two goroutines, two Chan.make(0)", this::onJgo);
            case LOOM -> new Plan("two virtual threads, two SynchronousQueues",
                    () -> ThreadRuns.inVirtualMain(() -> onThreads(ThreadRuns.VIRTUAL)));
            case PLATFORM -> new Plan("two platform threads, two SynchronousQueues", () -> onThreads(ThreadRuns.PLATFORM));
        };
    }

    /** Both parties are ordinary goroutines: the main goroutine is locked to M0, and every park of it is a thread hand-off. */
    private double onJgo() {
        long[] elapsed = new long[1];
        Go.run(() -> {
            Chan<Integer> ping = Chan.make(0);
            Chan<Integer> pong = Chan.make(0);
            WaitGroup done = new WaitGroup();
            done.add(1);
            Go.go(() -> {
                for (Integer v : ping) {
                    pong.send(v + 1);
                }
            });
            Go.go(() -> {
                Integer v = 0;
                long start = System.nanoTime();
                for (int i = 0; i < rounds; i++) {
                    ping.send(v);
                    v = pong.recv();
                }
                elapsed[0] = System.nanoTime() - start;
                ping.close();
                ThreadRuns.check(v == rounds, "ping-pong count " + v);
                done.done();
            });
            done.await();
        });
        return (double) elapsed[0] / rounds;
    }

    private double onThreads(ThreadFactory threads) throws InterruptedException {
        SynchronousQueue<Integer> ping = new SynchronousQueue<>();
        SynchronousQueue<Integer> pong = new SynchronousQueue<>();
        Thread echo = threads.newThread(() -> {
            try {
                for (int i = 0; i < rounds; i++) {
                    pong.put(ping.take() + 1);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        echo.start();
        Integer v = 0;
        long start = System.nanoTime();
        for (int i = 0; i < rounds; i++) {
            ping.put(v);
            v = pong.take();
        }
        long elapsed = System.nanoTime() - start;
        echo.join();
        ThreadRuns.check(v == rounds, "ping-pong count " + v);
        return (double) elapsed / rounds;
    }
}
