package io.jgo.it.net;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The bounded regression of {@link CtxWriteCancelStressTest} for every build: three rounds of 200
 * context-aware writes parked on full send buffers, every context ended at a random moment (a
 * cancel from another goroutine, or its own deadline); every write returns.
 */
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class CtxWriteCancelTest {

    @Test
    void everyWriteWhoseContextEndsAtARandomMomentReturns() {
        new CtxWriteCancelStress(40, 5).run("ctx-write-cancel", 2, 3, 32);
    }
}
