package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import io.jgo.internal.sched.Runtimes;
import io.jgo.testing.Await;
import io.jgo.testing.Pins;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code CompletableFuture.get()}/{@code join()} in rewritten goroutine code park the goroutine
 * instead of holding a carrier: a thousand goroutines wait at GOMAXPROCS 1 while the runtime keeps
 * a handful of carrier threads, and the futures are completed by another goroutine of the same
 * runtime (which needs the only P). Before the rewrite parked them, each wait blocked a carrier in
 * a syscall: the dump showed no goroutine waiting on a future and the runtime grew a thread per
 * waiter.
 */
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class FutureParkTest {

    private static final int WAITERS = 1_000;

    @Goroutine
    static long getOne(CompletableFuture<Long> f) throws InterruptedException, ExecutionException {
        return f.get();
    }

    @Goroutine
    static long joinOne(CompletableFuture<Long> f) {
        return f.join();
    }

    @Goroutine
    static long getOneTimed(Future<Long> f) throws Exception {
        return f.get(1, TimeUnit.HOURS);
    }

    @Test
    void aThousandGoroutinesWaitOnFuturesAtOnePWithAFewCarriers() {
        AtomicLong sum = new AtomicLong();
        AtomicInteger maxThreads = new AtomicInteger();
        Pins.none(() -> Go.run(() -> {
            Go.maxProcs(1);
            List<CompletableFuture<Long>> futures = new ArrayList<>();
            WaitGroup wg = new WaitGroup();
            wg.add(WAITERS);
            for (int i = 0; i < WAITERS; i++) {
                CompletableFuture<Long> f = new CompletableFuture<>();
                futures.add(f);
                int kind = i % 3;
                Go.go(() -> {
                    try {
                        sum.addAndGet(kind == 0 ? getOne(f) : kind == 1 ? joinOne(f) : getOneTimed(f));
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                    wg.done();
                });
            }
            Await.dumpShows(WAITERS + " goroutines waiting on a future",
                    dump -> count(dump, "[future") == WAITERS);
            maxThreads.set(Runtimes.current().stats().threads);
            WaitGroup completer = new WaitGroup();
            completer.add(1);
            Go.go(() -> { // a goroutine of the same runtime: it needs the one P
                for (int i = 0; i < WAITERS; i++) {
                    futures.get(i).complete((long) i);
                }
                completer.done();
            });
            completer.await();
            wg.await();
        }));
        assertEquals((long) WAITERS * (WAITERS - 1) / 2, sum.get());
        assertTrue(maxThreads.get() < 16, "carrier threads while " + WAITERS + " goroutines waited: " + maxThreads.get());
    }

    static int count(String text, String what) {
        int n = 0;
        for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }
}
