package io.jgo.cont.shapes;

import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import io.jgo.testing.Await;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Goroutines waiting in {@code get()}, {@code get(timeout, unit)} and {@code join()} of
 * {@code CompletableFuture}s at GOMAXPROCS 1, completed by another goroutine of the same runtime:
 * the rewrite must have turned each wait into a park (the dump shows every waiter on a future).
 * Loaded as the agent rewrote it and as the build-time rewrite did ({@code FutureWaitsPathsTest}).
 */
public final class FutureWaits {

    private FutureWaits() {
    }

    @Goroutine
    static long waitFor(int kind, CompletableFuture<Long> f) throws Exception {
        switch (kind) {
            case 0:
                return f.get();
            case 1:
                return f.join();
            default:
                Future<Long> asFuture = f;
                return asFuture.get(1, TimeUnit.HOURS);
        }
    }

    /** Runs {@code n} waiters; returns the sum they received and how many the dump showed parked on a future. */
    public static String run(int n) {
        AtomicLong sum = new AtomicLong();
        AtomicLong parked = new AtomicLong();
        Go.run(() -> {
            Go.maxProcs(1);
            List<CompletableFuture<Long>> futures = new ArrayList<>();
            WaitGroup wg = new WaitGroup();
            wg.add(n);
            for (int i = 0; i < n; i++) {
                CompletableFuture<Long> f = new CompletableFuture<>();
                futures.add(f);
                int kind = i % 3;
                Go.go(() -> {
                    try {
                        sum.addAndGet(waitFor(kind, f));
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                    wg.done();
                });
            }
            String dump = Await.dumpShows(n + " waiters parked on futures", d -> count(d, "[future") == n);
            parked.set(count(dump, "[future"));
            Go.go(() -> {
                for (int i = 0; i < n; i++) {
                    futures.get(i).complete((long) i);
                }
            });
            wg.await();
        });
        return "sum=" + sum.get() + " parked=" + parked.get();
    }

    private static int count(String text, String what) {
        int c = 0;
        for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) {
            c++;
        }
        return c;
    }
}
