package io.jgo.internal.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.jgo.testing.Heavy;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Owner against thieves on rings shrunk to a few slots, so that overflow, wrap-around, steals of a
 * full ring and runnext races happen all the time. P0 produces {@code ITEMS} Gs into its own queue
 * ({@code nextPercent} of them through runnext), overflowing into a shared global queue, and runs
 * some itself; every other P runs what it has, steals from a random P (runnext too, half of the
 * time) and takes batches from the global queue. Every G must be run exactly once.
 *
 * <p>Stealing is proven, not hoped for: once P0 has produced everything it leaves its own queue
 * alone until some P has stolen (it is never empty then: the last put went there), so the Gs
 * left in it can only be run by a thief, however the OS schedules the threads. (Before, on a
 * loaded machine the thieves could start late enough to find every G in the global queue, and the
 * test failed with "no steal succeeded".) Likewise the global queue: overflow certainly sends Gs
 * there, and only a counted take removes them.
 *
 * <p>No timing assertion: the guard only turns a hang (a lost G: no G run for a minute) into a report of what is missing.
 */
@Heavy
class RunQueueStressTest {

    private static final int ITEMS = 1_000_000;
    private static final long HANG_GUARD_SECONDS = 60;

    @ParameterizedTest(name = "{0}-slot rings, 1 owner + {1} thieves, {2}% via runnext")
    @CsvSource({"4, 3, 25", "4, 7, 25", "8, 3, 25", "8, 7, 25", "2, 3, 90"})
    void everyGIsRunExactlyOnce(int capacity, int thieves, int nextPercent) throws InterruptedException {
        Harness h = new Harness(capacity, thieves + 1, nextPercent);
        h.runToCompletion();

        assertTrue(h.failures.isEmpty(), () -> "worker failures: " + h.failures);
        for (int id = 0; id < ITEMS; id++) { // exactly once each: none lost, none run twice
            if (h.runs.get(id) != 1) {
                fail("G " + id + " ran " + h.runs.get(id) + " times");
            }
        }
        for (LocalRunQueue<Integer> q : h.queues) {
            assertTrue(q.isEmpty(), q.toString());
        }
        assertEquals(0, h.global.size());
        assertTrue(h.steals.get() > 0, "no steal succeeded: the test did not test stealing");
        assertTrue(h.globalTakes.get() > 0, "nothing went through the global queue");
    }

    private static final class Harness {
        final GlobalRunQueue<Integer> global = new GlobalRunQueue<>();
        final List<LocalRunQueue<Integer>> queues = new ArrayList<>();
        final AtomicIntegerArray runs = new AtomicIntegerArray(ITEMS);
        final AtomicInteger done = new AtomicInteger();
        final AtomicInteger steals = new AtomicInteger();
        final AtomicInteger globalTakes = new AtomicInteger();
        final ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        final int procs;
        final int nextPercent;
        volatile boolean abandon;

        Harness(int capacity, int procs, int nextPercent) {
            this.procs = procs;
            this.nextPercent = nextPercent;
            for (int i = 0; i < procs; i++) {
                queues.add(new LocalRunQueue<>(capacity));
            }
        }

        void runToCompletion() throws InterruptedException {
            List<Thread> threads = new ArrayList<>();
            for (int p = 0; p < procs; p++) {
                int id = p;
                Thread t = new Thread(() -> {
                    try {
                        if (id == 0) {
                            produce();
                            awaitASteal();
                        }
                        runUntilDone(id);
                    } catch (Throwable e) {
                        failures.add(e);
                        abandon = true;
                    }
                }, "stress-P" + p);
                t.setDaemon(true);
                threads.add(t);
            }
            threads.forEach(Thread::start);
            // A hang is no progress, not a slow run: a loaded machine may take minutes to run a
            // million Gs through rings of two (CI with two CPU burners beside it ran 771,368 in 120 s),
            // so the guard fires only when no G has run for a whole HANG_GUARD_SECONDS.
            long lastDone = -1;
            long lastProgress = System.nanoTime();
            while (threads.stream().anyMatch(Thread::isAlive)) {
                threads.get(0).join(1_000);
                long now = System.nanoTime();
                long d = done.get();
                if (d != lastDone) {
                    lastDone = d;
                    lastProgress = now;
                } else if (now - lastProgress > TimeUnit.SECONDS.toNanos(HANG_GUARD_SECONDS)) {
                    break;
                }
            }
            if (threads.stream().anyMatch(Thread::isAlive)) {
                abandon = true;
                for (Thread t : threads) {
                    t.join();
                }
                fail("hang: " + done.get() + " of " + ITEMS + " Gs ran; first missing: " + missing()
                        + "; queues " + queues + ", " + global);
            }
        }

        /** P0: puts every G into its own queue, running one now and then as a scheduler would. */
        private void produce() {
            LocalRunQueue<Integer> own = queues.get(0);
            SplittableRandom rnd = new SplittableRandom(42);
            for (int id = 0; id < ITEMS && !abandon; id++) {
                own.put(id, rnd.nextInt(100) < nextPercent, global);
                if (id == ITEMS - 1) {
                    break; // the last G stays in P0's queue (ring or runnext): only a thief may run it now
                }
                int r = rnd.nextInt(8);
                if (r == 0) {
                    Integer g = own.get();
                    if (g != null) {
                        checkInherit(own, g);
                        run(g);
                    }
                } else if (r == 1 && rnd.nextInt(61) == 0) {
                    Integer g = global.poll(); // the 1-in-61 fairness check
                    if (g != null) {
                        globalTakes.incrementAndGet();
                        run(g);
                    }
                }
            }
        }

        /**
         * P0, done producing: runs nothing until a thief has stolen. Its queue still holds a G at
         * least (the last put went there, and P0 ran none after it; only a steal takes one out), the
         * global queue and the thieves' rings drain, and the thieves keep stealing from random
         * victims until every G ran: a steal from P0 must succeed. A state wait, not a clock.
         */
        private void awaitASteal() {
            IdleBackoff idle = new IdleBackoff();
            while (steals.get() == 0 && !abandon) {
                idle.pause();
            }
        }

        /** Any P: runs its own queue, then takes a global batch, then steals, until every G ran. */
        private void runUntilDone(int self) {
            LocalRunQueue<Integer> own = queues.get(self);
            SplittableRandom rnd = new SplittableRandom(self * 7919L + 1);
            IdleBackoff idle = new IdleBackoff();
            while (done.get() < ITEMS && !abandon) {
                Integer g = own.get();
                if (g != null) {
                    checkInherit(own, g);
                    run(g);
                    idle.reset();
                    continue;
                }
                if (rnd.nextInt(4) == 0) {
                    g = global.pollBatch(own, procs, own.capacity() / 2);
                    if (g != null) {
                        globalTakes.incrementAndGet();
                        run(g);
                        idle.reset();
                        continue;
                    }
                }
                int victim = rnd.nextInt(procs - 1);
                if (victim >= self) {
                    victim++;
                }
                g = queues.get(victim).stealHalfInto(own, rnd.nextBoolean());
                if (g != null) {
                    steals.incrementAndGet();
                    run(g);
                    idle.reset();
                } else {
                    idle.pause();
                }
            }
        }

        private void checkInherit(LocalRunQueue<Integer> own, Integer g) {
            // Only P0 uses runnext; a G from another P's ring never inherits the time slice.
            if (own != queues.get(0) && own.lastGetInheritsTime()) {
                throw new AssertionError("G " + g + " from a thief's ring claims to come from runnext");
            }
        }

        private void run(int id) {
            runs.incrementAndGet(id);
            done.incrementAndGet();
        }

        private List<Integer> missing() {
            List<Integer> out = new ArrayList<>();
            for (int id = 0; id < ITEMS && out.size() < 10; id++) {
                if (runs.get(id) == 0) {
                    out.add(id);
                }
            }
            return out;
        }
    }

    /**
     * How a P with nothing to do waits before it looks again: a short spin (so that thieves race
     * the owner while it produces), then sleeps of 10 µs. Not {@code Thread.yield}: beside CPU
     * burners a yield gives the rest of the time slice to a burner, and eight yielding threads got
     * about 1 % of the CPU between them (each case took minutes, loaded CI runs 5 and 6 spent
     * 709 s and 1,278 s in this class, 5.6 s quiet). A sleeping P leaves the CPU to the ones that
     * have work, as an idle M does in Go.
     */
    private static final class IdleBackoff {
        private static final int SPINS = 200;
        private static final long SLEEP_NANOS = 10_000;
        private int failures;

        void pause() {
            if (++failures <= SPINS) {
                Thread.onSpinWait();
            } else {
                LockSupport.parkNanos(SLEEP_NANOS);
            }
        }

        void reset() {
            failures = 0;
        }
    }
}
