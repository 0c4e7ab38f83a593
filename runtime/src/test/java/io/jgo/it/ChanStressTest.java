package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.PanicException;
import io.jgo.WaitGroup;
import io.jgo.testing.NoGoroutinePinned;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Stress of the lock-free fast paths (failing trySend/tryRecv) against blocking operations and
 * close: whatever interleaving happens, every value sent is received exactly once, and a value
 * buffered before close is never reported as "closed and empty".
 */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ChanStressTest {

    /** Non-blocking senders and receivers (spinning with gosched) mixed with blocking ones. */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 8})
    @ExtendWith(NoGoroutinePinned.class)
    void tryOperationsLoseNothing(int cap) {
        int perSender = 5_000;
        AtomicLong received = new AtomicLong();
        AtomicInteger count = new AtomicInteger();
        Go.run(() -> {
            Go.maxProcs(4);
            Chan<Integer> c = Chan.make(cap);
            WaitGroup senders = new WaitGroup();
            WaitGroup receivers = new WaitGroup();
            for (int s = 0; s < 4; s++) {
                boolean tries = s % 2 == 0;
                senders.add(1);
                Go.go(() -> {
                    for (int i = 1; i <= perSender; i++) {
                        if (tries) {
                            while (!c.trySend(i)) {
                                Go.gosched();
                            }
                        } else {
                            c.send(i);
                        }
                    }
                    senders.done();
                });
            }
            for (int r = 0; r < 4; r++) {
                boolean tries = r % 2 == 0;
                receivers.add(1);
                Go.go(() -> {
                    for (;;) {
                        Integer v;
                        if (tries) {
                            v = c.tryRecv();
                            if (v == null) {
                                // nothing now, or closed and drained: a select with default tells them apart
                                Chan.Result<Integer> res = tryRecvOk(c);
                                if (res == null) {
                                    Go.gosched();
                                    continue;
                                }
                                if (!res.ok()) {
                                    break;
                                }
                                v = res.value();
                            }
                        } else {
                            Chan.Result<Integer> res = c.recvOk();
                            if (!res.ok()) {
                                break;
                            }
                            v = res.value();
                        }
                        received.addAndGet(v);
                        count.incrementAndGet();
                    }
                    receivers.done();
                });
            }
            senders.await();
            c.close();
            receivers.await();
        });
        assertEquals(4 * perSender, count.get());
        assertEquals(4L * perSender * (perSender + 1) / 2, received.get());
    }

    /** Go's {@code select { case v, ok := <-c: ...; default: }}: null when nothing is ready. */
    @io.jgo.Goroutine
    private static Chan.Result<Integer> tryRecvOk(Chan<Integer> c) {
        @SuppressWarnings("unchecked")
        Chan.Result<Integer>[] got = new Chan.Result[1];
        io.jgo.Select.select(io.jgo.Select.recvOk(c, r -> got[0] = r), io.jgo.Select.otherwise(null));
        return got[0];
    }

    /** trySend racing with close: each value is either delivered, refused, or refused by a panic; never lost. */
    @Test
    void trySendRacingCloseNeverLosesAcceptedValues() {
        for (int round = 0; round < 200; round++) {
            AtomicInteger accepted = new AtomicInteger();
            AtomicInteger got = new AtomicInteger();
            Go.run(() -> {
                Go.maxProcs(2);
                Chan<Integer> c = Chan.make(4);
                WaitGroup wg = new WaitGroup();
                wg.add(1);
                Go.go(() -> {
                    try {
                        for (int i = 0; i < 100; i++) {
                            if (c.trySend(i)) {
                                accepted.incrementAndGet();
                            }
                            Go.gosched();
                        }
                    } catch (PanicException closed) {
                        // send on closed channel: refused
                    }
                    wg.done();
                });
                Go.gosched();
                c.close();
                wg.await();
                for (Integer v : c) {
                    got.incrementAndGet();
                }
            });
            assertEquals(accepted.get(), got.get());
        }
    }
}
