package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import io.jgo.internal.sched.TestRuntimes;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A goroutine preempted in a loop that calls nothing is saved by the loop head's poll; a dump then
 * names its innermost frame with the loop's file and line, as Go shows a preempted goroutine at the
 * line it was running (not {@code ?:0}: the poll's out-of-line block carries the loop's line).
 */
@Timeout(60)
class PreemptedFrameLineTest {

    /** Written by the observer, read by the spinner's loop; the loop's counter (a volatile field: counting calls nothing). */
    private static volatile boolean stop;
    private static volatile long laps;
    /** The line of {@link #spin}'s loop, found by the spinner itself. */
    private static volatile int loopLine;

    @Test
    void aGoroutinePreemptedInACallFreeLoopShowsTheLoopsLine() {
        stop = false;
        laps = 0;
        String[] dump = new String[1];
        TestRuntimes.withProcs("preempted-frame-line", 1).runMain(() -> { // one P from the start
            WaitGroup wg = new WaitGroup();
            wg.add(2);
            Go.go(() -> {
                // Spawned by the spinner into its P's runnext: at one P it runs only when the spinner
                // has been preempted. Once the loop has turned, the only poll left to the spinner is its
                // loop head: seeing laps > 0 here, this goroutine runs because the spinner was saved there.
                Go.go(() -> {
                    while (laps == 0) {
                        Go.gosched();
                    }
                    // On a loaded machine sysmon may have handed the P on while the spinner was still in
                    // its preemption's stack walk (not yet saved, so not at the loop head): look again at
                    // a later turn. A frame that never shows the loop's line fails after the bound.
                    long end = System.nanoTime() + 20_000_000_000L;
                    do {
                        dump[0] = Go.dumpGoroutines();
                        if (spinnerAtLoopLine(dump[0]) || System.nanoTime() - end > 0) {
                            break;
                        }
                        Go.gosched();
                    } while (true);
                    stop = true;
                    wg.done();
                });
                spin();
                wg.done();
            });
            wg.await();
        });
        String d = dump[0];
        assertTrue(spinnerAtLoopLine(d), "the spinner's innermost frame at the loop's line " + loopLine + ":\n" + d);
    }

    private static boolean spinnerAtLoopLine(String dump) {
        return Pattern.compile("(?m)^io\\.jgo\\.it\\.PreemptedFrameLineTest\\.spin\\(\\.\\.\\.\\)\n\tPreemptedFrameLineTest\\.java:"
                + loopLine + "$").matcher(dump).find();
    }

    @Goroutine
    static void spin() {
        loopLine = new Throwable().getStackTrace()[0].getLineNumber() + 1;
        while (!stop) { laps++; } // no call: only the loop head's poll answers preemption
    }
}
