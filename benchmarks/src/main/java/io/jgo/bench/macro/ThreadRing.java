package io.jgo.bench.macro;

import io.jgo.Chan;
import io.jgo.Go;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;

/**
 * Thread ring (the Computer Language Benchmarks Game's): 503 parties in a ring, each linked to the
 * next by an unbuffered channel ({@code SynchronousQueue} on threads), pass a token {@code hops}
 * times. Only one party is runnable at any moment, so this is the cost of one hand-off plus one
 * park and one wake-up. Figure: wall time per hop. Platform threads do a tenth of the hops (the
 * figure is per hop).
 */
final class ThreadRing implements Workload {

    private static final int RING = 503;

    private final int hops;

    ThreadRing(int hops) {
        this.hops = hops;
    }

    @Override
    public String name() {
        return "thread-ring";
    }

    @Override
    public String unit() {
        return "ns/hop";
    }

    @Override
    public String measures() {
        return String.format("%d parties in a ring of unbuffered channels pass a token %,d hops; elapsed / hops", RING, hops);
    }

    @Override
    public Plan plan(Contender contender, int parallelism) {
        return switch (contender) {
            case JGO -> new Plan("503 goroutines, 503 Chan.make(0)", this::onJgo);
            case LOOM -> new Plan("503 virtual threads, 503 SynchronousQueues",
                    () -> ThreadRuns.inVirtualMain(() -> onThreads(ThreadRuns.VIRTUAL, hops)));
            case PLATFORM -> new Plan(String.format("503 platform threads, 503 SynchronousQueues, %,d hops", hops / 10),
                    () -> onThreads(ThreadRuns.PLATFORM, hops / 10));
        };
    }

    private double onJgo() {
        long[] elapsed = new long[1];
        Go.run(() -> {
            List<Chan<Integer>> links = new ArrayList<>();
            for (int i = 0; i < RING; i++) {
                links.add(Chan.make(0));
            }
            Chan<Integer> done = Chan.make(0);
            for (int i = 0; i < RING; i++) {
                Chan<Integer> in = links.get(i);
                Chan<Integer> out = links.get((i + 1) % RING);
                Go.go(() -> {
                    for (;;) {
                        Integer t = in.recv();
                        if (t == 0) {
                            done.send(t);
                            return;
                        }
                        out.send(t - 1);
                    }
                });
            }
            long start = System.nanoTime();
            links.get(0).send(hops);
            done.recv();
            elapsed[0] = System.nanoTime() - start;
            // the other 502 goroutines stay parked; Go.run drops them
        });
        return (double) elapsed[0] / hops;
    }

    private double onThreads(ThreadFactory threads, int n) throws InterruptedException {
        List<SynchronousQueue<Integer>> links = new ArrayList<>();
        for (int i = 0; i < RING; i++) {
            links.add(new SynchronousQueue<>());
        }
        SynchronousQueue<Integer> done = new SynchronousQueue<>();
        List<Thread> ring = new ArrayList<>();
        for (int i = 0; i < RING; i++) {
            SynchronousQueue<Integer> in = links.get(i);
            SynchronousQueue<Integer> out = links.get((i + 1) % RING);
            Thread t = threads.newThread(() -> {
                try {
                    for (;;) {
                        int token = in.take();
                        if (token < 0) {
                            return; // shutdown
                        }
                        if (token == 0) {
                            done.put(token);
                            continue;
                        }
                        out.put(token - 1);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            t.start();
            ring.add(t);
        }
        long start = System.nanoTime();
        links.get(0).put(n);
        done.take();
        long elapsed = System.nanoTime() - start;
        for (SynchronousQueue<Integer> l : links) {
            l.put(-1);
        }
        for (Thread t : ring) {
            t.join();
        }
        return (double) elapsed / n;
    }
}
