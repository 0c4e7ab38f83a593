package io.jgo.it;

import static io.jgo.Go.go;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.PanicException;
import io.jgo.WaitGroup;
import io.jgo.testing.Pins;
import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.opentest4j.AssertionFailedError;

/**
 * What a body may throw and what {@code Go.run} throws for it: a body may throw a checked exception
 * ({@link Go.Body}), which is a panic like any other; a failed assertion comes out of {@code Go.run}
 * as itself, so JUnit counts a failure; the {@code PanicException}'s stack is {@code Go.run}'s caller's.
 */
@Timeout(60)
class GoRunFailureTest {

    @Goroutine
    private static void write(Chan<Integer> out, int v) throws IOException {
        Go.gosched();
        if (v < 0) {
            throw new IOException("negative: " + v);
        }
        out.send(v);
    }

    /** Lambdas whose bodies throw IOException compile, suspend (unwind, not pin) and run. */
    @Test
    void aBodyMayCallCodeThatThrowsACheckedException() {
        AtomicInteger sum = new AtomicInteger();
        Pins.none(() -> Go.run(() -> {
            Chan<Integer> ch = Chan.make(0);
            for (int i = 1; i <= 3; i++) {
                int v = i;
                go(() -> write(ch, v));
            }
            for (int i = 0; i < 3; i++) {
                sum.addAndGet(ch.recv());
            }
            write(Chan.make(1), 4); // main's own body throws IOException too
        }));
        assertEquals(6, sum.get());
    }

    /** A Runnable variable and a plain method reference still compile and run (the Runnable overload). */
    @Test
    void runnableVariablesAndMethodReferencesStillCompile() {
        AtomicInteger ran = new AtomicInteger();
        Runnable r = ran::incrementAndGet;
        Go.run(r);
        Go.run(ran::incrementAndGet);
        Go.run(() -> {
            WaitGroup wg = new WaitGroup();
            wg.add(2);
            Runnable child = () -> {
                ran.incrementAndGet();
                wg.done();
            };
            go(child);
            go(() -> {
                Go.sleep(Duration.ofMillis(1));
                ran.incrementAndGet();
                wg.done();
            });
            wg.await();
        });
        assertEquals(4, ran.get());
    }

    @Test
    void aCheckedExceptionEscapingAGoroutineIsAPanicWithItAsTheCause() {
        PanicException p = assertThrows(PanicException.class, () -> Go.run(() -> {
            go(() -> write(Chan.make(1), -1));
            Go.sleep(Duration.ofSeconds(50)); // the panic ends the run first
        }));
        assertTrue(p.getCause() instanceof IOException, String.valueOf(p.getCause()));
        assertEquals("negative: -1", p.getCause().getMessage());
        assertTrue(p.getMessage().startsWith("panic: java.io.IOException: negative: -1 [goroutine "), p.getMessage());
    }

    /** Fill in on the calling thread: the stack shows who called Go.run, not the scheduler's carrier. */
    @Test
    void thePanicsStackIsTheCallerOfGoRun() {
        PanicException p = assertThrows(PanicException.class, () -> Go.run(() -> {
            Go.gosched();
            throw new IllegalStateException("boom");
        }));
        assertTrue(Arrays.stream(p.getStackTrace()).anyMatch(e -> e.getMethodName().equals("thePanicsStackIsTheCallerOfGoRun")),
                Arrays.toString(p.getStackTrace()));
        assertTrue(Arrays.stream(p.getStackTrace()).anyMatch(e -> e.getClassName().equals("io.jgo.Go") && e.getMethodName().equals("run")),
                Arrays.toString(p.getStackTrace()));
    }

    /** JUnit reports an AssertionError as a failure and anything else as an error: Go.run keeps it a failure. */
    @Test
    void aFailedAssertionComesOutAsItselfWithTheGoroutineNamedInASuppressedPanic() {
        AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> Go.run(() -> {
            Chan<Integer> done = Chan.make(0);
            go(() -> {
                Go.gosched();
                assertEquals(1, 2, "in a goroutine");
            });
            done.recv(); // the failure ends the run
        }));
        assertTrue(e.getMessage().startsWith("in a goroutine"), e.getMessage());
        assertEquals(1, e.getSuppressed().length, Arrays.toString(e.getSuppressed()));
        PanicException where = (PanicException) e.getSuppressed()[0];
        assertTrue(where.getMessage().startsWith("panic: org.opentest4j.AssertionFailedError: in a goroutine"), where.getMessage());
        assertTrue(where.getMessage().matches("(?s).*\\[goroutine \\d+\\]$"), where.getMessage());

        AssertionError plain = new AssertionError("main's own");
        assertSame(plain, assertThrows(AssertionError.class, () -> Go.run(() -> {
            Go.gosched();
            throw plain;
        })));
    }
}
