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
 * A hand-off between two goroutines wakes no carrier: the readied G waits in the readier's
 * runnext and runs on the same P when the readier blocks, so a second P costs nothing (a woken M
 * per hand-off was why a second core made ping-pong slower). Counts, not times: the count of M
 * wake-ups does not depend on the machine's load. The lazy wake-up's backstop, sysmon, wakes an M
 * for work stranded behind a G that runs on.
 */
@Timeout(60)
class HandOffWakeupsTest {

    private static final int ROUNDS = 20_000;

    @Test
    void pingPongAtTwoPsWakesFarFewerCarriersThanRoundTrips() {
        Sched s = TestRuntimes.withProcs("handoff-wakeups", 2, true);
        int[] last = new int[1];
        s.runMain(() -> {
            Chan<Integer> ping = Chan.make(0);
            Chan<Integer> pong = Chan.make(0);
            Go.go(() -> {
                for (Integer v : ping) {
                    pong.send(v + 1);
                }
            });
            int v = 0;
            for (int i = 0; i < ROUNDS; i++) {
                ping.send(v);
                v = pong.recv();
            }
            ping.close();
            last[0] = v;
        });
        assertEquals(ROUNDS, last[0]);
        long wakeups = s.stats().mWakeups;
        // Go's rule (wake an M on every ready while a P idles and nobody spins) wakes about one
        // carrier per hand-off here: tens of thousands.
        assertTrue(wakeups < ROUNDS / 20, "carriers woken for " + ROUNDS + " round trips: " + s.stats().countsText());
    }

    @Test
    void aGoroutineReadiedByOneThatRunsOnIsTakenByAnIdleP() {
        Sched s = TestRuntimes.withProcs("handoff-stranded", 2, false); // no time slice ends main's loop
        s.runMain(() -> {
            WaitGroup readied = new WaitGroup();
            readied.add(1);
            boolean[] ran = new boolean[1];
            Chan<Integer> c = Chan.make(1);
            Go.go(() -> {
                c.recv(); // parks; the send below readies it into main's runnext
                ran[0] = true;
                readied.done();
            });
            io.jgo.testing.Await.dumpShows("the receiver parked", d -> d.contains("[chan receive]"));
            c.send(1);
            // main runs on without blocking (and preemption is off): only another P can run the receiver
            while (!volatileRead(ran)) {
                Thread.onSpinWait();
            }
            readied.await();
        });
    }

    private static boolean volatileRead(boolean[] a) {
        java.lang.invoke.VarHandle.fullFence();
        return a[0];
    }
}
