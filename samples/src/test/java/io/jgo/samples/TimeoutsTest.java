package io.jgo.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jgo.CancelContext;
import io.jgo.Chan;
import io.jgo.Context;
import io.jgo.Go;
import io.jgo.Select;
import io.jgo.Ticker;
import io.jgo.test.Bubble;
import io.jgo.test.GoTest;
import java.time.Duration;

/**
 * The samples' own tests of time-driven code, as a user writes them with jgo-test (docs/testing.md):
 * each runs in a bubble whose clock is virtual, so minutes of timeouts and ticks take milliseconds
 * and every goroutine started must have ended when the test does.
 */
class TimeoutsTest {

    @GoTest
    void slowWorkLosesToATimeoutAndIsStillCollected() {
        Chan<String> result = Chan.make(1); // buffered: the late worker never blocks, so it cannot leak
        Go.go(() -> {
            Go.sleep(Duration.ofMinutes(1));
            result.send("done");
        });
        String[] outcome = new String[1];
        Select.select(
                Select.recv(result, r -> outcome[0] = r),
                Select.recv(Go.after(Duration.ofSeconds(10)), t -> outcome[0] = "timeout"));
        assertEquals("timeout", outcome[0]);
        assertEquals(Duration.ofSeconds(10), Bubble.elapsed());
        assertEquals("done", result.recv()); // the worker finishes at minute one
        assertEquals(Duration.ofMinutes(1), Bubble.elapsed());
    }

    @GoTest
    void heartbeatTicksSixtyTimesAMinuteUntilCancelled() {
        CancelContext ctx = Context.withTimeout(Context.background(), Duration.ofSeconds(60).plusMillis(500));
        Ticker heartbeat = Go.newTicker(Duration.ofSeconds(1));
        int beats = 0;
        boolean running = true;
        while (running) {
            int fired = Select.select(
                    Select.recv(heartbeat.c(), t -> { }),
                    Select.recv(ctx.done(), v -> { }));
            if (fired == 0) {
                beats++;
            } else {
                running = false;
            }
        }
        heartbeat.stop();
        assertEquals(60, beats);
        assertEquals(Duration.ofSeconds(60).plusMillis(500), Bubble.elapsed());
    }
}
