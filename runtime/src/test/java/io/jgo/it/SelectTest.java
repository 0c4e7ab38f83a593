package io.jgo.it;

import static io.jgo.Select.otherwise;
import static io.jgo.Select.recv;
import static io.jgo.Select.recvOk;
import static io.jgo.Select.select;
import static io.jgo.Select.send;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.PanicException;
import io.jgo.Select;
import io.jgo.WaitGroup;
import io.jgo.testing.NoGoroutinePinned;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Select semantics, ported from Go's {@code runtime/chan_test.go} and {@code select_test.go} (origins named). */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
@ExtendWith(NoGoroutinePinned.class)
class SelectTest {

    /** TestChan "non-blocking receive/send" via select with default. */
    @Test
    void otherwiseRunsWhenNothingIsReady() {
        Go.run(() -> {
            Chan<Integer> c = Chan.make(0);
            AtomicInteger ran = new AtomicInteger();
            assertEquals(1, select(recv(c, v -> ran.addAndGet(100)), otherwise(() -> ran.incrementAndGet())));
            assertEquals(1, select(send(c, 5, () -> ran.addAndGet(100)), otherwise(() -> ran.incrementAndGet())));
            assertEquals(2, ran.get());
            Chan<Integer> b = Chan.make(1);
            assertEquals(0, select(send(b, 5, null), otherwise(null)));
            assertEquals(0, select(recv(b, v -> ran.addAndGet(v)), otherwise(null)));
            assertEquals(7, ran.get());
        });
    }

    /**
     * A goroutine's select record is reused from one select to the next: a case body that selects
     * again (the outer select has handed its record back), selects that park between selects that
     * do not, and a reused case array, each see their own cases and values, at GOMAXPROCS 4.
     */
    @Test
    void reusedSelectStateKeepsEverySelectsOwnOutcome() {
        AtomicLong sum = new AtomicLong();
        AtomicInteger inner = new AtomicInteger();
        Go.run(() -> {
            Go.maxProcs(4);
            Chan<Integer> ready = Chan.make(1);
            Chan<Integer> other = Chan.make(1);
            Chan<Integer> handoff = Chan.make(0);
            Select.Case[] reused = {recv(ready, v -> sum.addAndGet(v)), recv(handoff, v -> sum.addAndGet(1_000_000L * v))};
            WaitGroup wg = new WaitGroup();
            wg.add(1);
            Go.go(() -> {
                for (int i = 1; i <= 500; i++) {
                    handoff.send(i); // the selector parks on handoff for each of these
                }
                wg.done();
            });
            for (int i = 1; i <= 500; i++) {
                ready.send(i);
                other.send(-i);
                int k = i;
                // outer select on a ready channel whose body selects again on another
                select(recv(ready, v -> {
                    sum.addAndGet(v);
                    select(recv(other, w -> {
                        assertEquals(-k, w);
                        inner.incrementAndGet();
                    }), otherwise(() -> {
                        throw new AssertionError("other holds a value");
                    }));
                }));
                assertEquals(1, select(reused)); // nothing in ready now: parks until the sender's value
            }
            wg.await();
        });
        assertEquals(500, inner.get());
        assertEquals(500L * 501 / 2 + 1_000_000L * 500 * 501 / 2, sum.get());
    }

    /** A blocking select is completed by a later send, then by a later receive. */
    @Test
    void blockingSelectIsWokenByTheFirstPartner() {
        List<String> got = new ArrayList<>();
        Go.run(() -> {
            Chan<Integer> a = Chan.make(0);
            Chan<Integer> b = Chan.make(0);
            Chan<String> out = Chan.make(0);
            WaitGroup wg = new WaitGroup();
            wg.add(1);
            Go.go(() -> {
                for (int k = 0; k < 2; k++) {
                    select(recv(a, v -> got.add("a" + v)), recv(b, v -> got.add("b" + v)), send(out, "x", () -> got.add("sent")));
                }
                wg.done();
            });
            Parked.await("select", 1);
            b.send(2);
            assertEquals("x", out.recv());
            wg.await();
        });
        assertEquals(List.of("b2", "sent"), got);
    }

    /** TestSelfSelect: a select that both sends and receives on a channel never talks to itself. */
    @ParameterizedTest
    @ValueSource(ints = {0, 1})
    void selectNeverCommunicatesWithItself(int cap) {
        Go.run(() -> {
            Go.maxProcs(2);
            Chan<Integer> c = Chan.make(cap);
            WaitGroup wg = new WaitGroup();
            for (int p = 0; p < 2; p++) {
                int me = p;
                wg.add(1);
                Go.go(() -> {
                    for (int i = 0; i < 1_000; i++) {
                        if (me == 0 || i % 2 == 0) {
                            select(send(c, me, null), recv(c, v -> {
                                if (cap == 0 && v == me) {
                                    throw new AssertionError("self receive");
                                }
                            }));
                        } else {
                            select(recv(c, v -> {
                                if (cap == 0 && v == me) {
                                    throw new AssertionError("self receive");
                                }
                            }), send(c, me, null));
                        }
                    }
                    wg.done();
                });
            }
            wg.await();
        });
    }

    /** TestSelectFairness, with 2 and 4 always-ready channels: each case fires about equally often (bounds at ~20 sigma). */
    @ParameterizedTest
    @ValueSource(ints = {2, 4})
    void readyCasesArePickedUniformly(int n) {
        int rounds = 20_000;
        int[] hits = new int[n];
        Go.run(() -> {
            List<Chan<Integer>> cs = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                Chan<Integer> c = Chan.make(1);
                c.send(i);
                cs.add(c);
            }
            Select.Case[] cases = new Select.Case[n];
            for (int r = 0; r < rounds; r++) {
                for (int i = 0; i < n; i++) {
                    Chan<Integer> c = cs.get(i);
                    cases[i] = recv(c, v -> c.send(v)); // refill: every case stays ready
                }
                hits[select(cases)]++;
            }
        });
        double expected = (double) rounds / n;
        for (int i = 0; i < n; i++) {
            assertTrue(Math.abs(hits[i] - expected) < expected * 0.4, "case " + i + " fired " + hits[i] + " of " + rounds);
        }
    }

    /** TestSelectDuplicateChannel: the same channel in two cases is locked once and works. */
    @Test
    void sameChannelInSeveralCases() {
        Go.run(() -> {
            Chan<Integer> c = Chan.make(0);
            Chan<Integer> d = Chan.make(0);
            Go.go(() -> {
                select(recv(c, null), recv(c, null), recv(d, null));
                d.send(1); // tell main we got past the select
            });
            Parked.await("select", 1);
            c.send(8);
            assertEquals(1, d.recv());
        });
    }

    /** A receive case on a closed channel is ready at once, with ok false (Go's TestChan close with select). */
    @Test
    void closedChannelIsAlwaysReadyWithOkFalse() {
        Go.run(() -> {
            Chan<Integer> c = Chan.make(0);
            Chan<Integer> never = Chan.make(0);
            c.close();
            AtomicReference<Chan.Result<Integer>> r = new AtomicReference<>();
            assertEquals(1, select(recv(never, null), recvOk(c, r::set)));
            assertFalse(r.get().ok());
            assertEquals("send on closed channel",
                    assertThrows(PanicException.class, () -> select(send(c, 1, null), otherwise(null))).getMessage());
        });
    }

    /** A close wakes a blocked select; a blocked send case then panics. */
    @Test
    void closeWakesABlockedSelect() {
        java.util.Set<String> outcome = java.util.concurrent.ConcurrentHashMap.newKeySet();
        Go.run(() -> {
            Chan<Integer> r = Chan.make(0);
            Chan<Integer> s = Chan.make(0);
            WaitGroup wg = new WaitGroup();
            wg.add(2);
            Go.go(() -> {
                select(recvOk(r, res -> outcome.add("ok=" + res.ok())));
                wg.done();
            });
            Go.go(() -> {
                try {
                    select(send(s, 1, null));
                } catch (PanicException e) {
                    outcome.add(e.getMessage());
                }
                wg.done();
            });
            Parked.await("select", 2);
            r.close();
            s.close();
            wg.await();
        });
        assertEquals(java.util.Set.of("ok=false", "send on closed channel"), outcome);
    }

    /** Nil channels (Go's way to switch a case off) are never ready. */
    @Test
    void nullChannelsAreNeverReady() {
        Go.run(() -> {
            Chan<Integer> ready = Chan.make(1);
            ready.send(3);
            assertEquals(1, select(recv(null, null), otherwise(null)));
            assertEquals(2, select(send(null, 1, null), recv(null, null), recv(ready, null)));
        });
    }

    /** "select (no cases)" and a select waiting forever are deadlocks, reported with their wait reason. */
    @Test
    void deadlockReportsNameTheSelectWaitReasons() {
        io.jgo.DeadlockException e = assertThrows(io.jgo.DeadlockException.class, () -> Go.run(() -> {
            Go.go(() -> select(recv(null, null)));
            select(recv(Chan.make(0), null));
        }));
        assertTrue(e.getMessage().contains("[select (no cases)]"), e.getMessage());
        assertTrue(e.getMessage().contains("[select]"), e.getMessage()); // main, an ordinary goroutine
    }

    /** A case body that suspends unwinds through select and resumes there (no pin). */
    @Test
    void caseBodiesMaySuspend() {
        AtomicInteger sum = new AtomicInteger();
        Go.run(() -> {
            Chan<Integer> in = Chan.make(0);
            Chan<Integer> out = Chan.make(0);
            Go.go(() -> {
                for (int i = 0; i < 100; i++) {
                    select(recv(in, v -> {
                        Go.gosched();
                        out.send(v * 2); // parks inside the body
                    }), recvOk(null, r -> { }));
                }
            });
            for (int i = 0; i < 100; i++) {
                in.send(i);
                sum.addAndGet(out.recv());
            }
        });
        assertEquals(9_900, sum.get());
    }

    /** TestSelectStress: 4 channels, senders and receivers all going through select, at several GOMAXPROCS. */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4, 8})
    void selectStressLosesNothing(int procs) {
        int n = 4;
        int perChan = 2_000;
        AtomicLong sum = new AtomicLong();
        AtomicInteger count = new AtomicInteger();
        Go.run(() -> {
            Go.maxProcs(procs);
            List<Chan<Integer>> cs = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                cs.add(Chan.make(i % 2)); // unbuffered and buffered
            }
            WaitGroup wg = new WaitGroup();
            wg.add(2);
            Go.go(() -> { // sender: whichever channel is ready, until each got perChan values
                int[] left = {perChan, perChan, perChan, perChan};
                int total = n * perChan;
                while (total > 0) {
                    Select.Case[] cases = new Select.Case[n];
                    for (int i = 0; i < n; i++) {
                        int k = i;
                        cases[i] = left[i] > 0 ? send(cs.get(i), 1, () -> left[k]--) : send(null, 1, null);
                    }
                    select(cases);
                    total--;
                }
                for (Chan<Integer> c : cs) {
                    c.close();
                }
                wg.done();
            });
            Go.go(() -> { // receiver: until every channel is closed
                int open = n;
                @SuppressWarnings("unchecked") Chan<Integer>[] live = cs.toArray(new Chan[0]);
                while (open > 0) {
                    Select.Case[] cases = new Select.Case[n];
                    for (int i = 0; i < n; i++) {
                        int k = i;
                        cases[i] = recvOk(live[i], r -> {
                            if (r.ok()) {
                                sum.addAndGet(r.value());
                                count.incrementAndGet();
                            } else {
                                live[k] = null;
                            }
                        });
                    }
                    int before = countNull(live);
                    select(cases);
                    open = n - countNull(live);
                    assertTrue(countNull(live) >= before);
                }
                wg.done();
            });
            wg.await();
        });
        assertEquals(n * perChan, count.get());
        assertEquals(n * perChan, sum.get());
    }

    private static int countNull(Object[] a) {
        int c = 0;
        for (Object o : a) {
            if (o == null) {
                c++;
            }
        }
        return c;
    }
}
