package io.jgo.bench.micro;

import io.jgo.Chan;
import io.jgo.Select;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * A select over 2 and over 4 ready channels (buffered, never empty: the channel that fired gets a
 * value back at once with {@code trySend}), on a carrier thread: the hot path of a select that
 * does not park. Run with {@code -prof gc}: {@code gc.alloc.rate.norm} is the bytes allocated per
 * select (the target: none for 2–4 cases). Two forms:
 * <ul>
 *   <li>{@code casesPerCall}: the cases written inside the call, as the README shows it
 *       ({@code Select.select(Select.recv(a, null), Select.recv(b, null))}): the case objects and
 *       the varargs array are the caller's allocations;</li>
 *   <li>{@code casesReused}: the cases made once and passed again ({@code Select.Case} is immutable,
 *       so a loop can keep its cases): what the select itself allocates.</li>
 * </ul>
 * {@code refillOnly} is the {@code trySend} that every select benchmark also pays.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {CarrierExecutor.EXECUTOR, CarrierExecutor.EXECUTOR_CLASS})
@State(Scope.Thread)
public class SelectOps {

    private final Integer value = 42;
    private Chan<Integer> a;
    private Chan<Integer> b;
    private Chan<Integer> c;
    private Chan<Integer> d;
    private Chan<Integer>[] chans;
    private Select.Case[] two;
    private Select.Case[] four;

    @Setup
    @SuppressWarnings("unchecked")
    public void fill() {
        a = Chan.make(4);
        b = Chan.make(4);
        c = Chan.make(4);
        d = Chan.make(4);
        chans = new Chan[] {a, b, c, d};
        for (Chan<Integer> ch : chans) {
            ch.send(value);
        }
        two = new Select.Case[] {Select.recv(a, null), Select.recv(b, null)};
        four = new Select.Case[] {Select.recv(a, null), Select.recv(b, null), Select.recv(c, null), Select.recv(d, null)};
    }

    @Benchmark
    public int select2CasesPerCall() {
        int i = Select.select(Select.recv(a, null), Select.recv(b, null));
        chans[i].trySend(value);
        return i;
    }

    @Benchmark
    public int select2CasesReused() {
        int i = Select.select(two);
        chans[i].trySend(value);
        return i;
    }

    @Benchmark
    public int select4CasesPerCall() {
        int i = Select.select(Select.recv(a, null), Select.recv(b, null), Select.recv(c, null), Select.recv(d, null));
        chans[i].trySend(value);
        return i;
    }

    @Benchmark
    public int select4CasesReused() {
        int i = Select.select(four);
        chans[i].trySend(value);
        return i;
    }

    @Benchmark
    public Integer refillOnly() {
        a.trySend(value);
        return a.tryRecv();
    }
}
