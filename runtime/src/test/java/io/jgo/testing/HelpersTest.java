package io.jgo.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.PanicException;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/** The helpers can fail: each is shown the case it exists to catch (the positive control for every test that uses it). */
@Timeout(60)
class HelpersTest {

    /** Not a lambda and not {@code @Goroutine}: never rewritten, so a yield below it cannot unwind. */
    private static final class Opaque implements Runnable {
        @Override
        public void run() {
            Go.gosched();
        }
    }

    /** Run only through the launcher, by the test below: one test that pins, one that does not. */
    @ExtendWith(NoGoroutinePinned.class)
    static final class PinningCases {
        @Test
        void pins() {
            Go.run(() -> new Opaque().run());
        }

        @Test
        void unwinds() {
            Go.run(() -> Go.gosched());
        }
    }

    @Test
    void noGoroutinePinnedFailsATestThatPinnedAndOnlyThatOne() {
        SummaryGeneratingListener listener = new SummaryGeneratingListener();
        LauncherFactory.create().execute(LauncherDiscoveryRequestBuilder.request()
                .selectors(DiscoverySelectors.selectClass(PinningCases.class)).build(), listener);
        TestExecutionSummary summary = listener.getSummary();
        assertEquals(2, summary.getTestsStartedCount());
        assertEquals(1, summary.getTestsFailedCount());
        TestExecutionSummary.Failure failure = summary.getFailures().get(0);
        assertEquals("pins()", failure.getTestIdentifier().getDisplayName());
        assertTrue(failure.getException().getMessage().contains("pinned their carrier instead of unwinding"),
                failure.getException().getMessage());
    }

    @Test
    void pinsCountsAYieldBelowAnUnrewrittenFrameAndNoneFailsOnIt() {
        assertEquals(1, Pins.count(() -> Go.run(() -> new Opaque().run())));
        AssertionError e = assertThrows(AssertionError.class, () -> Pins.none(() -> Go.run(() -> new Opaque().run())));
        assertTrue(e.getMessage().contains("pinned their carrier instead of unwinding"), e.getMessage());
        Pins.none(() -> Go.run(() -> Go.gosched())); // the same yield from a rewritten frame unwinds
    }

    @Test
    void awaitFailsNamingWhatItWaitedForWithTheLastDump() {
        // A failed assertion comes out of Go.run as itself (JUnit counts a failure), the goroutine named in a suppressed panic.
        AssertionError e = assertThrows(AssertionError.class, () -> Go.run(() ->
                Await.dumpShows("a goroutine that never exists", d -> d.contains("goroutine 999999 "), Duration.ofMillis(50))));
        assertTrue(e.getSuppressed().length == 1 && e.getSuppressed()[0] instanceof PanicException, java.util.Arrays.toString(e.getSuppressed()));
        assertTrue(e.getMessage().contains("for the goroutine dump to show a goroutine that never exists"), e.getMessage());
        assertTrue(e.getMessage().contains("goroutine 1 [running]"), "the last dump is shown: " + e.getMessage());
    }

    @Test
    void awaitUntilHoldsAtOnceWhenTheConditionHoldsAndFailsShowingTheStateOtherwise() {
        Go.run(() -> Await.until("nothing", () -> true, () -> "unused"));
        AssertionError e = assertThrows(AssertionError.class, () -> Go.run(() ->
                Await.until("a condition that never holds", () -> false, () -> "the state seen", Duration.ofMillis(50))));
        String m = String.valueOf(e.getMessage());
        assertTrue(m.contains("for a condition that never holds; last seen: the state seen"), m);
        assertTrue(m.contains("goroutine 1 [running]"), "the dump is shown: " + m);
    }
}
