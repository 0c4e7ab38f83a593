package io.jgo.internal.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The dead-G free lists' batch rules, one thread at a time: a spill detaches the Gs beyond
 * {@link GFree#LOCAL_KEEP} as one batch, a refill adopts one batch whole, the no-P paths keep the
 * rest, a retiring P gives everything back; and no P ever waits for another on the shared list
 * (it has no lock). The concurrent side is {@link GFreeStressTest}.
 */
@Timeout(60)
class GFreeTest {

    @Test
    void aSpillDetachesTheGsBeyondKeepAsOneBatchAndARefillAdoptsItWhole() {
        GFree shared = new GFree();
        GFree.Local spiller = new GFree.Local();
        List<G> gs = deadGs(GFree.LOCAL_MAX);
        for (G g : gs) {
            assertFalse(spiller.full(), "full before " + GFree.LOCAL_MAX);
            spiller.push(g);
        }
        assertTrue(spiller.full());
        shared.spill(spiller);
        assertEquals(GFree.LOCAL_KEEP, spiller.size());
        assertEquals(GFree.LOCAL_MAX - GFree.LOCAL_KEEP, shared.size());
        assertEquals(1, shared.batches(), "one spill, one batch");

        GFree.Local refilled = new GFree.Local();
        assertTrue(shared.refill(refilled));
        assertEquals(GFree.LOCAL_MAX - GFree.LOCAL_KEEP, refilled.size(), "the batch's length, learnt from the batch");
        assertEquals(0, shared.size());
        assertFalse(shared.refill(new GFree.Local()), "an empty shared list refills nothing");

        Set<G> out = identitySet();
        drainInto(refilled, out);
        drainInto(spiller, out);
        assertEquals(identitySetOf(gs), out, "every G back exactly once");
    }

    @Test
    void aRefillTakesOneBatchNotUpToKeepGs() {
        GFree shared = new GFree();
        List<G> gs = deadGs(3);
        gs.forEach(shared::put); // three Ms without a P: three batches of one
        assertEquals(3, shared.batches());

        GFree.Local local = new GFree.Local();
        assertTrue(shared.refill(local));
        assertEquals(1, local.size(), "one batch, however small: a refill never walks the shared list");
        assertEquals(2, shared.size());
    }

    @Test
    void takeWithoutAPKeepsTheRestOfItsBatchOnTheSharedList() {
        GFree shared = new GFree();
        GFree.Local spiller = new GFree.Local();
        List<G> gs = deadGs(GFree.LOCAL_MAX);
        gs.forEach(spiller::push);
        shared.spill(spiller);

        G g = shared.take();
        assertTrue(gs.contains(g));
        assertNull(g.schedlink, "a G handed out is unlinked");
        assertEquals(GFree.LOCAL_MAX - GFree.LOCAL_KEEP - 1, shared.size());
        assertEquals(1, shared.batches());
        for (int i = 1; i < GFree.LOCAL_MAX - GFree.LOCAL_KEEP; i++) {
            assertNotEquals(null, shared.take());
        }
        assertNull(shared.take());
    }

    @Test
    void aRetiringPGivesBackEveryGAndAKeptChainIsNeverLongerThanKeep() {
        GFree shared = new GFree();
        GFree.Local retiring = new GFree.Local();
        List<G> gs = deadGs(GFree.LOCAL_MAX - 1); // one short of a spill: both chains non-empty
        gs.forEach(retiring::push);
        shared.putAll(retiring);
        assertEquals(0, retiring.size());
        assertEquals(gs.size(), shared.size());
        assertEquals(2, shared.batches(), "the kept chain and the extra chain, each in one piece");

        Set<G> out = identitySet();
        GFree.Local local = new GFree.Local();
        while (shared.refill(local)) {
            assertTrue(local.size() <= GFree.LOCAL_KEEP, "a batch is at most LOCAL_KEEP long: " + local.size());
            drainInto(local, out);
        }
        assertEquals(identitySetOf(gs), out);
    }

    @Test
    void popTakesTheMostRecentlyFreedGFirst() {
        GFree.Local local = new GFree.Local();
        List<G> gs = deadGs(GFree.LOCAL_KEEP + 2);
        gs.forEach(local::push);
        assertSame(gs.get(gs.size() - 1), local.pop());
        assertSame(gs.get(gs.size() - 2), local.pop());
        assertSame(gs.get(gs.size() - 3), local.pop());
    }

    /**
     * The shared list has no lock for a P to wait on: with its monitor (the old list's lock) held by
     * another thread, spills, refills, puts and takes still complete. Not a timing check: the
     * worker either finishes or is seen BLOCKED on that monitor, whichever comes first.
     */
    @Test
    void noPWaitsForAnotherOnTheSharedList() throws InterruptedException {
        GFree shared = new GFree();
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Thread holder = new Thread(() -> {
            synchronized (shared) {
                held.countDown();
                awaitUninterruptibly(release);
            }
        }, "gfree-monitor-holder");
        holder.setDaemon(true);
        holder.start();
        held.await();

        Thread worker = new Thread(() -> {
            GFree.Local a = new GFree.Local();
            GFree.Local b = new GFree.Local();
            for (G g : deadGs(GFree.LOCAL_MAX)) {
                a.push(g);
                if (a.full()) {
                    shared.spill(a);
                }
            }
            shared.refill(b);
            shared.put(b.pop());
            shared.take();
        }, "gfree-worker");
        worker.setDaemon(true);
        worker.start();
        try {
            java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
            int sharedIdentity = System.identityHashCode(shared);
            while (worker.isAlive()) {
                // BLOCKED on the shared list itself, not on another monitor (a class being loaded
                // for the first time, by this worker or anyone else, blocks it briefly too).
                java.lang.management.ThreadInfo info = threads.getThreadInfo(worker.getId());
                java.lang.management.LockInfo lock = info == null ? null : info.getLockInfo();
                boolean onShared = info != null && info.getThreadState() == Thread.State.BLOCKED
                        && lock != null && lock.getIdentityHashCode() == sharedIdentity;
                assertFalse(onShared, "a spill or refill waited for the shared list's monitor");
                Thread.onSpinWait();
            }
        } finally {
            release.countDown();
        }
        holder.join();
        worker.join();
    }

    static List<G> deadGs(int n) {
        List<G> gs = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            gs.add(new G(null, false));
        }
        return gs;
    }

    private static void drainInto(GFree.Local local, Set<G> out) {
        for (G g = local.pop(); g != null; g = local.pop()) {
            assertTrue(out.add(g), "a G came back twice");
        }
        assertEquals(0, local.size());
    }

    private static Set<G> identitySet() {
        return Collections.newSetFromMap(new IdentityHashMap<>());
    }

    private static Set<G> identitySetOf(List<G> gs) {
        Set<G> s = identitySet();
        s.addAll(gs);
        return s;
    }

    private static void awaitUninterruptibly(CountDownLatch latch) {
        while (true) {
            try {
                latch.await();
                return;
            } catch (InterruptedException e) {
                // the holder lets go only when told
            }
        }
    }
}
