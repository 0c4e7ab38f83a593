package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jgo.Go;
import io.jgo.WaitGroup;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The hang sysmon's blocked-carrier retake fixes. A goroutine sleeps inside {@code synchronized}
 * (it pins: its carrier blocks, its P is handed off), and more goroutines than there are Ps
 * contend for the same monitor: their carriers block on monitor entry while holding every P, so
 * the sleeper, readied when its time is up, never got a P back. Now sysmon sees those Ps stuck on
 * one schedule tick, asks for preemption, and after one more slice hands them to other Ms; the
 * sleeper gets one, leaves the monitor, and each contender in turn does the same.
 */
@Timeout(120)
class MonitorHangTest {

    private static final Object LOCK = new Object();

    @ParameterizedTest(name = "GOMAXPROCS {0}, {1} contenders")
    @CsvSource({"1, 2", "1, 3", "1, 5", "2, 2", "2, 3", "2, 5"})
    void sleepingInsideAMonitorWithMoreContendersThanPsCompletes(int procs, int contenders) {
        AtomicInteger inside = new AtomicInteger();
        Go.run(() -> {
            Go.maxProcs(procs);
            WaitGroup wg = new WaitGroup();
            wg.add(contenders + 1);
            for (int i = 0; i <= contenders; i++) {
                Go.go(() -> {
                    synchronized (LOCK) {
                        Go.sleep(Duration.ofMillis(2)); // pins: the monitor is held across the park
                        inside.incrementAndGet();
                    }
                    wg.done();
                });
            }
            wg.await();
        });
        assertEquals(contenders + 1, inside.get());
    }

    /** A class whose initializer sleeps: the second goroutine to touch it waits in the JVM for the first. */
    static final class SlowInit {
        static final int VALUE;

        static {
            Go.sleep(Duration.ofMillis(5)); // pins: a class initializer cannot unwind
            VALUE = 42;
        }
    }

    @Test
    void classInitializerThatSleepsCompletesWithTwoGoroutinesAtOneP() {
        AtomicInteger sum = new AtomicInteger();
        Go.run(() -> {
            Go.maxProcs(1);
            WaitGroup wg = new WaitGroup();
            wg.add(2);
            for (int i = 0; i < 2; i++) {
                Go.go(() -> {
                    sum.addAndGet(SlowInit.VALUE);
                    wg.done();
                });
            }
            wg.await();
        });
        assertEquals(84, sum.get());
    }
}
