package io.jgo.it.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.WaitGroup;
import io.jgo.internal.sched.Sched;
import io.jgo.internal.sched.TestRuntimes;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Spawns and hand-offs that keep Ps going idle and busy, oversubscribed (GOMAXPROCS 8) and without
 * sysmon, whose backstop would hide a lost wake-up: the lock-free request for a spinner when every
 * P is busy ({@code Spinning.requestWithoutIdleP} and its other half in {@code M.dropPAndPark}) and
 * the wakep without its own fence after a runnext swap ({@code Ms.wakepPublished}) must leave no
 * runnable goroutine behind with its P idle. A lost one hangs the run (the timeout fails it).
 */
@Timeout(120)
class WakeupsWithoutSysmonTest {

    private static final int PROCS = 8;
    private static final int ROUNDS = 200;
    private static final int RING = 12;
    private static final int PASSES = 200;

    @Test
    void ringsOfHandOffsAndSpawnsAllFinishAtEightPs() {
        Sched s = TestRuntimes.withoutSysmon("wakeups-no-sysmon", PROCS);
        AtomicLong passed = new AtomicLong();
        s.runMain(() -> {
            for (int r = 0; r < ROUNDS; r++) {
                @SuppressWarnings("unchecked")
                Chan<Integer>[] links = new Chan[RING];
                for (int i = 0; i < RING; i++) {
                    links[i] = Chan.make(0);
                }
                WaitGroup done = new WaitGroup();
                done.add(RING);
                for (int i = 0; i < RING; i++) {
                    Chan<Integer> in = links[i];
                    Chan<Integer> out = links[(i + 1) % RING];
                    boolean first = i == 0;
                    Go.go(() -> {
                        for (int k = 0; k < PASSES; k++) {
                            if (first) {
                                out.send(k);
                                in.recv();
                            } else {
                                out.send(in.recv());
                            }
                            passed.incrementAndGet();
                            if (k % 50 == 0) {
                                WaitGroup child = new WaitGroup();
                                child.add(1);
                                Go.go(child::done); // a spawn into runnext while the ring's Ps come and go
                                child.await();
                            }
                        }
                        done.done();
                    });
                }
                done.await();
            }
        });
        assertEquals((long) ROUNDS * RING * PASSES, passed.get());
    }
}
