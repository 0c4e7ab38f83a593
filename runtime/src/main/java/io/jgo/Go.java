package io.jgo;

import io.jgo.internal.MethodIds;
import io.jgo.internal.Stack;
import io.jgo.internal.sched.Config;
import io.jgo.internal.sched.G;
import io.jgo.internal.sched.Runtimes;
import io.jgo.internal.sched.Sched;
import java.util.Objects;
import java.util.concurrent.Callable;

/**
 * Goroutines: start them ({@link #go}), run a program's main goroutine ({@link #run}), yield
 * ({@link #gosched}), and inspect or resize the scheduler.
 *
 * <p>Every call acts on the runtime of the calling goroutine; from a plain thread, on a default
 * runtime started lazily with daemon carrier threads. {@link #run} starts a fresh runtime of its
 * own. Settings: {@code GOMAXPROCS} (environment) or {@code -Djgo.maxprocs}, {@code -Djgo.stacksize}
 * (carrier stack), {@code -Djgo.deadlock=off}, {@code -Djgo.schedtrace=MS}, {@code -Djgo.scheddetail}.
 *
 * <p>Inside a goroutine {@code Thread.currentThread()} is the carrier thread, and {@code ThreadLocal}
 * values belong to the carrier, not to the goroutine.
 */
public final class Go {

    private static final int GOSCHED_ID = MethodIds.of("io.jgo.Go", "gosched", "()V");

    private Go() {
    }

    /** Starts a goroutine running {@code body} (Go's {@code go body()}). */
    public static void go(Runnable body) {
        Objects.requireNonNull(body, "body");
        Runtimes.current().newproc(body);
    }

    /**
     * Runs {@code main} as the main goroutine of a fresh runtime, on the calling thread, and returns
     * when it returns; goroutines still alive then are dropped (a warning gives their count). An
     * exception escaping any goroutine ends the run with a {@link PanicException} naming it; a
     * deadlock with a {@link DeadlockException}.
     *
     * @throws IllegalStateException when called from inside a goroutine
     */
    public static void run(Runnable main) {
        Objects.requireNonNull(main, "main");
        if (Sched.currentG() != null) {
            throw new IllegalStateException("Go.run called from inside a goroutine: start a goroutine with Go.go instead");
        }
        new Sched(Config.fromSystem()).runMain(main);
    }

    /**
     * Yields the processor (Go's {@code runtime.Gosched}): the goroutine goes to the global run
     * queue and runs again later. On a plain thread, {@code Thread.yield()}.
     */
    @Goroutine
    public static void gosched() {
        Stack s = Stack.current();
        long via = s.takeCallSite();
        if (s.isResuming()) {
            s.resumeLeaf();
            return;
        }
        if (!s.isGoroutine()) {
            Thread.yield();
            return;
        }
        s.suspendLeaf(via, GOSCHED_ID, Stack.YIELD_GOSCHED); // pinned: carries on in place
    }

    /** GOMAXPROCS of the current runtime. */
    public static int maxProcs() {
        return Runtimes.current().maxProcs();
    }

    /**
     * Sets GOMAXPROCS of the current runtime and returns the previous value. A shrink retires the
     * surplus Ps as their goroutines reach a safe point; it never waits for them.
     */
    public static int maxProcs(int n) {
        return Runtimes.current().maxProcs(n);
    }

    /** Live goroutines of the current runtime. */
    public static int numGoroutine() {
        return Runtimes.current().numGoroutine();
    }

    /** Every goroutine of the current runtime: id, status or wait reason, stack. */
    public static String dumpGoroutines() {
        return Runtimes.current().dump();
    }

    /**
     * Runs a blocking call (Go's entersyscall/exitsyscall): the goroutine keeps its carrier, which
     * hands its P to another carrier meanwhile. Rethrows what the call throws, unchanged. On a plain
     * thread it simply calls.
     */
    public static <T> T syscall(Callable<T> blockingCall) throws Exception {
        G g = Sched.currentG();
        if (g == null) {
            return blockingCall.call();
        }
        return g.runtime().syscall(g, blockingCall);
    }
}
