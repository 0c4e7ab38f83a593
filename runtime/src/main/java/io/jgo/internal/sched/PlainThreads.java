package io.jgo.internal.sched;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts plain threads (not goroutines) blocked inside a jgo call, such as {@code WaitGroup.await}
 * from {@code main}: while one is, no runtime reports a deadlock, because that thread may still
 * ready a goroutine. Process-wide by nature (a plain thread belongs to no runtime), hence the one
 * static counter of this package besides the default runtime.
 */
public final class PlainThreads {

    /** Volatile RMWs; read by {@link Deadlock#check} before and after its scan. */
    private static final AtomicInteger BLOCKED = new AtomicInteger();

    private PlainThreads() {
    }

    public static void enter() {
        BLOCKED.incrementAndGet();
    }

    public static void exit() {
        BLOCKED.decrementAndGet();
    }

    static int blocked() {
        return BLOCKED.get();
    }
}
