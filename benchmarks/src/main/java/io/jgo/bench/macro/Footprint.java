package io.jgo.bench.macro;

import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Heap retained per parked goroutine (or virtual thread) at call depth d: {@code n} of them each
 * recurse {@code d} frames (every frame keeps an {@code int} and a reference live across its call,
 * as real code does) and park on one shared gate; the figure is (heap used after a full GC with all
 * of them parked − heap used after a full GC before they started) / n. Everything a parked one
 * holds counts: for jgo the G, its segmented stack and saved records, the body lambda and the
 * waiter entry; for Loom the virtual thread, its continuation and stack chunks.
 *
 * <pre>java -Xmx2g -cp ... io.jgo.bench.macro.Footprint [jgo|loom] [n] [depth,depth,...]</pre>
 * (defaults: jgo, 100,000, depths 1,20,100), or {@code exec:exec@footprint -Dfootprint.args="..."}.
 * Loom's figure at one depth is best taken in a fresh JVM per depth.
 */
public final class Footprint {

    private Footprint() {
    }

    public static void main(String[] args) throws Exception {
        String runtime = args.length > 0 ? args[0] : "jgo";
        int n = args.length > 1 ? Integer.parseInt(args[1].replace("_", "").replace(",", "")) : 100_000;
        String depths = args.length > 2 ? args[2] : "1,20,100";
        for (String d : depths.split(",")) {
            int depth = Integer.parseInt(d.trim());
            long bytes = switch (runtime) {
                case "jgo" -> onJgo(n, depth);
                case "loom" -> onLoom(n, depth);
                default -> throw new IllegalArgumentException("runtime must be jgo or loom, not " + runtime);
            };
            System.out.printf("footprint %s depth %d: %,d bytes per parked %s (%,d parked at once, heap used by them %,d MB;"
                    + " all completed)%n", runtime, depth, bytes / n, runtime.equals("jgo") ? "goroutine" : "virtual thread", n,
                    bytes / (1024 * 1024));
        }
    }

    private static long onJgo(int n, int depth) {
        long[] retained = new long[1];
        Go.run(() -> {
            WaitGroup gate = new WaitGroup();
            gate.add(1);
            WaitGroup done = new WaitGroup();
            done.add(n);
            AtomicInteger parked = new AtomicInteger();
            long before = usedAfterGc();
            for (int i = 0; i < n; i++) {
                Go.go(() -> {
                    descend(depth, gate, parked);
                    done.done();
                });
            }
            while (parked.get() < n) {
                Go.sleep(java.time.Duration.ofMillis(5));
            }
            Go.sleep(java.time.Duration.ofMillis(50)); // the last ones counted themselves, then park
            retained[0] = usedAfterGc() - before;
            gate.done();
            done.await();
        });
        return retained[0];
    }

    /** {@code depth} frames, each with an int and a reference live across its call; the innermost parks on {@code gate}. */
    @Goroutine
    static int descend(int depth, WaitGroup gate, AtomicInteger parked) {
        if (depth <= 1) {
            parked.incrementAndGet();
            gate.await();
            return 1;
        }
        int below = descend(depth - 1, gate, parked);
        return below + depth + (gate == (Object) parked ? 1 : 0);
    }

    private static long onLoom(int n, int depth) throws InterruptedException {
        CountDownLatch gate = new CountDownLatch(1);
        AtomicInteger parked = new AtomicInteger();
        List<Thread> threads = new ArrayList<>(n);
        long before = usedAfterGc();
        for (int i = 0; i < n; i++) {
            threads.add(Thread.ofVirtual().start(() -> descendLoom(depth, gate, parked)));
        }
        while (parked.get() < n) {
            Thread.sleep(5);
        }
        Thread.sleep(50);
        long retained = usedAfterGc() - before - 8L * n; // minus the list's own slots
        gate.countDown();
        for (Thread t : threads) {
            t.join();
        }
        return retained;
    }

    static int descendLoom(int depth, CountDownLatch gate, AtomicInteger parked) {
        if (depth <= 1) {
            parked.incrementAndGet();
            try {
                gate.await();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            return 1;
        }
        int below = descendLoom(depth - 1, gate, parked);
        return below + depth + (gate == (Object) parked ? 1 : 0);
    }

    private static long usedAfterGc() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
