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

    private Workloads() {
    }

    public static Workload named(String name) {
        for (Workload w : ALL) {
            if (w.name().equals(name)) {
                return w;
            }
        }
        throw new IllegalArgumentException("unknown workload " + name + "; known: "
                + ALL.stream().map(Workload::name).toList());
    }
}
