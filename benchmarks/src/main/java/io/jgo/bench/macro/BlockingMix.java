package io.jgo.bench.macro;

import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import java.io.FileInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Pipe;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Blocking mix: two CPU workers with a fixed amount of work run beside {@code fifos}
 * goroutines blocked reading FIFOs, {@code pipes} blocked reading pipes and {@code sleepers} that
 * sleep 1 ms in a loop; the figure is the workers' time with that company over their time alone,
 * both measured in the same run (alone: the mean of a run just before and one just after). None of the blocking calls is wrapped by hand: on jgo the rewrite
 * makes the FIFO opens and reads and the pipe reads syscalls and {@code Thread.sleep} a park. Loom
 * pins its carriers in FIFO reads, so its workers may never run: every wait is bounded, the blocked
 * readers are released after at most {@link #STARVED_AFTER_NANOS} (or 20 times the time alone),
 * and such a run reports {@link Starved} instead of a figure.
 */
final class BlockingMix implements Workload {

    /** The workers' bounded wait: past it (or 20 times their time alone, if longer) the run is starved. */
    static final long STARVED_AFTER_NANOS = 10_000_000_000L;
    /** How long the harness waits for every blocker to reach its blocking call before it starts the workers anyway. */
    static final long SETTLE_LIMIT_NANOS = 2_000_000_000L;

    private final int fifos;
    private final int pipes;
    private final int sleepers;
    private final long work;

    BlockingMix(int fifos, int pipes, int sleepers, long work) {
        this.fifos = fifos;
        this.pipes = pipes;
        this.sleepers = sleepers;
        this.work = work;
    }

    @Override
    public String name() {
        return "blocking-mix";
    }

    @Override
    public String unit() {
        return "× alone";
    }

    @Override
    public String measures() {
        return String.format("2 CPU workers (%,d multiply-adds each) beside %d readers blocked on FIFOs, %d on pipes and "
                + "%d sleeping 1 ms in a loop; the workers' time over their time alone in the same run", work, fifos, pipes, sleepers);
    }

    @Override
    public Plan plan(Contender contender, int parallelism) {
        return switch (contender) {
            case JGO -> new Plan("goroutines: FileInputStream open + read of a FIFO, Pipe.SourceChannel.read, Thread.sleep(1),"
                    + " none wrapped by hand (the rewrite makes them syscalls / a park)", this::onJgo);
            case LOOM -> new Plan("virtual threads, same calls (FIFO reads pin a carrier)", () -> onThreads(ThreadRuns.VIRTUAL));
            case PLATFORM -> new Plan("platform threads, same calls", () -> onThreads(ThreadRuns.PLATFORM));
        };
    }

    // ------------------------------------------------------------------ shared state of one run

    /** What the blockers, workers and watchdog of one run share. */
    static final class Mix {
        final AtomicInteger aboutToBlock = new AtomicInteger();
        final CountDownLatch workersDone = new CountDownLatch(2);
        final AtomicLong lastEnd = new AtomicLong();
        final AtomicLong sink = new AtomicLong();
        volatile boolean stop;
        volatile boolean starved;
        volatile long start;

        void workerDone(long x) {
            sink.addAndGet(x);
            lastEnd.accumulateAndGet(System.nanoTime(), Math::max);
            workersDone.countDown();
        }

        /**
         * On a platform thread of the harness: waits for the workers at most {@code limitNanos}, then
         * releases every blocker (stop flag for the sleepers, a byte for every reader).
         */
        void watch(long limitNanos, BlockedEnds ends) {
            try {
                starved = !workersDone.await(limitNanos, TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                starved = true;
            }
            stop = true;
            try {
                ends.release();
            } catch (IOException e) {
                throw new IllegalStateException("releasing the blocked readers failed", e);
            }
        }
    }

    private long starvedAfter(double aloneNanos) {
        return Math.max(STARVED_AFTER_NANOS, (long) (20 * aloneNanos));
    }

    /**
     * The figure: the workers' time beside the blockers over their time alone, the mean of a run
     * alone just before and one just after (the machine's load drifts; this halves its bias).
     */
    private double ratio(Mix mix, double aloneBefore, double aloneAfter) {
        double aloneNanos = (aloneBefore + aloneAfter) / 2;
        if (mix.starved) {
            throw new Starved(String.format("the workers did not finish within %.1f s beside the blocked readers (%d of %d blockers"
                    + " reached their call); alone they took %.0f ms", starvedAfter(aloneNanos) / 1e9, mix.aboutToBlock.get(),
                    fifos + pipes + sleepers, aloneNanos / 1e6));
        }
        ThreadRuns.check(mix.sink.get() == 2 * expected(), "the workers' sums");
        double withBlockers = mix.lastEnd.get() - mix.start;
        System.err.printf("workers alone %.1f / %.1f ms, beside the blockers %.1f ms%n", aloneBefore / 1e6, aloneAfter / 1e6,
                withBlockers / 1e6);
        return withBlockers / aloneNanos;
    }

    /** What a worker computes, once per JVM (a run checks its workers against it). */
    private long expected() {
        if (expected == null) {
            expected = spin(work);
        }
        return expected;
    }

    private Long expected;

    /** The workers' fixed work on threads: {@code n} multiply-adds, no calls. */
    static long spin(long n) {
        long x = 0;
        for (long i = 0; i < n; i++) {
            x = x * 6364136223846793005L + i;
        }
        return x;
    }

    /**
     * The same work as goroutine code: rewritten, so its loop head polls for preemption (the
     * agent's default) and sysmon can give the sleepers a turn on the workers' Ps.
     */
    @Goroutine
    static long spinGo(long n) {
        long x = 0;
        for (long i = 0; i < n; i++) {
            x = x * 6364136223846793005L + i;
        }
        return x;
    }

    // ------------------------------------------------------------------ jgo

    private double onJgo() throws Exception {
        double alone = jgoWorkersAlone();
        Mix mix = new Mix();
        try (BlockedEnds ends = BlockedEnds.open(fifos, pipes)) {
            Thread watchdog = new Thread(() -> mix.watch(starvedAfter(alone), ends), "blocking-mix-watchdog");
            Go.run(() -> {
                WaitGroup all = new WaitGroup();
                all.add(fifos + pipes + sleepers + 2);
                for (int i = 0; i < fifos; i++) {
                    Path p = ends.fifo(i);
                    Go.go(() -> {
                        readFifo(p, mix);
                        all.done();
                    });
                }
                for (int i = 0; i < pipes; i++) {
                    Pipe.SourceChannel c = ends.pipe(i);
                    Go.go(() -> {
                        readPipe(c, mix);
                        all.done();
                    });
                }
                for (int i = 0; i < sleepers; i++) {
                    Go.go(() -> {
                        sleepLoop(mix);
                        all.done();
                    });
                }
                settle(mix);
                mix.start = System.nanoTime();
                watchdog.start();
                for (int w = 0; w < 2; w++) {
                    Go.go(() -> {
                        mix.workerDone(spinGo(work));
                        all.done();
                    });
                }
                all.await();
            });
            watchdog.join();
        }
        return ratio(mix, alone, jgoWorkersAlone());
    }

    private double jgoWorkersAlone() {
        long[] elapsed = new long[1];
        AtomicLong sink = new AtomicLong();
        Go.run(() -> {
            WaitGroup wg = new WaitGroup();
            wg.add(2);
            long t0 = System.nanoTime();
            for (int w = 0; w < 2; w++) {
                Go.go(() -> {
                    sink.addAndGet(spinGo(work));
                    wg.done();
                });
            }
            wg.await();
            elapsed[0] = System.nanoTime() - t0;
        });
        ThreadRuns.check(sink.get() == 2 * expected(), "the workers' sums");
        return elapsed[0];
    }

    /** Waits (bounded) until every blocker has reached its blocking call, then a little more so they are in it. */
    @Goroutine
    private void settle(Mix mix) {
        long limit = System.nanoTime() + SETTLE_LIMIT_NANOS;
        while (mix.aboutToBlock.get() < fifos + pipes + sleepers && System.nanoTime() < limit) {
            Go.sleep(Duration.ofMillis(1));
        }
        Go.sleep(Duration.ofMillis(20));
    }

    @Goroutine
    static void readFifo(Path fifo, Mix mix) {
        try (FileInputStream in = new FileInputStream(fifo.toFile())) {
            mix.aboutToBlock.incrementAndGet();
            ThreadRuns.check(in.read() == 1, "a FIFO reader's byte");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Goroutine
    static void readPipe(Pipe.SourceChannel c, Mix mix) {
        try {
            mix.aboutToBlock.incrementAndGet();
            ThreadRuns.check(c.read(ByteBuffer.allocate(1)) == 1, "a pipe reader's byte");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Goroutine
    static void sleepLoop(Mix mix) {
        mix.aboutToBlock.incrementAndGet();
        try {
            while (!mix.stop) {
                Thread.sleep(1); // rewritten: parks the goroutine
            }
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    // ------------------------------------------------------------------ Loom and platform threads

    /**
     * Orchestrated from this platform thread (not a virtual main thread, which pinned carriers
     * could keep from running): the same calls, on threads from {@code threads}.
     */
    private double onThreads(ThreadFactory threads) throws Exception {
        double alone = threadWorkersAlone(threads);
        Mix mix = new Mix();
        List<Thread> all = new ArrayList<>();
        try (BlockedEnds ends = BlockedEnds.open(fifos, pipes)) {
            for (int i = 0; i < fifos; i++) {
                all.add(threads.newThread(new FifoReader(ends.fifo(i), mix)));
            }
            for (int i = 0; i < pipes; i++) {
                all.add(threads.newThread(new PipeReader(ends.pipe(i), mix)));
            }
            for (int i = 0; i < sleepers; i++) {
                all.add(threads.newThread(new Sleeper(mix)));
            }
            for (Thread t : all) {
                t.start();
            }
            long limit = System.nanoTime() + SETTLE_LIMIT_NANOS;
            while (mix.aboutToBlock.get() < fifos + pipes + sleepers && System.nanoTime() < limit) {
                Thread.sleep(1);
            }
            Thread.sleep(20);
            mix.start = System.nanoTime();
            for (int w = 0; w < 2; w++) {
                Thread t = threads.newThread(new Worker(mix, work));
                all.add(t);
                t.start();
            }
            mix.watch(starvedAfter(alone), ends);
            for (Thread t : all) {
                t.join();
            }
        }
        return ratio(mix, alone, threadWorkersAlone(threads));
    }

    private double threadWorkersAlone(ThreadFactory threads) throws InterruptedException {
        Mix mix = new Mix();
        long t0 = System.nanoTime();
        Thread[] ws = {threads.newThread(new Worker(mix, work)), threads.newThread(new Worker(mix, work))};
        for (Thread t : ws) {
            t.start();
        }
        for (Thread t : ws) {
            t.join();
        }
        ThreadRuns.check(mix.sink.get() == 2 * expected(), "the workers' sums");
        return System.nanoTime() - t0;
    }

    // Named classes, not lambdas: the benchmark build rewrites lambda bodies, and these must stay plain.

    private record Worker(Mix mix, long work) implements Runnable {
        @Override
        public void run() {
            mix.workerDone(spin(work));
        }
    }

    private record FifoReader(Path fifo, Mix mix) implements Runnable {
        @Override
        public void run() {
            try (FileInputStream in = new FileInputStream(fifo.toFile())) {
                mix.aboutToBlock.incrementAndGet();
                ThreadRuns.check(in.read() == 1, "a FIFO reader's byte");
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    private record PipeReader(Pipe.SourceChannel c, Mix mix) implements Runnable {
        @Override
        public void run() {
            try {
                mix.aboutToBlock.incrementAndGet();
                ThreadRuns.check(c.read(ByteBuffer.allocate(1)) == 1, "a pipe reader's byte");
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    private record Sleeper(Mix mix) implements Runnable {
        @Override
        public void run() {
            mix.aboutToBlock.incrementAndGet();
            try {
                while (!mix.stop) {
                    Thread.sleep(1);
                }
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
