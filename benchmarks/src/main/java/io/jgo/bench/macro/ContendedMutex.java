package io.jgo.bench.macro;

import io.jgo.Go;
import io.jgo.Mutex;
import io.jgo.WaitGroup;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Contended mutex: 8 parties each take and release one lock {@code perParty} times around a tiny
 * critical section (a counter increment). jgo's {@code Mutex} against {@code ReentrantLock} on
 * virtual and platform threads. Figure: wall time per lock/unlock pair.
 */
final class ContendedMutex implements Workload {

    private static final int PARTIES = 8;

    private final int perParty;

    ContendedMutex(int perParty) {
        this.perParty = perParty;
    }

    @Override
    public String name() {
        return "mutex-8";
    }

    @Override
    public String unit() {
        return "ns/lock";
    }

    @Override
    public String measures() {
        return String.format("8 parties lock, increment, unlock %,d times each; elapsed / locks", perParty);
    }

    @Override
    public Plan plan(Contender contender, int parallelism) {
        return switch (contender) {
            case JGO -> new Plan("8 goroutines, io.jgo.Mutex", this::onJgo);
            case LOOM -> new Plan("8 virtual threads, ReentrantLock",
                    () -> ThreadRuns.inVirtualMain(() -> onThreads(ThreadRuns.VIRTUAL)));
            case PLATFORM -> new Plan("8 platform threads, ReentrantLock", () -> onThreads(ThreadRuns.PLATFORM));
        };
    }

    private double onJgo() {
        long[] elapsed = new long[1];
        long[] counter = {0};
        Go.run(() -> {
            Mutex mu = new Mutex();
            WaitGroup wg = new WaitGroup();
            wg.add(PARTIES);
            long start = System.nanoTime();
            for (int p = 0; p < PARTIES; p++) {
                Go.go(() -> {
                    for (int i = 0; i < perParty; i++) {
                        mu.lock();
                        counter[0]++;
                        mu.unlock();
                    }
                    wg.done();
                });
            }
            wg.await();
            elapsed[0] = System.nanoTime() - start;
        });
        ThreadRuns.check(counter[0] == (long) PARTIES * perParty, "mutex count " + counter[0]);
        return (double) elapsed[0] / ((long) PARTIES * perParty);
    }

    private double onThreads(ThreadFactory threads) {
        ReentrantLock lock = new ReentrantLock();
        long[] counter = {0};
        CountDownLatch done = new CountDownLatch(PARTIES);
        long start = System.nanoTime();
        for (int p = 0; p < PARTIES; p++) {
            threads.newThread(() -> {
                for (int i = 0; i < perParty; i++) {
                    lock.lock();
                    counter[0]++;
                    lock.unlock();
                }
                done.countDown();
            }).start();
        }
        ThreadRuns.await(done);
        long elapsed = System.nanoTime() - start;
        lock.lock();
        ThreadRuns.check(counter[0] == (long) PARTIES * perParty, "mutex count " + counter[0]);
        lock.unlock();
        return (double) elapsed / ((long) PARTIES * perParty);
    }
}
