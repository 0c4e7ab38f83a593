package io.jgo.bench.macro;

import java.util.List;

/** The registry of macro workloads, in the order the harness runs and prints them. */
public final class Workloads {

    /** Every workload; add new ones here. */
    public static final List<Workload> ALL = List.of(
            new SpawnJoin(1_000_000, 10_000),
            new Skynet(1_000_000),
            new Skynet(10_000),
            new GoschedStorm(1_000, 1_000),
            new Fairness(Fairness.Stat.P50, 4, 1_000),
            new Fairness(Fairness.Stat.P99, 4, 1_000),
            new Fairness(Fairness.Stat.MAX, 4, 1_000),
            new SleepStorm(100_000, 20),
            new ShortSyscall(10_000_000),
            new BlockingMix(20, 10, 20, 200_000_000L),
            new PingPong(1_000_000, false),
            new PingPong(1_000_000, true),
            new ThreadRing(2_000_000),
            new BufferedPipe(2_000_000),
            new SelectFour(1_000_000),
            new SkynetChan(1_000_000),
            new SkynetChan(10_000),
            new ContendedMutex(250_000));

    /**
     * One tiny instance of every workload class in {@link #ALL}, for the smoke test in
     * {@code verify} (each run checks its own result, so a broken benchmark fails the build). A
     * workload class added to {@link #ALL} needs its tiny form here; the test says which is missing.
     */
    public static final List<Workload> SMOKE = List.of(
            new SpawnJoin(1_000, 100),
            new Skynet(1_000),
            new GoschedStorm(10, 10),
            new Fairness(Fairness.Stat.P99, 1, 5),
            new SleepStorm(100, 2),
            new ShortSyscall(1_000),
            new BlockingMix(1, 1, 1, 2_000_000L),
            new PingPong(1_000, false),
            new PingPong(1_000, true),
            new ThreadRing(1_000),
            new BufferedPipe(1_000),
            new SelectFour(1_000),
            new SkynetChan(1_000),
            new ContendedMutex(100));

    /**
     * The report's quick mode: every workload of {@link #ALL} at a small size (names that carry a
     * size say the smaller one), so one round at p 1 and 2 on every runtime takes a few minutes.
     * The figures are per item where the workload's unit is, so they read like the full ones, but
     * short runs weigh start-up and JIT more: the report labels them.
     */
    public static final List<Workload> QUICK = List.of(
            new SpawnJoin(100_000, 2_000),
            new Skynet(100_000),
            new Skynet(10_000),
            new GoschedStorm(200, 200),
            new Fairness(Fairness.Stat.P99, 4, 200),
            new Fairness(Fairness.Stat.MAX, 4, 200),
            new SleepStorm(10_000, 5),
            new ShortSyscall(1_000_000),
            new BlockingMix(20, 10, 20, 20_000_000L),
            new PingPong(100_000, false),
            new PingPong(100_000, true),
            new ThreadRing(200_000),
            new BufferedPipe(200_000),
            new SelectFour(100_000),
            new SkynetChan(100_000),
            new SkynetChan(10_000),
            new ContendedMutex(50_000));

    /** The property a child JVM reads to know which set {@link Trial} takes its workload from. */
    public static final String SET_PROPERTY = "jgo.bench.set";

    private Workloads() {
    }

    /** The set named {@code full} ({@link #ALL}), {@code quick} or {@code smoke}. */
    public static List<Workload> set(String name) {
        return switch (name) {
            case "full" -> ALL;
            case "quick" -> QUICK;
            case "smoke" -> SMOKE;
            default -> throw new IllegalArgumentException("unknown workload set " + name + " (expected full, quick or smoke)");
        };
    }

    public static Workload named(String name) {
        return named(ALL, name);
    }

    /** The workload of {@code set} called {@code name}. */
    public static Workload named(List<Workload> set, String name) {
        for (Workload w : set) {
            if (w.name().equals(name)) {
                return w;
            }
        }
        throw new IllegalArgumentException("unknown workload " + name + "; known: "
                + set.stream().map(Workload::name).toList());
    }
}
