package io.jgo.samples;

import static io.jgo.Go.go;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import java.time.Duration;

/**
 * Something to watch with the JDK's tools (see the README's "Observability"): for SECONDS (first
 * argument, default 30) a producer feeds jobs through a buffered channel to 8 workers that compute,
 * now and then sleep, and send results on; main sums them. One goroutine waits all along on a
 * channel nobody sends to, as a stuck goroutine would (after a minute a dump shows how long). Prints
 * its pid first, for {@code jcmd}, {@code jconsole} and {@code kill -USR1}. (At the end {@code Go.run} notes that the stuck goroutine ends with main, as in Go.)
 */
public final class Workload {

    private static final int WORKERS = 8;

    private Workload() {
    }

    public static void main(String[] args) {
        long seconds = args.length > 0 ? Long.parseLong(args[0]) : 30;
        System.out.println("pid " + ProcessHandle.current().pid() + ": running for " + seconds + " s");
        Go.run(() -> {
            long end = System.nanoTime() + seconds * 1_000_000_000L;
            Chan<Integer> jobs = Chan.make(64);
            Chan<Long> results = Chan.make(64);
            Chan<Void> never = Chan.make();
            go(() -> never.recv()); // stuck forever: [chan receive] in every dump
            go(() -> {
                for (int i = 0; System.nanoTime() < end; i++) {
                    jobs.send(i);
                }
                jobs.close();
            });
            WaitGroup workers = new WaitGroup();
            workers.add(WORKERS);
            for (int w = 0; w < WORKERS; w++) {
                go(() -> {
                    for (int job : jobs) {
                        results.send(work(job));
                    }
                    workers.done();
                });
            }
            go(() -> {
                workers.await();
                results.close();
            });
            long sum = 0;
            long count = 0;
            for (long r : results) {
                sum += r;
                count++;
            }
            System.out.println(count + " jobs, checksum " + sum);
        });
    }

    /** About 50 µs of arithmetic; one job in 100 also sleeps a millisecond. */
    @Goroutine
    static long work(int job) {
        long x = job;
        for (int i = 0; i < 20_000; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
        }
        if (job % 100 == 0) {
            Go.sleep(Duration.ofMillis(1));
        }
        return x & 0xFFFF;
    }
}
