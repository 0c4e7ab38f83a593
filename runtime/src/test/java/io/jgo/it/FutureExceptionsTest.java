package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import io.jgo.internal.sched.G;
import io.jgo.internal.sched.Interrupts;
import io.jgo.internal.sched.Sched;
import io.jgo.testing.Await;
import io.jgo.testing.Pins;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What a goroutine parked in {@code get()}, {@code join()} or {@code get(timeout, unit)} of a
 * {@code CompletableFuture} sees is exactly what the JDK gives a thread: the same value or the same
 * exception (class, message, cause) for every way a future ends, and {@code CompletableFuture}'s
 * rules for interrupts and timeouts. The JDK's answer is taken from a plain call on the completed
 * future; the goroutine's is taken after it parked (the dump shows it waiting on the future) and
 * another goroutine completed the future.
 */
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class FutureExceptionsTest {

    /** The ways a future ends. */
    private static final List<Consumer<CompletableFuture<Object>>> ENDINGS = List.of(
            f -> f.complete("value"),
            f -> f.complete(null),
            f -> f.completeExceptionally(new IllegalStateException("boom")),
            f -> f.completeExceptionally(new IOException("checked")),
            f -> f.completeExceptionally(new CompletionException(new IllegalArgumentException("wrapped"))),
            f -> f.completeExceptionally(new CompletionException("no cause", null)),
            f -> f.completeExceptionally(new CancellationException("cancelled by hand")),
            f -> f.cancel(true),
            f -> f.completeExceptionally(new StackOverflowError("an error")));

    private enum Call { GET, JOIN, TIMED_GET }

    @Goroutine
    static String call(Call c, Future<Object> f) {
        try {
            switch (c) {
                case GET:
                    return "value " + f.get();
                case JOIN:
                    return "value " + ((CompletableFuture<Object>) f).join();
                default:
                    return "value " + f.get(1, TimeUnit.HOURS);
            }
        } catch (Throwable t) {
            return describe(t);
        }
    }

    static String describe(Throwable t) {
        Throwable cause = t.getCause();
        return t.getClass().getName() + ": " + t.getMessage()
                + (cause == null ? "" : " / cause " + cause.getClass().getName() + ": " + cause.getMessage());
    }

    @Test
    void aParkedGoroutineGetsWhatTheJdkGivesAThreadForEveryEnding() {
        List<String> expected = new ArrayList<>();
        for (Call c : Call.values()) {
            for (Consumer<CompletableFuture<Object>> end : ENDINGS) {
                CompletableFuture<Object> done = new CompletableFuture<>();
                end.accept(done);
                expected.add(c + " " + call(c, done)); // a plain thread: the future's own method
            }
        }
        List<String> seen = new ArrayList<>();
        Pins.none(() -> Go.run(() -> {
            Go.maxProcs(2);
            for (Call c : Call.values()) {
                for (Consumer<CompletableFuture<Object>> end : ENDINGS) {
                    CompletableFuture<Object> f = new CompletableFuture<>();
                    AtomicReference<String> got = new AtomicReference<>();
                    WaitGroup wg = new WaitGroup();
                    wg.add(1);
                    Go.go(() -> {
                        got.set(call(c, f));
                        wg.done();
                    });
                    Await.dumpShows("a goroutine waiting on the future", d -> d.contains("[future"));
                    end.accept(f);
                    wg.await();
                    seen.add(c + " " + got.get());
                }
            }
        }));
        assertEquals(String.join("\n", expected), String.join("\n", seen));
        assertTrue(expected.get(2).contains("ExecutionException"), expected.get(2)); // the table means what it says
    }

    @Goroutine
    static String getInterrupted(Future<Object> f, boolean timed) {
        Thread.currentThread().interrupt();
        String r = call(timed ? Call.TIMED_GET : Call.GET, f);
        return r + ", still interrupted " + Thread.interrupted();
    }

    @Test
    void anInterruptPendingAtGetThrowsAndIsClearedAsForAThread() {
        CompletableFuture<Object> never = new CompletableFuture<>();
        String thread = getInterrupted(never, false) + " | " + getInterrupted(never, true);
        AtomicReference<String> goroutine = new AtomicReference<>();
        Go.run(() -> goroutine.set(getInterrupted(never, false) + " | " + getInterrupted(never, true)));
        assertEquals("java.lang.InterruptedException: null, still interrupted false | "
                + "java.lang.InterruptedException: null, still interrupted false", thread);
        assertEquals(thread, goroutine.get());
    }

    @Goroutine
    static String getDoneInterrupted(Future<Object> f) {
        Thread.currentThread().interrupt();
        return call(Call.GET, f) + ", still interrupted " + Thread.interrupted();
    }

    @Test
    void aDoneFutureAnswersDespiteAPendingInterruptWhichStays() {
        CompletableFuture<Object> done = CompletableFuture.completedFuture("x");
        String thread = getDoneInterrupted(done);
        AtomicReference<String> goroutine = new AtomicReference<>();
        Go.run(() -> goroutine.set(getDoneInterrupted(done)));
        assertEquals("value x, still interrupted true", thread);
        assertEquals(thread, goroutine.get());
    }

    @Goroutine
    static String joinInterrupted(CompletableFuture<Object> f) {
        Thread.currentThread().interrupt();
        return call(Call.JOIN, f) + ", still interrupted " + Thread.interrupted();
    }

    @Test
    void joinIsNotInterruptibleAndKeepsTheStatus() {
        AtomicReference<String> got = new AtomicReference<>();
        Pins.none(() -> Go.run(() -> {
            CompletableFuture<Object> f = new CompletableFuture<>();
            WaitGroup wg = new WaitGroup();
            wg.add(1);
            Go.go(() -> {
                got.set(joinInterrupted(f));
                wg.done();
            });
            Await.dumpShows("join parked despite the interrupt", d -> d.contains("[future"));
            f.complete("late");
            wg.await();
        }));
        assertEquals("value late, still interrupted true", got.get());
    }

    @Goroutine
    static String timedGet(Future<Object> f, long timeout, TimeUnit unit) {
        try {
            return "value " + f.get(timeout, unit);
        } catch (Exception e) {
            return describe(e);
        }
    }

    @Test
    void aTimedGetTimesOutAsForAThread() {
        CompletableFuture<Object> never = new CompletableFuture<>();
        String thread = timedGet(never, 0, TimeUnit.SECONDS) + " | " + timedGet(never, -1, TimeUnit.NANOSECONDS)
                + " | " + timedGet(never, 5, TimeUnit.MILLISECONDS);
        AtomicReference<String> goroutine = new AtomicReference<>();
        Pins.none(() -> Go.run(() -> goroutine.set(timedGet(never, 0, TimeUnit.SECONDS) + " | "
                + timedGet(never, -1, TimeUnit.NANOSECONDS) + " | " + timedGet(never, 5, TimeUnit.MILLISECONDS))));
        assertEquals("java.util.concurrent.TimeoutException: null | java.util.concurrent.TimeoutException: null"
                + " | java.util.concurrent.TimeoutException: null", thread);
        assertEquals(thread, goroutine.get());
    }

    @Goroutine
    static String parkThenGetInterrupted(Future<Object> f, boolean timed, AtomicReference<G> me) {
        me.set(Sched.currentG());
        String r = call(timed ? Call.TIMED_GET : Call.GET, f);
        return r + ", still interrupted " + Thread.interrupted();
    }

    @Test
    void anInterruptWakesAParkedGetWithInterruptedException() {
        List<String> got = new ArrayList<>();
        Pins.none(() -> Go.run(() -> {
            for (boolean timed : new boolean[] {false, true}) {
                CompletableFuture<Object> never = new CompletableFuture<>();
                AtomicReference<G> waiter = new AtomicReference<>();
                AtomicReference<String> r = new AtomicReference<>();
                WaitGroup wg = new WaitGroup();
                wg.add(1);
                Go.go(() -> {
                    r.set(parkThenGetInterrupted(never, timed, waiter));
                    wg.done();
                });
                Await.dumpShows("a goroutine parked in get", d -> d.contains("[future"));
                Interrupts.interrupt(waiter.get()); // safe: the goroutine cannot end before wg.done
                wg.await();
                got.add(r.get());
                assertFalse(never.isDone());
            }
        }));
        assertEquals(List.of("java.lang.InterruptedException: null, still interrupted false",
                "java.lang.InterruptedException: null, still interrupted false"), got);
    }

    @Goroutine
    static Object getTask(Future<Object> f) throws Exception {
        return f.get();
    }

    @Test
    void aFutureTaskIsStillWaitedForInASyscall() {
        AtomicReference<Object> got = new AtomicReference<>();
        Go.run(() -> {
            Go.maxProcs(1);
            FutureTask<Object> task = new FutureTask<>(() -> "ran");
            WaitGroup wg = new WaitGroup();
            wg.add(1);
            Go.go(() -> {
                try {
                    got.set(getTask(task));
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
                wg.done();
            });
            Await.dumpShows("the getter blocked in a syscall", d -> d.contains("[syscall"));
            task.run();
            wg.await();
        });
        assertEquals("ran", got.get());
    }
}
