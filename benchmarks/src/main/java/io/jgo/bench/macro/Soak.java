package io.jgo.bench.macro;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.Mutex;
import io.jgo.Select;
import io.jgo.Timer;
import io.jgo.WaitGroup;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Soak: for N minutes, rounds of a mixed workload — spawns, yields, parks, sleeps, syscalls, a
 * spinner that only preemption can stop, GOMAXPROCS changes, channels, selects with timers,
 * {@code afterFunc} timers stopped and reset, mutexes — each round checking its invariants (every
 * value sent is received once, a mutex-guarded count is exact, every sleeper, syscall and timer
 * function ran, and the goroutine count is back to where it was: nothing leaked, nothing hangs).
 * Every minute it prints heap used after a full GC, the JVM's live threads and the live goroutines;
 * at the end it checks that the heap stayed flat (the end's figure within twice the second
 * report's, taken after a minute of warm-up, plus 16 MB) and exits non-zero on any broken invariant, or on a hang (no operation done
 * for two minutes: the goroutines are dumped).
 *
 * <pre>java -Xmx512m -cp ... io.jgo.bench.macro.Soak [minutes] [max procs] [seconds between reports]</pre>
 * (defaults: 10 minutes, GOMAXPROCS cycling 1..8, 60 s), or {@code exec:exec@soak -Dsoak.args="..."}.
 */
public final class Soak {

    private static final long MB = 1024 * 1024;

    private final int maxProcs;
    private final long reportNanos;
    private final List<String> broken = new ArrayList<>();
    private final AtomicLong ops = new AtomicLong();

    private Soak(int maxProcs, long reportNanos) {
        this.maxProcs = maxProcs;
        this.reportNanos = reportNanos;
    }

    public static void main(String[] args) {
        double minutes = args.length > 0 ? Double.parseDouble(args[0]) : 10;
        int procs = args.length > 1 ? Integer.parseInt(args[1]) : 8;
        long reportSeconds = args.length > 2 ? Long.parseLong(args[2]) : 60;
        Soak soak = new Soak(procs, reportSeconds * 1_000_000_000L);
        soak.watchHangs();
        Go.run(() -> soak.run((long) (minutes * 60_000_000_000L)));
        if (!soak.broken.isEmpty()) {
            System.out.println("soak: FAILED");
            soak.broken.forEach(b -> System.out.println("  " + b));
            System.exit(1);
        }
        System.out.println("soak: every invariant held");
    }

    @Goroutine
    private void run(long nanos) {
        long start = System.nanoTime();
        long nextReport = start;
        int baseline = Go.numGoroutine();
        long baseHeap = -1; // the second report's: after a warm-up period
        long lastHeap = 0;
        int report = 0;
        int round = 0;
        while (System.nanoTime() - start < nanos && broken.isEmpty()) {
            Go.maxProcs(1 + round % maxProcs);
            round(round++);
            awaitGoroutines(baseline, round);
            if (System.nanoTime() >= nextReport) {
                lastHeap = heapAfterGc();
                if (report == 1) {
                    baseHeap = lastHeap;
                }
                System.out.printf("soak: report %d: rounds %d, ops %,d, heap after GC %,d MB, threads %d, goroutines %d%n",
                        report++, round, ops.get(), lastHeap / MB,
                        ManagementFactory.getThreadMXBean().getThreadCount(), Go.numGoroutine());
                nextReport += reportNanos;
            }
        }
        lastHeap = heapAfterGc();
        System.out.printf("soak: end: rounds %d, ops %,d, heap after GC %,d MB, threads %d, goroutines %d%n",
                round, ops.get(), lastHeap / MB, ManagementFactory.getThreadMXBean().getThreadCount(), Go.numGoroutine());
        if (baseHeap < 0) {
            System.out.println("soak: too short to judge the heap (it is compared with the second report's)");
        } else if (lastHeap > 2 * baseHeap + 16 * MB) {
            broken.add("heap grew: " + baseHeap / MB + " MB at the second report, " + lastHeap / MB + " MB at the end");
        }
    }

    /** One round: all parts run at once, each checks itself; returns when all are done. */
    @Goroutine
    private void round(int round) {
        WaitGroup parts = new WaitGroup();
        parts.add(5);
        Go.go(() -> { pipeline(round); parts.done(); });
        Go.go(() -> { mutexCount(); parts.done(); });
        Go.go(() -> { sleepersAndSyscalls(); parts.done(); });
        Go.go(() -> { timers(); parts.done(); });
        Go.go(() -> { preemption(); parts.done(); });
        parts.await();
    }

    /** Producer, relays selecting between the input and a timer, a sink: every value arrives exactly once. */
    @Goroutine
    private void pipeline(int round) {
        int n = 2_000;
        int relays = 4;
        Chan<Integer> in = Chan.make(round % 2 == 0 ? 0 : 16);
        Chan<Integer> out = Chan.make(8);
        WaitGroup relaying = new WaitGroup();
        relaying.add(relays);
        for (int r = 0; r < relays; r++) {
            Go.go(() -> {
                boolean[] open = {true};
                while (open[0]) {
                    Select.select(
                            Select.recvOk(in, res -> {
                                if (res.ok()) {
                                    out.send(res.value());
                                } else {
                                    open[0] = false;
                                }
                            }),
                            Select.recv(Go.after(Duration.ofMillis(1)), t -> Go.gosched()));
                }
                relaying.done();
            });
        }
        Go.go(() -> {
            for (int i = 1; i <= n; i++) {
                in.send(i);
            }
            in.close();
            relaying.await();
            out.close();
        });
        long sum = 0;
        int count = 0;
        for (Integer v : out) {
            sum += v;
            count++;
        }
        ops.addAndGet(count);
        check(count == n && sum == (long) n * (n + 1) / 2, "pipeline: " + count + " values summing to " + sum
                + ", expected " + n + " summing to " + (long) n * (n + 1) / 2);
    }

    /** Goroutines increment a count under a mutex, yielding while they hold it: the count is exact. */
    @Goroutine
    private void mutexCount() {
        Mutex mu = new Mutex();
        long[] count = {0};
        int workers = 16;
        int each = 200;
        WaitGroup wg = new WaitGroup();
        wg.add(workers);
        for (int w = 0; w < workers; w++) {
            Go.go(() -> {
                for (int i = 0; i < each; i++) {
                    mu.lock();
                    long c = count[0];
                    if (i % 16 == 0) {
                        Go.gosched();
                    }
                    count[0] = c + 1;
                    mu.unlock();
                }
                wg.done();
            });
        }
        wg.await();
        mu.lock();
        long total = count[0];
        mu.unlock();
        ops.addAndGet(total);
        check(total == (long) workers * each, "mutex: count " + total + ", expected " + workers * each);
    }

    /** Sleepers with random short sleeps and goroutines in blocking syscalls: all of them come back. */
    @Goroutine
    private void sleepersAndSyscalls() {
        int n = 64;
        AtomicLong back = new AtomicLong();
        WaitGroup wg = new WaitGroup();
        wg.add(n);
        for (int i = 0; i < n; i++) {
            int k = i;
            Go.go(() -> {
                if (k % 2 == 0) {
                    Go.sleep(Duration.ofMillis(ThreadLocalRandom.current().nextInt(3)));
                    back.incrementAndGet();
                } else {
                    try {
                        int v = Go.syscall(() -> {
                            Thread.sleep(ThreadLocalRandom.current().nextInt(3));
                            return k;
                        });
                        if (v == k) {
                            back.incrementAndGet();
                        }
                    } catch (Exception e) {
                        check(false, "syscall threw " + e);
                    }
                }
                wg.done();
            });
        }
        wg.await();
        ops.addAndGet(n);
        check(back.get() == n, "sleepers and syscalls: " + back.get() + " of " + n + " came back");
    }

    /** afterFunc timers, half stopped before they fire and reset to fire soon: exactly the others and the reset ones run. */
    @Goroutine
    private void timers() {
        int n = 32;
        AtomicLong ran = new AtomicLong();
        WaitGroup wg = new WaitGroup();
        wg.add(n);
        List<Timer> timers = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            timers.add(Go.afterFunc(Duration.ofMillis(i % 2 == 0 ? 1 : 60_000), () -> {
                ran.incrementAndGet();
                wg.done();
            }));
        }
        for (int i = 1; i < n; i += 2) {
            Timer t = timers.get(i);
            if (t.stop()) {
                t.reset(Duration.ofMillis(1));
            }
        }
        wg.await();
        ops.addAndGet(n);
        check(ran.get() == n, "timers: " + ran.get() + " of " + n + " functions ran");
    }

    /** A goroutine spinning without calls stops only when another one, needing a P, has set the flag. */
    @Goroutine
    private void preemption() {
        long[] spun = {0};
        Flag flag = new Flag();
        WaitGroup wg = new WaitGroup();
        wg.add(1);
        Go.go(() -> {
            long x = 0;
            while (!flag.set) {
                x += x * 31 + 7; // a loop with no call in it: only preemption lets others run on its P
            }
            spun[0] = x;
            wg.done();
        });
        Go.go(() -> {
            Go.sleep(Duration.ofMillis(1));
            flag.set = true;
        });
        wg.await();
        ops.incrementAndGet();
    }

    /**
     * A plain daemon thread: if no operation completes for two minutes, something hangs; it prints
     * the goroutines and exits with status 2 (a hang must not pass for a long soak).
     */
    private void watchHangs() {
        Thread watch = new Thread(() -> {
            long last = -1;
            while (true) {
                try {
                    Thread.sleep(120_000);
                } catch (InterruptedException e) {
                    return;
                }
                long now = ops.get();
                if (now == last) {
                    String dump;
                    try {
                        dump = Go.dumpGoroutines();
                    } catch (RuntimeException e) {
                        dump = "(no dump: " + e + ")";
                    }
                    System.out.println("soak: FAILED: no progress for two minutes (ops " + now + ")\n" + dump);
                    System.exit(2);
                }
                last = now;
            }
        }, "soak-hang-watch");
        watch.setDaemon(true);
        watch.start();
    }

    /** Set by one goroutine, spun on by another. */
    private static final class Flag {
        volatile boolean set;
    }

    /** Goroutines of a round are gone once it returns (they may still be exiting): wait, bounded. */
    @Goroutine
    private void awaitGoroutines(int baseline, int round) {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (Go.numGoroutine() > baseline) {
            if (System.nanoTime() > deadline) {
                check(false, "round " + round + ": " + (Go.numGoroutine() - baseline) + " goroutines left after 30 s:\n"
                        + Go.dumpGoroutines());
                return;
            }
            Go.sleep(Duration.ofMillis(1));
        }
    }

    private synchronized void check(boolean holds, String what) {
        if (!holds) {
            broken.add(what);
        }
    }

    private static long heapAfterGc() {
        System.gc();
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
