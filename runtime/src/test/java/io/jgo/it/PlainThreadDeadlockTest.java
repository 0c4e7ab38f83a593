package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.DeadlockException;
import io.jgo.Go;
import io.jgo.WaitGroup;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A goroutine waiting on a primitive that a plain thread has touched is not asleep for good: no
 * {@code DeadlockException}, no warning while the thread is about to release it; a deadlock among
 * goroutines alone is still reported.
 */
@Timeout(120)
class PlainThreadDeadlockTest {

    /** Reproduction: this correct program ended with "all goroutines are asleep - deadlock!". */
    @Test
    void plainThreadReleasingAfterASleepIsNoDeadlock() throws Exception {
        WaitGroup wg = new WaitGroup();
        wg.add(1); // on the test's plain thread
        Thread plain = new Thread(() -> {
            sleep(300);
            wg.done();
        });
        plain.start();
        Go.run(wg::await);
        plain.join();
    }

    @Test
    void plainThreadReleasingAGoroutineAfterOneSecondTriggersNoReport() throws Exception {
        AtomicBoolean released = new AtomicBoolean();
        AtomicBoolean added = new AtomicBoolean();
        String err = capturingStderr(() -> {
            WaitGroup gate = new WaitGroup();
            Thread plain = new Thread(() -> {
                gate.add(1); // the plain thread's own use, before anyone waits
                added.set(true);
                sleep(1_000);
                released.set(true);
                gate.done();
            });
            plain.start();
            Go.run(() -> {
                while (!added.get()) {
                    Go.gosched(); // until the plain thread has added
                }
                WaitGroup all = new WaitGroup();
                for (int i = 0; i < 8; i++) {
                    all.add(1);
                    Go.go(() -> {
                        gate.await(); // every goroutine, main included, is asleep for a second
                        all.done();
                    });
                }
                all.await();
            });
            join(plain);
        });
        assertTrue(released.get());
        assertFalse(err.contains("asleep"), err);
    }

    @Test
    void deadlockAmongGoroutinesIsStillReportedWhenAPlainThreadUsedAnotherWaitGroup() {
        WaitGroup touchedOutside = new WaitGroup();
        touchedOutside.add(1);
        touchedOutside.done(); // a plain thread used this one; nobody waits on it
        DeadlockException e = assertThrows(DeadlockException.class, () -> Go.run(() -> {
            touchedOutside.await(); // counter zero: returns at once
            WaitGroup mine = new WaitGroup();
            mine.add(1);
            Go.go(mine::await);
            mine.await();
        }));
        assertTrue(e.getMessage().startsWith("all goroutines are asleep - deadlock!"), e.getMessage());
        assertEquals(2, e.getMessage().split("sync.WaitGroup.Wait", -1).length - 1, e.getMessage());
    }

    private static String capturingStderr(Runnable body) {
        PrintStream old = System.err;
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        System.setErr(new PrintStream(buffer, true, StandardCharsets.UTF_8));
        try {
            body.run();
        } finally {
            System.setErr(old);
        }
        return buffer.toString(StandardCharsets.UTF_8);
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    private static void join(Thread t) {
        try {
            t.join();
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }
}
