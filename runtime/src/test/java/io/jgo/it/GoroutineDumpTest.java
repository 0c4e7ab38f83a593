package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.DeadlockException;
import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import io.jgo.internal.sched.TestRuntimes;
import io.jgo.testing.Await;
import io.jgo.testing.Pins;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The goroutine dump: every goroutine with its status and wait reason, and an unwound goroutine's
 * logical stack (its saved frames, named, with call-site lines). The waits end when the dump shows
 * the goroutines parked; a hang is reported by {@link Await}.
 */
@Timeout(60)
class GoroutineDumpTest {

    private static final Pattern WAITGROUP_WAITER = Pattern.compile("(?m)^goroutine \\d+ \\[sync\\.WaitGroup\\.Wait\\]:$");

    @Test
    void dumpNamesTheSavedFramesOfAParkedGoroutine() {
        String[] dump = new String[1];
        Pins.none(() -> Go.run(() -> {
            WaitGroup never = new WaitGroup();
            never.add(1);
            Go.go(() -> outer(never));
            dump[0] = Await.dumpShows("the goroutine parked (unwound) on the WaitGroup",
                    d -> WAITGROUP_WAITER.matcher(d).find());
            never.done();
        }));
        String d = dump[0];
        // Go's two lines per frame: the function, then the call site's file:line, tab-indented.
        assertTrue(Pattern.compile("(?m)^io\\.jgo\\.it\\.GoroutineDumpTest\\.inner\\(\\.\\.\\.\\)\n\tGoroutineDumpTest\\.java:\\d+$").matcher(d).find(), d);
        assertTrue(Pattern.compile("(?m)^io\\.jgo\\.it\\.GoroutineDumpTest\\.outer\\(\\.\\.\\.\\)\n\tGoroutineDumpTest\\.java:\\d+$").matcher(d).find(), d);
        assertTrue(d.indexOf(".inner(") < d.indexOf(".outer("), "innermost frame first:\n" + d);
        // Go's last line of a goroutine: who started it (by default the class whose lambda is its body).
        assertTrue(d.contains("\ncreated by io.jgo.it.GoroutineDumpTest in goroutine 1\n\n"), d);
    }

    /** With {@code -Djgo.tracebackancestors}, {@code created by} names the go statement's method, file and line, as Go. */
    @Test
    void tracebackAncestorsNamesTheGoStatement() {
        String[] dump = new String[1];
        int[] line = new int[1];
        Pins.none(() -> TestRuntimes.withTracebackAncestors("created-by", 1).runMain(() -> {
            WaitGroup never = new WaitGroup();
            never.add(1);
            line[0] = new Throwable().getStackTrace()[0].getLineNumber() + 1;
            Go.go(() -> outer(never));
            dump[0] = Await.dumpShows("the goroutine parked", d -> WAITGROUP_WAITER.matcher(d).find());
            never.done();
        }));
        assertTrue(Pattern.compile("(?m)^created by io\\.jgo\\.it\\.GoroutineDumpTest\\.lambda\\$tracebackAncestorsNamesTheGoStatement\\$\\d+"
                + " in goroutine 1\n\tGoroutineDumpTest\\.java:" + line[0] + "\n").matcher(dump[0]).find(), dump[0]);
    }

    /** jgo's own frames are named with their file and line, as Go shows {@code runtime.chanrecv1} at {@code chan.go}. */
    @Test
    void dumpGivesTheLineOfTheRuntimesLeafFrame() {
        String[] dump = new String[1];
        Pins.none(() -> Go.run(() -> {
            io.jgo.Chan<String> never = io.jgo.Chan.make();
            Go.go(() -> receive(never));
            dump[0] = Await.dumpShows("the goroutine parked (unwound) on the channel",
                    d -> d.contains("[chan receive]:"));
            never.send("done");
        }));
        String d = dump[0];
        assertTrue(Pattern.compile("(?m)^io\\.jgo\\.Chan\\.recv\\(\\.\\.\\.\\)\n\tChan\\.java:[1-9]\\d*$").matcher(d).find(), d);
        assertTrue(Pattern.compile("(?m)^io\\.jgo\\.it\\.GoroutineDumpTest\\.receive\\(\\.\\.\\.\\)\n\tGoroutineDumpTest\\.java:[1-9]\\d*$").matcher(d).find(), d);
        assertTrue(!d.contains("?:0"), "every frame has a file and line:\n" + d);
    }

    /** Three goroutines parked on one WaitGroup (unwound: not locked to a thread), and main, an ordinary goroutine, first. */
    @Test
    void dumpListsEveryGoroutineWithItsWaitReason() {
        String[] dump = new String[1];
        Pins.none(() -> Go.run(() -> {
            Go.maxProcs(2);
            WaitGroup gate = new WaitGroup();
            gate.add(1);
            WaitGroup done = new WaitGroup();
            done.add(3);
            for (int i = 0; i < 3; i++) {
                Go.go(() -> {
                    gate.await();
                    done.done();
                });
            }
            dump[0] = Await.dumpShows("three goroutines parked on the WaitGroup",
                    d -> WAITGROUP_WAITER.matcher(d).results().count() == 3);
            gate.done();
            done.await();
        }));
        assertTrue(dump[0].startsWith("goroutine 1 [running]:\n"), dump[0]);
        assertTrue(dump[0].contains("GoroutineDumpTest"), "main's frames are shown: " + dump[0]);
        assertEquals(4, Pattern.compile("(?m)^goroutine \\d+ \\[").matcher(dump[0]).results().count(), dump[0]);
    }

    @Test
    void deadlockReportCarriesTheDump() {
        DeadlockException e = assertThrows(DeadlockException.class, () -> Go.run(() -> {
            WaitGroup never = new WaitGroup();
            never.add(1);
            Go.go(() -> outer(never));
            never.await();
        }));
        assertTrue(e.getMessage().startsWith("all goroutines are asleep - deadlock!"), e.getMessage());
        assertTrue(e.getMessage().contains("GoroutineDumpTest.inner("), e.getMessage());
    }

    /**
     * After a yield, g0 re-enters only the innermost frame (the lazy resume): the frames above it
     * are saved records while it runs, and the dump of the running goroutine lists them below its
     * live frames, innermost first.
     */
    @Test
    void aRunningGoroutineReenteredAloneShowsItsSavedOuterFrames() {
        String[] dump = new String[1];
        Pins.none(() -> Go.run(() -> {
            WaitGroup done = new WaitGroup();
            done.add(1);
            Go.go(() -> {
                top(dump);
                done.done();
            });
            done.await();
        }));
        String d = dump[0];
        int section = d.indexOf(".dumpAfterYield(");
        assertTrue(section >= 0, "the dumping goroutine's live frame:\n" + d);
        int middle = d.indexOf("GoroutineDumpTest.middle(", section);
        int top = d.indexOf("GoroutineDumpTest.top(", section);
        assertTrue(middle > section && top > middle, "its saved outer frames follow, innermost first:\n" + d);
        assertTrue(Pattern.compile("(?m)^io\\.jgo\\.it\\.GoroutineDumpTest\\.middle\\(\\.\\.\\.\\)\n\tGoroutineDumpTest\\.java:\\d+$")
                .matcher(d).find(), "with the line of the call that suspended:\n" + d);
    }

    @Goroutine
    static void top(String[] dump) {
        middle(dump);
    }

    @Goroutine
    static void middle(String[] dump) {
        dumpAfterYield(dump);
    }

    @Goroutine
    static void dumpAfterYield(String[] dump) {
        Go.gosched();
        dump[0] = Go.dumpGoroutines();
    }

    @Goroutine
    static void receive(io.jgo.Chan<String> c) {
        c.recv();
    }

    @Goroutine
    static void outer(WaitGroup never) {
        inner(never);
    }

    @Goroutine
    static void inner(WaitGroup never) {
        never.await();
    }
}
