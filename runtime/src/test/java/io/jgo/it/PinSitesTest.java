package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import io.jgo.internal.cont.PinSites;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A pin site warns once however often it pins, and the summary printed at exit counts every pin
 * at it: the first pin is found by a stack walk, the later ones by the cached adjacency verdict.
 */
@Timeout(60)
class PinSitesTest {

    private static final int PINS = 5;

    /** Not rewritten: a rewritten frame it calls cannot unwind into it, so the goroutine pins here. */
    private static final class Opaque implements Runnable {
        @Override
        public void run() {
            yieldIn();
        }
    }

    @Goroutine
    private static void yieldIn() {
        Go.sleep(Duration.ofMillis(1)); // parks (a gosched with nothing else to run may not)
    }

    @Test
    void aSiteWarnsOnceAndTheExitSummaryCountsEveryPin() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream saved = System.err;
        System.setErr(new PrintStream(err, true));
        try {
            Go.run(() -> {
                WaitGroup done = new WaitGroup();
                done.add(1);
                Go.go(() -> {
                    for (int i = 0; i < PINS; i++) {
                        new Opaque().run();
                    }
                    done.done();
                });
                done.await();
            });
        } finally {
            System.setErr(saved);
        }
        String site = "io.jgo.it.PinSitesTest$Opaque.run (PinSitesTest.java:";
        Matcher warnings = Pattern.compile("goroutine pinned: [^\n]*" + Pattern.quote(site)).matcher(err.toString());
        assertEquals(1, warnings.results().count(), "one warning for the site:\n" + err + "\n" + PinSites.summary());
        assertTrue(Pattern.compile("(?m)^jgo: pinned " + PINS + " times at " + Pattern.quote(site) + "\\d+\\)$")
                .matcher(PinSites.summary()).find(), PinSites.summary());
    }
}
