package io.jgo.it.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.WaitGroup;
import io.jgo.internal.sched.Sched;
import io.jgo.internal.sched.TestRuntimes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A thief backs off before it takes a running P's runnext as Go's {@code usleep(3)} does: a sleep,
 * which the timer slack makes about 50 µs on Linux, not a 3 µs spin. The readier here (a driver
 * that wakes two workers and then works 10 µs before it blocks, as select-4's receiving loop runs
 * on after each ready) blocks well inside that window, so its own P runs the G in runnext; with the
 * 3 µs spin the second P's spinning M took it nearly every round (-Djgo.counts: steal-runnext), a
 * migration to another core and back per round. GOMAXPROCS 2; counts, not times, with a bound that
 * leaves room for a loaded machine descheduling the driver in its 10 µs.
 */
@Timeout(120)
class RunnextBackOffTest {

    private static final int ROUNDS = 2_000;
    private static final long WORK_NANOS = 10_000;

    @Test
    void aReadierThatBlocksSoonKeepsItsRunnext() {
        Sched s = TestRuntimes.counting("runnext-backoff", 2);
        int[] served = new int[1];
        s.runMain(() -> {
            Chan<Integer> toB = Chan.make();
            Chan<Integer> toC = Chan.make();
            Chan<Integer> back = Chan.make(2);
            WaitGroup workers = new WaitGroup();
            workers.add(2);
            for (Chan<Integer> in : java.util.List.of(toB, toC)) {
                Go.go(() -> {
                    for (int i = 0; i < ROUNDS; i++) {
                        back.send(in.recv());
                    }
                    workers.done();
                });
            }
            WaitGroup driverDone = new WaitGroup();
            driverDone.add(1);
            Go.go(() -> {
                for (int i = 0; i < ROUNDS; i++) {
                    toB.send(i); // readies B (waiting in recv) into this P's runnext
                    toC.send(i); // readies C: B goes to the ring, a second P's M is woken
                    long until = System.nanoTime() + WORK_NANOS;
                    while (System.nanoTime() - until < 0) {
                        Thread.onSpinWait(); // the readier runs on a little before it blocks
                    }
                    served[0] += back.recv() >= 0 ? 1 : 0;
                    served[0] += back.recv() >= 0 ? 1 : 0;
                }
                driverDone.done();
            });
            driverDone.await();
            workers.await();
        });
        assertEquals(2 * ROUNDS, served[0]);
        long runnextSteals = TestRuntimes.policyCount(s, "steal-runnext");
        assertTrue(runnextSteals <= ROUNDS / 4, runnextSteals + " of " + ROUNDS + " rounds had a G taken from the running "
                + "readier's runnext by another P: " + s.stats().countsText());
    }
}
