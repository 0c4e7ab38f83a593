package io.jgo.bench.macro;

import io.jgo.Go;
import java.util.concurrent.Callable;

/**
 * Short syscall: the cost {@code Go.syscall} adds around a call that returns at once (Go's
 * entersyscall + exitsyscall fast path: two status CASes on the G, one on the P each way). The
 * figure is ns per wrapped call minus ns per direct call, in the same run. Threads have nothing to
 * compare: a blocking call simply blocks them.
 */
final class ShortSyscall implements Workload {

    private final int calls;

    ShortSyscall(int calls) {
        this.calls = calls;
    }

    @Override
    public String name() {
        return "short-syscall";
    }

    @Override
    public String unit() {
        return "ns added";
    }

    @Override
    public String measures() {
        return String.format("%,d calls through Go.syscall of a call that returns at once, minus the same calls made directly", calls);
    }

    @Override
    public Plan plan(Contender contender, int parallelism) {
        return contender == Contender.JGO
                ? new Plan("Go.syscall in the main goroutine of Go.run", this::onJgo)
                : Plan.skip("no syscall wrapper: a blocking call simply blocks the thread");
    }

    private double onJgo() {
        double[] added = new double[1];
        Go.run(() -> {
            Callable<Integer> call = new Counter();
            try {
                long sink = 0;
                long t0 = System.nanoTime();
                for (int i = 0; i < calls; i++) {
                    sink += call.call();
                }
                long direct = System.nanoTime() - t0;
                t0 = System.nanoTime();
                for (int i = 0; i < calls; i++) {
                    sink += Go.syscall(call);
                }
                long wrapped = System.nanoTime() - t0;
                ThreadRuns.check(sink == 2L * calls, "sum " + sink);
                added[0] = (double) (wrapped - direct) / calls;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        return added[0];
    }

    private static final class Counter implements Callable<Integer> {
        @Override
        public Integer call() {
            return 1;
        }
    }
}
