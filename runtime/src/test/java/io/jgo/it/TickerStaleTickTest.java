package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.jgo.Go;
import io.jgo.Ticker;
import io.jgo.TimerProbe;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A ticker that nobody received from for many periods gives one stale tick, not two (Go 1.23): the
 * receive that delivers it moves the next deadline past every tick that fell due meanwhile, also
 * those that fell due while that receive itself was slow (a cold first run, a descheduled thread).
 * The slowness is made certain here, not hoped for: the test holds the lock the firing decides
 * under ({@link TimerProbe#decisionLockOf}) while periods go by.
 */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class TickerStaleTickTest {

    private static final Duration PERIOD = Duration.ofMillis(20);

    @Test
    void aReceiveSlowedForPeriodsLeavesNoSecondStaleTick() throws Exception {
        Ticker tk = Go.newTicker(PERIOD);
        try {
            waitPast(System.nanoTime() + 3 * PERIOD.toNanos()); // due three times over, nobody received
            Object lock = TimerProbe.decisionLockOf(tk);
            AtomicReference<Instant> first = new AtomicReference<>();
            AtomicReference<Instant> second = new AtomicReference<>();
            Instant released;
            Thread receiver = new Thread(() -> {
                first.set(tk.c().tryRecv()); // fires the due ticker itself: stalls on the lock below
                second.set(tk.c().tryRecv());
            });
            synchronized (lock) {
                receiver.start();
                awaitBlockedOn(receiver, lock);
                waitPast(System.nanoTime() + 3 * PERIOD.toNanos()); // three more periods while that receive is stuck
                released = Instant.now();
            }
            receiver.join();
            assertNotNull(first.get(), "the stale tick");
            Instant s = second.get();
            assertFalse(s != null && s.isBefore(released.minus(PERIOD)),
                    "a second stale tick, due at " + s + ", though the first was delivered after " + released);
        } finally {
            tk.stop();
        }
    }

    /** Until the clock passes {@code deadline} (System.nanoTime): waiting for time to have passed, asserting nothing about it. */
    private static void waitPast(long deadline) {
        while (System.nanoTime() - deadline < 0) {
            LockSupport.parkNanos(1_000_000L);
        }
    }

    /** Until {@code t} is blocked entering {@code lock}'s monitor. */
    private static void awaitBlockedOn(Thread t, Object lock) {
        String name = lock.getClass().getName() + '@' + Integer.toHexString(System.identityHashCode(lock));
        for (;;) {
            ThreadInfo info = ManagementFactory.getThreadMXBean().getThreadInfo(t.getId());
            if (info != null && info.getThreadState() == Thread.State.BLOCKED && name.equals(info.getLockName())) {
                return;
            }
            if (!t.isAlive()) {
                throw new AssertionError("the receiver ended without stalling on the firing's lock");
            }
            LockSupport.parkNanos(100_000L);
        }
    }
}
