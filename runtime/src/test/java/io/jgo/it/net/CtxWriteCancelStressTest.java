package io.jgo.it.net;

import io.jgo.testing.Heavy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link CtxWriteCancelStress} at length: 200 context-aware writes per round (40 connections whose
 * peer never reads, 5 writers each), every context ended at a random moment, for
 * {@code -Djgo.net.ctxWriteRounds} rounds (default 40) at GOMAXPROCS 1, 2 and 4. A round that
 * stalls fails with the runtime's goroutine dump.
 */
@Heavy
@Timeout(value = 30, unit = java.util.concurrent.TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class CtxWriteCancelStressTest {

    private static final int ROUNDS = Integer.getInteger("jgo.net.ctxWriteRounds", 40);

    @Test
    void everyCancelledWriteReturnsAtOneProc() {
        new CtxWriteCancelStress(40, 5).run("ctx-write-stress-1", 1, ROUNDS, 1);
    }

    @Test
    void everyCancelledWriteReturnsAtTwoProcs() {
        new CtxWriteCancelStress(40, 5).run("ctx-write-stress-2", 2, ROUNDS, 2);
    }

    @Test
    void everyCancelledWriteReturnsAtFourProcs() {
        new CtxWriteCancelStress(40, 5).run("ctx-write-stress-4", 4, ROUNDS, 4);
    }
}
