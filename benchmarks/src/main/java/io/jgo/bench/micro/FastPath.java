package io.jgo.bench.micro;

import io.jgo.internal.cont.Continuation;
import io.jgo.internal.cont.Carrier;
import io.jgo.internal.coroutine.Coroutine;
import io.jgo.internal.cont.ThreadStacks;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Fast-path cost: a call chain of {@code @Goroutine} methods that never suspend
 * ({@link GoroutineChains}, rewritten) against the same source not rewritten ({@link PlainChains}),
 * at call depth 1 and 10, with a small and a medium body. The cost added per call is
 * {@code (rewritten - plain) / depth}; target about 1 ns.
 *
 * <p>The JMH worker is a {@link Carrier} with a goroutine's stack installed, which is where
 * rewritten code runs in production. {@link FastPathOnPlainThread} runs the same benchmarks from a
 * plain thread (a {@code @Goroutine} method called outside any goroutine).
 *
 * <p>Inlining, checked once by hand: append
 * {@code -jvmArgsAppend "-XX:+UnlockDiagnosticVMOptions -XX:+PrintInlining"} to the JMH command
 * and look for {@code GoroutineChains::small1 ... inline (hot)} versus {@code too big} or
 * {@code hot method too big} (see README.md).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {CarrierExecutor.EXECUTOR, CarrierExecutor.EXECUTOR_CLASS})
@State(Scope.Thread)
public class FastPath {

    /** The argument: a field, so the JIT cannot fold the chains into constants. */
    public int x = 0x2545F491;

    private Continuation before;

    /** On a carrier, behave as a goroutine: install a (never suspending) coroutine's stack. */
    @Setup
    public void enterGoroutine() {
        if (Thread.currentThread() instanceof Carrier) {
            before = ThreadStacks.installOnCurrentThread(new Coroutine(() -> { }).stack());
        }
    }

    @TearDown
    public void leaveGoroutine() {
        if (before != null) {
            ThreadStacks.installOnCurrentThread(before);
        }
    }

    @Benchmark
    public int smallDepth1Plain() {
        return PlainChains.small1(x);
    }

    @Benchmark
    public int smallDepth1Rewritten() {
        return GoroutineChains.small1(x);
    }

    @Benchmark
    public int smallDepth10Plain() {
        return PlainChains.small10(x);
    }

    @Benchmark
    public int smallDepth10Rewritten() {
        return GoroutineChains.small10(x);
    }

    @Benchmark
    public int mediumDepth1Plain() {
        return PlainChains.medium1(x);
    }

    @Benchmark
    public int mediumDepth1Rewritten() {
        return GoroutineChains.medium1(x);
    }

    @Benchmark
    public int mediumDepth10Plain() {
        return PlainChains.medium10(x);
    }

    @Benchmark
    public int mediumDepth10Rewritten() {
        return GoroutineChains.medium10(x);
    }
}
