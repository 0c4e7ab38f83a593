package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.jgo.Context;
import io.jgo.ErrGroup;
import io.jgo.Go;
import io.jgo.testing.Pins;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code ErrGroup.withContext}, Go's {@code errgroup.WithContext}: the group's context is cancelled
 * by the first subtask that throws (the others see it and stop), and when {@code await} returns.
 */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ErrGroupContextTest {

    @Test
    void theFirstExceptionCancelsTheContextTheOthersWaitOn() {
        AtomicReference<Exception> first = new AtomicReference<>();
        AtomicInteger stopped = new AtomicInteger();
        AtomicReference<Exception> seen = new AtomicReference<>();
        Pins.none(() -> Go.run(() -> {
            Go.maxProcs(4);
            ErrGroup g = ErrGroup.withContext(Context.background());
            Context ctx = g.context();
            for (int i = 0; i < 20; i++) {
                g.go(() -> {
                    ctx.done().recv(); // parks until the failing task cancels the group
                    seen.set(ctx.err());
                    stopped.incrementAndGet();
                });
            }
            g.go(() -> {
                throw new IllegalStateException("task failed");
            });
            first.set(g.await());
        }));
        assertEquals("task failed", first.get().getMessage());
        assertEquals(20, stopped.get());
        assertSame(Context.CANCELED, seen.get());
    }

    @Test
    void awaitCancelsTheContextEvenWhenEveryTaskSucceeds() {
        AtomicReference<Exception> during = new AtomicReference<>(new Exception("not set"));
        AtomicReference<Exception> after = new AtomicReference<>();
        AtomicReference<Exception> result = new AtomicReference<>(new Exception("not set"));
        Pins.none(() -> Go.run(() -> {
            ErrGroup g = ErrGroup.withContext(Context.withValue(Context.background(), "k", "v"));
            g.go(() -> during.set(g.context().err()));
            result.set(g.await());
            after.set(g.context().err());
            assertEquals("v", g.context().value("k"));
        }));
        assertNull(during.get());
        assertNull(result.get());
        assertSame(Context.CANCELED, after.get());
    }

    @Test
    void aGroupWithoutContextHasTheBackground() {
        assertSame(Context.background(), new ErrGroup().context());
    }
}
