package io.jgo.bench.micro;

import io.jgo.internal.cont.Continuation;
import io.jgo.Goroutine;
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
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Fast-path cost of each preemption mode on a tight loop of multiply-adds with no call in it:
 * {@link #plain} is the loop as written, which is also exactly what {@code -Djgo.preempt=calls}
 * (and {@code off}) produce, since a call-free {@code @Goroutine} method is then left alone;
 * {@link #polled} is the same loop rewritten in the default {@code loops} mode, whose head loads
 * the attention word and branches once per iteration. Cost per iteration:
 * {@code (polled - plain) / n}. Runs on a carrier with a goroutine's stack installed.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {CarrierExecutor.EXECUTOR, CarrierExecutor.EXECUTOR_CLASS})
@State(Scope.Thread)
public class LoopPoll {

    @Param({"1000"})
    public int n;

    /** The seed: a field, so the JIT cannot fold the loop. */
    public long seed = 0x2545F4914F6CDD1DL;

    private Continuation before;

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
    public long plain() {
        return plainLoop(seed, n);
    }

    @Benchmark
    public long polled() {
        return polledLoop(seed, n);
    }

    /** Not annotated: never rewritten. Keep identical to {@link #polledLoop}. */
    static long plainLoop(long acc, int n) {
        for (int i = 0; i < n; i++) {
            acc = acc * 6364136223846793005L + i;
        }
        return acc;
    }

    @Goroutine
    static long polledLoop(long acc, int n) {
        for (int i = 0; i < n; i++) {
            acc = acc * 6364136223846793005L + i;
        }
        return acc;
    }
}
