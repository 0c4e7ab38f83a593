package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import io.jgo.testing.Heavy;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A goroutine holding a thread-owned lock (so each park pins its carrier) recurses and sleeps on its
 * way down until its thread's stack overflows. The overflow could fall inside the pinned park
 * itself, after it committed the G as waiting or after the wake-up made it runnable: the goroutine's
 * handler caught the error, its code went on with the status torn, and the run ended with
 * "fatal error: carrier ... failed: goroutine N: leaving running, but status is waiting" (2 rounds of
 * 20 before the fix, with parks every 5 or 20 frames). Now the park makes sure of its stack room
 * before it changes anything, so the error is a call's, as on a thread, and every round ends well.
 * Small carrier stacks (256 KiB) keep each overflow cheap; the mutual exclusion of the lock is
 * checked too.
 */
@Timeout(120)
@Heavy
class PinnedParkAtTheStackEdgeTest {

    private static final int ROUNDS = 20;
    private static final int GOROUTINES = 6;

    @TempDir
    Path dir;

    public static final class Program {
        static final ReentrantLock lock = new ReentrantLock();
        static int inside; // guarded by lock
        static final AtomicInteger overlaps = new AtomicInteger();

        @Goroutine
        static long down(int n, int parkEvery) {
            if (n % parkEvery == 0) {
                Go.sleep(Duration.ofNanos(1_000)); // pins: the lock is thread-owned
            }
            return n + down(n + 1, parkEvery); // no end: only the overflow stops it
        }

        @Goroutine
        static void overflowHoldingTheLock(int parkEvery) {
            lock.lock();
            try {
                if (++inside != 1) {
                    overlaps.incrementAndGet();
                }
                down(1, parkEvery);
            } finally {
                inside--;
                lock.unlock();
            }
        }

        public static void main(String[] args) {
            int parkEvery = Integer.parseInt(args[0]);
            for (int round = 0; round < ROUNDS; round++) {
                int[] caught = new int[1];
                Go.run(() -> {
                    WaitGroup wg = new WaitGroup();
                    for (int i = 0; i < GOROUTINES; i++) {
                        wg.add(1);
                        Go.go(() -> {
                            try {
                                overflowHoldingTheLock(parkEvery);
                            } catch (StackOverflowError expected) {
                                synchronized (caught) {
                                    caught[0]++;
                                }
                            } finally {
                                wg.done();
                            }
                        });
                    }
                    wg.await();
                });
                System.out.println("round " + round + ": caught " + caught[0] + ", overlaps " + overlaps.get()
                        + ", lock held " + lock.isLocked());
            }
        }
    }

    @Test
    void anOverflowThatFallsInAPinnedParkIsTheCallsErrorAndTheRunGoesOn() throws Exception {
        for (int parkEvery : new int[] {5, 20}) {
            Forked.Result r = Forked.run(dir, List.of(Forked.agent().get(0), "-Djgo.stacksize=256k", "-Djgo.maxprocs=4"),
                    Program.class, Integer.toString(parkEvery));
            assertEquals(0, r.exit(), r.toString());
            StringBuilder expected = new StringBuilder();
            for (int round = 0; round < ROUNDS; round++) {
                expected.append("round ").append(round).append(": caught ").append(GOROUTINES)
                        .append(", overlaps 0, lock held false").append(System.lineSeparator());
            }
            assertEquals(expected.toString(), r.stdout(), r.toString());
            assertFalse(r.stderr().contains("fatal error"), r.toString());
        }
    }
}
