package io.jgo.bench.micro;

import io.jgo.Mutex;
import io.jgo.RWMutex;
import io.jgo.Semaphore;
import io.jgo.WaitGroup;
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
 * The sync types' paths that do not park, on a carrier thread: an uncontended {@code Mutex} lock and
 * unlock (one CAS each), an {@code RWMutex} read lock and unlock, a {@code Semaphore} acquire and
 * release, and a {@code WaitGroup} add, done and await at zero. What the sync seam and the
 * build-time rewrite of the API (a rewritten prologue in {@code lock}, {@code await}, ...) cost
 * where nothing waits.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {CarrierExecutor.EXECUTOR, CarrierExecutor.EXECUTOR_CLASS})
@State(Scope.Thread)
public class SyncOps {

    private final Mutex mutex = new Mutex();
    private final RWMutex rw = new RWMutex();
    private final Semaphore semaphore = new Semaphore(1);
    private final WaitGroup group = new WaitGroup();

    @Benchmark
    public void mutexLockUnlock() {
        mutex.lock();
        mutex.unlock();
    }

    @Benchmark
    public void rwMutexReadLockUnlock() {
        rw.rLock();
        rw.rUnlock();
    }

    @Benchmark
    public void semaphoreAcquireRelease() {
        semaphore.acquire(1);
        semaphore.release(1);
    }

    @Benchmark
    public void waitGroupAddDoneAwait() {
        group.add(1);
        group.done();
        group.await();
    }
}
