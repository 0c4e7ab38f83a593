package io.jgo.bench.micro;

import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.internal.cont.Carrier;
import io.jgo.internal.coroutine.Coroutine;
import io.jgo.internal.cont.Continuation;
import io.jgo.internal.cont.ThreadStacks;
import java.util.ArrayList;
import java.util.List;
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
 * What {@code suspendable=} costs when nothing suspends: goroutine code calls a library whose
 * methods the closure made suspendable ({@code org.example.benchlib}, rewritten by this module's
 * {@code <suspendables>}) against the same library never rewritten ({@code org.example.benchplain}),
 * with a callback that calls a {@code @Goroutine} method that does not suspend here; and a method
 * of the library the closure left plain ({@code pad}), which must cost the same both ways. On a
 * carrier with a goroutine's stack installed, as in {@link FastPath}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {CarrierExecutor.EXECUTOR, CarrierExecutor.EXECUTOR_CLASS})
@State(Scope.Thread)
public class SuspendableLibraryOps {

    @Param({"10"})
    public int size;

    private List<List<Integer>> lists;
    private Continuation before;

    @Setup
    public void setUp() {
        lists = new ArrayList<>();
        for (int l = 0; l < 3; l++) {
            List<Integer> items = new ArrayList<>();
            for (int i = 0; i < size; i++) {
                items.add(l * size + i);
            }
            lists.add(items);
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
    public String joinPlainLibrary() {
        return plainLibrary();
    }

    @Benchmark
    public String joinSuspendableLibrary() {
        return suspendableLibrary();
    }

    @Benchmark
    public String padPlainLibrary() {
        return padPlain();
    }

    @Benchmark
    public String padSuspendableLibrary() {
        return padSuspendable();
    }

    @Goroutine
    private String plainLibrary() {
        return org.example.benchplain.Text.joinAll(lists, x -> Integer.toString(yieldIfNegative(x)));
    }

    @Goroutine
    private String suspendableLibrary() {
        return org.example.benchlib.Text.joinAll(lists, x -> Integer.toString(yieldIfNegative(x)));
    }

    @Goroutine
    private String padPlain() {
        return org.example.benchplain.Text.pad(Integer.toString(yieldIfNegative(size)), 12);
    }

    @Goroutine
    private String padSuspendable() {
        return org.example.benchlib.Text.pad(Integer.toString(yieldIfNegative(size)), 12);
    }

    /** A suspendable that does not suspend here (values are never negative). */
    @Goroutine
    private static int yieldIfNegative(int v) {
        if (v < 0) {
            Go.gosched();
        }
        return v;
    }
}
