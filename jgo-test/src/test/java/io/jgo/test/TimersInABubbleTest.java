package io.jgo.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.CancelContext;
import io.jgo.Chan;
import io.jgo.Context;
import io.jgo.ErrGroup;
import io.jgo.Go;
import io.jgo.Select;
import io.jgo.Ticker;
import io.jgo.Timer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/** Timers, tickers, Go.after in a select, context deadlines and ErrGroup, all on the bubble's clock. */
class TimersInABubbleTest {

    @GoTest
    void timerFiresAtItsDeadlineAndSendsTheVirtualTime() {
        Instant before = Go.after(Duration.ZERO).recv();
        Timer t = Go.newTimer(Duration.ofMinutes(30));
        Instant fired = t.c().recv();
        assertEquals(Duration.ofMinutes(30), Bubble.elapsed());
        assertEquals(Duration.ofMinutes(30), Duration.between(before, fired));
    }

    @GoTest
    void stoppedTimerNeverFires() {
        Timer t = Go.newTimer(Duration.ofMinutes(1));
        assertTrue(t.stop());
        Go.sleep(Duration.ofMinutes(5));
        assertNull(t.c().tryRecv());
        assertEquals(Duration.ofMinutes(5), Bubble.elapsed());
    }

    @GoTest
    void afterFuncRunsItsFunctionAtTheDeadline() {
        Chan<Duration> at = Chan.make(1);
        Go.afterFunc(Duration.ofDays(2), () -> at.send(Bubble.elapsed()));
        assertEquals(Duration.ofDays(2), at.recv());
    }

    @GoTest
    void tickerTicksEveryPeriodForAVirtualDay() {
        Ticker ticker = Go.newTicker(Duration.ofMinutes(1));
        for (int i = 1; i <= 24 * 60; i++) {
            ticker.c().recv();
            assertEquals(Duration.ofMinutes(i), Bubble.elapsed());
        }
        ticker.stop();
    }

    @GoTest
    void selectWithGoAfterTimesOutOnTheVirtualClock() {
        Chan<String> never = Chan.make();
        int fired = Select.select(
                Select.recv(never, v -> { }),
                Select.recv(Go.after(Duration.ofSeconds(10)), t -> { }));
        assertEquals(1, fired);
        assertEquals(Duration.ofSeconds(10), Bubble.elapsed());
    }

    @GoTest
    void selectTakesTheEarlierOfTwoTimers() {
        List<String> got = new ArrayList<>();
        Chan<Instant> late = Go.after(Duration.ofHours(2));
        Chan<Instant> early = Go.after(Duration.ofHours(1));
        Select.select(Select.recv(late, t -> got.add("late")), Select.recv(early, t -> got.add("early")));
        assertEquals(List.of("early"), got);
        assertEquals(Duration.ofHours(1), Bubble.elapsed());
    }

    @GoTest
    void contextWithTimeoutExpiresAfterExactlyItsTimeout() {
        CancelContext ctx = Context.withTimeout(Context.background(), Duration.ofHours(1));
        ctx.done().recv();
        assertSame(Context.DEADLINE_EXCEEDED, ctx.err());
        assertEquals(Duration.ofHours(1), Bubble.elapsed());
    }

    @GoTest
    void workFinishingBeforeTheDeadlineLeavesTheContextActive() {
        try (CancelContext ctx = Context.withTimeout(Context.background(), Duration.ofMinutes(10))) {
            Go.sleep(Duration.ofMinutes(9));
            assertNull(ctx.err());
        }
    }

    @GoTest
    void errGroupCancelsTheOthersOnTheFirstError() {
        ErrGroup g = ErrGroup.withContext(Context.background());
        AtomicInteger cancelled = new AtomicInteger();
        for (int i = 0; i < 3; i++) {
            g.go(() -> {
                int fired = Select.select(
                        Select.recv(g.context().done(), v -> { }),
                        Select.recv(Go.after(Duration.ofHours(1)), t -> { }));
                if (fired == 0) {
                    cancelled.incrementAndGet();
                }
            });
        }
        g.go(() -> {
            Go.sleep(Duration.ofMinutes(1));
            throw new IllegalStateException("boom");
        });
        Exception first = g.await();
        assertEquals("boom", first.getMessage());
        assertEquals(3, cancelled.get());
        assertEquals(Duration.ofMinutes(1), Bubble.elapsed());
    }

    @GoTest
    void awaitReturnsOnceTheOthersAreBlocked() {
        Chan<Integer> ch = Chan.make();
        AtomicInteger reached = new AtomicInteger();
        for (int i = 0; i < 4; i++) {
            Go.go(() -> {
                reached.incrementAndGet();
                ch.recv();
            });
        }
        Bubble.await();
        assertEquals(4, reached.get());
        assertEquals(Duration.ZERO, Bubble.elapsed());
        for (int i = 0; i < 4; i++) {
            ch.send(i);
        }
    }

    @GoTest
    void awaitDoesNotMoveTheClock() {
        Go.go(() -> Go.sleep(Duration.ofHours(1)));
        Bubble.await();
        assertEquals(Duration.ZERO, Bubble.elapsed());
        Go.sleep(Duration.ofHours(1)); // lets the sleeper end, so it does not leak
        assertFalse(Bubble.elapsed().isZero());
    }
}
