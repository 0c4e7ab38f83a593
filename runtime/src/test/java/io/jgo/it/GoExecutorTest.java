package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.GoExecutorService;
import io.jgo.Goroutine;
import io.jgo.internal.Stack;
import io.jgo.testing.Await;
import io.jgo.testing.Pins;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code Go.executor()}: Loom's virtual-thread-per-task executor on goroutines. Each task is a
 * goroutine of the caller's runtime; {@code close} waits for them; {@code shutdownNow} and
 * {@code cancel(true)} interrupt them; {@code invokeAll}/{@code invokeAny} work from a goroutine and
 * from a thread; a goroutine's {@code get} parks; {@code CompletableFuture.supplyAsync} runs on it.
 */
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class GoExecutorTest {

    @Goroutine
    static int parkOn(Chan<Integer> gate) {
        Integer v = gate.recv();
        return v == null ? -1 : v;
    }

    @Test
    void eachTaskIsAGoroutineOfTheCallersRuntimeAndGetParks() {
        int n = 100;
        AtomicInteger sum = new AtomicInteger();
        AtomicInteger inGoroutine = new AtomicInteger();
        AtomicInteger goroutinesWhileParked = new AtomicInteger();
        Pins.none(() -> Go.run(() -> {
            Go.maxProcs(1);
            Chan<Integer> gate = Chan.make(0);
            try (GoExecutorService ex = Go.executor()) {
                List<Future<Integer>> futures = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    futures.add(ex.submit(() -> {
                        if (Stack.current().isGoroutine()) {
                            inGoroutine.incrementAndGet();
                        }
                        return parkOn(gate); // a channel receive: only a goroutine parks here
                    }));
                }
                Await.dumpShows(n + " tasks parked on the gate", d -> FutureParkTest.count(d, "[chan receive") == n);
                goroutinesWhileParked.set(Go.numGoroutine()); // main and the n tasks, all of this runtime
                AtomicInteger got = new AtomicInteger();
                Go.go(() -> { // the getter parks in get (else it would hold the only P the senders need)
                    for (Future<Integer> f : futures) {
                        try {
                            got.addAndGet(getIt(f));
                        } catch (Exception e) {
                            throw new IllegalStateException(e);
                        }
                    }
                    sum.set(got.get());
                });
                Await.dumpShows("the getter parked in get", d -> d.contains("[future"));
                for (int i = 0; i < n; i++) {
                    gate.send(i);
                }
            }
            Await.until("the getter to finish", () -> sum.get() == n * (n - 1) / 2, () -> "sum " + sum.get());
        }));
        assertEquals(n, inGoroutine.get());
        assertEquals(n + 1, goroutinesWhileParked.get());
    }

    @Goroutine
    static int getIt(Future<Integer> f) throws Exception {
        return f.get();
    }

    @Test
    void closeWaitsForEveryTask() throws Exception {
        int n = 50;
        AtomicInteger finished = new AtomicInteger();
        ExecutorService ex = Go.executor(); // from a plain thread: the default runtime
        Chan<Integer> gate = Chan.make(0);
        for (int i = 0; i < n; i++) {
            ex.execute(() -> {
                parkOn(gate);
                finished.incrementAndGet();
            });
        }
        Thread releaser = new Thread(() -> {
            Await.until("close to shut the executor down", ex::isShutdown, () -> "");
            for (int i = 0; i < n; i++) {
                gate.send(i); // only after close began: close must still be waiting
            }
        });
        releaser.start();
        ((AutoCloseable) ex).close();
        assertEquals(n, finished.get(), "close returned before its tasks ended");
        assertTrue(ex.isTerminated());
        assertThrows(RejectedExecutionException.class, () -> ex.execute(() -> { }));
        releaser.join();
    }

    @Goroutine
    static String parkInGet(CompletableFuture<String> never) {
        try {
            return never.get();
        } catch (InterruptedException e) {
            return "interrupted, flag " + Thread.currentThread().isInterrupted();
        } catch (ExecutionException e) {
            return "failed";
        }
    }

    @Goroutine
    static String spinUntilInterrupted(AtomicBoolean spinning) {
        spinning.set(true);
        long spins = 0;
        while (!Thread.currentThread().isInterrupted()) {
            spins++;
        }
        return "saw the interrupt after " + (spins >= 0 ? "spinning" : "");
    }

    @Test
    void shutdownNowInterruptsParkedAndRunningTasks() {
        List<String> outcomes = new ArrayList<>();
        Pins.none(() -> Go.run(() -> {
            Go.maxProcs(4);
            GoExecutorService ex = Go.executor();
            CompletableFuture<String> never = new CompletableFuture<>();
            AtomicBoolean spinning = new AtomicBoolean();
            List<Future<String>> futures = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                futures.add(ex.submit(() -> parkInGet(never)));
            }
            futures.add(ex.submit(() -> spinUntilInterrupted(spinning)));
            Await.dumpShows("10 tasks parked in get", d -> FutureParkTest.count(d, "[future") == 10);
            Await.until("the spinner to run", spinning::get, () -> "");
            assertTrue(ex.shutdownNow().isEmpty());
            try {
                assertTrue(ex.awaitTermination(1, TimeUnit.HOURS));
                for (Future<String> f : futures) {
                    outcomes.add(getIt2(f));
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
            assertFalse(never.isDone());
        }));
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            expected.add("interrupted, flag false");
        }
        expected.add("saw the interrupt after spinning");
        assertEquals(expected, outcomes);
    }

    @Goroutine
    static String getIt2(Future<String> f) throws Exception {
        return f.get();
    }

    @Test
    void cancelWithInterruptInterruptsTheTasksGoroutine() {
        AtomicReference<String> seenByTask = new AtomicReference<>();
        AtomicReference<String> seenByGetter = new AtomicReference<>();
        Pins.none(() -> Go.run(() -> {
            try (GoExecutorService ex = Go.executor()) {
                CompletableFuture<String> never = new CompletableFuture<>();
                Future<String> f = ex.submit(() -> {
                    String r = parkInGet(never);
                    seenByTask.set(r);
                    return r;
                });
                Await.dumpShows("the task parked in get", d -> d.contains("[future"));
                assertTrue(f.cancel(true));
                assertTrue(f.isCancelled());
                assertTrue(f.isDone());
                assertFalse(f.cancel(true), "a second cancel");
                try {
                    getIt2(f);
                    seenByGetter.set("no exception");
                } catch (CancellationException e) {
                    seenByGetter.set("cancelled");
                } catch (Exception e) {
                    seenByGetter.set(e.toString());
                }
            } // close waits for the interrupted task to end
        }));
        assertEquals("interrupted, flag false", seenByTask.get());
        assertEquals("cancelled", seenByGetter.get());
    }

    @Test
    void futuresReportLikeFutureTask() throws Exception {
        try (GoExecutorService ex = Go.executor()) {
            IllegalStateException boom = new IllegalStateException("boom");
            Future<Object> failed = ex.submit(() -> {
                throw boom;
            });
            ExecutionException e = assertThrows(ExecutionException.class, failed::get);
            assertTrue(e.getCause() == boom, "the task's own exception is the cause");
            Future<String> withResult = ex.submit(() -> { }, "given");
            assertEquals("given", withResult.get());
            assertEquals("fine", ex.submit(() -> "fine").get(1, TimeUnit.HOURS));
            assertTrue(withResult.isDone() && !withResult.isCancelled());
        }
    }

    static List<Callable<Integer>> tasks(int n, int failing) {
        List<Callable<Integer>> tasks = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int v = i;
            tasks.add(() -> {
                if (v < failing) {
                    throw new IllegalArgumentException("task " + v);
                }
                Go.gosched();
                return v * v;
            });
        }
        return tasks;
    }

    @Test
    void invokeAllAndInvokeAnyFromAGoroutineAndFromAThread() throws Exception {
        List<String> results = new ArrayList<>();
        Runnable body = () -> {
            try (GoExecutorService ex = Go.executor()) {
                List<Future<Integer>> all = ex.invokeAll(tasks(20, 0));
                int sum = 0;
                for (Future<Integer> f : all) {
                    assertTrue(f.isDone());
                    sum += f.get();
                }
                Set<Integer> squares = ConcurrentHashMap.newKeySet();
                for (int i = 5; i < 20; i++) {
                    squares.add(i * i);
                }
                int any = ex.invokeAny(tasks(20, 5)); // the first five fail; one of the others answers
                ExecutionException none = assertThrows(ExecutionException.class, () -> ex.invokeAny(tasks(3, 3)));
                results.add(sum + " " + squares.contains(any) + " " + none.getCause().getClass().getSimpleName());
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        };
        Go.run(() -> {
            Go.maxProcs(1);
            body.run();
        });
        body.run();
        assertEquals(List.of("2470 true IllegalArgumentException", "2470 true IllegalArgumentException"), results);
    }

    @Test
    void supplyAsyncRunsOnGoroutines() throws Exception {
        try (GoExecutorService ex = Go.executor()) {
            CompletableFuture<Boolean> onGoroutine = CompletableFuture.supplyAsync(() -> Stack.current().isGoroutine(), ex);
            assertTrue(onGoroutine.get());
        }
    }
}
