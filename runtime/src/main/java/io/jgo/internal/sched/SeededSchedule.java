package io.jgo.internal.sched;

import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

/**
 * The coins of a reproducible schedule ({@code io.jgo.test}'s seeds): in a runtime made with one,
 * every decision the scheduler may take freely is drawn from a PRNG seeded once, so the same seed
 * gives the same interleaving. The runtime it belongs to runs one P and no sysmon (no preemption
 * by the clock), so nothing else decides. What it decides:
 * <ul>
 *   <li>a goroutine readied or started by a goroutine goes to {@code runnext} or to the tail of the
 *       local queue ({@link #runNext});</li>
 *   <li>{@code select}'s poll order among its ready cases ({@link #random});</li>
 *   <li>the stress mode's forced yields (each time a goroutine is given its carrier, with
 *       probability {@link #yieldChance} it yields at its first suspension point): the M's own
 *       stress coin, seeded from this seed ({@code Config.stressSeed}).</li>
 * </ul>
 * Threads: drawn only by the holder of the runtime's one P (its g0 or the goroutine it runs);
 * synchronized all the same, for the rare draw without it (a pinned goroutine's hand-off).
 */
public final class SeededSchedule {

    /** The share of goroutine runs that yield at their first suspension point. */
    public static final double DEFAULT_YIELD_CHANCE = 0.5;

    private final long seed;
    private final double yieldChance;
    private final SplittableRandom rnd;

    /** Set once the first seeded schedule is made; until then {@link #random} looks no further. Volatile. */
    private static volatile boolean everMade;

    public SeededSchedule(long seed, double yieldChance) {
        everMade = true;
        this.seed = seed;
        this.yieldChance = yieldChance;
        this.rnd = new SplittableRandom(seed);
    }

    public long seed() {
        return seed;
    }

    double yieldChance() {
        return yieldChance;
    }

    /** runnext (true) or the local queue's tail (false) for a G readied or started now. */
    synchronized boolean runNext() {
        return rnd.nextBoolean();
    }

    /** A bound draw for {@code select}'s order. */
    synchronized int nextInt(int bound) {
        return rnd.nextInt(bound);
    }

    /**
     * The generator {@code select} shuffles its cases with: the seeded schedule of the calling
     * goroutine's runtime, else {@code ThreadLocalRandom}. Any thread.
     */
    public static RandomGenerator random() {
        if (!everMade) { // one static read on the path of every runtime but a seeded one's
            return java.util.concurrent.ThreadLocalRandom.current();
        }
        G g = Sched.currentG();
        SeededSchedule s = g == null ? null : g.sched.seeded;
        return s == null ? java.util.concurrent.ThreadLocalRandom.current() : s.generator;
    }

    private final RandomGenerator generator = new RandomGenerator() {
        @Override
        public long nextLong() {
            synchronized (SeededSchedule.this) {
                return rnd.nextLong();
            }
        }

        @Override
        public int nextInt(int bound) {
            return SeededSchedule.this.nextInt(bound);
        }
    };
}
