package io.jgo.internal.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Ps (threads, each with its own local free list) and Ms without a P hand a fixed set of Gs back
 * and forth through one shared {@link GFree}: each thread "runs" Gs it allocated (refilling its
 * empty list with one batch) and frees them (spilling one batch when its list is full); one in
 * sixteen operations takes the no-P path ({@link GFree#put}, {@link GFree#take}). Every G has an
 * owner slot, claimed with a CAS when a G is handed out and cleared before it is freed: a G handed
 * out twice fails the claim; a G lost is missing at the end, when everything is given back.
 * Oversubscribed (up to 8 threads on two cores), so a push or pop is often preempted between its
 * read of the top and its CAS.
 */
@Timeout(300)
class GFreeStressTest {

    private static final int GS_PER_THREAD = 150;
    private static final int OPS_PER_THREAD = 200_000;
    private static final int FREE = -1;

    @ParameterizedTest(name = "{0} threads")
    @ValueSource(ints = {4, 8})
    void noGIsLostOrHandedOutTwice(int threads) throws Exception {
        GFree shared = new GFree();
        List<G> all = GFreeTest.deadGs(threads * GS_PER_THREAD);
        Map<G, Integer> index = new IdentityHashMap<>(); // read-only once the threads start
        for (int i = 0; i < all.size(); i++) {
            index.put(all.get(i), i);
        }
        AtomicIntegerArray owner = new AtomicIntegerArray(all.size());
        for (int i = 0; i < all.size(); i++) {
            owner.set(i, i / GS_PER_THREAD); // each thread starts holding its share, running
        }
        AtomicLong refills = new AtomicLong();
        AtomicLong spills = new AtomicLong();
        AtomicLong takes = new AtomicLong();
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        CyclicBarrier start = new CyclicBarrier(threads);
        GFree.Local[] locals = new GFree.Local[threads];
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int me = t;
            locals[t] = new GFree.Local();
            List<G> running = new ArrayList<>(all.subList(t * GS_PER_THREAD, (t + 1) * GS_PER_THREAD));
            Thread w = new Thread(() -> {
                try {
                    start.await();
                    GFree.Local local = locals[me];
                    SplittableRandom rnd = new SplittableRandom(me);
                    for (int op = 0; op < OPS_PER_THREAD; op++) {
                        boolean noP = rnd.nextInt(16) == 0;
                        boolean alloc = running.isEmpty() || (running.size() < 2 * GS_PER_THREAD && rnd.nextBoolean());
                        if (alloc) {
                            G g;
                            if (noP) {
                                g = shared.take();
                                if (g != null) {
                                    takes.incrementAndGet();
                                }
                            } else {
                                if (local.size() == 0 && shared.refill(local)) {
                                    refills.incrementAndGet();
                                }
                                g = local.pop();
                            }
                            if (g != null) {
                                claim(owner, index.get(g), me);
                                running.add(g);
                            }
                        } else {
                            G g = running.remove(rnd.nextInt(running.size()));
                            release(owner, index.get(g), me);
                            if (noP) {
                                shared.put(g);
                            } else {
                                local.push(g);
                                if (local.full()) {
                                    spills.incrementAndGet();
                                    shared.spill(local);
                                }
                            }
                        }
                    }
                    for (G g : running) { // the end: everything back, as a retiring P would
                        release(owner, index.get(g), me);
                        local.push(g);
                        if (local.full()) {
                            shared.spill(local);
                        }
                    }
                    shared.putAll(local);
                } catch (Throwable e) {
                    failures.add(e);
                }
            }, "gfree-stress-" + t);
            w.setDaemon(true);
            workers.add(w);
        }
        workers.forEach(Thread::start);
        for (Thread w : workers) {
            w.join();
        }

        assertTrue(failures.isEmpty(), () -> "failures: " + failures);
        assertTrue(refills.get() > 0 && spills.get() > 0 && takes.get() > 0,
                "the test did not exercise the shared list: refills " + refills + ", spills " + spills + ", takes " + takes);
        assertEquals(all.size(), shared.size(), "every G back on the shared list");
        boolean[] seen = new boolean[all.size()];
        for (G g = shared.take(); g != null; g = shared.take()) {
            int i = index.get(g);
            assertTrue(!seen[i], "G " + i + " is on the shared list twice");
            seen[i] = true;
            assertEquals(FREE, owner.get(i));
        }
        for (int i = 0; i < seen.length; i++) {
            if (!seen[i]) {
                fail("G " + i + " was lost (owner " + owner.get(i) + ")");
            }
        }
    }

    private static void claim(AtomicIntegerArray owner, int g, int me) {
        int was = owner.compareAndExchange(g, FREE, me);
        if (was != FREE) {
            throw new AssertionError("G " + g + " handed to thread " + me + " while thread " + was + " runs it");
        }
    }

    private static void release(AtomicIntegerArray owner, int g, int me) {
        int was = owner.compareAndExchange(g, me, FREE);
        if (was != me) {
            throw new AssertionError("thread " + me + " freed G " + g + " owned by " + was);
        }
    }
}
