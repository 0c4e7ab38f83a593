package io.jgo.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Chan;
import io.jgo.DeadlockException;
import io.jgo.Go;
import io.jgo.Goroutine;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/**
 * What a bubble reports when it goes wrong: a leaked goroutine by name with its stack and
 * {@code created by}, a deadlock instead of a hang, and an exception escaping any goroutine as
 * the failure's cause, each with its seed. The failing tests are fixtures run through the launcher.
 */
class FailuresTest {

    static final class Fixtures {
        /** Read by the fixture that fails in its body, to check the cause is this very object. */
        static final IllegalStateException THROWN = new IllegalStateException("thrown in the test body");
        static final IllegalArgumentException THROWN_BY_OTHER = new IllegalArgumentException("thrown by another goroutine");

        @GoTest
        void leaksAGoroutine() {
            Chan<Integer> answers = Chan.make();
            Go.go(() -> waitForAnAnswerThatNeverComes(answers));
        }

        @Goroutine
        static void waitForAnAnswerThatNeverComes(Chan<Integer> answers) {
            answers.recv();
        }

        @GoTest
        void leaksASleeper() {
            Go.go(() -> Go.sleep(Duration.ofDays(1)));
        }

        /** Counted down by the test once the fixture has failed, so the goroutine it leaves in a syscall ends. */
        static final CountDownLatch RELEASE = new CountDownLatch(1);

        @GoTest
        void leaksAGoroutineBlockedOutsideTheBubble() {
            Go.go(() -> {
                try {
                    Go.syscall(() -> {
                        RELEASE.await(); // a wait no goroutine of the bubble can end: the clock stands still meanwhile
                        return null;
                    });
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt(); // the bubble stopped
                }
            });
        }

        @GoTest
        void deadlocks() {
            Chan<Integer> nobodySends = Chan.make();
            nobodySends.recv();
        }

        @GoTest
        void failsInItsBody() {
            throw THROWN;
        }

        @GoTest
        void anotherGoroutineThrows() {
            Go.go(() -> {
                throw THROWN_BY_OTHER;
            });
            Go.sleep(Duration.ofHours(1));
        }

        @GoTest
        void anotherGoroutineFailsAnAssertion() {
            Go.go(() -> assertEquals(1, 2, "checked in another goroutine"));
            Go.sleep(Duration.ofHours(1));
        }

        @GoTest
        void endsCleanly() {
            Chan<Integer> done = Chan.make();
            Go.go(() -> done.send(1));
            done.recv();
        }
    }

    @Test
    void leakedGoroutineIsNamedWithItsStackAndCreator() {
        Throwable f = Launch.failureOf(Fixtures.class, "leaksAGoroutine");
        String m = f.getMessage();
        assertTrue(m.contains("leaked goroutine"), m);
        assertTrue(m.contains("[chan receive]"), m);
        assertTrue(m.contains("waitForAnAnswerThatNeverComes"), m);
        assertTrue(m.contains("created by"), m);
        assertTrue(m.contains("seed=1"), m);
    }

    @Test
    void aGoroutineSleepingPastTheEndIsALeakToo() {
        String m = Launch.failureOf(Fixtures.class, "leaksASleeper").getMessage();
        assertTrue(m.contains("leaked goroutine") && m.contains("[sleep]"), m);
    }

    @Test
    void aGoroutineStillOutsideTheBubbleIsReportedAfterTheSettleBound() {
        try {
            String m = Launch.failureOf(Fixtures.class, "leaksAGoroutineBlockedOutsideTheBubble").getMessage();
            assertTrue(m.contains("leaked goroutine") && m.contains("created by"), m);
        } finally {
            Fixtures.RELEASE.countDown();
        }
    }

    @Test
    void deadlockFailsWithTheRuntimeReportInsteadOfHanging() {
        Throwable f = Launch.failureOf(Fixtures.class, "deadlocks");
        assertInstanceOf(DeadlockException.class, f.getCause());
        assertTrue(f.getCause().getMessage().startsWith("all goroutines are asleep - deadlock!"), f.getCause().getMessage());
        assertTrue(f.getMessage().contains("seed=1"), f.getMessage());
    }

    @Test
    void exceptionInTheBodyIsTheCause() {
        Throwable f = Launch.failureOf(Fixtures.class, "failsInItsBody");
        assertSame(Fixtures.THROWN, f.getCause());
        assertTrue(f.getMessage().contains("thrown in the test body") && f.getMessage().contains("seed=1"), f.getMessage());
    }

    @Test
    void exceptionEscapingAnotherGoroutineIsTheCause() {
        Throwable f = Launch.failureOf(Fixtures.class, "anotherGoroutineThrows");
        assertSame(Fixtures.THROWN_BY_OTHER, f.getCause());
    }

    @Test
    void assertionFailingInAnotherGoroutineFailsTheTestWithItAsCause() {
        Throwable f = Launch.failureOf(Fixtures.class, "anotherGoroutineFailsAnAssertion");
        assertInstanceOf(AssertionFailedError.class, f);
        assertInstanceOf(AssertionFailedError.class, f.getCause());
        assertTrue(f.getCause().getMessage().contains("checked in another goroutine"), f.getCause().getMessage());
    }

    @Test
    void aCleanBubblePasses() {
        assertEquals(0, Launch.failuresOf(Fixtures.class, "endsCleanly").size());
    }
}
