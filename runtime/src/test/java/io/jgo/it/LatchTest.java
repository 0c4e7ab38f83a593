package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.jgo.Go;
import io.jgo.Latch;
import io.jgo.WaitGroup;
import io.jgo.testing.NoGoroutinePinned;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link Latch}, the primitive ARCHITECTURE.md's recipe "add a sync primitive" was tried on: its
 * waiters park (never pin) until the count-down that reaches zero, and none returns before it.
 * Goroutines at GOMAXPROCS 4 to 8, parties parked checked in the goroutine dump, never a time.
 */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
@ExtendWith(NoGoroutinePinned.class)
class LatchTest {

    private static final String PARKED = "Latch.await";

    @Test
    void waitersParkUntilTheLastCountDownAndNoneReturnsBefore() {
        for (int procs = 4; procs <= 8; procs += 4) {
            int p = procs;
            AtomicInteger passed = new AtomicInteger();
            AtomicInteger early = new AtomicInteger();
            Go.run(() -> {
                Go.maxProcs(p);
                Latch latch = new Latch(3);
                WaitGroup done = new WaitGroup();
                for (int i = 0; i < 32; i++) {
                    done.add(1);
                    Go.go(() -> {
                        latch.await();
                        if (latch.count() != 0) {
                            early.incrementAndGet();
                        }
                        passed.incrementAndGet();
                        done.done();
                    });
                }
                Parked.await(PARKED, 32);
                latch.countDown();
                latch.countDown();
                assertEquals(1, latch.count());
                assertEquals(0, passed.get(), "nobody passes before the count is zero");
                Go.go(latch::countDown); // the last count-down from another goroutine
                done.await();
                latch.countDown(); // past zero: nothing
                assertEquals(0, latch.count());
                latch.await(); // open: returns at once
            });
            assertEquals(32, passed.get());
            assertEquals(0, early.get());
        }
    }

    @Test
    void aPlainThreadAwaitsGoroutinesCountingDown() {
        Latch latch = new Latch(100);
        for (int i = 0; i < 100; i++) {
            Go.go(latch::countDown); // the default runtime
        }
        latch.await(); // blocks this plain thread
        assertEquals(0, latch.count());
    }

    @Test
    void aNegativeCountIsRefusedWithWhatToDo() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Latch(-1));
        assertEquals("Latch count is -1; it must be 0 or more", e.getMessage());
    }
}
