package io.jgo.bench.micro;

import io.jgo.internal.Stack;
import io.jgo.internal.cont.Carrier;
import io.jgo.internal.coroutine.Coroutine;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Locale;

/**
 * {@link SuspendResume}'s first suspension timed by the carrier thread's CPU time and weighed by the
 * bytes it allocates, for a machine shared with other work: a new {@link Coroutine} runs down
 * {@code depth} frames of {@link SuspendingFrames#descend} and suspends, as {@code jgoFirstSuspension}
 * does. Warms up for a few seconds over every depth, then runs {@code rounds} rounds, each timing
 * {@code ops} first suspensions at every depth in turn (interleaved, so a slow spell of the machine
 * falls on every depth alike), and prints per depth the least CPU time and bytes per operation, then
 * the cost per extra frame between depth 1 and 1,000.
 *
 * <p>Start it with a fixed, pre-touched heap ({@code exec:exec@firstsuspension} does: {@code -Xms1g
 * -Xmx1g -XX:+AlwaysPreTouch}): a first suspension allocates about 11 bytes a frame, and memory the
 * JVM touches for the first time (a heap still growing) costs the kernel's page faults, which thread
 * CPU time counts: on the 2-CPU test machine, 43-46 ns a frame instead of 5-6 in some JVMs.
 *
 * <pre>java -Xms1g -Xmx1g -XX:+AlwaysPreTouch -cp ... io.jgo.bench.micro.FirstSuspensionCpuTime [rounds [ops]]</pre>
 */
public final class FirstSuspensionCpuTime {

    private static final int[] DEPTHS = {1, 10, 100, 1000};
    private static final long WARM_UP_NANOS = 4_000_000_000L;

    private FirstSuspensionCpuTime() {
    }

    public static void main(String[] args) throws InterruptedException {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 7;
        int ops = args.length > 1 ? Integer.parseInt(args[1]) : 2_000;
        Thread t = new Carrier(null, () -> measure(rounds, ops), "first-suspension-carrier", 0, new Stack(null));
        t.start();
        t.join();
    }

    private static void measure(int rounds, int ops) {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long until = System.nanoTime() + WARM_UP_NANOS;
        while (System.nanoTime() < until) {
            for (int depth : DEPTHS) {
                for (int i = 0; i < 100; i++) {
                    firstSuspension(depth);
                }
            }
        }
        long[] cpu = new long[DEPTHS.length];
        long[] bytes = new long[DEPTHS.length];
        Arrays.fill(cpu, Long.MAX_VALUE);
        Arrays.fill(bytes, Long.MAX_VALUE);
        for (int r = 0; r < rounds; r++) {
            for (int k = 0; k < DEPTHS.length; k++) {
                long cpuBefore = threads.getCurrentThreadCpuTime();
                long bytesBefore = threads.getCurrentThreadAllocatedBytes();
                for (int i = 0; i < ops; i++) {
                    firstSuspension(DEPTHS[k]);
                }
                cpu[k] = Math.min(cpu[k], threads.getCurrentThreadCpuTime() - cpuBefore);
                bytes[k] = Math.min(bytes[k], threads.getCurrentThreadAllocatedBytes() - bytesBefore);
            }
        }
        System.out.printf(Locale.ROOT, "first suspension, least of %d rounds of %,d (thread CPU time, bytes allocated)%n", rounds, ops);
        for (int k = 0; k < DEPTHS.length; k++) {
            System.out.printf(Locale.ROOT, "  depth %,5d: %,10.1f ns  %,10.1f bytes%n", DEPTHS[k], (double) cpu[k] / ops, (double) bytes[k] / ops);
        }
        int last = DEPTHS.length - 1;
        int frames = DEPTHS[last] - DEPTHS[0];
        System.out.printf(Locale.ROOT, "  per extra frame (depth %d against %d): %.2f ns, %.2f bytes%n", DEPTHS[last], DEPTHS[0],
                (double) (cpu[last] - cpu[0]) / ops / frames, (double) (bytes[last] - bytes[0]) / ops / frames);
    }

    private static void firstSuspension(int depth) {
        Coroutine[] self = new Coroutine[1];
        self[0] = new Coroutine(() -> SuspendingFrames.descend(depth, self));
        if (!self[0].resume()) {
            throw new IllegalStateException("the continuation ended instead of yielding");
        }
    }
}
