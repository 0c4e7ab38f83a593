package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.CancelContext;
import io.jgo.Chan;
import io.jgo.Context;
import io.jgo.ContextProbe;
import io.jgo.Go;
import io.jgo.WaitGroup;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code Context.afterFunc}, Go 1.21's {@code context.AfterFunc}: the function runs in a goroutine
 * of its own once the context ends, and {@code stop()} says whether it stopped that. Exactly one of
 * the two happens, also when the end and the stop race (GOMAXPROCS 4, many rounds).
 */
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ContextAfterFuncTest {

    @Test
    void theFunctionRunsInAGoroutineOfItsOwnWhenTheContextEnds() {
        Go.run(() -> {
            CancelContext ctx = Context.withCancel(Context.background());
            Chan<Long> ranIn = Chan.make(1);
            Chan<Void> hold = Chan.make(0);
            Context.AfterFunc af = Context.afterFunc(ctx, () -> {
                ranIn.send(Thread.currentThread().getId());
                hold.recv(); // a goroutine that parks: the cancelling caller is not held up
            });
            assertEquals(1, ContextProbe.children(ctx), "registered with the context");
            ctx.cancel();
            ranIn.recv();
            assertFalse(af.stop(), "started: too late to stop");
            assertFalse(af.stop(), "and again");
            hold.close();
        });
    }

    @Test
    void aStopBeforeTheEndStopsTheCallAndLeavesTheContext() {
        Go.run(() -> {
            CancelContext ctx = Context.withCancel(Context.background());
            AtomicInteger ran = new AtomicInteger();
            Context.AfterFunc af = Context.afterFunc(ctx, ran::incrementAndGet);
            assertTrue(af.stop(), "the first stop stops it");
            assertFalse(af.stop(), "only the first");
            assertEquals(0, ContextProbe.children(ctx), "a stopped registration is not kept");
            int before = Go.numGoroutine();
            ctx.cancel();
            assertEquals(before, Go.numGoroutine(), "the end started no goroutine");
            assertEquals(0, ran.get());
        });
    }

    @Test
    void anEndedContextStartsTheFunctionAtOnceAndANeverEndingOneKeepsNothing() {
        Go.run(() -> {
            CancelContext ended = Context.withTimeout(Context.background(), Duration.ZERO);
            Chan<String> ran = Chan.make(1);
            Context.AfterFunc af = Context.afterFunc(ended, () -> ran.send("ran"));
            assertEquals("ran", ran.recv());
            assertFalse(af.stop());

            Context.AfterFunc never = Context.afterFunc(Context.background(), () -> ran.send("never"));
            assertTrue(never.stop(), "as Go: the first stop of a context that never ends stops the call");
            assertFalse(never.stop());
        });
    }

    @Test
    void theEndAndAStopRacingHaveExactlyOneWinner() {
        int rounds = 500;
        Go.run(() -> {
            Go.maxProcs(6);
            Chan<Integer> ran = Chan.make(rounds);
            AtomicInteger stopped = new AtomicInteger();
            WaitGroup wg = new WaitGroup();
            for (int i = 0; i < rounds; i++) {
                int round = i;
                CancelContext ctx = Context.withCancel(Context.background());
                Context.AfterFunc af = Context.afterFunc(ctx, () -> ran.send(round));
                wg.add(2);
                Go.go(() -> {
                    ctx.cancel();
                    wg.done();
                });
                Go.go(() -> {
                    if (af.stop()) {
                        stopped.incrementAndGet();
                    }
                    wg.done();
                });
            }
            wg.await();
            int started = rounds - stopped.get();
            for (int i = 0; i < started; i++) {
                ran.recv(); // every round whose stop lost ran its function (a lost run would hang here)
            }
            assertEquals(0, ran.len(), "no round both stopped and ran: " + stopped.get() + " stopped");
        });
    }

    @Test
    void badArgumentsAreRefusedByName() {
        NullPointerException e = org.junit.jupiter.api.Assertions.assertThrows(NullPointerException.class,
                () -> Context.afterFunc(null, () -> { }));
        assertEquals("ctx", e.getMessage());
        e = org.junit.jupiter.api.Assertions.assertThrows(NullPointerException.class,
                () -> Context.afterFunc(Context.background(), null));
        assertEquals("f", e.getMessage());
    }
}
