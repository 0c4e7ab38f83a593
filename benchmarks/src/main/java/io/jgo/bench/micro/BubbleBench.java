package io.jgo.bench.micro;

import io.jgo.Go;
import io.jgo.internal.proc.Bubbles;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What jgo-test's {@code @GoTest} costs (docs/testing.md): a bubble's start and end (a fresh
 * runtime with one carrier, a seeded schedule and a virtual clock, whose main goroutine returns at
 * once), and one advance of its virtual clock (a sleep of one virtual second: the carrier finds
 * nothing to run, sees every goroutine durably blocked, jumps the clock and fires the timer),
 * amortised over {@link #SLEEPS} sleeps in one bubble. On JMH's own thread: a bubble is started from
 * a plain thread, as JUnit starts it.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class BubbleBench {

    static final int SLEEPS = 1_000;

    @Benchmark
    public void bubbleStartAndEnd() {
        Bubbles.run(() -> { }, 1, true, Bubbles.defaultYieldChance());
    }

    @Benchmark
    @OperationsPerInvocation(SLEEPS)
    public void virtualClockAdvanceOfOneSleep() {
        Bubbles.run(() -> {
            for (int i = 0; i < SLEEPS; i++) {
                Go.sleep(Duration.ofSeconds(1));
            }
        }, 1, true, Bubbles.defaultYieldChance());
    }
}
