package io.jgo.bench.micro;

import io.jgo.internal.Stack;
import io.jgo.internal.cont.Carrier;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * JMH's worker pool with {@link Carrier} threads, so a benchmark runs on the kind of thread the
 * scheduler runs goroutines on: rewritten code then finds its stack through
 * {@code Thread.currentThread()} and a field, as it does in production, instead of the
 * {@code ThreadLocal} that plain threads need. Selected in a fork with
 * {@code -Djmh.executor=CUSTOM -Djmh.executor.class=io.jgo.bench.micro.CarrierExecutor}
 * (see {@link #JVM_ARGS}); JMH calls the {@code (int, String)} constructor.
 */
public final class CarrierExecutor extends ThreadPoolExecutor {

    /** Fork arguments that make JMH run its workers on carriers. */
    public static final String EXECUTOR = "-Djmh.executor=CUSTOM";
    public static final String EXECUTOR_CLASS = "-Djmh.executor.class=io.jgo.bench.micro.CarrierExecutor";

    public CarrierExecutor(int threads, String prefix) {
        super(threads, threads, 1, TimeUnit.MINUTES, new LinkedBlockingQueue<>(), carriers(prefix));
    }

    private static ThreadFactory carriers(String prefix) {
        AtomicInteger count = new AtomicInteger();
        return body -> new Carrier(null, body, prefix + "-carrier-" + count.incrementAndGet(), 0, new Stack(null));
    }
}
