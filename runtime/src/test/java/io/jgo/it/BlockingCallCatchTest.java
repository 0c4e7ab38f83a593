package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jgo.Go;
import io.jgo.Goroutine;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An exception thrown by a blocking JDK call that the rewrite wraps in a syscall reaches the
 * caller's own {@code catch} around the call, in the order the try blocks nest (a wrap whose
 * rethrow sat outside every try block of the method would let the exception leave the method).
 */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class BlockingCallCatchTest {

    @Goroutine
    static String awaitCatching(CountDownLatch latch) {
        Thread.currentThread().interrupt(); // await throws at once
        try {
            latch.await();
            return "returned";
        } catch (InterruptedException e) {
            return "caught " + e.getClass().getSimpleName();
        }
    }

    @Goroutine
    static String takeNested(BlockingQueue<String> q) {
        Thread.currentThread().interrupt();
        try {
            try {
                return q.take();
            } catch (IllegalStateException e) {
                return "wrong handler";
            } finally {
                Go.gosched(); // a suspension point in the same method
            }
        } catch (InterruptedException e) {
            return "outer caught";
        }
    }

    @Test
    void theCallersCatchGetsTheWrappedCallsException() {
        AtomicReference<String> got = new AtomicReference<>();
        Go.run(() -> got.set(awaitCatching(new CountDownLatch(1)) + ", " + takeNested(new ArrayBlockingQueue<>(1))));
        assertEquals("caught InterruptedException, outer caught", got.get());
        assertEquals("caught InterruptedException, outer caught",
                awaitCatching(new CountDownLatch(1)) + ", " + takeNested(new ArrayBlockingQueue<>(1)), "on a plain thread");
    }
}
