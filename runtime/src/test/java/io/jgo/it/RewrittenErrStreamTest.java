package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import io.jgo.internal.coroutine.Coroutine;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The runtime prints its warnings (a pin's, among others) in the middle of a suspension: a frame
 * has saved its record and the stack is unwinding when the pin is found and named. {@code System.err}
 * is the application's to replace, and under the whole-application rule the stream it installs is
 * rewritten code (Surefire's console capture was, in the runtime's own test JVM): its call sites
 * asked the goroutine's stack whether their callee was unwinding, heard "yes" (the unwind in
 * progress was the goroutine's, not theirs), saved and pinned themselves inside the runtime's
 * warning, and took the goroutine's record with them: a {@code NullPointerException} out of
 * {@code Records.popRecord} (FuzzRegressionTest's stale-handshake programs under the default rule).
 * The warning must be printed on a stack of its own, and the goroutine go on as if nothing was printed.
 */
@Timeout(60)
class RewrittenErrStreamTest {

    /** Stands for a rewritten logging stream: its {@code println} has a rewritten call site in it. */
    private static final class RewrittenStream extends PrintStream {
        final AtomicInteger lines = new AtomicInteger();

        RewrittenStream(OutputStream out) {
            super(out, true);
        }

        @Goroutine
        @Override
        public void println(String line) {
            super.println(decorated(line));
            lines.incrementAndGet();
        }

        @Goroutine
        private static String decorated(String line) {
            if (line == null) {
                Go.gosched(); // never taken: makes this a suspendable method, so the call above is a rewritten site
            }
            return line;
        }
    }

    /**
     * Not rewritten: a rewritten frame it calls cannot unwind into it, so the goroutine pins here and
     * warns, once per place: one method for each test, so that each test sees its own warning.
     */
    private static final class Opaque {
        int call(java.util.function.IntSupplier body) {
            return body.getAsInt();
        }

        int step(java.util.function.IntSupplier body) {
            return body.getAsInt();
        }
    }

    @Goroutine
    private static int sleepThenAnswer() {
        Go.sleep(Duration.ofMillis(1));
        return 42;
    }

    @Goroutine
    private static int yieldThenAnswer() {
        Go.gosched();
        return 7;
    }

    @Test
    void aPinWarnedThroughARewrittenErrStreamLeavesTheGoroutineIntact() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        RewrittenStream stream = new RewrittenStream(err);
        int[] got = new int[2];
        PrintStream saved = System.err;
        System.setErr(stream);
        try {
            Go.run(() -> {
                WaitGroup done = new WaitGroup();
                done.add(1);
                Go.go(() -> {
                    got[0] = new Opaque().call(() -> sleepThenAnswer());
                    got[1] = new Opaque().call(() -> sleepThenAnswer() + 1);
                    done.done();
                });
                done.await();
            });
        } finally {
            System.setErr(saved);
        }
        assertEquals(42, got[0], err.toString());
        assertEquals(43, got[1], err.toString());
        assertTrue(stream.lines.get() >= 1 && err.toString().contains("goroutine pinned"), "the pin was warned:\n" + err);
    }

    @Test
    void aCoroutineThatPinsWhileTheErrStreamIsRewrittenStepsToItsEnd() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        RewrittenStream stream = new RewrittenStream(err);
        int[] got = new int[1];
        PrintStream saved = System.err;
        System.setErr(stream);
        try {
            Coroutine co = new Coroutine(() -> got[0] = new Opaque().step(() -> yieldThenAnswer() * 3));
            int steps = 0;
            while (co.resume()) {
                assertTrue(++steps < 10, "the coroutine does not end");
            }
        } finally {
            System.setErr(saved);
        }
        assertEquals(21, got[0], err.toString());
        assertTrue(err.toString().contains("goroutine pinned"), "the pin was warned:\n" + err);
    }
}
