package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.PanicException;
import io.jgo.Select;
import io.jgo.WaitGroup;
import io.jgo.internal.sched.TestRuntimes;
import io.jgo.testing.NoGoroutinePinned;
import io.jgo.testing.Pins;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Channel semantics, ported from Go's {@code runtime/chan_test.go} (each test names its origin).
 * Instead of Go's sleeps, "it blocks" is shown by the dump: the goroutine is parked with the
 * channel's wait reason. Every goroutine really unwinds: no pins.
 */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
@ExtendWith(NoGoroutinePinned.class)
class ChanTest {

    /** TestChan, "Ensure that receive from empty chan blocks" and "non-blocking receive from empty chan". */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4})
    void receiveFromEmptyChannelBlocksUntilASend(int cap) {
        AtomicInteger got = new AtomicInteger();
        Go.run(() -> {
            Chan<Integer> c = Chan.make(cap);
            assertNull(c.tryRecv(), "non-blocking receive from an empty channel");
            WaitGroup wg = new WaitGroup();
            wg.add(1);
            Go.go(() -> {
                got.set(c.recv());
                wg.done();
            });
            Parked.await("chan receive", 1);
            assertEquals(0, got.get());
            c.send(7);
            wg.await();
        });
        assertEquals(7, got.get());
    }

    /** TestChan, "Ensure that send to full chan blocks" and "non-blocking send to full chan". */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4})
    void sendToFullChannelBlocksUntilAReceive(int cap) {
        Go.run(() -> {
            Chan<Integer> c = Chan.make(cap);
            for (int i = 0; i < cap; i++) {
                c.send(i);
            }
            assertEquals(cap, c.len());
            assertEquals(cap, c.cap());
            assertFalse(c.trySend(99), "non-blocking send to a full channel");
            AtomicBoolean sent = new AtomicBoolean();
            Go.go(() -> {
                c.send(100);
                sent.set(true);
            });
            Parked.await("chan send", 1);
            assertFalse(sent.get());
            for (int i = 0; i < cap; i++) {
                assertEquals(i, c.recv()); // a receive from a full buffer with a waiting sender takes the head
            }
            assertEquals(100, c.recv());
        });
    }

    /** TestChan, "Ensure that we receive 0 from closed chan". */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4})
    void closedChannelDrainsThenYieldsNullAndNotOk(int cap) {
        Go.run(() -> {
            Chan<Integer> c = Chan.make(cap);
            for (int i = 0; i < cap; i++) {
                c.send(i);
            }
            c.close();
            for (int i = 0; i < cap; i++) {
                Chan.Result<Integer> r = c.recvOk();
                assertTrue(r.ok());
                assertEquals(i, r.value());
            }
            assertNull(c.recv());
            Chan.Result<Integer> r = c.recvOk();
            assertFalse(r.ok());
            assertNull(r.value());
            assertNull(c.tryRecv());
        });
    }

    /** TestChan, "Ensure that close unblocks receive". */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4})
    void closeWakesEveryReceiver(int cap) {
        AtomicInteger notOk = new AtomicInteger();
        Go.run(() -> {
            Chan<Integer> c = Chan.make(cap);
            WaitGroup wg = new WaitGroup();
            for (int i = 0; i < 5; i++) {
                wg.add(1);
                Go.go(() -> {
                    if (!c.recvOk().ok()) {
                        notOk.incrementAndGet();
                    }
                    wg.done();
                });
            }
            Parked.await("chan receive", 5);
            c.close();
            wg.await();
        });
        assertEquals(5, notOk.get());
    }

    /** TestChan, "Ensure that FIFO order is preserved"; TestChanSendInterface-style boxing of many values. */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4})
    void valuesArriveInFifoOrder(int cap) {
        Go.run(() -> {
            Chan<Integer> c = Chan.make(cap);
            Go.go(() -> {
                for (int i = 0; i < 1_000; i++) {
                    c.send(i);
                }
            });
            for (int i = 0; i < 1_000; i++) {
                assertEquals(i, c.recv());
            }
        });
    }

    /** Waiting receivers are served first come, first served. */
    @Test
    void waitingReceiversAreServedInArrivalOrder() {
        List<Integer> order = new ArrayList<>();
        Go.run(() -> {
            Go.maxProcs(1);
            Chan<Integer> c = Chan.make(0);
            WaitGroup wg = new WaitGroup();
            for (int i = 0; i < 5; i++) {
                int id = i;
                wg.add(1);
                Go.go(() -> {
                    int v = c.recv();
                    synchronized (order) {
                        order.add(v - id); // 0 when the i-th waiter got the i-th value
                    }
                    wg.done();
                });
                Parked.await("chan receive", i + 1); // goroutine i is queued before i + 1 starts
            }
            for (int i = 0; i < 5; i++) {
                c.send(i);
            }
            wg.await();
        });
        assertEquals(List.of(0, 0, 0, 0, 0), order);
    }

    /** TestChan, "Send 100 integers, ensure that we receive them non-corrupted in FIFO order" with many parties (TestMultiConsumer too). */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4, 8})
    void manySendersManyReceiversLoseAndDuplicateNothing(int procs) {
        int senders = 8;
        int receivers = 8;
        int perSender = 2_000;
        AtomicReferenceArray<Integer> seen = new AtomicReferenceArray<>(senders * perSender);
        AtomicInteger dup = new AtomicInteger();
        for (int cap : new int[] {0, 1, 16}) {
            Go.run(() -> {
                Go.maxProcs(procs);
                Chan<Integer> c = Chan.make(cap);
                WaitGroup sent = new WaitGroup();
                WaitGroup received = new WaitGroup();
                for (int s = 0; s < senders; s++) {
                    int base = s * perSender;
                    sent.add(1);
                    Go.go(() -> {
                        for (int i = 0; i < perSender; i++) {
                            c.send(base + i);
                        }
                        sent.done();
                    });
                }
                for (int r = 0; r < receivers; r++) {
                    received.add(1);
                    Go.go(() -> {
                        for (Integer v : c) {
                            if (seen.getAndSet(v, v) != null) {
                                dup.incrementAndGet();
                            }
                        }
                        received.done();
                    });
                }
                sent.await();
                c.close();
                received.await();
            });
            for (int i = 0; i < senders * perSender; i++) {
                assertEquals(i, seen.get(i), "value " + i + " lost (cap " + cap + ")");
                seen.set(i, null);
            }
            assertEquals(0, dup.get(), "duplicated values (cap " + cap + ")");
        }
    }

    /** TestChan "Ensure that send to a closed chan panics" (Go's TestClosedChan...) and closechan's messages. */
    @Test
    void misusePanicsWithGosMessages() {
        Go.run(() -> {
            Chan<Integer> c = Chan.make(1);
            c.close();
            assertEquals("send on closed channel", assertThrows(PanicException.class, () -> c.send(1)).getMessage());
            assertEquals("close of closed channel", assertThrows(PanicException.class, c::close).getMessage());
            assertEquals("close of nil channel", assertThrows(PanicException.class, () -> Chan.close(null)).getMessage());
            assertThrows(NullPointerException.class, () -> Chan.make(1).send(null)); // bad arguments: Java preconditions
            assertThrows(IllegalArgumentException.class, () -> Chan.make(-1));
        });
    }

    /** closechan: "release all writers (they will panic)". */
    @Test
    void closeMakesWaitingSendersPanic() {
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Go.run(() -> {
            Chan<Integer> c = Chan.make(0);
            WaitGroup wg = new WaitGroup();
            wg.add(1);
            Go.go(() -> {
                try {
                    c.send(1);
                } catch (PanicException e) {
                    thrown.set(e);
                }
                wg.done();
            });
            Parked.await("chan send", 1);
            c.close();
            wg.await();
        });
        assertEquals("send on closed channel", thrown.get().getMessage());
    }

    /** Go's range over a channel: ends when closed and drained; hasNext parks. */
    @Test
    void iterationEndsWhenClosedAndDrained() {
        List<Integer> got = new ArrayList<>();
        Go.run(() -> {
            Chan<Integer> c = Chan.make(2);
            Go.go(() -> {
                for (int i = 0; i < 10; i++) {
                    c.send(i);
                    Go.gosched();
                }
                c.close();
            });
            for (int v : c) {
                got.add(v);
            }
        });
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9), got);
    }

    /** {@code for (T v : ch)} inside a {@code @Goroutine} method: the iterator's hasNext/next are its suspension points. */
    @Goroutine
    static long sumByRange(Chan<Integer> c, List<Integer> got) {
        long sum = 0;
        for (int v : c) {
            got.add(v);
            sum += v;
        }
        return sum;
    }

    /**
     * Go's {@code for v := range ch} in a {@code @Goroutine} method, at one P without sysmon: the
     * consumer is seen parked in the iterator with Go's wait reason "chan receive" before the
     * producer goroutine starts, and it parks there again for every value of the unbuffered
     * channel. Had the iterator pinned, its carrier would have blocked (the P handed off) and the
     * pin count would show it.
     */
    @Test
    void rangeOverAChannelInAGoroutineMethodParksTheGoroutineNotTheCarrier() {
        List<Integer> got = new java.util.concurrent.CopyOnWriteArrayList<>();
        AtomicLong sum = new AtomicLong();
        Pins.none(() -> TestRuntimes.withoutSysmon("range", 1).runMain(() -> {
            Chan<Integer> c = Chan.make(0);
            WaitGroup wg = new WaitGroup();
            wg.add(1);
            Go.go(() -> {
                sum.set(sumByRange(c, got));
                wg.done();
            });
            Parked.await("chan receive", 1); // the consumer parked in hasNext, the only P is free
            Go.go(() -> {
                for (int i = 1; i <= 100; i++) {
                    c.send(i);
                }
                c.close();
            });
            wg.await();
        }));
        assertEquals(5050, sum.get());
        assertEquals(100, got.size());
        for (int i = 0; i < 100; i++) {
            assertEquals(i + 1, got.get(i), "values in order");
        }
    }

    /** TestNonblockRecvRace: a select with default on a channel that holds a value and is being closed always finds it ready. */
    @Test
    void nonBlockingReceiveSeesValueBufferedBeforeClose() {
        Go.run(() -> {
            Go.maxProcs(4);
            for (int i = 0; i < 2_000; i++) {
                Chan<Integer> c = Chan.make(1);
                c.send(1);
                WaitGroup wg = new WaitGroup();
                wg.add(1);
                Go.go(() -> {
                    Select.select(Select.recv(c, null), Select.otherwise(() -> {
                        throw new AssertionError("chan is not ready");
                    }));
                    wg.done();
                });
                c.close();
                c.recvOk();
                wg.await();
            }
        });
    }

    /** TestChanSendBarrier-ish ping-pong on unbuffered channels: direct hand-off both ways. */
    @Test
    void pingPongOverUnbufferedChannels() {
        AtomicInteger rounds = new AtomicInteger();
        Go.run(() -> {
            Chan<Integer> ping = Chan.make(0);
            Chan<Integer> pong = Chan.make(0);
            Go.go(() -> {
                for (Integer v : ping) {
                    pong.send(v + 1);
                }
                pong.close();
            });
            int v = 0;
            for (int i = 0; i < 10_000; i++) {
                ping.send(v);
                v = pong.recv();
                rounds.incrementAndGet();
            }
            ping.close();
            assertNull(pong.recv());
            assertEquals(10_000, v);
        });
        assertEquals(10_000, rounds.get());
    }
}
