package io.jgo.bench.macro;

/**
 * The child side of the harness: runs one workload on one contender in this (fresh) JVM, first
 * {@code warmups} runs that are thrown away, then {@code runs} measured runs, each printed on stdout
 * as {@code jgo-bench-result <figure>}. A workload that does not run on this contender prints
 * {@code jgo-bench-skip <reason>}.
 *
 * <pre>java -cp ... io.jgo.bench.macro.Trial WORKLOAD RUNTIME PARALLELISM WARMUPS RUNS</pre>
 *
 * Before each run the JVM collects garbage and pauses briefly, so one run's garbage does not bill
 * the next; the same for every contender.
 */
public final class Trial {

    static final String RESULT = "jgo-bench-result ";
    static final String SKIP = "jgo-bench-skip ";

    private Trial() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 5) {
            System.err.println("usage: Trial WORKLOAD RUNTIME PARALLELISM WARMUPS RUNS");
            System.exit(2);
        }
        Workload workload = Workloads.named(args[0]);
        Contender contender = Contender.parse(args[1]);
        int parallelism = Integer.parseInt(args[2]);
        int warmups = Integer.parseInt(args[3]);
        int runs = Integer.parseInt(args[4]);

        Workload.Plan plan = workload.plan(contender, parallelism);
        if (!plan.runs()) {
            System.out.println(SKIP + plan.how());
            System.exit(0);
        }
        for (int i = 1; i <= warmups; i++) {
            settle();
            System.err.printf("warm-up %d: %.1f %s%n", i, plan.run().once(), workload.unit());
        }
        for (int i = 1; i <= runs; i++) {
            settle();
            System.out.println(RESULT + plan.run().once());
        }
        System.out.flush();
        System.exit(0); // whatever the runtime left behind (carriers, pools) must not keep this JVM up
    }

    private static void settle() throws InterruptedException {
        System.gc();
        Thread.sleep(100);
    }
}
