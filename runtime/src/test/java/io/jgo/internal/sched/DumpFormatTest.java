package io.jgo.internal.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jgo.internal.sched.park.WaitReason;
import org.junit.jupiter.api.Test;

/**
 * The goroutine header in Go's {@code goroutineheader} format: the wait reason, how long the G has
 * waited in whole minutes once that is at least one (Go's "1 minutes" included), and
 * {@code locked to thread} for a G bound to an M. The Gs are built by hand; "now" is a parameter.
 */
class DumpFormatTest {

    private static final long MINUTE = 60_000_000_000L;
    private final Sched sched = new Sched(new Config().maxProcs(1).sysmon(false).name("dump-format"));

    @Test
    void aShortWaitShowsOnlyTheReason() {
        G g = waiting(7, WaitReason.CHAN_RECEIVE);
        g.waitSince = 1_000;
        assertEquals("goroutine 7 [chan receive]:\n", header(g, 1_000 + MINUTE - 1));
    }

    @Test
    void aWaitOfAMinuteOrMoreShowsTheWholeMinutes() {
        G g = waiting(7, WaitReason.CHAN_RECEIVE);
        g.waitSince = 5;
        assertEquals("goroutine 7 [chan receive, 1 minutes]:\n", header(g, 5 + MINUTE));
        assertEquals("goroutine 7 [chan receive, 2 minutes]:\n", header(g, 5 + 3 * MINUTE - 1));
    }

    @Test
    void aGoroutineBoundToAnMIsLockedToThread() {
        G g = waiting(9, WaitReason.SYNC_WAIT_GROUP_WAIT);
        g.waitSince = 1;
        g.lockedM = new M(sched, 3);
        assertEquals("goroutine 9 [sync.WaitGroup.Wait, 10 minutes, locked to thread]:\n", header(g, 1 + 10 * MINUTE));
    }

    @Test
    void aRunnableGoroutineShowsNoWait() {
        G g = new G(sched, false);
        g.id = 4;
        g.casStatus(G.IDLE, G.RUNNABLE);
        g.waitSince = 1; // an old park: not a wait any more
        assertEquals("goroutine 4 [runnable]:\n", header(g, 1 + 5 * MINUTE));
    }

    @Test
    void aWaitWithoutAReasonIsWaiting() {
        G g = waiting(5, null);
        assertEquals("goroutine 5 [waiting]:\n", header(g, 10 * MINUTE)); // never stamped: no duration
    }

    private G waiting(long id, WaitReason reason) {
        G g = new G(sched, false);
        g.id = id;
        g.casStatus(G.IDLE, G.RUNNABLE);
        g.casStatus(G.RUNNABLE, G.RUNNING);
        g.waitReason = reason;
        g.casStatus(G.RUNNING, G.WAITING);
        return g;
    }

    private static String header(G g, long now) {
        StringBuilder b = new StringBuilder();
        Dump.header(b, g, g.status(), now);
        return b.toString();
    }
}
