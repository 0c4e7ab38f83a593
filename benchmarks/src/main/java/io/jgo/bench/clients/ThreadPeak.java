package io.jgo.bench.clients;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * Samples the JVM's live thread count every millisecond on a daemon thread of its own (not
 * counted); {@link #peakAbove} is the most seen above the count before the sessions, and
 * {@link #jvmPeak} the JVM's own peak over the same span (which no sampling misses).
 */
public final class ThreadPeak implements Runnable {
    private final ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    private final Thread sampler = new Thread(this, "thread-peak-sampler");
    private volatile boolean running = true;
    /** Live threads when {@link #start} was called; written before the sampler starts. */
    public int baseline;
    /** Written by the sampler only; read after {@link #stop} joined it. */
    public volatile int peakAbove;
    /** The JVM's peak over the span, less the sampler; set by {@link #stop}. */
    public int jvmPeak;

    public void start() {
        baseline = mx.getThreadCount();
        mx.resetPeakThreadCount();
        sampler.setDaemon(true);
        sampler.start();
    }

    public void stop() throws InterruptedException {
        running = false;
        sampler.join();
        jvmPeak = mx.getPeakThreadCount() - 1; // less the sampler
    }

    @Override
    public void run() {
        while (running) {
            peakAbove = Math.max(peakAbove, mx.getThreadCount() - 1 - baseline);
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                return;
            }
        }
    }
}
