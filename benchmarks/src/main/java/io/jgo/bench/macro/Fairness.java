package io.jgo.bench.macro;

import io.jgo.Go;
import io.jgo.Goroutine;
import java.time.Duration;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicBoolean;
import org.HdrHistogram.Histogram;

/**
 * Fairness under CPU hogs: {@code hogs} CPU-bound goroutines (half of them calling a rewritten
 * method in their loop, half a plain loop that calls nothing) share the Ps with a latency probe
 * that sleeps 1 ms {@code samples} times; the figure is a percentile of the probe's lateness, from
 * an HdrHistogram. On jgo the hogs with calls answer sysmon's preemption at their next call; the
 * hogs without calls lose their P after a second time slice (a blocked-carrier retake) and run on
 * without one. Loom has no time-slice preemption: its hogs stop after {@link #HOG_LIMIT_NANOS} at
 * the latest, so a starved probe ends.
 *
 * <p>Lateness is measured from when the probe should have woken, not from when it happened to
 * run: sample {@code i} is due 1 ms after sample {@code i-1} woke, and the first 1 ms after the
 * probe was started (by {@link Probe}), so a probe that the hogs keep from running at all counts
 * that wait. A run in which a hog ran until its limit (the probe could not finish beside the
 * hogs) is reported as {@link Starved}, not as a figure.
 */
final class Fairness implements Workload {

    /** Which figure of the lateness histogram a run reports. */
    enum Stat { P50, P99, MAX }

    static final long HOG_LIMIT_NANOS = 5_000_000_000L;

    /**
     * {@code -Djgo.bench.fairness.pollingHogs=true}: the call-free hogs run {@link #hogPollingLoop}
     * instead, the same loop rewritten, so it polls for preemption at its back-edge and is asked to
     * yield like the hogs with calls (no hog is retaken). jgo only; for the timeline of both variants
     * side by side (benchmarks/README.md, "Issue 28: causes, with JFR").
     */
    static final boolean POLLING_HOGS = Boolean.getBoolean("jgo.bench.fairness.pollingHogs");

    private final Stat stat;
    private final int hogs;
    private final int samples;

    Fairness(Stat stat, int hogs, int samples) {
        this.stat = stat;
        this.hogs = hogs;
        this.samples = samples;
    }

    @Override
    public String name() {
        return "fairness-" + stat.name().toLowerCase(java.util.Locale.ROOT);
    }

    @Override
    public String unit() {
        return "ms late";
    }

    @Override
    public String measures() {
        return String.format("%d CPU hogs (half calling a method in their loop, half not) and a probe sleeping 1 ms %,d times; "
                + "%s of the probe's lateness", hogs, samples, stat);
    }

    @Override
    public Plan plan(Contender contender, int parallelism) {
        return switch (contender) {
            case JGO -> new Plan("goroutines from the main goroutine of Go.run; the probe uses Go.sleep", this::onJgo);
            case LOOM -> new Plan("virtual threads (no time-slice preemption: hogs stop after 5 s at most); the probe uses Thread.sleep",
                    () -> ThreadRuns.inVirtualMain(() -> onThreads(ThreadRuns.VIRTUAL)));
            case PLATFORM -> new Plan("platform threads (the OS time-slices them); the probe uses Thread.sleep",
                    () -> onThreads(ThreadRuns.PLATFORM));
        };
    }

    private double onJgo() {
        Histogram h = new Histogram(3_600_000_000_000L, 3);
        AtomicBoolean done = new AtomicBoolean();
        AtomicBoolean limitHit = new AtomicBoolean();
        Probe[] probe = new Probe[1];
        Go.run(() -> {
            long limit = System.nanoTime() + HOG_LIMIT_NANOS * 4;
            io.jgo.WaitGroup wg = new io.jgo.WaitGroup();
            wg.add(hogs + 1);
            for (int i = 0; i < hogs; i++) {
                boolean calls = i % 2 == 0;
                Go.go(() -> {
                    if (calls) {
                        hogWithCalls(done, limit);
                    } else if (POLLING_HOGS) {
                        hogPollingLoop(done, limit);
                    } else {
                        hogWithoutCalls(done, limit);
                    }
                    noteLimit(done, limitHit);
                    wg.done();
                });
            }
            Probe sampler = new Probe(h, samples);
            probe[0] = sampler; // read after Go.run returns: the WaitGroup orders the probe's writes before it
            Go.go(() -> {
                while (sampler.more()) {
                    Go.sleep(Duration.ofMillis(1));
                    sampler.woke(io.jgo.internal.proc.Proc.lastSleepFiredAt()); // when its timer fired, for the timeline
                }
                done.set(true);
                wg.done();
            });
            wg.await();
        });
        double figure = figure(h, limitHit.get());
        probe[0].printTimeline(System.err);
        return figure;
    }

    @Goroutine
    static long hogWithCalls(AtomicBoolean done, long limit) {
        long x = 0;
        while (!done.get() && System.nanoTime() < limit) {
            x = step(x);
        }
        return x;
    }

    /** A rewritten method (it holds a suspension point), so its prologue answers preemption. */
    @Goroutine
    static long step(long x) {
        for (int i = 0; i < 100; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
        }
        if (x == 42) {
            Go.gosched();
        }
        return x;
    }

    /** {@link #hogWithoutCalls} rewritten: no call to a rewritten method, but a poll at its loop's back-edge. */
    @Goroutine
    static long hogPollingLoop(AtomicBoolean done, long limit) {
        long x = 0;
        while (!done.get() && System.nanoTime() < limit) {
            for (int i = 0; i < 100; i++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
            }
        }
        return x;
    }

    static long hogWithoutCalls(AtomicBoolean done, long limit) {
        long x = 0;
        while (!done.get() && System.nanoTime() < limit) {
            for (int i = 0; i < 100; i++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
            }
        }
        return x;
    }

    private double onThreads(ThreadFactory threads) throws InterruptedException {
        Histogram h = new Histogram(3_600_000_000_000L, 3);
        AtomicBoolean done = new AtomicBoolean();
        AtomicBoolean limitHit = new AtomicBoolean();
        long limit = System.nanoTime() + HOG_LIMIT_NANOS;
        Thread[] ts = new Thread[hogs + 1];
        for (int i = 0; i < hogs; i++) {
            ts[i] = threads.newThread(() -> {
                hogWithoutCalls(done, limit);
                noteLimit(done, limitHit);
            });
        }
        Probe[] probe = new Probe[1];
        ts[hogs] = threads.newThread(() -> {
            while (probe[0].more()) {
                try {
                    Thread.sleep(1);
                } catch (InterruptedException e) {
                    return;
                }
                probe[0].woke();
            }
            done.set(true);
        });
        for (int i = 0; i < hogs; i++) {
            ts[i].start();
        }
        probe[0] = new Probe(h, samples); // Thread.start publishes it to the probe
        ts[hogs].start();
        for (Thread t : ts) {
            t.join();
        }
        return figure(h, limitHit.get());
    }

    /** A hog's loop ended: if the probe had not finished, the hog stopped at its limit (the probe was starved). */
    private static void noteLimit(AtomicBoolean done, AtomicBoolean limitHit) {
        if (!done.get()) {
            limitHit.set(true);
        }
    }

    /**
     * The probe's clock: each sample's lateness is how long after its due time the probe woke;
     * sample 0 is due 1 ms after construction (the probe's start), sample i 1 ms after sample
     * i-1 woke. Used by the probe's thread only (constructed before it starts; read by the
     * thread that joined it, for {@link #printTimeline}).
     *
     * <p>On jgo each sample also keeps when the sleep's timer fired, for the timeline of late
     * samples: a timer that fired late means the P's holder did not reach its timers (a goroutine
     * that would not yield, or its carrier had no CPU); a sleeper that ran late after an on-time
     * fire waited in a run queue, or its carrier was descheduled.
     */
    static final class Probe {
        /** A sample later than this is printed in the timeline. */
        static final long LATE_NANOS = 5_000_000L;
        /** At most this many lines of the timeline, the latest samples first. */
        static final int TIMELINE_LINES = 40;

        private final Histogram h;
        private final int samples;
        private final long start;
        private final long[] dues;
        private final long[] fired;
        private final long[] woke;
        private long due;
        private int taken;

        Probe(Histogram h, int samples) {
            this.h = h;
            this.samples = samples;
            this.start = System.nanoTime();
            this.due = start + SLEEP_NANOS;
            this.dues = new long[samples];
            this.fired = new long[samples];
            this.woke = new long[samples];
        }

        boolean more() {
            return taken < samples;
        }

        void woke() {
            woke(Long.MIN_VALUE);
        }

        /** A sample ends; {@code firedAt} is when its timer fired (System.nanoTime), or Long.MIN_VALUE if unknown. */
        void woke(long firedAt) {
            long now = System.nanoTime();
            h.recordValue(Math.max(0, now - due));
            dues[taken] = due;
            fired[taken] = firedAt;
            woke[taken] = now;
            taken++;
            due = now + SLEEP_NANOS;
        }

        /**
         * Prints how many samples were later than {@link #LATE_NANOS}, how many of them mostly a late
         * timer and how many mostly queued, and the worst three, on one line that the comparison
         * passes on; then every such sample (at most {@link #TIMELINE_LINES}, the latest first): when
         * it was due since the probe started, when its timer fired and when the probe ran, both
         * after the due time.
         */
        void printTimeline(java.io.PrintStream out) {
            java.util.List<Integer> late = new java.util.ArrayList<>();
            for (int i = 0; i < taken; i++) {
                if (woke[i] - dues[i] > LATE_NANOS) {
                    late.add(i);
                }
            }
            late.sort((a, b) -> Long.compare(woke[b] - dues[b], woke[a] - dues[a]));
            int timerLate = 0;
            int queued = 0;
            for (int i : late) {
                if (fired[i] != Long.MIN_VALUE) {
                    if (fired[i] - dues[i] > woke[i] - fired[i]) {
                        timerLate++;
                    } else {
                        queued++;
                    }
                }
            }
            // One line the comparison passes on from the child's stderr (it starts with "jgo"), with the worst three.
            StringBuilder worst = new StringBuilder();
            for (int k = 0; k < Math.min(late.size(), 3); k++) {
                int i = late.get(k);
                worst.append(k == 0 ? "; worst: " : ", ").append(String.format("+%.1f ms", (woke[i] - dues[i]) / 1e6));
                if (fired[i] != Long.MIN_VALUE) {
                    worst.append(String.format(" (fired +%.1f, ran %.1f after)", (fired[i] - dues[i]) / 1e6, (woke[i] - fired[i]) / 1e6));
                }
            }
            out.printf("jgo-fairness timeline: %d of %d samples over %.0f ms late; by the larger part: timer fired late %d, queued after the fire %d%s%n",
                    late.size(), taken, LATE_NANOS / 1e6, timerLate, queued, worst);
            for (int k = 0; k < Math.min(late.size(), TIMELINE_LINES); k++) {
                int i = late.get(k);
                String fire = fired[i] == Long.MIN_VALUE ? "fired ?"
                        : String.format("fired +%.2f ms, ran %.2f ms after the fire", (fired[i] - dues[i]) / 1e6, (woke[i] - fired[i]) / 1e6);
                out.printf("  sample %4d due at %9.2f ms: ran +%.2f ms; %s%n", i, (dues[i] - start) / 1e6, (woke[i] - dues[i]) / 1e6, fire);
            }
            if (late.size() > TIMELINE_LINES) {
                out.printf("  ... %d more%n", late.size() - TIMELINE_LINES);
            }
        }
    }

    private static final long SLEEP_NANOS = 1_000_000L;

    private double figure(Histogram h, boolean starved) {
        if (starved) {
            throw new Starved(String.format("the hogs ran until their limit: the probe took %,d of %,d samples"
                    + " (its worst lateness so far %.1f ms)", h.getTotalCount(), samples, h.getMaxValue() / 1e6));
        }
        ThreadRuns.check(h.getTotalCount() == samples, "the probe took " + h.getTotalCount() + " samples");
        System.err.printf("probe lateness: p50 %.3f ms, p99 %.3f ms, max %.3f ms%n",
                h.getValueAtPercentile(50) / 1e6, h.getValueAtPercentile(99) / 1e6, h.getMaxValue() / 1e6);
        long v = switch (stat) {
            case P50 -> h.getValueAtPercentile(50);
            case P99 -> h.getValueAtPercentile(99);
            case MAX -> h.getMaxValue();
        };
        return v / 1e6;
    }
}
