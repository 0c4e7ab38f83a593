package io.jgo.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.Mutex;
import io.jgo.WaitGroup;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Reproducible schedules: a planted check-then-act race on a map shared by two goroutines is found
 * within {@link #BOUND} seeds, the failure names its seed, and replaying that seed with
 * {@code -Djgo.test.seed} fails again the same way; the same code made correct passes every seed.
 */
class SeedsTest {

    /** The documented bound (docs/testing.md): the race below breaks under some seed up to this. */
    static final int BOUND = 50;

    static final class Fixtures {

        /** Two goroutines, released together, cache a value under one key, checking then acting without a lock. */
        @GoTest(seeds = BOUND)
        void checkThenActRace() {
            Map<String, Integer> cache = new HashMap<>();
            AtomicInteger computed = new AtomicInteger();
            Chan<Integer> source = Chan.make(2); // what compute reads: it never blocks here
            source.send(42);
            source.send(42);
            Chan<Void> start = Chan.make();
            WaitGroup wg = new WaitGroup();
            for (int i = 0; i < 2; i++) {
                wg.add(1);
                Go.go(() -> {
                    start.recv();
                    if (!cache.containsKey("k")) {
                        cache.put("k", compute(source, computed)); // the schedule may make this goroutine yield in compute's prologue
                    }
                    wg.done();
                });
            }
            Bubble.await(); // both wait for the start
            Chan.close(start);
            wg.await();
            assertEquals(1, computed.get(), "the value was computed more than once");
        }

        /** The same, with the check and the act under one lock. */
        @GoTest(seeds = BOUND)
        void checkThenActUnderALock() {
            Map<String, Integer> cache = new HashMap<>();
            AtomicInteger computed = new AtomicInteger();
            Chan<Integer> source = Chan.make(2);
            source.send(42);
            source.send(42);
            Mutex mu = new Mutex();
            Chan<Void> start = Chan.make();
            WaitGroup wg = new WaitGroup();
            for (int i = 0; i < 2; i++) {
                wg.add(1);
                Go.go(() -> {
                    start.recv();
                    mu.lock();
                    try {
                        if (!cache.containsKey("k")) {
                            cache.put("k", compute(source, computed));
                        }
                    } finally {
                        mu.unlock();
                    }
                    wg.done();
                });
            }
            Bubble.await();
            Chan.close(start);
            wg.await();
            assertEquals(1, computed.get(), "the value was computed more than once");
        }

        @Goroutine
        static int compute(Chan<Integer> source, AtomicInteger computed) {
            computed.incrementAndGet();
            return source.recv();
        }
    }

    private static final Pattern SEED = Pattern.compile("seed=(\\d+)");

    @Test
    void plantedRaceIsFoundWithinTheBoundAndReplaysFromItsSeed() {
        Throwable found = Launch.failureOf(Fixtures.class, "checkThenActRace");
        Matcher m = SEED.matcher(found.getMessage());
        assertTrue(m.find(), found.getMessage());
        long seed = Long.parseLong(m.group(1));
        assertTrue(seed >= 1 && seed <= BOUND, found.getMessage());
        assertTrue(found.getMessage().contains("computed more than once"), found.getMessage());
        for (int i = 0; i < 3; i++) {
            Throwable again = Launch.withSeed(seed, () -> Launch.failureOf(Fixtures.class, "checkThenActRace"));
            assertEquals(found.getCause().getMessage(), again.getCause().getMessage());
            assertTrue(again.getMessage().contains("seed=" + seed), again.getMessage());
        }
    }

    @Test
    void eachSeedDecidesTheOutcomeAndSomeSeedsPass() {
        StringBuilder first = new StringBuilder();
        StringBuilder second = new StringBuilder();
        for (long s = 1; s <= 10; s++) {
            long seed = s;
            first.append(Launch.withSeed(seed, () -> Launch.failuresOf(Fixtures.class, "checkThenActRace")).isEmpty() ? '.' : 'X');
            second.append(Launch.withSeed(seed, () -> Launch.failuresOf(Fixtures.class, "checkThenActRace")).isEmpty() ? '.' : 'X');
        }
        assertEquals(first.toString(), second.toString(), "seeds 1 to 10, failing (X) or passing (.), run twice");
        assertTrue(first.indexOf(".") >= 0 && first.indexOf("X") >= 0, "the race depends on the schedule: " + first);
    }

    @Test
    void correctVersionPassesEverySeed() {
        assertEquals(0, Launch.failuresOf(Fixtures.class, "checkThenActUnderALock").size());
    }
}
