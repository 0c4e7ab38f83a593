package io.jgo.it.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.WaitGroup;
import io.jgo.internal.sched.Sched;
import io.jgo.internal.sched.TestRuntimes;
import io.jgo.testing.Await;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * When every goroutine sleeps but some wait on a primitive a plain thread has used, the run is in
 * doubt: no {@code DeadlockException}, one warning with the goroutine dump after the doubt period
 * (shortened here from 10 s to 200 ms), and the run goes on. The plain thread releases main only
 * once the warning is out, so the run cannot end before it: nothing depends on timing.
 */
@Timeout(120)
class DeadlockDoubtTest {

    @Test
    void inDoubtTheRunWarnsWithTheDumpOnceAndGoesOn() throws Exception {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        PrintStream old = System.err;
        WaitGroup wg = new WaitGroup();
        wg.add(1); // on this plain thread: it may release the WaitGroup at any time
        AtomicReference<String> helperFailure = new AtomicReference<>();
        Thread plain = new Thread(() -> {
            try {
                long end = System.nanoTime() + Await.DEADLINE.toNanos();
                while (!stderr(buffer).contains("not reported as a deadlock")) {
                    if (System.nanoTime() - end > 0) {
                        throw new AssertionError("no doubt warning; stderr: " + stderr(buffer));
                    }
                    LockSupport.parkNanos(5_000_000L);
                }
            } catch (Throwable t) {
                helperFailure.set(t.toString());
            } finally {
                wg.done();
            }
        });
        Sched s = TestRuntimes.withDoubtAfter("doubt", 2, 200);
        System.setErr(new PrintStream(buffer, true, StandardCharsets.UTF_8));
        try {
            plain.start();
            s.runMain(wg::await);
            plain.join();
        } finally {
            System.setErr(old);
        }
        String err = stderr(buffer);
        assertEquals(null, helperFailure.get(), err);
        assertEquals(1, err.split("not reported as a deadlock", -1).length - 1, "one warning: " + err);
        assertTrue(err.contains("goroutine 1 [sync.WaitGroup.Wait"), "the warning carries the dump: " + err);
    }

    private static String stderr(ByteArrayOutputStream buffer) {
        return buffer.toString(StandardCharsets.UTF_8); // synchronized, as the writes are
    }
}
