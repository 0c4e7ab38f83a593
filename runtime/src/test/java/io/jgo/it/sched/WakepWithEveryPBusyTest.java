package io.jgo.it.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.WaitGroup;
import io.jgo.internal.sched.Sched;
import io.jgo.internal.sched.TestRuntimes;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A {@code wakep} with every P busy has no M to start, so it neither claims the spinning slot nor
 * takes {@code sched.lock}: a second P made spawn-join, skynet and gosched-storm slower partly
 * because every spawn, ready and yield wrote those two lines, shared by every busy P. Counts, not
 * times ({@code -Djgo.counts=true}'s policy counts): oversubscribed, GOMAXPROCS 4 on a machine that
 * may have 2 CPUs, the P count is what matters, not the cores.
 */
@Timeout(60)
class WakepWithEveryPBusyTest {

    private static final int PROCS = 4;
    private static final int SPAWNS = 20_000;

    @Test
    void spawnsWhileEveryPIsBusyTakeNoSchedLock() {
        Sched s = TestRuntimes.counting("wakep-busy", PROCS);
        int[] ran = new int[1];
        s.runMain(() -> {
            AtomicBoolean stop = new AtomicBoolean();
            AtomicInteger hogsRunning = new AtomicInteger();
            WaitGroup hogs = new WaitGroup();
            hogs.add(PROCS - 1);
            for (int i = 0; i < PROCS - 1; i++) { // with main, one goroutine per P: no P idles
                Go.go(() -> {
                    hogsRunning.incrementAndGet();
                    while (!stop.get()) {
                        Thread.onSpinWait();
                    }
                    hogs.done();
                });
            }
            while (hogsRunning.get() < PROCS - 1) {
                Go.gosched();
            }
            AtomicInteger done = new AtomicInteger();
            WaitGroup join = new WaitGroup();
            join.add(SPAWNS);
            for (int i = 0; i < SPAWNS; i++) {
                Go.go(() -> {
                    done.incrementAndGet();
                    join.done();
                });
            }
            join.await();
            stop.set(true);
            hogs.await();
            ran[0] = done.get();
        });
        assertEquals(SPAWNS, ran[0]);
        long wakeps = TestRuntimes.policyCount(s, "wakep");
        long locked = TestRuntimes.policyCount(s, "wakep-locked");
        assertTrue(wakeps >= SPAWNS, "every spawn calls wakep: " + s.stats().countsText());
        // Before: one claim and one sched.lock per spawn (wakep-locked about 20,000); now only while
        // a P is idle (a hog preempted onto the global queue, the last spawns running out).
        assertTrue(locked < SPAWNS / 10, SPAWNS + " spawns with every P busy took sched.lock in wakep " + locked
                + " times: " + s.stats().countsText());
    }
}
