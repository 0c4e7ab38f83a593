package io.jgo.bench.macro;

/**
 * One macro workload of the comparison. An implementation says what it measures and, for each
 * {@link Contender}, how it runs there ({@link Plan}): the harness runs every plan in a fresh JVM
 * started with the contender's flags for the parallelism (see {@link Contender#jvmFlags}), so a
 * plan does not set parallelism itself, except where a contender has no such knob (a fixed pool of
 * platform threads reads {@code parallelism}).
 *
 * <p>To add a workload: implement this interface (the figure of one run in {@link #unit()}; check
 * the result so a broken runtime cannot post a fast time) and list it in {@link Workloads#ALL}.
 */
public interface Workload {

    /** Short name used on the command line and in the table, e.g. {@code spawn-join}. */
    String name();

    /** Unit of the figure one run yields, e.g. {@code ns/task} or {@code ms}; lower is better. */
    String unit();

    /** One sentence: what a run does and what the figure means. */
    String measures();

    /** How this workload runs on {@code contender}, or {@link Plan#skip} with the reason. */
    Plan plan(Contender contender, int parallelism);

    /** A way to run a workload on one contender: what it does there, and one timed run. */
    record Plan(String how, Run run) {

        /** The workload does not run on this contender; {@code why} goes under the table. */
        public static Plan skip(String why) {
            return new Plan(why, null);
        }

        public boolean runs() {
            return run != null;
        }
    }

    /** One timed run, from a warm JVM; returns the figure in the workload's unit. */
    @FunctionalInterface
    interface Run {
        double once() throws Exception;
    }
}
