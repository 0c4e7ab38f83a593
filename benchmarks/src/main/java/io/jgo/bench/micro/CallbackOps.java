package io.jgo.bench.micro;

import io.jgo.internal.cont.Continuation;
import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.internal.cont.Carrier;
import io.jgo.internal.coroutine.Coroutine;
import io.jgo.internal.cont.ThreadStacks;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
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
 * What the JDK-callback substitution costs {@code list.forEach} when nothing suspends, over an
 * {@code ArrayList} of {@link #size} elements: plain code (the JDK method); rewritten code with a
 * lambda that cannot suspend (the rewrite keeps the JDK call: cost should be nil); rewritten code
 * with a {@code Consumer} held in a field (it may suspend, so the call goes through the runtime's
 * suspendable helper); and a lambda calling a {@code @Goroutine} method that does not suspend
 * here (also the helper). On a carrier with a goroutine's stack installed, as in {@link FastPath}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {CarrierExecutor.EXECUTOR, CarrierExecutor.EXECUTOR_CLASS})
@State(Scope.Thread)
public class CallbackOps {

    @Param({"10"})
    public int size;

    private List<Integer> list;
    private long sum;
    private final Consumer<Integer> held = x -> sum += x;
    private Continuation before;

    @Setup
    public void setUp() {
        list = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            list.add(i);
        }
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
    public long forEachPlain() {
        return plain();
    }

    @Benchmark
    public long forEachRewrittenLambda() {
        return rewrittenLambda();
    }

    @Benchmark
    public long forEachRewrittenHeld() {
        return rewrittenHeld();
    }

    @Benchmark
    public long forEachRewrittenMaySuspend() {
        return rewrittenMaySuspend();
    }

    private long plain() {
        sum = 0;
        list.forEach(x -> sum += x);
        return sum;
    }

    @Goroutine
    private long rewrittenLambda() {
        sum = 0;
        list.forEach(x -> sum += x);
        return sum + yieldIfNegative(sum);
    }

    @Goroutine
    private long rewrittenHeld() {
        sum = 0;
        list.forEach(held);
        return sum + yieldIfNegative(sum);
    }

    @Goroutine
    private long rewrittenMaySuspend() {
        sum = 0;
        list.forEach(x -> sum += yieldIfNegative(x));
        return sum;
    }

    /** A suspendable that does not suspend here (values are never negative). */
    @Goroutine
    private static int yieldIfNegative(long v) {
        if (v < 0) {
            Go.gosched();
        }
        return (int) v;
    }
}
