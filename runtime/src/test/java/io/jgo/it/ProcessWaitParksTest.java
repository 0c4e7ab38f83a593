package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.GoExecutorService;
import io.jgo.testing.NoGoroutinePinned;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code Process.waitFor} in a goroutine parks it on the process's exit ({@code ProcessCalls}, over
 * {@code park.Park}) instead of holding its carrier: the waiting goroutines show as parked in the
 * dump, and each way the wait ends (the exit, the timed form's timeout, an interrupt) answers as the
 * JDK's {@code waitFor}. The child is {@code cat}, which exits when its input is closed, so nothing
 * waits for a time. GOMAXPROCS 4.
 */
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
@ExtendWith(NoGoroutinePinned.class)
class ProcessWaitParksTest {

    private static final String PARKED = "future";

    private static Process cat() {
        try {
            return new ProcessBuilder("cat").redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void end(Process p) {
        try {
            p.getOutputStream().close(); // cat sees the end of its input and exits
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void waitingGoroutinesParkUntilTheProcessExits() {
        Go.run(() -> {
            Go.maxProcs(4);
            Process p = cat();
            Chan<Integer> exits = Chan.make(3);
            for (int i = 0; i < 3; i++) {
                Go.go(() -> {
                    try {
                        exits.send(p.waitFor());
                    } catch (InterruptedException e) {
                        exits.send(-1);
                    }
                });
            }
            Parked.await(PARKED, 3); // parked, not in a handed-off syscall
            end(p);
            for (int i = 0; i < 3; i++) {
                assertEquals(0, exits.recv());
            }
        });
    }

    @Test
    void theTimedFormEndsOnItsTimeoutThenSeesTheExit() throws Exception {
        Go.run(() -> {
            Go.maxProcs(4);
            Process p = cat();
            try {
                assertFalse(p.waitFor(1, TimeUnit.MILLISECONDS), "still running at the deadline");
                assertFalse(p.waitFor(0, TimeUnit.SECONDS), "a timeout not positive: no wait");
                end(p);
                assertTrue(p.waitFor(1, TimeUnit.DAYS));
                assertTrue(p.waitFor(0, TimeUnit.SECONDS), "an exited process answers at once");
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        });
    }

    @Test
    void anInterruptEndsTheWaitWithInterruptedExceptionAndClearsTheStatus() {
        Process p = cat();
        AtomicReference<String> seen = new AtomicReference<>();
        try {
            Go.run(() -> {
                Go.maxProcs(4);
                try (GoExecutorService ex = Go.executor()) {
                    Future<?> task = ex.submit(() -> {
                        try {
                            p.waitFor();
                            seen.set("returned");
                        } catch (InterruptedException e) {
                            seen.set("interrupted, status " + Thread.currentThread().isInterrupted());
                        }
                    });
                    Parked.await(PARKED, 1);
                    task.cancel(true); // Thread.interrupt of the task's goroutine
                }
            });
        } finally {
            end(p);
        }
        assertEquals("interrupted, status false", seen.get());
    }
}
