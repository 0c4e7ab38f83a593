package io.jgo.bench.startup;

import java.util.concurrent.SynchronousQueue;

/**
 * {@link HelloGoroutine}'s shape in plain Java, with no jgo anywhere: main starts a platform thread,
 * which hands its greeting over a {@link SynchronousQueue}; main takes it and prints it. The floor
 * that the JVM alone gives a program's first line.
 */
public final class HelloThread {

    /** The first line this program prints. */
    public static final String LINE = "hello from a thread";

    private HelloThread() {
    }

    public static void main(String[] args) throws InterruptedException {
        SynchronousQueue<String> greeting = new SynchronousQueue<>();
        Thread.ofPlatform().start(() -> {
            try {
                greeting.put(LINE);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        FirstLine.print(greeting.take(), args);
    }
}
