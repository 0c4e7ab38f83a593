package io.jgo.it;

import static io.jgo.Select.recv;
import static io.jgo.Select.select;
import static io.jgo.Select.send;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.WaitGroup;
import io.jgo.testing.NoGoroutinePinned;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A goroutine's select record is handed back and reused as soon as its select is over, so g0 must
 * not touch it once the parked select's last channel lock is free: the selector may by then run
 * on another carrier, finish, and start its next select with the same record. Pairs of goroutines
 * select on a send and a receive of one shared unbuffered channel (one channel named twice, the
 * shape that let g0 read the record after its last unlock, seen as a NullPointerException in
 * {@code SelectOp.unlockAll} from {@code Sched.parkCommit}); one of each pair parks, the other
 * completes it and selects again at once. Oversubscribed (GOMAXPROCS 4 and 8 on two cores), so
 * carriers are descheduled at every instruction sooner or later. Every select must fire exactly
 * once with its partner's value, and the run must end cleanly.
 */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
@ExtendWith(NoGoroutinePinned.class)
class SelectRecordReuseRaceTest {

    private static final int PAIRS = 4;
    private static final int SELECTS = 3_000;

    @ParameterizedTest(name = "GOMAXPROCS {0}")
    @ValueSource(ints = {4, 8})
    void aParkedSelectsRecordIsNeverReadAfterItsLastUnlock(int procs) {
        AtomicLong sent = new AtomicLong();
        AtomicLong received = new AtomicLong();
        Go.run(() -> {
            Go.maxProcs(procs);
            WaitGroup wg = new WaitGroup();
            for (int p = 0; p < PAIRS; p++) {
                Chan<Integer> c = Chan.make(0);
                for (int side = 0; side < 2; side++) {
                    int me = side;
                    wg.add(1);
                    Go.go(() -> {
                        for (int i = 0; i < SELECTS; i++) {
                            // both cases on one channel: the channel appears twice in the lock order
                            if ((i + me) % 2 == 0) {
                                select(send(c, me, sent::incrementAndGet), recv(c, v -> received.addAndGet(v == me ? 1_000_000 : 1)));
                            } else {
                                select(recv(c, v -> received.addAndGet(v == me ? 1_000_000 : 1)), send(c, me, sent::incrementAndGet));
                            }
                        }
                        wg.done();
                    });
                }
            }
            wg.await();
        });
        // each select either sent or received; every send met a receive of the other side (never its own)
        assertEquals((long) PAIRS * 2 * SELECTS, sent.get() + received.get(), "every select fired once, none with itself");
        assertEquals(sent.get(), received.get(), "every value sent was received");
    }
}
