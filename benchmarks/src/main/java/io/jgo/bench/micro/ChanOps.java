package io.jgo.bench.micro;

import io.jgo.Chan;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * An uncontended buffered send followed by a receive on the same channel (capacity 128), on a
 * carrier thread: the cost of the channel's bookkeeping (lock, ring buffer, empty wait queues)
 * without any park. Target ≤ 20 ns per pair. {@code tryPair} is the same through the
 * non-blocking operations.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {CarrierExecutor.EXECUTOR, CarrierExecutor.EXECUTOR_CLASS})
@State(Scope.Thread)
public class ChanOps {

    private final Chan<Integer> c = Chan.make(128);
    private final Integer value = 42;

    @Benchmark
    public Integer bufferedSendRecv() {
        c.send(value);
        return c.recv();
    }

    @Benchmark
    public Integer bufferedTrySendTryRecv() {
        c.trySend(value);
        return c.tryRecv();
    }
}
