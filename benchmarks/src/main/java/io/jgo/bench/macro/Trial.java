package io.jgo.bench.macro;

/**
 * The child side of the harness: runs one workload on one contender in this (fresh) JVM, first
 * {@code warmups} runs that are thrown away, then {@code runs} measured runs, each printed on stdout
 * as {@code jgo-bench-result <figure>}. A workload that does not run on this contender prints
 * {@code jgo-bench-skip <reason>}; a run whose work was starved (a bounded wait ran out, see
 * {@link Starved}) prints {@code jgo-bench-starved <why>} and ends the trial.
 *
 * <pre>java [-Djgo.bench.set=full|quick|smoke] -cp ... io.jgo.bench.macro.Trial WORKLOAD RUNTIME PARALLELISM WARMUPS RUNS</pre>
 *
 * Before each run the JVM collects garbage and pauses briefly, so one run's garbage does not bill
 * the next; the same for every contender.
 */
public final class Trial {

    static final String RESULT = "jgo-bench-result ";
    static final String SKIP = "jgo-bench-skip ";
    static final String STARVED = "jgo-bench-starved ";

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
        try {
            for (int i = 1; i <= warmups; i++) {
                settle();
                System.err.printf("warm-up %d: %.2f %s%n", i, plan.run().once(), workload.unit());
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

    private static void settle() throws InterruptedException {
        System.gc();
        Thread.sleep(100);
    }
}
