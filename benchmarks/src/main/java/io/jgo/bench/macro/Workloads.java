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
            new PingPong(1_000_000),
            new ThreadRing(2_000_000),
            new BufferedPipe(2_000_000),
            new SelectFour(1_000_000),
            new SkynetChan(1_000_000),
            new SkynetChan(10_000),
            new ContendedMutex(250_000));

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
