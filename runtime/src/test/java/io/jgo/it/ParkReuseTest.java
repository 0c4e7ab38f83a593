package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.Mutex;
import io.jgo.WaitGroup;
import io.jgo.net.Conn;
import io.jgo.net.Listener;
import io.jgo.net.Net;
import io.jgo.internal.Stack;
import io.jgo.internal.park.Park;
import io.jgo.internal.park.ParkLeaf;
import io.jgo.internal.sched.Goroutines;
import io.jgo.internal.sched.Interrupts;
import io.jgo.internal.sched.park.Parking;
import io.jgo.internal.sched.park.Party;
import io.jgo.internal.sched.park.WaitReason;
import io.jgo.internal.sched.park.Waiter;
import io.jgo.internal.sched.timer.RuntimeTimer;
import io.jgo.testing.NoGoroutinePinned;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A goroutine's one reused {@link Park} ({@link Park#of}): each wait resets it, and no source of wait
 * N (its deadline timer, an interrupter that read the wait and calls late) may end wait N+1. The
 * waits are made back to back by one goroutine, each racy wait (a deadline of a few microseconds,
 * a wake and an interrupt at about the same time) followed by a wait that only a wake may end: a
 * stale timer or interrupt would end that one as {@code DEADLINE} or {@code INTERRUPTED}. No timing
 * assertion: the test only counts outcomes. GOMAXPROCS 4 and 8.
 */
@Timeout(value = 300, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
@ExtendWith(NoGoroutinePinned.class)
class ParkReuseTest {

    private static final int ROUNDS = 10_000;

    /** The calling goroutine's reused park, reset for a wait; never kept past it. */
    @Goroutine
    private static Park ownPark(long timeoutNanos, boolean interruptible) {
        Party g = Parking.goroutineOf(Stack.current());
        return Park.of(g, WaitReason.FUTURE, timeoutNanos, interruptible);
    }

    @Test
    void aStaleTimerOrInterruptOfOneWaitNeverEndsTheNextOnTenThousandConsecutiveWaits() {
        for (int procs = 4; procs <= 8; procs += 4) {
            int p = procs;
            Go.run(() -> {
                Go.maxProcs(p);
                String bad = runRounds();
                assertEquals("", bad, "at GOMAXPROCS " + p);
            });
        }
    }

    private static final int QUEUE_ROUNDS = 600;

    /**
     * Every queue wait of a goroutine goes through its one record (the park's single-waker mode,
     * {@code Parking.enqueue}): a channel receive ended by a send and by a close, a channel send
     * ended by a receive, a {@code WaitList} wait (a contended {@code Mutex}, a {@code WaitGroup}),
     * a poller wait ended by bytes and by a passed deadline, and a {@code Park.of} wait ended by a
     * wake, back to back. The record is the same object before every wait, and each wait ends with
     * its own outcome: a wake of wait N that reached wait N+1 (a second ready, a stale link of the
     * wake loop, a record not reset) would end it early, with no value or the last one. GOMAXPROCS 4.
     */
    @Test
    void everyQueueWaitGoesThroughTheGoroutinesOneRecordAndEndsWithItsOwnOutcome() {
        Go.run(() -> {
            Go.maxProcs(4);
            assertEquals("", queueRounds());
        });
    }

    @Goroutine
    private static String queueRounds() {
        try (Listener l = Net.listen(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
                Conn c = Net.dial(l.address()); Conn s = l.accept()) {
            Party self = Parking.goroutineOf(Stack.current());
            Waiter record = Parking.waiterFor(self); // owner, not waiting: the record every wait below reuses
            Mutex mu = new Mutex();
            ByteBuffer one = ByteBuffer.allocate(1);
            for (int i = 0; i < QUEUE_ROUNDS; i++) {
                int kind = i % 8;
                int v = i;
                String what = "wait " + i + " (kind " + kind + ")";
                if (kind == 0) { // a receive, ended by a send
                    Chan<Integer> ch = Chan.make();
                    Go.go(() -> ch.send(v));
                    Integer got = ch.recv();
                    if (got == null || got != v) {
                        return what + ": received " + got + ", not " + v;
                    }
                } else if (kind == 1) { // a receive, ended by a close
                    Chan<Integer> ch = Chan.make();
                    Go.go(() -> ch.close());
                    Chan.Result<Integer> r = ch.recvOk();
                    if (r.ok() || r.value() != null) {
                        return what + ": a closed channel's receive got " + r;
                    }
                } else if (kind == 2) { // a send, ended by a receive
                    Chan<Integer> ch = Chan.make();
                    Chan<Integer> seen = Chan.make(1);
                    Go.go(() -> seen.send(ch.recv()));
                    ch.send(v);
                    Integer got = seen.recv();
                    if (got == null || got != v) {
                        return what + ": the receiver got " + got + ", not " + v;
                    }
                } else if (kind == 3) { // a WaitList wait: a contended mutex, handed over by its unlock
                    Chan<Boolean> held = Chan.make();
                    Chan<Boolean> release = Chan.make();
                    Go.go(() -> {
                        mu.lock();
                        held.send(true);
                        release.recv();
                        mu.unlock();
                    });
                    held.recv();
                    release.close(); // the helper unlocks while (or before) this goroutine waits
                    mu.lock();
                    if (mu.tryLock()) {
                        return what + ": the mutex was free after lock() returned";
                    }
                    mu.unlock();
                } else if (kind == 4) { // a WaitList wait: a WaitGroup, released by done
                    WaitGroup wg = new WaitGroup();
                    wg.add(1);
                    Go.go(() -> wg.done());
                    wg.await();
                } else if (kind == 5) { // a poller wait, ended by bytes
                    Go.go(() -> write(s, v));
                    one.clear();
                    while (one.position() == 0) {
                        c.read(one);
                    }
                    if ((one.get(0) & 0xff) != (v & 0xff)) {
                        return what + ": read " + (one.get(0) & 0xff) + ", not " + (v & 0xff);
                    }
                } else if (kind == 6) { // a poller wait, ended by a deadline that passes
                    Go.go(() -> c.setReadDeadline(Instant.EPOCH));
                    one.clear();
                    try {
                        c.read(one);
                        return what + ": the read returned " + one.position() + " bytes; nobody wrote";
                    } catch (SocketTimeoutException expected) {
                        c.setReadDeadline(null);
                    }
                } else { // the park's multi-waker mode on the same record: a Park.of wait, woken
                    Park p = ownPark(Park.NO_DEADLINE, false);
                    Go.go(() -> p.wake());
                    int outcome = ParkLeaf.park(p);
                    if (outcome != Park.WOKEN) {
                        return what + ": a park only a wake ends ended with " + outcome;
                    }
                }
                Waiter now = Parking.waiterFor(self);
                if (now != record) {
                    return what + ": the goroutine's record changed: " + now + " after " + record;
                }
            }
            return "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void write(Conn s, int v) {
        try {
            s.write(ByteBuffer.wrap(new byte[] {(byte) v}));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The waits, in groups of four: (0) a few microseconds' deadline racing a wake; (1) no deadline,
     * woken; (2) interruptible, a deadline racing a wake and an interrupt that is not waited for;
     * (3) no deadline, not interruptible, woken. Waits 1 and 3 must end WOKEN. Returns what went
     * wrong, or "".
     */
    @Goroutine
    private static String runRounds() {
        Chan<Park> toWake = Chan.make();
        Chan<Boolean> wakeWon = Chan.make();
        Chan<Party> toInterrupt = Chan.make(1);
        Chan<Boolean> interrupted = Chan.make(1);
        Party self = Parking.goroutineOf(Stack.current());
        WaitGroup helpers = new WaitGroup();
        helpers.add(2);
        Go.go(() -> { // the waker: wakes the park it is handed, then says whether its wake won
            for (Park p = toWake.recv(); p != null; p = toWake.recv()) {
                wakeWon.send(p.wake());
            }
            helpers.done();
        });
        Go.go(() -> { // the interrupter: its call may land during the next wait, which it must not end
            for (Party g = toInterrupt.recv(); g != null; g = toInterrupt.recv()) {
                Interrupts.interrupt(g);
                interrupted.send(true);
            }
            helpers.done();
        });
        StringBuilder bad = new StringBuilder();
        int[] seen = new int[5];
        Park first = null;
        boolean interrupterOut = false;
        for (int i = 0; i < ROUNDS && bad.length() == 0; i++) {
            int kind = i % 4;
            boolean racy = kind == 0 || kind == 2;
            long deadline = racy ? 1_000L * (i % 7) + 1 : Park.NO_DEADLINE; // 1 ns to 6 us: races the wake
            Park p = ownPark(deadline, kind == 2);
            if (first == null) {
                first = p;
            }
            assertSame(first, p, "one park per goroutine, reused");
            if (kind == 2) {
                if (interrupterOut) {
                    interrupted.recv(); // the last interrupter is done: one at a time
                }
                Thread.interrupted(); // an earlier interrupt that reached the thread: taken off
                toInterrupt.send(self);
                interrupterOut = true;
            }
            toWake.send(p); // the waker may wake it before it parks: the park then does not happen
            int outcome = ParkLeaf.park(p);
            boolean won = wakeWon.recv(); // the waker's call has returned: it cannot be stale
            seen[outcome]++;
            if (won != (outcome == Park.WOKEN)) {
                bad.append("wait ").append(i).append(": outcome ").append(outcome).append(" but the wake ")
                        .append(won ? "won" : "lost");
            } else if (!racy && outcome != Park.WOKEN) {
                bad.append("wait ").append(i).append(" (only a wake may end it) ended with ").append(outcome)
                        .append(": a source of wait ").append(i - 1).append(" ended it");
            } else if (outcome == Park.INTERRUPTED && kind != 2) {
                bad.append("wait ").append(i).append(" is not interruptible and ended INTERRUPTED");
            }
        }
        if (interrupterOut) {
            interrupted.recv();
        }
        toWake.close();
        toInterrupt.close();
        helpers.await();
        Thread.interrupted();
        if (bad.length() == 0) {
            assertTrue(seen[Park.WOKEN] >= ROUNDS / 2, "the woken waits: " + seen[Park.WOKEN]);
        }
        return bad.toString();
    }

    /**
     * R5, deterministically: the wake wins while the deadline's timer has left its heap to fire (the
     * test takes it off, as a firing P does) and the fire has not yet lost its CAS. The party must
     * not run until that fire has come and lost (the second to arrive readies it); a fire that came
     * after the party's next wait had begun would end that wait.
     */
    @Test
    void aWakeThatCannotStopTheFiringTimerLeavesTheReadyToTheFireSoTheNextWaitIsNotEnded() {
        Go.run(() -> {
            Go.maxProcs(4);
            Chan<Park> parked = Chan.make(1);
            Chan<Party> party = Chan.make(1);
            Chan<Integer> outcomes = Chan.make(2);
            Go.go(() -> {
                party.send(Parking.goroutineOf(Stack.current()));
                Park p = ownPark(Duration.ofDays(1).toNanos(), false);
                parked.send(p);
                outcomes.send(ParkLeaf.park(p)); // wait A: the wake wins, the fire readies
                Park again = ownPark(Park.NO_DEADLINE, false);
                parked.send(again);
                outcomes.send(ParkLeaf.park(again)); // wait B: only a wake may end it
            });
            Party g = party.recv();
            Park p = parked.recv();
            Parked.await("future", 1);
            RuntimeTimer timer = Goroutines.parkTimer(g, p); // the G's one deadline timer, armed for wait A
            assertTrue(timer.stop(), "armed for wait A: taken off its heap, as a firing P takes it");
            assertTrue(p.wake(), "the wake wins wait A");
            for (int i = 0; i < 100; i++) {
                Go.gosched(); // a wrong park lets the party run on to wait B now
            }
            p.fire(timer); // the fire that was under way: it loses its CAS, and readies the party
            assertEquals(Park.WOKEN, outcomes.recv(), "wait A");
            assertSame(p, parked.recv(), "wait B reuses the park");
            assertTrue(p.wake(), "nothing else ended wait B"); // reset already: before or after B parks
            assertEquals(Park.WOKEN, outcomes.recv(), "wait B");
        });
    }

    /**
     * R6, deterministically: an interrupter read the goroutine's interruptible wait A, and calls its
     * {@code interrupt} only once A is over (woken) and the next wait has begun. It must end neither
     * a wait that is not interruptible (B) nor an interruptible one (C): the interrupt it stands for
     * was never requested, or was taken by the goroutine when it ran after A.
     */
    @Test
    void aLateInterruptOfAnEarlierWaitEndsNeitherTheNextWaitNorALaterInterruptibleOne() {
        Go.run(() -> {
            Go.maxProcs(4);
            Chan<Park> parked = Chan.make(1);
            Chan<Integer> outcomes = Chan.make(3);
            Go.go(() -> {
                boolean[] interruptible = {true, false, true};
                for (boolean i : interruptible) {
                    Park p = ownPark(Park.NO_DEADLINE, i);
                    parked.send(p);
                    outcomes.send(ParkLeaf.park(p));
                }
            });
            Park p = parked.recv();
            Parked.await("future", 1);
            assertTrue(p.wake(), "the wake ends wait A");
            assertEquals(Park.WOKEN, outcomes.recv(), "wait A");
            for (String wait : new String[] {"B (not interruptible)", "C (interruptible)"}) {
                assertSame(p, parked.recv());
                p.interrupt(); // late: read during wait A
                assertTrue(p.wake(), "the late interrupt did not end wait " + wait);
                assertEquals(Park.WOKEN, outcomes.recv(), "wait " + wait);
            }
        });
    }

    /** A goroutine's sleeps go through the same park: back to back, each ends at its own deadline, none cut short by another. */
    @Test
    void consecutiveSleepsOfOneGoroutineReuseItsParkAndEachLastsItsTime() {
        Go.run(() -> {
            Go.maxProcs(4);
            WaitGroup wg = new WaitGroup();
            AtomicInteger short_ = new AtomicInteger();
            AtomicBoolean samePark = new AtomicBoolean(true);
            for (int g = 0; g < 8; g++) {
                wg.add(1);
                Go.go(() -> {
                    Park before = ownPark(Park.NO_DEADLINE, false);
                    for (int i = 0; i < 200; i++) {
                        long nanos = 1_000L * (i % 5) + 1;
                        long start = System.nanoTime();
                        Go.sleep(Duration.ofNanos(nanos));
                        if (System.nanoTime() - start < nanos) {
                            short_.incrementAndGet(); // a sleep ended before its time: a stale source ended it
                        }
                    }
                    if (ownPark(Park.NO_DEADLINE, false) != before) {
                        samePark.set(false);
                    }
                    wg.done();
                });
            }
            wg.await();
            assertEquals(0, short_.get(), "sleeps that ended before their time");
            assertTrue(samePark.get(), "a sleep uses the goroutine's one park");
        });
    }
}
