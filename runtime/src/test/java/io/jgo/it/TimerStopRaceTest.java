package io.jgo.it;

import static io.jgo.Select.recv;
import static io.jgo.Select.select;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.Timer;
import io.jgo.testing.Await;
import java.time.Duration;
import java.time.Instant;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Go 1.23's guarantees for {@code Timer.Stop} and {@code Timer.Reset}, raced 5,000 times against
 * the firing (deadlines of a few microseconds, a random spin before the stop), at GOMAXPROCS 4. The
 * outcome is deterministic whatever the interleaving: stop (or reset) true means no value of that
 * arming is ever received and an afterFunc's function never starts; false means the value was
 * received or the function started. A lost value shows as a hang, which {@link Await} turns into a
 * failure.
 */
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class TimerStopRaceTest {

    private static final int RACES = 5_000;

    /** {@code if (!t.stop()) <-t.C} (and the same with reset) never hangs: nobody else receives, so stop is true. */
    @Test
    void stopIdiomNeverHangsAndStopOfAnUnreceivedTimerIsTrue() {
        Go.run(() -> {
            Go.maxProcs(4);
            SplittableRandom rnd = new SplittableRandom(16);
            for (int i = 0; i < RACES; i++) {
                Timer t = Go.newTimer(Duration.ofNanos(rnd.nextInt(20_000)));
                spin(rnd.nextInt(20_000));
                boolean useReset = (i & 1) == 1;
                boolean active = useReset ? t.reset(Duration.ofHours(1)) : t.stop();
                if (!active) {
                    receiveOrFail(t.c(), i); // the idiom: a false stop promises a value
                }
                assertTrue(active, "race " + i + ": stop/reset of a timer nobody received from must be true");
                assertNull(t.c().tryRecv(), "race " + i + ": a value after a true stop/reset");
                if (useReset) {
                    assertTrue(t.stop(), "race " + i + ": reset to an hour, then stopped");
                }
            }
        });
    }

    /** A receiver parked on the timer (so it is on a timer heap and fires from there) races the stop. */
    @Test
    void stopOrResetRacingAParkedReceiverEitherCancelsOrDelivers() {
        Go.run(() -> {
            Go.maxProcs(4);
            SplittableRandom rnd = new SplittableRandom(23);
            Chan<String> outcome = Chan.make(1);
            for (int i = 0; i < RACES; i++) {
                Timer t = Go.newTimer(Duration.ofNanos(rnd.nextInt(40_000)));
                Chan<Boolean> quit = Chan.make(0);
                Go.go(() -> select(
                        recv(t.c(), v -> outcome.send("timer")),
                        recv(quit, v -> outcome.send("quit"))));
                spin(rnd.nextInt(40_000));
                boolean useReset = (i & 1) == 1;
                boolean active = useReset ? t.reset(Duration.ofHours(1)) : t.stop();
                quit.close();
                String got = outcome.recv();
                if (active) {
                    assertEquals("quit", got, "race " + i + ": " + (useReset ? "reset" : "stop") + " returned true, yet the value was delivered");
                    assertNull(t.c().tryRecv(), "race " + i + ": a value after a true stop/reset");
                } else {
                    assertEquals("timer", got, "race " + i + ": " + (useReset ? "reset" : "stop") + " returned false, yet no value was delivered");
                }
                t.stop();
            }
        });
    }

    /** afterFunc: stop false means the function was started; true means it never runs. */
    @Test
    void afterFuncStopFalseMeansTheFunctionStarted() {
        AtomicInteger ran = new AtomicInteger();
        int[] expected = new int[1];
        Go.run(() -> {
            Go.maxProcs(4);
            SplittableRandom rnd = new SplittableRandom(42);
            for (int i = 0; i < RACES; i++) {
                Timer t = Go.afterFunc(Duration.ofNanos(rnd.nextInt(20_000)), ran::incrementAndGet);
                spin(rnd.nextInt(20_000));
                boolean active = (i & 1) == 1 ? t.reset(Duration.ofHours(1)) : t.stop();
                if (!active) {
                    expected[0]++;
                } else if ((i & 1) == 1) {
                    assertTrue(t.stop(), "race " + i + ": reset to an hour, then stopped");
                }
            }
            // Every false stop started a goroutine that counts; a true one never starts any. A lost
            // start leaves the count short for good (Await fails); a start despite a true stop
            // makes it too high once every started goroutine has run.
            Await.until("every function whose stop was false has run", () -> ran.get() >= expected[0],
                    () -> "ran " + ran.get() + " of " + expected[0]);
            Await.until("no function goroutine left", () -> Go.numGoroutine() == 1, () -> Go.numGoroutine() + " goroutines");
            assertEquals(expected[0], ran.get(), "functions started although stop returned true");
        });
    }

    /** A receive bounded by {@link Await}'s deadline, so a lost value fails instead of hanging. */
    private static void receiveOrFail(Chan<Instant> c, int race) {
        Instant[] v = new Instant[1];
        Await.until("race " + race + ": the value a false stop promised", () -> (v[0] = c.tryRecv()) != null, () -> "nothing received");
        assertNotNull(v[0]);
    }

    private static void spin(long nanos) {
        long end = System.nanoTime() + nanos;
        while (System.nanoTime() - end < 0) {
            Thread.onSpinWait();
        }
    }
}
