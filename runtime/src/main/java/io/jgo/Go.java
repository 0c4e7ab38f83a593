package io.jgo;

import io.jgo.internal.MethodIds;
import io.jgo.internal.Stack;
import io.jgo.internal.sched.Config;
import io.jgo.internal.sched.G;
import io.jgo.internal.sched.PlainThreads;
import io.jgo.internal.sched.Runtimes;
import io.jgo.internal.sched.Sched;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.locks.LockSupport;

/**
 * Goroutines: start them ({@link #go}), run a program's main goroutine ({@link #run}), yield
 * ({@link #gosched}), and inspect or resize the scheduler.
 *
 * <p>Every call acts on the runtime of the calling goroutine; from a plain thread, on a default
 * runtime started lazily with daemon carrier threads. {@link #run} starts a fresh runtime of its
 * own. Settings: {@code GOMAXPROCS} (environment) or {@code -Djgo.maxprocs}, {@code -Djgo.stacksize}
 * (carrier stack), {@code -Djgo.deadlock=off}, {@code -Djgo.threadLocals=carrier},
 * {@code -Djgo.schedtrace=MS}, {@code -Djgo.scheddetail}, {@code -Djgo.maxthreads} (most carrier
 * threads, default 10,000).
 *
 * <h2>Thread identity</h2>
 * Inside a goroutine {@code Thread.currentThread()} is the carrier thread, but what Java code keeps
 * per thread belongs to the goroutine, as Loom gives each virtual thread its own:
 * <ul>
 *   <li>{@code ThreadLocal} and {@code InheritableThreadLocal} values are per goroutine; a goroutine
 *       started with {@link #go} inherits its starter's inheritable values through
 *       {@code childValue}, as a child thread does. This needs {@code java.lang} open to jgo: the
 *       agent opens it; without the agent (classes rewritten at build time) run with
 *       {@code --add-opens java.base/java.lang=ALL-UNNAMED}, else values stay carrier-scoped, with
 *       a one-time warning. {@code -Djgo.threadLocals=carrier} keeps carrier-scoped values on
 *       purpose.</li>
 *   <li>The interrupt status is per goroutine: it never stays on the carrier after the goroutine
 *       that set it parks, yields or ends, and it comes back when that goroutine runs again, on
 *       any carrier. {@code Thread.interrupt()} of a carrier from outside interrupts the goroutine
 *       running on it at that moment (or blocked on it: pinned, in {@link #syscall}), as if that
 *       goroutine had interrupted itself; a carrier between goroutines drops it, and a parked
 *       goroutine cannot be reached that way. A plain thread blocked in a jgo call ({@code await},
 *       {@code recv}, {@code lock}, {@link #sleep}) keeps waiting when interrupted and keeps its
 *       interrupt status.</li>
 * </ul>
 */
public final class Go {

    private static final int GOSCHED_ID = MethodIds.of("io.jgo.Go", "gosched", "()V");
    private static final int SLEEP_ID = MethodIds.of("io.jgo.Go", "sleep", "(Ljava/time/Duration;)V");

    private Go() {
    }

    /** Starts a goroutine running {@code body} (Go's {@code go body()}). */
    public static void go(Runnable body) {
        Objects.requireNonNull(body, "body");
        Runtimes.current().newproc(body);
    }

    /**
     * Runs {@code main} as the main goroutine of a fresh runtime and returns when it returns; the
     * calling thread waits meanwhile (main runs on the runtime's carriers, like any goroutine). An
     * exception escaping any goroutine ends the run with a {@link PanicException} naming it; a
     * deadlock with a {@link DeadlockException}.
     *
     * <p><b>Main</b> continues the calling thread: it sees the caller's {@code ThreadLocal} values and
     * interrupt status, and {@code run} returns leaving the thread's values and interrupt status as
     * main left them; interrupting the calling thread meanwhile interrupts main.
     *
     * <p><b>Shutdown.</b> When main returns, the runtime stops and {@code run} waits (a second at
     * most) for its threads to end, so it leaves no thread behind. Goroutines still
     * alive then are dropped, with a warning that gives their count: a parked or queued one never
     * runs again (its {@code finally} blocks do not run, as in Go); a running one is stopped at its
     * next safe point; one whose frames block its carrier (pinned, in {@link #syscall}, whose
     * carrier is interrupted) is unwound by an internal error which, if caught, is thrown again at
     * its next wait or yield, so it can never carry on as a goroutine. A goroutine that has only
     * its return left when main returns finishes and is not counted.
     *
     * <p><b>Deadlock.</b> A {@link DeadlockException} ("all goroutines are asleep - deadlock!", with a
     * dump) is thrown only when it is certain: every goroutine is parked, no timer is pending, no
     * goroutine is in a syscall, no plain thread is blocked in a jgo call, nothing was readied or
     * started from outside during a 50 ms grace period, and no parked goroutine waits on a
     * primitive ({@link WaitGroup}, {@link Chan}, {@link Mutex}, {@link RWMutex}, {@link Cond},
     * {@link Semaphore}, {@link Once}, ...) that a plain thread or another runtime's goroutine has
     * ever used, since that party may still release it. When that last condition is all that keeps
     * the check from firing, the run is in doubt: after 10 s of it a warning with the goroutine dump
     * is printed once, and the run goes on waiting. A primitive that a plain thread uses only after
     * everything has parked is not seen in time: use it from that thread first (a {@code tryLock},
     * {@code trySend} or {@code add(0)} is enough), or turn the check off with
     * {@code -Djgo.deadlock=off}.
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

    /**
     * Parks the calling goroutine, not its carrier, for at least {@code d} (Go's {@code time.Sleep});
     * a zero or negative duration returns at once. On a plain thread, the thread sleeps (an interrupt
     * does not cut the sleep short; the thread's interrupt status is kept).
     */
    @Goroutine
    public static void sleep(Duration d) {
        Stack s = Stack.current();
        long via = s.takeCallSite();
        if (s.isResuming()) {
            s.resumeLeaf();
            return; // the timer readied us
        }
        long nanos = saturatedNanos(Objects.requireNonNull(d, "d"));
        if (nanos <= 0) {
            return;
        }
        if (!(s.owner() instanceof G)) {
            sleepThread(nanos);
            return;
        }
        G g = (G) s.owner();
        g.runtime().armSleep(g, nanos);
        s.suspendLeaf(via, SLEEP_ID, Stack.YIELD_PARK); // false: pinned, and the wait is already over
    }

    /**
     * Runs {@code f} as a new goroutine of the current runtime once {@code d} has elapsed (Go's
     * {@code time.AfterFunc}); the returned {@link Timer} can stop or reset it. Waiting costs no
     * thread: the timer sits on a processor's timer heap.
     */
    public static Timer afterFunc(Duration d, Runnable f) {
        Objects.requireNonNull(f, "f");
        return new Timer(new TimerCore(saturatedNanos(Objects.requireNonNull(d, "d")), f));
    }

    /**
     * A channel that receives the current time once, after {@code d} (Go's {@code time.After}). Use
     * it as a timeout case: {@code Select.select(Select.recv(ch, ...), Select.recv(Go.after(d), t -> ...))}.
     */
    public static Chan<java.time.Instant> after(Duration d) {
        return new TimerCore(saturatedNanos(Objects.requireNonNull(d, "d")), 0).channel();
    }

    /** A {@link Timer} that fires once after {@code d} (Go's {@code time.NewTimer}). */
    public static Timer newTimer(Duration d) {
        return new Timer(new TimerCore(saturatedNanos(Objects.requireNonNull(d, "d")), 0));
    }

    /** A channel that receives the time every {@code d} (Go's {@code time.Tick}); null for a non-positive {@code d}, as Go. */
    public static Chan<java.time.Instant> tick(Duration d) {
        if (saturatedNanos(Objects.requireNonNull(d, "d")) <= 0) {
            return null;
        }
        return newTicker(d).c();
    }

    /** A {@link Ticker} with period {@code d} (Go's {@code time.NewTicker}). */
    public static Ticker newTicker(Duration d) {
        return new Ticker(Objects.requireNonNull(d, "d"));
    }

    static long saturatedNanos(Duration d) {
        try {
            return d.toNanos();
        } catch (ArithmeticException tooLong) {
            return d.isNegative() ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
    }

    /** A plain thread inside a jgo call: counted, so no deadlock is reported while it may still act. */
    private static void sleepThread(long nanos) {
        PlainThreads.enter();
        boolean interrupted = false;
        try {
            long deadline = System.nanoTime() + nanos;
            for (long left = nanos; left > 0; left = deadline - System.nanoTime()) {
                interrupted |= Thread.interrupted(); // a set flag would make parkNanos return at once: taken off, put back below
                LockSupport.parkNanos(left);
            }
        } finally {
            PlainThreads.exit();
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * An {@code ExecutorService} that runs each task as a new goroutine of the current runtime (the
     * calling goroutine's, or the default runtime from a plain thread): Loom's
     * {@code newVirtualThreadPerTaskExecutor()} for jgo. {@code close()} (it is {@code AutoCloseable},
     * on JDK 17 too) waits for every task; see {@link GoExecutorService}.
     */
    public static GoExecutorService executor() {
        return new GoExecutorService(Runtimes.current());
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

    /**
     * Every goroutine of the current runtime in Go's format ({@code runtime.Stack(buf, true)}): a
     * header {@code goroutine 7 [chan receive, 2 minutes]:} (status or wait reason; how long it has
     * waited once that is a minute or more; {@code locked to thread} when bound to a carrier), then
     * its frames, each a function line and a tab-indented {@code File.java:line} line.
     */
    public static String dumpGoroutines() {
        return Runtimes.current().dump();
    }

    /**
     * Runs a blocking call (Go's entersyscall/exitsyscall): the goroutine keeps its carrier and its
     * P stays attached to it; if the call lasts (one sysmon tick with work waiting, 10 ms at most)
     * sysmon hands the P to another carrier, and the goroutine takes a P back when the call returns
     * (its own if still there, else an idle one, else it queues for one). Rethrows what the call
     * throws, unchanged. On a plain thread it simply calls.
     */
    public static <T> T syscall(Callable<T> blockingCall) throws Exception {
        G g = Sched.currentG();
        if (g == null) {
            return blockingCall.call();
        }
        return g.runtime().syscall(g, blockingCall);
    }
}
