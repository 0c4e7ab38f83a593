package io.jgo.internal.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.WaitGroup;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** GOMAXPROCS at run time: the previous value is returned, a shrink never waits for a goroutine. */
@Timeout(60)
class MaxProcsTest {

    @Test
    void defaultIsTheSystemSetting() {
        assertEquals(Config.defaultMaxProcs(), new Sched(Config.fromSystem()).maxProcs());
    }

    @Test
    void resizeReturnsThePreviousValue() {
        Sched s = new Sched(new Config().maxProcs(4).name("resize"));
        s.runMain(() -> {
            assertEquals(4, Go.maxProcs(2));
            assertEquals(2, Go.maxProcs());
            assertEquals(2, Go.maxProcs(6));
            assertEquals(6, s.allp.length);
        });
    }

    @Test
    void shrinkDoesNotWaitForAGoroutineThatNeverPolls() {
        AtomicBoolean stop = new AtomicBoolean();
        AtomicInteger ran = new AtomicInteger();
        Sched s = new Sched(new Config().maxProcs(4).name("shrink"));
        s.runMain(() -> {
            WaitGroup spinnersStarted = new WaitGroup();
            spinnersStarted.add(3);
            WaitGroup spinnersDone = new WaitGroup();
            spinnersDone.add(3);
            for (int i = 0; i < 3; i++) {
                Go.go(() -> {
                    spinnersStarted.done();
                    while (!stop.get()) {
                        Thread.onSpinWait(); // never reaches a safe point
                    }
                    spinnersDone.done();
                });
            }
            spinnersStarted.await();
            assertEquals(4, Go.maxProcs(1)); // returns at once
            WaitGroup wg = new WaitGroup();
            wg.add(100);
            for (int i = 0; i < 100; i++) {
                Go.go(() -> {
                    ran.incrementAndGet();
                    wg.done();
                });
            }
            stop.set(true);
            wg.await();
            spinnersDone.await();
        });
        assertEquals(100, ran.get());
        assertEquals(1, s.maxProcs());
        long retired = java.util.Arrays.stream(s.allp).count();
        assertTrue(retired == 1);
    }
}
