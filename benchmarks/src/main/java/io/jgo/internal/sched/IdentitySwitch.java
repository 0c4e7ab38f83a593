package io.jgo.internal.sched;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What per-goroutine thread identity adds to every goroutine switch, measured on the real code: {@code Identity.enter}
 * then {@code Identity.leave} for one goroutine on the calling thread, as g0 runs them around each
 * execution (interrupt status, and the swap of the {@code ThreadLocal} maps). {@code perGoroutine}
 * forks with {@code --add-opens java.base/java.lang=ALL-UNNAMED} (maps swapped); {@code carrier}
 * forks with {@code -Djgo.threadLocals=carrier} (interrupt status only); their difference is the
 * ThreadLocal swap per switch (target: under 5 ns). The goroutine has a map of its own with one
 * value, as an MDC-using goroutine would; {@code perGoroutineWithoutLocals} is one that never set a
 * ThreadLocal (nothing to move: the swap only looks).
 *
 * <p>It lives in the scheduler's package (split across the runtime jar and this module, one class
 * loader, so one runtime package) because {@code Identity}, {@code G} and {@code M} are
 * package-private. The macro workloads measure the same cost inside whole programs, where it is
 * below their noise.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class IdentitySwitch {

    private static final ThreadLocal<String> MDC = new ThreadLocal<>();

    private G g;
    /** A goroutine that never touched a ThreadLocal (most of them): no map to move. */
    private G bare;
    private Thread t;

    @Setup
    public void setUp() {
        Sched s = new Sched(new Config().maxProcs(1).sysmon(false).name("identity-switch"));
        g = new G(s, false);
        bare = new G(s, false);
        t = Thread.currentThread();
        Identity.enter(g, t);
        MDC.set("request-42"); // lands in g's own map (or the thread's, in carrier mode)
        Identity.leave(g, t);
    }

    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {"--add-opens", "java.base/java.lang=ALL-UNNAMED"})
    public Object perGoroutine() {
        Identity.enter(g, t);
        Identity.leave(g, t);
        return g.locals;
    }

    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {"--add-opens", "java.base/java.lang=ALL-UNNAMED"})
    public Object perGoroutineWithoutLocals() {
        Identity.enter(bare, t);
        Identity.leave(bare, t);
        return bare.locals;
    }

    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {"--add-opens", "java.base/java.lang=ALL-UNNAMED", "-Djgo.threadLocals=carrier"})
    public Object carrier() {
        Identity.enter(g, t);
        Identity.leave(g, t);
        return g.locals;
    }
}
