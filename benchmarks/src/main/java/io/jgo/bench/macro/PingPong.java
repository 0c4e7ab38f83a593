package io.jgo.bench.macro;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;

/**
 * Ping-pong: two parties pass a counter back and forth {@code rounds} times over two unbuffered
 * channels (jgo), two {@code SynchronousQueue}s (Loom and platform threads). The figure is the wall
 * time per round trip (two hand-offs, two parks, two wake-ups). The {@code ping-pong-main} form has
 * the main party ping: on jgo the main goroutine of {@code Go.run}, on Loom and platform threads
 * the thread that started the run, as users write it (the README's prime sieve receives in main).
 */
final class PingPong implements Workload {

    private final int rounds;
    /** Whether the main party (jgo's main goroutine) pings, or a goroutine started for it. */
    private final boolean fromMain;

    PingPong(int rounds, boolean fromMain) {
        this.rounds = rounds;
        this.fromMain = fromMain;
    }

    @Override
    public String name() {
        return fromMain ? "ping-pong-main" : "ping-pong";
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
            case JGO -> new Plan(fromMain ? "the main goroutine and a goroutine, two Chan.make(0)"
                    : "two goroutines, two Chan.make(0)", this::onJgo);
            case LOOM -> new Plan("two virtual threads, two SynchronousQueues",
                    () -> ThreadRuns.inVirtualMain(() -> onThreads(ThreadRuns.VIRTUAL)));
            case PLATFORM -> new Plan("two platform threads, two SynchronousQueues", () -> onThreads(ThreadRuns.PLATFORM));
        };
    }

    /** The pinging party is the main goroutine, or a goroutine main starts and waits for. */
    private double onJgo() {
        long[] elapsed = new long[1];
        Go.run(() -> {
            IdleConnection idle = IdleConnection.openIfAsked();
            Chan<Integer> ping = Chan.make(0);
            Chan<Integer> pong = Chan.make(0);
            WaitGroup done = new WaitGroup();
            done.add(1);
            Go.go(() -> {
                for (Integer v : ping) {
                    pong.send(v + 1);
                }
            });
            if (fromMain) {
                elapsed[0] = pingRounds(ping, pong, rounds);
                done.done();
            } else {
                Go.go(() -> {
                    elapsed[0] = pingRounds(ping, pong, rounds);
                    done.done();
                });
            }
            done.await();
            idle.close();
        });
        return (double) elapsed[0] / rounds;
    }

    /** The pinging party: {@code rounds} round trips, then closes {@code ping}; returns the elapsed nanoseconds. */
    @Goroutine
    private static long pingRounds(Chan<Integer> ping, Chan<Integer> pong, int rounds) {
        Integer v = 0;
        long start = System.nanoTime();
        for (int i = 0; i < rounds; i++) {
            ping.send(v);
            v = pong.recv();
        }
        long elapsed = System.nanoTime() - start;
        ping.close();
        ThreadRuns.check(v == rounds, "ping-pong count " + v);
        return elapsed;
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
