package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.CancelContext;
import io.jgo.Chan;
import io.jgo.Context;
import io.jgo.Go;
import io.jgo.GoExecutorService;
import io.jgo.WaitGroup;
import io.jgo.internal.sched.park.WaitReason;
import io.jgo.internal.park.Park;
import io.jgo.internal.park.ParkLeaf;
import io.jgo.testing.NoGoroutinePinned;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link Park}, the one park with a deadline, an interrupt and a cancellation, through its leaf
 * {@link ParkLeaf#park} as a primitive uses it: each way a wait ends (wake, deadline, interrupt, a
 * context's end, the primitive's cancel), for goroutines and plain threads, and races between them
 * with exactly one winner (the source whose call returned true is the outcome the party read, and
 * no other source won). GOMAXPROCS 4 to 6; the parties are waited for through the goroutine dump
 * ({@link Parked}), never for a time; a deadline only ever ends a wait, nothing waits for it.
 * A new blocking call's test copies this shape.
 */
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
@ExtendWith(NoGoroutinePinned.class)
class ParkTest {

    private static final String PARKED = "future";
    private static final long MS = 1_000_000L;

    private static Park park(long timeoutNanos, boolean interruptible, Context ctx) {
        return new Park(WaitReason.FUTURE, timeoutNanos, interruptible, ctx);
    }

    @Test
    void aWakeEndsEachParkedGoroutineOnceAndALateSourceLoses() {
        Go.run(() -> {
            Go.maxProcs(4);
            Park[] parks = new Park[4];
            Chan<Integer> outcomes = Chan.make(parks.length);
            for (int i = 0; i < parks.length; i++) {
                Park p = parks[i] = park(Park.NO_DEADLINE, true, null);
                Go.go(() -> outcomes.send(ParkLeaf.park(p)));
            }
            Parked.await(PARKED, parks.length);
            for (Park p : parks) {
                assertTrue(p.wake(), "the first source wins");
                assertFalse(p.cancel(), "a later one loses");
                assertFalse(p.wake());
            }
            for (int i = 0; i < parks.length; i++) {
                assertEquals(Park.WOKEN, outcomes.recv());
            }
        });
    }

    @Test
    void aDeadlineEndsTheWaitAndAWakeAfterItLoses() {
        Go.run(() -> {
            Go.maxProcs(4);
            Park p = park(5 * MS, false, null);
            assertEquals(Park.DEADLINE, ParkLeaf.park(p), "the deadline's timer readied the goroutine");
            assertFalse(p.wake());
            assertEquals(Park.DEADLINE, ParkLeaf.park(park(0, false, null)), "a deadline not in the future: at once");
        });
    }

    @Test
    void aContextThatEndsCancelsTheWaitAndAnEndedOneCancelsItAtOnce() {
        Go.run(() -> {
            Go.maxProcs(4);
            CancelContext ctx = Context.withCancel(Context.background());
            Park p = park(Park.NO_DEADLINE, false, ctx);
            Chan<Integer> outcome = Chan.make(1);
            Go.go(() -> outcome.send(ParkLeaf.park(p)));
            Parked.await(PARKED, 1);
            ctx.cancel();
            assertEquals(Park.CANCELLED, outcome.recv());
            assertFalse(p.wake());
            assertEquals(Park.CANCELLED, ParkLeaf.park(park(Park.NO_DEADLINE, false, ctx)), "ended already");
        });
    }

    @Test
    void anInterruptEndsAnInterruptibleWaitOfAGoroutine() throws Exception {
        Park p = park(Park.NO_DEADLINE, true, null);
        AtomicInteger outcome = new AtomicInteger(-1);
        Go.run(() -> {
            Go.maxProcs(4);
            try (GoExecutorService ex = Go.executor()) {
                Future<?> task = ex.submit(() -> outcome.set(ParkLeaf.park(p)));
                Parked.await(PARKED, 1);
                task.cancel(true); // Thread.interrupt of the task's goroutine
            }
        });
        assertEquals(Park.INTERRUPTED, outcome.get());
        assertFalse(p.wake());
    }

    @Test
    void aPlainThreadIsWokenByAGoroutineAndEndsOnItsDeadlineAndOnAnInterrupt() throws Exception {
        Park woken = park(Park.NO_DEADLINE, false, null);
        AtomicBoolean wakeWon = new AtomicBoolean();
        Thread waker = new Thread(() -> Go.run(() -> {
            while (!wakeWon.get()) {
                wakeWon.set(woken.wake()); // may come before the thread waits: it then finds the outcome
                Go.gosched();
            }
        }));
        waker.start();
        assertEquals(Park.WOKEN, ParkLeaf.park(woken));
        waker.join();

        assertEquals(Park.DEADLINE, ParkLeaf.park(park(2 * MS, false, null)));

        Park interrupted = park(Park.NO_DEADLINE, true, null);
        Thread.currentThread().interrupt();
        assertEquals(Park.INTERRUPTED, ParkLeaf.park(interrupted));
        assertTrue(Thread.interrupted(), "an interruptible wait leaves the flag set");

        Park kept = park(1 * MS, false, null);
        Thread.currentThread().interrupt();
        assertEquals(Park.DEADLINE, ParkLeaf.park(kept), "not interruptible: the interrupt does not end it");
        assertTrue(Thread.interrupted(), "and is kept");
    }

    /** Wake, the primitive's cancel and a deadline race on each round's park; the party is a goroutine. */
    @Test
    void wakeCancelAndDeadlineRacingHaveExactlyOneWinnerForGoroutines() {
        int rounds = 400;
        Go.run(() -> {
            Go.maxProcs(6);
            AtomicInteger bad = new AtomicInteger();
            StringBuilder firstBad = new StringBuilder();
            WaitGroup wg = new WaitGroup();
            for (int i = 0; i < rounds; i++) {
                Park p = park((i % 3) * MS / 2 + 1, false, null); // 1 ns, 0.5 ms, 1 ms: the deadline races too
                AtomicBoolean wakeWon = new AtomicBoolean();
                AtomicBoolean cancelWon = new AtomicBoolean();
                WaitGroup sources = new WaitGroup();
                sources.add(2);
                wg.add(1);
                Go.go(() -> {
                    int outcome = ParkLeaf.park(p);
                    sources.await();
                    if (!exactlyOne(outcome, wakeWon.get(), cancelWon.get(), p)) {
                        synchronized (firstBad) {
                            if (bad.getAndIncrement() == 0) {
                                firstBad.append("outcome ").append(outcome).append(", wake won ").append(wakeWon.get())
                                        .append(", cancel won ").append(cancelWon.get());
                            }
                        }
                    }
                    wg.done();
                });
                Go.go(() -> {
                    wakeWon.set(p.wake());
                    sources.done();
                });
                Go.go(() -> {
                    cancelWon.set(p.cancel());
                    sources.done();
                });
            }
            wg.await();
            assertEquals(0, bad.get(), "rounds with no single winner; first: " + firstBad);
        });
    }

    /** The same race with a plain thread as the party. */
    @Test
    void wakeAndCancelRacingHaveExactlyOneWinnerForPlainThreads() throws Exception {
        int rounds = 200;
        for (int i = 0; i < rounds; i++) {
            Park p = park(i % 2 == 0 ? Park.NO_DEADLINE : MS / 2, false, null);
            AtomicBoolean wakeWon = new AtomicBoolean();
            AtomicBoolean cancelWon = new AtomicBoolean();
            Thread w = new Thread(() -> wakeWon.set(p.wake()));
            Thread c = new Thread(() -> cancelWon.set(p.cancel()));
            w.start();
            c.start();
            int outcome = ParkLeaf.park(p);
            w.join();
            c.join();
            assertTrue(exactlyOne(outcome, wakeWon.get(), cancelWon.get(), p),
                    "round " + i + ": outcome " + outcome + ", wake won " + wakeWon.get() + ", cancel won " + cancelWon.get());
        }
    }

    private static boolean exactlyOne(int outcome, boolean wakeWon, boolean cancelWon, Park p) {
        int winners = (wakeWon ? 1 : 0) + (cancelWon ? 1 : 0) + (outcome == Park.DEADLINE ? 1 : 0);
        boolean consistent = outcome == p.outcome()
                && (outcome == Park.WOKEN) == wakeWon && (outcome == Park.CANCELLED) == cancelWon;
        return winners == 1 && consistent;
    }

    // ------------------------------------------------------------ the seam's other users: one rule, one wait

    /**
     * A select's wakers follow the park's one-winner rule ({@code sched.park.OneWinner}): two senders race
     * to complete one blocked select on two channels; exactly one {@code trySend} succeeds and it is the
     * case the select ran. The selector is a goroutine (GOMAXPROCS 4, then 8) and then a plain thread.
     */
    @Test
    void aSelectsRacingWakersHaveExactlyOneWinnerForGoroutinesAndPlainThreads() throws Exception {
        for (int procs = 4; procs <= 8; procs += 4) {
            int p = procs;
            Go.run(() -> {
                Go.maxProcs(p);
                for (int round = 0; round < 100; round++) {
                    Chan<Integer> a = Chan.make();
                    Chan<Integer> b = Chan.make();
                    Chan<Integer> selected = Chan.make(1);
                    Go.go(() -> selected.send(selectOne(a, b)));
                    Parked.await("select", 1);
                    AtomicInteger wins = new AtomicInteger();
                    AtomicInteger winner = new AtomicInteger();
                    WaitGroup senders = new WaitGroup();
                    race(a, 1, wins, winner, senders);
                    race(b, 2, wins, winner, senders);
                    senders.await();
                    int ran = selected.recv();
                    assertEquals(1, wins.get(), "round " + round + ": exactly one waker wins the select");
                    assertEquals(winner.get(), ran, "round " + round + ": the case that ran is the winner's");
                }
            });
        }
        for (int round = 0; round < 50; round++) {
            Chan<Integer> a = Chan.make();
            Chan<Integer> b = Chan.make();
            AtomicInteger ran = new AtomicInteger();
            Thread selector = new Thread(() -> ran.set(selectOne(a, b)));
            selector.start();
            awaitParked(selector);
            AtomicInteger wins = new AtomicInteger();
            AtomicInteger winner = new AtomicInteger();
            Thread ta = new Thread(() -> win(a, 1, wins, winner));
            Thread tb = new Thread(() -> win(b, 2, wins, winner));
            ta.start();
            tb.start();
            ta.join();
            tb.join();
            selector.join();
            assertEquals(1, wins.get(), "round " + round + ": exactly one waker wins the plain thread's select");
            assertEquals(winner.get(), ran.get());
        }
    }

    @io.jgo.Goroutine
    private static int selectOne(Chan<Integer> a, Chan<Integer> b) {
        AtomicInteger got = new AtomicInteger();
        io.jgo.Select.select(io.jgo.Select.recv(a, got::set), io.jgo.Select.recv(b, got::set));
        return got.get();
    }

    private static void race(Chan<Integer> ch, int v, AtomicInteger wins, AtomicInteger winner, WaitGroup senders) {
        senders.add(1);
        Go.go(() -> {
            win(ch, v, wins, winner);
            senders.done();
        });
    }

    private static void win(Chan<Integer> ch, int v, AtomicInteger wins, AtomicInteger winner) {
        if (ch.trySend(v)) { // succeeds only by completing the blocked select
            wins.incrementAndGet();
            winner.set(v);
        }
    }

    /**
     * Until plain thread {@code t} is parked in the one plain-thread wait loop (its waiter is queued by then):
     * read from its state and stack, never timed.
     */
    private static void awaitParked(Thread t) {
        while (!parkedInTheWaitLoop(t)) {
            Thread.onSpinWait();
        }
    }

    private static boolean parkedInTheWaitLoop(Thread t) {
        Thread.State st = t.getState();
        if (st != Thread.State.WAITING && st != Thread.State.TIMED_WAITING) {
            return false;
        }
        for (StackTraceElement f : t.getStackTrace()) {
            if (f.getClassName().equals("io.jgo.internal.sched.park.PlainThreads") && f.getMethodName().equals("await")) {
                return true;
            }
        }
        return false;
    }

    /**
     * A plain thread's channel wait goes through the one plain-thread wait: an interrupt does not end it,
     * the waker's value arrives, and the interrupt is still set afterwards.
     */
    @Test
    void aPlainThreadsChannelWaitKeepsAnInterruptAndGetsTheValue() throws Exception {
        Chan<String> ch = Chan.make();
        AtomicBoolean keptInterrupt = new AtomicBoolean();
        java.util.concurrent.atomic.AtomicReference<String> got = new java.util.concurrent.atomic.AtomicReference<>();
        Thread receiver = new Thread(() -> {
            Thread.currentThread().interrupt();
            got.set(ch.recv());
            keptInterrupt.set(Thread.interrupted());
        });
        receiver.start();
        awaitParked(receiver);
        receiver.interrupt(); // a second one while parked: still not acted on
        Go.go(() -> ch.send("value")); // the default runtime's goroutine wakes the plain thread
        receiver.join();
        assertEquals("value", got.get());
        assertTrue(keptInterrupt.get(), "the interrupt is kept, and set again once the wait is over");
    }

    /**
     * A sleep, each way it ends: a goroutine's and a plain thread's at the deadline, a plain thread's early on
     * an interrupt, which stays set (Go.sleep declares no InterruptedException).
     */
    @Test
    void aSleepEndsAtItsDeadlineOrForAPlainThreadEarlyOnAnInterruptThatStaysSet() {
        Go.run(() -> {
            Go.maxProcs(4);
            WaitGroup slept = new WaitGroup();
            for (int i = 0; i < 8; i++) {
                slept.add(1);
                Go.go(() -> {
                    Go.sleep(java.time.Duration.ofNanos(MS));
                    slept.done();
                });
            }
            slept.await();
        });
        Go.sleep(java.time.Duration.ofNanos(MS)); // a plain thread: its deadline
        Thread.currentThread().interrupt();
        Go.sleep(java.time.Duration.ofDays(1)); // ends at once: interrupted
        assertTrue(Thread.interrupted(), "the interrupt that ended the sleep stays set");
    }
}
