package io.jgo.cont;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.WaitGroup;
import io.jgo.testing.Pins;
import io.jgo.cont.Differential.Path;
import io.jgo.cont.shapes.OwnedLocking;
import io.jgo.cont.shapes.OwnedLocking.Take;
import io.jgo.cont.shapes.Program;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A thread-owned lock (a {@code ReentrantReadWriteLock}'s) held across a suspension, on both paths
 * to the rewrite (agent and build time): the suspension pins, with a warning that names the lock,
 * and the suspensions after the release unwind again; a {@code new ReentrantLock()} of rewritten
 * code is owned by the goroutine instead, and goroutines holding it never pin (a frame stepped as a
 * coroutine, with no goroutine to own it, pins for it as for a JDK lock); goroutines that increment a counter under the lock across a suspension
 * lose no increment at any GOMAXPROCS (before, a goroutine left its carrier holding the lock: the
 * next goroutine there re-entered it, and an unlock on another carrier threw).
 */
@Timeout(120)
class OwnedLockPinningTest {

    /** Runtime warnings are printed once per (lock class, leaf) for the whole JVM, so they are collected across cases. */
    private static final ByteArrayOutputStream ERR = new ByteArrayOutputStream();

    static List<Object[]> shapes() {
        List<Object[]> all = new ArrayList<>();
        for (Path p : Path.values()) {
            all.add(new Object[] {p, OwnedLocking.ReadInsideWrite.class, 3, 2});
        }
        return all;
    }

    /**
     * The shapes whose lock is a {@code new ReentrantLock()} of rewritten code, stepped as a coroutine
     * (no scheduler, so no goroutine to own it): the frame takes it as its thread's, as it takes a JDK
     * lock, and pins while it holds it. Goroutines do not ({@link #goroutinesIncrementingUnderAnOwnedLockAcrossASuspensionLoseNothing}).
     */
    static List<Object[]> goroutineOwned() {
        List<Object[]> all = new ArrayList<>();
        for (Path p : Path.values()) {
            all.add(new Object[] {p, OwnedLocking.HeldAcrossYield.class, 1, 2});
            all.add(new Object[] {p, OwnedLocking.AcrossMethods.class, 1, 2});
            all.add(new Object[] {p, OwnedLocking.TryAndInterruptibly.class, 3, 2});
        }
        return all;
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("goroutineOwned")
    void aReentrantLockMadeInRewrittenCodePinsAFrameSteppedWithoutASchedulerAsAJdkLockDoes(Path path,
            Class<? extends Program> type, int heldYields, int freeYields) {
        Differential.Run run = Differential.runBoth(path, type);
        assertEquals(Differential.render(run.plain), Differential.render(run.asGoroutine), "result differs");
        assertEquals(heldYields, run.pins, "every suspension while the lock is held pins");
        assertEquals(freeYields, run.yields, "every suspension after the release unwinds");
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("shapes")
    void suspensionHoldingAnOwnedLockPinsAndTheOnesAfterItsReleaseUnwind(Path path, Class<? extends Program> type,
                                                                        int heldYields, int freeYields) {
        PrintStream saved = System.err;
        System.setErr(new PrintStream(ERR, true));
        Differential.Run run;
        try {
            run = Differential.runBoth(path, type);
        } finally {
            System.setErr(saved);
        }
        assertEquals(Differential.render(run.plain), Differential.render(run.asGoroutine), "pinned result differs");
        assertEquals(heldYields, run.pins, "every suspension while the lock is held pins");
        assertEquals(freeYields, run.yields, "every suspension after the release unwinds");
        String err = ERR.toString();
        assertTrue(err.contains("holding java.util.concurrent.locks.ReentrantReadWriteLock$ReadLock (thread-owned)")
                        || err.contains("holding java.util.concurrent.locks.ReentrantReadWriteLock$WriteLock (thread-owned)"),
                "expected the pin reason, got:\n" + err);
    }

    static List<Object[]> counters() {
        List<Object[]> all = new ArrayList<>();
        for (Path p : Path.values()) {
            for (Take take : Take.values()) {
                for (int procs : new int[] {1, 2, 4}) {
                    all.add(new Object[] {p, take, procs});
                }
            }
        }
        return all;
    }

    @ParameterizedTest(name = "{0} {1} GOMAXPROCS {2}")
    @MethodSource("counters")
    void goroutinesIncrementingUnderAnOwnedLockAcrossASuspensionLoseNothing(Path path, Take take, int procs)
            throws Exception {
        Runnable counter = (Runnable) Differential.load(path, OwnedLocking.Counter.class)
                .getConstructor(String.class).newInstance(take.name());
        int goroutines = 8;
        int rounds = 25;
        long pins = Pins.count(() -> Go.run(() -> {
            Go.maxProcs(procs);
            WaitGroup wg = new WaitGroup();
            wg.add(goroutines);
            for (int i = 0; i < goroutines; i++) {
                Go.go(() -> {
                    for (int r = 0; r < rounds; r++) {
                        counter.run();
                    }
                    wg.done();
                });
            }
            wg.await();
        }));
        assertEquals(goroutines * rounds, counter.getClass().getMethod("value").invoke(counter), "increments lost");
        if (take != Take.WRITE_LOCK && take != Take.READ_WRITE_MIX) {
            assertEquals(0, pins, "the counter's new ReentrantLock() is the goroutine's: held across the yield, it never pins");
        }
        assertEquals(0, counter.getClass().getMethod("torn").invoke(counter), "a writer got in under the read lock");
    }
}
