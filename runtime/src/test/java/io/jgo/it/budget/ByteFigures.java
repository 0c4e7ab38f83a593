package io.jgo.it.budget;

import io.jgo.Chan;
import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.Select;
import io.jgo.WaitGroup;
import io.jgo.internal.coroutine.Coroutine;
import io.jgo.internal.sched.Runtimes;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Measures, in a fresh JVM started by {@link ByteBudgetsTest}, what the byte budgets hold: heap
 * retained per parked goroutine at three call depths, and bytes allocated per channel operation,
 * select and spawn. Prints one line per figure, {@code figure NAME VALUE}. Bytes, not time: they do
 * not depend on how loaded the machine is.
 *
 * <h2>Heap per parked goroutine</h2>
 * {@value #PARKED} goroutines each recurse {@code depth} frames (every frame keeps an {@code int} and two
 * references live across its call, as {@code benchmarks}' {@code Footprint} does) and park on one
 * gate; the figure is (heap used after a full collection with all of them parked − heap used after a
 * full collection before they started) / {@value #PARKED}. The rounds of the three depths run in one
 * runtime, each round's goroutines left parked while the next is measured, so that every round's are
 * new Gs (a runtime keeps dead Gs on free lists for reuse, and a runtime that ended is not collected
 * at once); a smaller round in a runtime of its own first loads and rewrites what they use. The least
 * of {@value #REPEATS} such runtimes is kept, each collected before the next starts. The runtime runs at GOMAXPROCS 1: when
 * main, polling, sees that every goroutine counted itself, the last one has also parked (nothing
 * runs between its count and its park but its own code, on the one P). With the serial collector,
 * heap used after a full collection is exact: the figures do not vary from run to run but by what a
 * round's growth of the runtime's own tables (the run queue, the list of all Gs) adds.
 *
 * <h2>Bytes allocated per frame at the first suspension</h2>
 * A new {@link Coroutine} on this (plain) thread runs down {@value #DEEP} frames and suspends: every
 * frame saves its record (an empty one here, as {@code benchmarks}' {@code SuspendResume} first
 * suspension does), on segments that the first unwind allocates. The figure is (bytes this thread
 * allocated per first suspension at depth {@value #DEEP} − at depth 1) / ({@value #DEEP} − 1), the least
 * of {@value #REPEATS} rounds after {@value #WARMUPS}: what the first suspension allocates per extra frame,
 * its records and their segments' headers and spare room (the allocation is most of what a frame's first
 * save costs beyond its few stores).
 *
 * <h2>Bytes allocated per operation</h2>
 * The sum of {@code com.sun.management.ThreadMXBean.getThreadAllocatedBytes} over every live thread
 * (the carriers run the goroutines, and the counters of threads alive across a measurement are
 * exact), across {@value #OPS} operations, divided by their number; after {@value #WARMUPS} rounds
 * to warm the JIT, the least of {@value #REPEATS} rounds. Escape analysis can only make a figure
 * smaller, so a budget is an upper bound.
 */
public final class ByteFigures {

    static final int PARKED = 10_000;
    static final int OPS = 20_000;
    static final int WARMUPS = 2;
    static final int REPEATS = 3;
    static final int[] DEPTHS = {1, 20, 100};
    static final int DEEP = 201;

    private static final Integer VALUE = 7; // a cached box: sends allocate no Integer

    private ByteFigures() {
    }

    public static void main(String[] args) {
        Map<String, Double> figures = new LinkedHashMap<>();
        inRuntimeOfItsOwn(() -> parkedRounds(PARKED / 10, null)); // loads and rewrites what the rounds use
        for (int r = 0; r < REPEATS; r++) {
            Map<String, Double> round = new LinkedHashMap<>();
            inRuntimeOfItsOwn(() -> parkedRounds(PARKED, round));
            round.forEach((name, bytes) -> figures.merge(name, bytes, Math::min));
        }
        figures.put("alloc.firstSuspension.perFrame", firstSuspensionPerFrame());
        Go.run(() -> {
            figures.put("alloc.chan.unbuffered", perOp(ByteFigures::unbufferedSendRecv));
            figures.put("alloc.chan.buffered", perOp(ByteFigures::bufferedSendRecv));
            figures.put("alloc.select", perOp(ByteFigures::selectReady));
            figures.put("alloc.select.parked", perOp(ByteFigures::selectParked));
            figures.put("alloc.spawn", perOp(ByteFigures::spawnJoin));
        });
        figures.forEach((name, value) -> System.out.printf(java.util.Locale.ROOT, "figure %s %.1f%n", name, value));
    }

    // ------------------------------------------------------------------ heap per parked goroutine

    /**
     * One round per depth, in one runtime: {@code n} goroutines parked at that depth, each round's
     * left parked while the next is measured (every round's goroutines are new Gs, none reused from
     * a free list), all released at the end. Puts each round's bytes per parked goroutine in
     * {@code figures} unless it is null.
     */
    @Goroutine
    private static void parkedRounds(int n, Map<String, Double> figures) {
        WaitGroup gate = new WaitGroup();
        gate.add(1);
        WaitGroup done = new WaitGroup();
        done.add(n * DEPTHS.length);
        long before = usedAfterGc();
        for (int depth : DEPTHS) {
            AtomicInteger parked = new AtomicInteger();
            for (int i = 0; i < n; i++) {
                Go.go(() -> {
                    descend(depth, gate, parked);
                    done.done();
                });
            }
            while (parked.get() < n) {
                Go.sleep(Duration.ofMillis(2));
            }
            Go.sleep(Duration.ofMillis(10));
            long after = usedAfterGc();
            if (figures != null) {
                figures.put("parked.depth" + depth, (double) (after - before) / n);
            }
            before = after;
        }
        gate.done();
        done.await();
    }

    /**
     * Runs {@code main} as the main goroutine of a fresh runtime, then waits until that runtime (its
     * Gs and stacks) is collected: its carriers end after {@code Go.run} returns, and a runtime
     * collected during the next one's round would make that round's figures look smaller.
     */
    private static void inRuntimeOfItsOwn(Runnable main) {
        List<WeakReference<Object>> runtime = new ArrayList<>(1);
        Go.run(() -> {
            runtime.add(new WeakReference<>(Runtimes.current()));
            main.run();
        });
        awaitCollected(runtime.get(0));
    }

    private static void awaitCollected(WeakReference<Object> runtime) {
        for (int i = 0; i < 1000 && runtime.get() != null; i++) {
            System.gc();
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }
        if (runtime.get() != null) {
            throw new IllegalStateException("a runtime stayed reachable for 10 s after its Go.run returned");
        }
    }

    /** {@code depth} frames, each with an int and two references live across its call; the innermost parks on {@code gate}. */
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

    private static long usedAfterGc() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    // ------------------------------------------------------------------ bytes allocated per frame at the first suspension

    private static double firstSuspensionPerFrame() {
        return (double) (leastAllocatedPerFirstSuspension(DEEP) - leastAllocatedPerFirstSuspension(1)) / (DEEP - 1);
    }

    /** Bytes this thread allocates for one first suspension {@code depth} frames down: the least of the rounds, over {@value #OPS} / 100 suspensions each. */
    private static long leastAllocatedPerFirstSuspension(int depth) {
        int n = OPS / 100;
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long least = Long.MAX_VALUE;
        for (int r = 0; r < WARMUPS + REPEATS; r++) {
            long before = threads.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < n; i++) {
                firstSuspension(depth);
            }
            long bytes = (threads.getCurrentThreadAllocatedBytes() - before) / n;
            if (r >= WARMUPS) {
                least = Math.min(least, bytes);
            }
        }
        return least;
    }

    private static void firstSuspension(int depth) {
        Coroutine c = new Coroutine(() -> suspendAt(depth));
        if (!c.resume() || c.pins() != 0) {
            throw new IllegalStateException("the first suspension " + depth + " frames down did not unwind (pins: " + c.pins()
                    + "): is the agent missing?");
        }
    }

    /** {@code depth} frames with nothing live across their calls; the innermost suspends. */
    @Goroutine
    static void suspendAt(int depth) {
        if (depth > 1) {
            suspendAt(depth - 1);
            return;
        }
        Coroutine.suspend();
    }

    // ------------------------------------------------------------------ bytes allocated per operation

    /** {@code n} operations of one kind; the goroutines it starts have ended when it returns. */
    @FunctionalInterface
    interface Ops {
        @Goroutine
        void run(int n);
    }

    @Goroutine
    private static double perOp(Ops ops) {
        for (int i = 0; i < WARMUPS; i++) {
            ops.run(OPS);
        }
        long least = Long.MAX_VALUE;
        for (int r = 0; r < REPEATS; r++) {
            long before = allThreadsAllocated();
            ops.run(OPS);
            least = Math.min(least, allThreadsAllocated() - before);
        }
        return (double) least / OPS;
    }

    /** A partner receives what main sends on an unbuffered channel: each send and receive parks one side. */
    @Goroutine
    static void unbufferedSendRecv(int n) {
        Chan<Integer> ch = Chan.make(0);
        WaitGroup done = new WaitGroup();
        done.add(1);
        Go.go(() -> {
            for (int i = 0; i < n; i++) {
                ch.recv();
            }
            done.done();
        });
        for (int i = 0; i < n; i++) {
            ch.send(VALUE);
        }
        done.await();
    }

    /** A send and a receive on a buffered channel by one goroutine: neither parks. */
    @Goroutine
    static void bufferedSendRecv(int n) {
        Chan<Integer> ch = Chan.make(1);
        for (int i = 0; i < n; i++) {
            ch.send(VALUE);
            ch.recv();
        }
    }

    /** A select over two buffered channels, one of them ready (refilled by a send each time). */
    @Goroutine
    static void selectReady(int n) {
        Chan<Integer> a = Chan.make(1);
        Chan<Integer> b = Chan.make(1);
        int[] got = new int[1];
        Select.Case[] cases = {Select.recv(a, v -> got[0]++), Select.recv(b, v -> got[0]++)}; // built once, as a loop would
        for (int i = 0; i < n; i++) {
            a.send(VALUE);
            Select.select(cases);
        }
    }

    /** A select over two unbuffered channels that parks until a partner sends on one of them. */
    @Goroutine
    static void selectParked(int n) {
        Chan<Integer> a = Chan.make(0);
        Chan<Integer> b = Chan.make(0);
        int[] got = new int[1];
        Select.Case[] cases = {Select.recv(a, v -> got[0]++), Select.recv(b, v -> got[0]++)}; // built once, as a loop would
        WaitGroup done = new WaitGroup();
        done.add(1);
        Go.go(() -> {
            for (int i = 0; i < n; i++) {
                (i % 2 == 0 ? a : b).send(VALUE);
            }
            done.done();
        });
        for (int i = 0; i < n; i++) {
            Select.select(cases);
        }
        done.await();
    }

    /** Starts a goroutine that marks a WaitGroup, and waits for it: one spawn (the body's lambda included). */
    @Goroutine
    static void spawnJoin(int n) {
        WaitGroup wg = new WaitGroup();
        for (int i = 0; i < n; i++) {
            wg.add(1);
            Go.go(wg::done);
            wg.await();
        }
    }

    /** Bytes allocated so far by every live thread (a thread that died meanwhile takes its count with it). */
    private static long allThreadsAllocated() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long sum = 0;
        for (long bytes : threads.getThreadAllocatedBytes(threads.getAllThreadIds())) {
            sum += Math.max(0, bytes);
        }
        return sum;
    }
}
