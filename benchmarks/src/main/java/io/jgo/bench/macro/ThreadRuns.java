package io.jgo.bench.macro;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadFactory;

/**
 * What the Loom and platform-thread sides of the workloads share: the same code runs on virtual
 * or platform threads depending on the {@link ThreadFactory} it is handed.
 */
final class ThreadRuns {

    /** Thread-safe factories (a {@code Thread.Builder} itself is not). */
    static final ThreadFactory VIRTUAL = Thread.ofVirtual().name("vt").factory();
    static final ThreadFactory PLATFORM = Thread.ofPlatform().name("pt").factory();

    private ThreadRuns() {
    }

    /** A body that yields a figure and may throw. */
    @FunctionalInterface
    interface Timed {
        double run() throws Exception;
    }

    /**
     * Runs {@code body} on a fresh virtual thread (the Loom counterpart of a main goroutine, so
     * that what it spawns starts from inside the scheduler) and returns its figure.
     */
    static double inVirtualMain(Timed body) throws Exception {
        double[] figure = new double[1];
        Exception[] failure = new Exception[1];
        Thread main = VIRTUAL.newThread(() -> {
            try {
                figure[0] = body.run();
            } catch (Exception e) {
                failure[0] = e;
            }
        });
        main.start();
        main.join();
        if (failure[0] != null) {
            throw failure[0];
        }
        return figure[0];
    }

    /** Waits for the latch; an interrupt here is a harness bug, so it becomes unchecked. */
    static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while joining", e);
        }
    }

    /** Fails a run whose result is wrong, so a broken runtime cannot post a fast time. */
    static void check(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException("wrong result: " + what);
        }
    }
}
