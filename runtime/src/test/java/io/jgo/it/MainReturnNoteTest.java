package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Chan;
import io.jgo.Go;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * When main returns, the note on stderr counts the goroutines left parked (a program may have
 * forgotten them), not one that main's last receive readied into a run queue: that one was only about
 * to return from its send, and whether it ran before main returned is a race of the moment (a
 * documented example printed the note one run in many on a loaded machine).
 */
@Timeout(60)
class MainReturnNoteTest {

    private static String stderrOf(Runnable body) {
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            body.run();
        } finally {
            System.setErr(err);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aSenderReadiedByMainsLastReceiveIsNotNoted() {
        String[] got = new String[1];
        String err = stderrOf(() -> Go.run(() -> {
            Go.maxProcs(1);
            Chan<String> results = Chan.make(0);
            Go.go(() -> results.send("page"));
            while (!Go.dumpGoroutines().contains("[chan send")) {
                Go.gosched(); // until the sender is parked in its send
            }
            got[0] = results.recv(); // readies the sender into this P's queue; main returns before it runs
        }));
        assertEquals("page", got[0]);
        assertFalse(err.contains("still alive"), err);
    }

    @Test
    void aGoroutineLeftParkedIsNoted() {
        String err = stderrOf(() -> Go.run(() -> {
            Chan<String> never = Chan.make(0);
            Go.go(() -> never.recv());
            while (!Go.dumpGoroutines().contains("[chan receive")) {
                Go.gosched();
            }
        }));
        assertTrue(err.contains("jgo: note: Go.run: main returned with 1 other goroutine still alive"), err);
    }
}
