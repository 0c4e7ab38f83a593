package io.jgo.bench.micro;

import io.jgo.internal.coroutine.Coroutine;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * Suspend + resume round trip at stack depth 1, 5, 10, 20, 100, 1000: jgo's continuation against
 * Loom's own {@code jdk.internal.vm.Continuation}, in the same run, on the same (carrier) thread.
 *
 * <p>One operation is one {@code resume()} / {@code run()}: the continuation is re-entered at the
 * bottom of {@code depth} frames of a recursive method, its leaf yields, and control comes back.
 * For jgo that means g0 re-entering the innermost saved frame alone and that frame saving itself
 * again (the lazy resume; {@link SuspendingFrames}, the body is a lambda, {@link Coroutine} the
 * driver); for Loom, thawing and freezing the frames it
 * touches ({@code io.jgo.bench.micro.loom.LoomRoundTrip}, compiled separately because it needs
 * {@code --add-exports}, reached by reflection once per trial). {@link Micro} fits a line through
 * the depths and reports the cost per extra frame.
 *
 * <p>{@code jgoFirstSuspension} / {@code loomFirstSuspension}: a new continuation run down to its
 * first yield (descend {@code depth} frames, save them all, come back): O(depth) by nature for both,
 * reported apart from the round trip.
 *
 * <p>Each fork runs on a fixed heap that the JVM touched whole at its start ({@code -Xms1g -Xmx1g
 * -XX:+AlwaysPreTouch}): a first suspension allocates its records' segments, about 11 bytes a frame for
 * jgo (Loom its stack chunks), and on a heap still growing much of that lands on memory touched for the
 * first time, whose page faults the operation then pays. On the 2-CPU test machine that made some forks
 * 8 times slower at depth 1,000 than others (thread CPU time 43-46 ns a frame against 5-6,
 * {@link FirstSuspensionCpuTime}), and the report's slope an average of the two kinds with errors larger
 * than itself.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-exports=java.base/jdk.internal.vm=ALL-UNNAMED",
        CarrierExecutor.EXECUTOR, CarrierExecutor.EXECUTOR_CLASS, "-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch"})
@State(Scope.Thread)
public class SuspendResume {

    private static final String LOOM_DRIVER = "io.jgo.bench.micro.loom.LoomRoundTrip";

    @Param({"1", "5", "10", "20", "100", "1000"})
    public int depth;

    private Coroutine jgo;
    private BooleanSupplier loom;

    /** Builds the continuation the benchmark needs and drives it to its first yield. */
    @Setup
    public void start(BenchmarkParams params) throws ReflectiveOperationException {
        if (params.getBenchmark().endsWith(".loom")) {
            loom = (BooleanSupplier) Class.forName(LOOM_DRIVER).getMethod("atDepth", int.class).invoke(null, depth);
            check(loom.getAsBoolean());
        } else {
            int d = depth;
            Coroutine[] self = new Coroutine[1];
            jgo = self[0] = new Coroutine(() -> SuspendingFrames.descend(d, self));
            check(jgo.resume());
        }
    }

    private static void check(boolean suspended) {
        if (!suspended) {
            throw new IllegalStateException("the continuation ended instead of yielding");
        }
    }

    @Benchmark
    public boolean jgo() {
        return jgo.resume();
    }

    @Benchmark
    public boolean loom() {
        return loom.getAsBoolean();
    }

    @Benchmark
    public boolean jgoFirstSuspension() {
        int d = depth;
        Coroutine[] self = new Coroutine[1];
        self[0] = new Coroutine(() -> SuspendingFrames.descend(d, self));
        return self[0].resume();
    }

    @Benchmark
    public boolean loomFirstSuspension() throws ReflectiveOperationException {
        return loomAtDepth(depth).getAsBoolean();
    }

    private static java.lang.invoke.MethodHandle loomFactory;

    private static BooleanSupplier loomAtDepth(int depth) throws ReflectiveOperationException {
        if (loomFactory == null) {
            loomFactory = java.lang.invoke.MethodHandles.publicLookup().findStatic(Class.forName(LOOM_DRIVER), "atDepth",
                    java.lang.invoke.MethodType.methodType(BooleanSupplier.class, int.class));
        }
        try {
            return (BooleanSupplier) loomFactory.invokeExact(depth);
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }
}
