package io.jgo.bench.micro;

import io.jgo.internal.cont.Continuation;
import io.jgo.Goroutine;
import io.jgo.internal.cont.Carrier;
import io.jgo.internal.coroutine.Coroutine;
import io.jgo.internal.cont.ThreadStacks;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
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
 * What counting thread-owned locks costs a {@code lock(); ...; unlock()} that finds the lock free:
 * the same body in a {@code @Goroutine} method (the rewrite sends the calls through
 * {@code io.jgo.internal.blocking.OwnedLocks}) and in a plain one (calls as written), for a
 * {@code ReentrantLock} and a read-write lock's write and read locks. The cost added per pair is
 * {@code rewritten - plain}; target a few ns. On a carrier with a goroutine's stack installed, as
 * in {@link FastPath}, so the per-goroutine record is written.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {CarrierExecutor.EXECUTOR, CarrierExecutor.EXECUTOR_CLASS})
@State(Scope.Thread)
public class OwnedLockOps {

    public int x = 0x2545F491;
    private final ReentrantLock lock = new ReentrantLock();
    private final ReentrantReadWriteLock rw = new ReentrantReadWriteLock();
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
    public int reentrantLockPlain() {
        return plain(lock, x);
    }

    @Benchmark
    public int reentrantLockRewritten() {
        return rewritten(lock, x);
    }

    @Benchmark
    public int writeLockPlain() {
        return plain(rw.writeLock(), x);
    }

    @Benchmark
    public int writeLockRewritten() {
        return rewritten(rw.writeLock(), x);
    }

    @Benchmark
    public int readLockPlain() {
        return plainRead(rw.readLock(), x);
    }

    @Benchmark
    public int readLockRewritten() {
        return rewrittenRead(rw.readLock(), x);
    }

    private static int plain(ReentrantLock l, int v) {
        l.lock();
        try {
            return v * 31 + 7;
        } finally {
            l.unlock();
        }
    }

    @Goroutine
    private static int rewritten(ReentrantLock l, int v) {
        l.lock();
        try {
            return v * 31 + 7;
        } finally {
            l.unlock();
        }
    }

    private static int plain(ReentrantReadWriteLock.WriteLock l, int v) {
        l.lock();
        try {
            return v * 31 + 7;
        } finally {
            l.unlock();
        }
    }

    @Goroutine
    private static int rewritten(ReentrantReadWriteLock.WriteLock l, int v) {
        l.lock();
        try {
            return v * 31 + 7;
        } finally {
            l.unlock();
        }
    }

    private static int plainRead(ReentrantReadWriteLock.ReadLock l, int v) {
        l.lock();
        try {
            return v * 31 + 7;
        } finally {
            l.unlock();
        }
    }

    @Goroutine
    private static int rewrittenRead(ReentrantReadWriteLock.ReadLock l, int v) {
        l.lock();
        try {
            return v * 31 + 7;
        } finally {
            l.unlock();
        }
    }
}
