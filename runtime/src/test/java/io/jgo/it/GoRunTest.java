package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.DeadlockException;
import io.jgo.Go;
import io.jgo.PanicException;
import io.jgo.WaitGroup;
import io.jgo.testing.Pins;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Go.run, Go.go and Go.gosched: the program lifecycle DESIGN.md section 2 fixes. */
@Timeout(60)
class GoRunTest {

    @Test
    void runReturnsWhenMainReturns() {
        AtomicInteger ran = new AtomicInteger();
        Go.run(ran::incrementAndGet);
        assertEquals(1, ran.get());
    }

    @Test
    void goroutinesRunAndMainWaitsWithWaitGroup() {
        AtomicInteger sum = new AtomicInteger();
        Pins.none(() -> Go.run(() -> {
            Go.maxProcs(4);
            WaitGroup wg = new WaitGroup();
            for (int i = 1; i <= 100; i++) {
                int v = i;
                wg.add(1);
                Go.go(() -> {
                    sum.addAndGet(v);
                    wg.done();
                });
            }
            wg.await();
        }));
        assertEquals(5050, sum.get());
    }

    /**
     * At GOMAXPROCS 1, a goroutine that yields 100 times cannot finish before the other nine have
     * started: each Gosched unwinds and lets them run. (A Gosched that pinned would carry on in
     * place, and the first goroutine would finish alone.)
     */
    @Test
    void goschedLetsOthersRunAndComesBack() {
        AtomicInteger steps = new AtomicInteger();
        AtomicInteger started = new AtomicInteger();
        AtomicInteger startedWhenFirstFinished = new AtomicInteger(-1);
        Pins.none(() -> Go.run(() -> {
            Go.maxProcs(1);
            // Main starts on the last P, which the shrink retires only at main's next safe point;
            // until then another M runs goroutines on P0 alongside main. Yield once so that from
            // here on a single P runs everything.
            Go.gosched();
            WaitGroup wg = new WaitGroup();
            for (int i = 0; i < 10; i++) {
                wg.add(1);
                Go.go(() -> {
                    started.incrementAndGet();
                    for (int k = 0; k < 100; k++) {
                        steps.incrementAndGet();
                        Go.gosched();
                    }
                    startedWhenFirstFinished.compareAndSet(-1, started.get());
                    wg.done();
                });
            }
            wg.await();
        }));
        assertEquals(1000, steps.get(), "every goroutine came back after each of its yields");
        assertEquals(10, startedWhenFirstFinished.get(), "goroutines started before the first one finished");
    }

    @Test
    void nestedRunThrowsIllegalState() {
        AtomicReference<Throwable> seen = new AtomicReference<>();
        Go.run(() -> {
            try {
                Go.run(() -> { });
            } catch (Throwable t) {
                seen.set(t);
            }
        });
        assertTrue(seen.get() instanceof IllegalStateException, String.valueOf(seen.get()));
    }

    @Test
    void panicInAGoroutineEndsRunNamingTheGoroutine() {
        RuntimeException boom = new RuntimeException("boom");
        PanicException[] thrown = new PanicException[1];
        Pins.none(() -> thrown[0] = assertThrows(PanicException.class, () -> Go.run(() -> {
            Go.go(() -> {
                Go.gosched(); // unwinds and resumes first: the panic comes from a resumed goroutine
                throw boom;
            });
            WaitGroup forever = new WaitGroup();
            forever.add(1);
            forever.await();
        })));
        PanicException e = thrown[0];
        assertTrue(e.getMessage().contains("goroutine"), e.getMessage());
        assertEquals(boom, e.getCause());
    }

    @Test
    void panicInMainEndsRun() {
        IllegalArgumentException boom = new IllegalArgumentException("main boom");
        PanicException e = assertThrows(PanicException.class, () -> Go.run(() -> {
            throw boom;
        }));
        assertEquals(boom, e.getCause());
        assertTrue(e.getMessage().contains("goroutine 1"), e.getMessage());
    }

    @Test
    void deadlockIsReportedWithADump() {
        DeadlockException e = assertThrows(DeadlockException.class, () -> Go.run(() -> {
            WaitGroup wg = new WaitGroup();
            wg.add(1);
            Go.go(() -> {
                WaitGroup other = new WaitGroup();
                other.add(1);
                other.await();
            });
            wg.await();
        }));
        assertTrue(e.getMessage().startsWith("all goroutines are asleep - deadlock!"), e.getMessage());
        assertTrue(e.getMessage().contains("goroutine 1 [sync.WaitGroup.Wait"), e.getMessage());
    }

    @Test
    void negativeWaitGroupCounterPanics() {
        PanicException e = assertThrows(PanicException.class, () -> new WaitGroup().done());
        assertEquals("sync: negative WaitGroup counter", e.getMessage());
    }
}
