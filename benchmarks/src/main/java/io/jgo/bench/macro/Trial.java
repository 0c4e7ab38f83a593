package io.jgo.bench.macro;

import java.util.Arrays;

/**
 * The child side of the harness: runs one workload on one contender in this (fresh) JVM, first
 * {@code warmups} runs that are thrown away, then {@code runs} measured runs, each printed on stdout
 * as {@code jgo-bench-result <figure>}. A workload that does not run on this contender prints
 * {@code jgo-bench-skip <reason>}; a run whose work was starved (a bounded wait ran out, see
 * {@link Starved}) prints {@code jgo-bench-starved <why>} and ends the trial.
 *
 * <pre>java [-Djgo.bench.set=full|quick|smoke] [-Djgo.bench.minWarmupMillis=1000] -cp ... io.jgo.bench.macro.Trial WORKLOAD RUNTIME PARALLELISM WARMUPS RUNS</pre>
 *
 * Before each counted run the JVM collects garbage and pauses briefly, so one run's garbage does not
 * bill the next; the same for every contender. After the {@code WARMUPS} runs the JVM keeps warming
 * up, without that pause, until its warm-up runs after the first (which also loads the classes) took
 * {@code jgo.bench.minWarmupMillis} in all
 * (default 0: the count alone): two warm-ups of a 3 ms workload leave it interpreted and half
 * compiled, and its measured runs then spread 8-39 ms where the compiled code takes 3-5.
 *
 * <p>jgo's workloads need their classes rewritten ({@code mvn package} runs the build-time rewrite at
 * {@code process-classes}; a plain {@code compile} leaves javac's classes, on which every park pins a
 * carrier): a jgo trial on unrewritten classes stops with that message instead of printing figures.
 */
public final class Trial {

    static final String RESULT = "jgo-bench-result ";
    static final String SKIP = "jgo-bench-skip ";
    static final String STARVED = "jgo-bench-starved ";
    /** The least warm-up time, in milliseconds of runs, a JVM gives its workload ({@code Compare --min-warmup-ms}). */
    static final String MIN_WARMUP_PROPERTY = "jgo.bench.minWarmupMillis";
    /** The most extra warm-up runs the least warm-up time may add: a bound for a workload of microseconds. */
    static final int MAX_EXTRA_WARMUPS = 10_000;

    private Trial() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 5) {
            System.err.println("usage: Trial WORKLOAD RUNTIME PARALLELISM WARMUPS RUNS");
            System.exit(2);
        }
        Workload workload = Workloads.named(Workloads.set(System.getProperty(Workloads.SET_PROPERTY, "full")), args[0]);
        Contender contender = Contender.parse(args[1]);
        int parallelism = Integer.parseInt(args[2]);
        int warmups = Integer.parseInt(args[3]);
        int runs = Integer.parseInt(args[4]);

        Workload.Plan plan = workload.plan(contender, parallelism);
        if (!plan.runs()) {
            System.out.println(SKIP + plan.how());
            System.exit(0);
        }
        if (contender == Contender.JGO) {
            requireRewrittenClasses();
        }
        long minWarmupNanos = Long.getLong(MIN_WARMUP_PROPERTY, 0) * 1_000_000;
        try {
            long warmedNanos = 0;
            for (int i = 1; i <= warmups; i++) {
                settle();
                long start = System.nanoTime();
                System.err.printf("warm-up %d: %.2f %s%n", i, plan.run().once(), workload.unit());
                if (i > 1) { // the first run also loads and initialises the classes: not time the JIT had
                    warmedNanos += System.nanoTime() - start;
                }
            }
            int extra = 0;
            for (; warmedNanos < minWarmupNanos && extra < MAX_EXTRA_WARMUPS; extra++) {
                long start = System.nanoTime();
                plan.run().once();
                warmedNanos += System.nanoTime() - start;
            }
            if (extra > 0) {
                System.err.printf("warm-up: %d more runs, %.0f ms of warm-up in all%n", extra, warmedNanos / 1e6);
            }
            boolean counts = Boolean.getBoolean("jgo.counts");
            for (int i = 1; i <= runs; i++) {
                settle();
                System.out.println(RESULT + plan.run().once());
                if (counts) { // process-wide, so cumulative over the runs so far
                    System.err.println("jgo-counts " + io.jgo.internal.sched.park.RuntimeLock.countsText());
                }
            }
        } catch (Starved e) {
            System.out.println(STARVED + e.getMessage()); // one starved run stands for the rest
        }
        System.out.flush();
        System.exit(0); // whatever the runtime left behind (carriers, pools) must not keep this JVM up
    }

    /**
     * Stops the trial when the benchmark classes are javac's, not the rewrite's: {@link PingPong}'s
     * goroutine methods then have no {@code $jgo$} companions, and every jgo figure would be that of
     * pinned carriers.
     */
    private static void requireRewrittenClasses() {
        boolean rewritten = Arrays.stream(PingPong.class.getDeclaredMethods())
                .anyMatch(m -> m.getName().startsWith("$jgo$"));
        if (!rewritten) {
            System.err.println("jgo-bench: " + PingPong.class.getName() + " is not rewritten: the benchmarks' classes"
                    + " are javac's, so every jgo park would pin a carrier. Build them with `mvn package` (its"
                    + " process-classes phase rewrites them; `mvn compile` alone does not), or run with"
                    + " -javaagent:jgo-agent.jar.");
            System.exit(3);
        }
    }

    private static void settle() throws InterruptedException {
        System.gc();
        Thread.sleep(100);
    }
}
