package io.jgo.it;

import static io.jgo.Select.otherwise;
import static io.jgo.Select.recv;
import static io.jgo.Select.select;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Chan;
import io.jgo.DeadlockException;
import io.jgo.Go;
import io.jgo.Ticker;
import io.jgo.Timer;
import io.jgo.testing.Gc;
import io.jgo.testing.NoGoroutinePinned;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/** Time on channels: Go.after, Timer and Ticker with Go 1.23 semantics. No timing assertions: only order and outcomes. */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class TimerChanTest {

    @Test
    @ExtendWith(NoGoroutinePinned.class)
    void afterDeliversTheTimeOnceAndIsNotADeadlock() {
        Instant[] got = new Instant[1];
        Instant start = Instant.now();
        Go.run(() -> {
            Chan<Instant> c = Go.after(Duration.ofMillis(20));
            assertEquals(0, c.len());
            assertEquals(0, c.cap());
            got[0] = c.recv(); // main waits on a pending timer: no deadlock report
            assertNull(c.tryRecv(), "fires once");
        });
        assertFalse(got[0].isBefore(start));
    }

    /** The README's "select with a timeout case". */
    @Test
    void selectWithATimeoutCase() {
        AtomicBoolean timedOut = new AtomicBoolean();
        Go.run(() -> {
            Chan<String> never = Chan.make(0);
            int i = select(recv(never, v -> { }), recv(Go.after(Duration.ofMillis(10)), t -> timedOut.set(true)));
            assertEquals(1, i);
        });
        assertTrue(timedOut.get());
    }

    /** A timer whose only reference is the parked receiver's wait still fires: while a receiver waits, a heap holds it. */
    @Test
    void aParkedReceiverKeepsItsTimerFiringThroughCollections() {
        Go.run(() -> {
            Chan<String> done = Chan.make(1);
            Go.go(() -> {
                Go.after(Duration.ofMillis(50)).recv();
                done.send("fired");
            });
            while (done.tryRecv() == null) {
                System.gc();
                Go.sleep(Duration.ofMillis(5));
            }
        });
    }

    /** Go 1.23: a timer nobody waits on is on no heap, so it does not hide a deadlock for its whole hour. */
    @Test
    void anUnwaitedTimerDoesNotHideADeadlock() {
        Timer[] keep = new Timer[1];
        DeadlockException e = assertThrows(DeadlockException.class, () -> Go.run(() -> {
            keep[0] = Go.newTimer(Duration.ofHours(1));
            Chan.<String>make(0).recv();
        }));
        assertTrue(e.getMessage().startsWith("all goroutines are asleep - deadlock!"), e.getMessage());
        assertTrue(keep[0].stop());
    }

    @Test
    void stopReportsWhetherTheTimerWasActive() {
        Go.run(() -> {
            Timer t = Go.newTimer(Duration.ofHours(1));
            assertTrue(t.stop());
            assertFalse(t.stop());
            assertEquals(1, select(recv(t.c(), null), otherwise(null)), "a stopped timer delivers nothing");

            Timer fired = Go.newTimer(Duration.ofMillis(1));
            assertNotNull(fired.c().recv());
            assertFalse(fired.stop(), "fired and received: not active");
        });
    }

    /** Go 1.23: after a reset, the first value received is from the new arming, never a stale one. */
    @Test
    void resetAfterFireDeliversNoStaleValue() {
        Go.run(() -> {
            for (int i = 0; i < 20; i++) {
                Timer t = Go.newTimer(Duration.ofNanos(1));
                Go.sleep(Duration.ofMillis(1)); // it has probably fired (the outcome must be the same either way)
                Instant beforeReset = Instant.now();
                assertTrue(t.reset(Duration.ofMillis(1)), "unreceived (or still armed): active");
                Instant v = t.c().recv();
                assertFalse(v.isBefore(beforeReset), "stale value " + v + " before reset at " + beforeReset);
            }
        });
    }

    @Test
    void tickerTicksUntilStoppedThenNothingStale() {
        Go.run(() -> {
            Ticker tk = Go.newTicker(Duration.ofMillis(1));
            Instant last = Instant.MIN;
            for (int i = 0; i < 5; i++) {
                Instant v = tk.c().recv();
                assertFalse(v.isBefore(last));
                last = v;
            }
            tk.stop();
            assertEquals(1, select(recv(tk.c(), null), otherwise(null)), "no tick after stop");
            tk.reset(Duration.ofMillis(1));
            assertNotNull(tk.c().recv());
            tk.stop();
            assertNull(Go.tick(Duration.ZERO));
        });
    }

    /** channel() is the Java name of Go's t.C: the same channel as c(), for a timer and a ticker. */
    @Test
    void channelIsGosC() {
        Timer t = Go.newTimer(Duration.ofHours(1));
        assertSame(t.c(), t.channel());
        t.stop();
        Ticker tk = Go.newTicker(Duration.ofHours(1));
        assertSame(tk.c(), tk.channel());
        tk.stop();
    }

    /** An unreferenced, unstopped timer (and its channel) is garbage: nobody waits on it, so no heap holds it. */
    @Test
    void unreferencedUnstoppedTimerIsCollectable() throws InterruptedException {
        ReferenceQueue<Chan<Instant>> queue = new ReferenceQueue<>();
        WeakReference<Chan<Instant>> ref = new WeakReference<>(Go.after(Duration.ofHours(1)), queue);
        Gc.awaitCollected("an unreferenced, unstopped timer's channel", ref, queue);
    }
}
