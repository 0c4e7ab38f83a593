package io.jgo;

import io.jgo.internal.cont.Leaf;
import io.jgo.internal.cont.LeafPark;
import io.jgo.internal.cont.MethodIds;
import io.jgo.internal.Stack;
import io.jgo.internal.park.Sleep;
import io.jgo.internal.proc.Proc;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Callable;

/**
 * Goroutines: start them ({@link #go}), run a program's main goroutine ({@link #run}), yield
 * ({@link #gosched}), and inspect or resize the scheduler.
 *
 * <p>Every call acts on the runtime of the calling goroutine; from a plain thread, on a default
 * runtime started lazily with daemon carrier threads. {@link #run} starts a fresh runtime of its
 * own. Settings: {@code GOMAXPROCS} (environment) or {@code -Djgo.maxprocs}, {@code -Djgo.stacksize}
 * (carrier stack), {@code -Djgo.deadlock=off}, {@code -Djgo.threadLocals=carrier},
 * {@code -Djgo.schedtrace=MS}, {@code -Djgo.scheddetail}, {@code -Djgo.maxthreads} (most carrier
 * threads, default 10,000), {@code -Djgo.threadWaitWarning=MS} (when a plain thread blocked in a jgo
 * call is warned about, default 10,000), and the others docs/configuration.md lists. Each is checked
 * when a runtime starts: a bad value is an {@link IllegalArgumentException} naming the setting, the
 * value and the valid values.
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
 *       {@code recv}, {@code lock}) keeps waiting when interrupted and keeps its interrupt status
 *       ({@link #sleep} returns early, keeping it). No deadlock check can see such a thread: a long wait is warned about
 *       (with its stack) and the dump on signal lists it.</li>
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
        Proc.go(body);
    }

    /**
     * As {@link #go(Runnable)}, for a body that may throw a checked exception ({@code go(() -> conn.write(buf))}
     * compiles where {@code write} throws {@code IOException}). A lambda or method reference picks
     * this overload ({@link Body} is a {@code Runnable}, so it is the more specific one); a
     * {@code Runnable} variable picks the other. A checked exception escaping the body is a panic
     * like any other: it ends a {@link #run} with a {@link PanicException} whose cause it is.
     */
    public static void go(Body body) {
        go((Runnable) body);
    }

    /**
     * Runs {@code main} as the main goroutine of a fresh runtime and returns when it returns; the
     * calling thread waits meanwhile (main runs on the runtime's carriers, like any goroutine). An
     * exception escaping any goroutine ends the run with a {@link PanicException} naming it (a later
     * one is added to it as suppressed); a deadlock with a {@link DeadlockException}.
     * A goroutine still unwinding its exception when main returns is waited for, as in Go, and its
     * panic is thrown; one that only ends after {@code run} has returned (its carrier stayed busy
     * past the shutdown wait below) is printed to stderr. No exception that ends a goroutine is lost.
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
        if (Proc.inGoroutine()) {
            throw new IllegalStateException("Go.run called from inside a goroutine: start a goroutine with Go.go instead");
        }
        Proc.runMain(main);
    }

    /** As {@link #run(Runnable)}, for a main that may throw a checked exception (see {@link #go(Body)}). */
    public static void run(Body main) {
        run((Runnable) main);
    }

    /**
     * Yields the processor (Go's {@code runtime.Gosched}): the goroutine goes to the global run
     * queue and runs again later. On a plain thread, {@code Thread.yield()}.
     */
    @Goroutine
    @Leaf
    public static void gosched() {
        GOSCHED.$jgo$park(Stack.current(), null, null, null, 0);
    }

    /** {@link #gosched}'s steps: a goroutine yields (a pinned one carries on in place), a plain thread calls {@code Thread.yield}. */
    private static final LeafPark<Stack, RuntimeException> GOSCHED = new LeafPark<>(GOSCHED_ID, Stack.YIELD_GOSCHED) {
        @Override
        protected Object start(Stack s, Object a, Object b, Object c, long n) {
            if (!s.isGoroutine()) {
                Thread.yield();
                return null;
            }
            return PARK;
        }

        @Override
        protected Object resume(Stack s, Object a, Object b, Object c, long n) {
            return null;
        }
    };

    /**
     * Parks the calling goroutine, not its carrier, for at least {@code d} (Go's {@code time.Sleep});
     * a zero or negative duration returns at once. On a plain thread, the thread sleeps.
     *
     * <p><b>Interrupts.</b> An interrupt ends the sleep early and stays set: {@code Go.sleep}
     * declares no {@code InterruptedException}, so it returns as {@code LockSupport.parkNanos}
     * does, at once if the interrupt status is already set, and the caller sees the interrupt with
     * {@code Thread.currentThread().isInterrupted()}. So {@code shutdownNow()} and
     * {@code cancel(true)} reach a task that sleeps. ({@code Thread.sleep} in rewritten code throws
     * {@code InterruptedException} and clears the status, as the JDK does.)
     */
    @Goroutine
    @Leaf
    public static void sleep(Duration d) {
        SLEEP.$jgo$park(Stack.current(), d, null, null, 0);
    }

    /** {@link #sleep}'s steps: a wait on the goroutine's one park, with a deadline and an interrupt ({@code park.Sleep}). */
    private static final LeafPark<Stack, RuntimeException> SLEEP = new LeafPark<>(SLEEP_ID, Stack.YIELD_PARK) {
        @Override
        protected Object start(Stack s, Object d, Object b, Object c, long n) {
            long nanos = saturatedNanos(Objects.requireNonNull((Duration) d, "d"));
            if (nanos <= 0 || !Sleep.prepare(s, nanos)) {
                return null; // no wait, a plain thread slept, or the goroutine is interrupted (its status stays set)
            }
            return PARK;
        }

        @Override
        protected Object resume(Stack s, Object d, Object b, Object c, long n) {
            Sleep.afterPark(s); // the timer readied us, or an interrupt did (pinned: the wait is already over)
            return null;
        }
    };

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

    /**
     * An {@code ExecutorService} that runs each task as a new goroutine of the current runtime (the
     * calling goroutine's, or the default runtime from a plain thread): Loom's
     * {@code newVirtualThreadPerTaskExecutor()} for jgo. {@code close()} (it is {@code AutoCloseable},
     * on JDK 17 too) waits for every task; see {@link GoExecutorService}.
     */
    public static GoExecutorService executor() {
        return new GoExecutorService(Proc.current());
    }

    /** GOMAXPROCS of the current runtime. */
    public static int maxProcs() {
        return Proc.maxProcs();
    }

    /**
     * Sets GOMAXPROCS of the current runtime (1 to 1024) and returns the previous value; {@code 0}
     * returns it without changing it, as Go's {@code runtime.GOMAXPROCS(0)}. A shrink retires the
     * surplus Ps as their goroutines reach a safe point; it never waits for them.
     *
     * @throws IllegalArgumentException if {@code n} is negative or above 1024
     */
    public static int maxProcs(int n) {
        return Proc.maxProcs(n);
    }

    /** Live goroutines of the current runtime. */
    public static int numGoroutine() {
        return Proc.numGoroutine();
    }

    /**
     * Every goroutine of the current runtime in Go's format ({@code runtime.Stack(buf, true)}): a
     * header {@code goroutine 7 [chan receive, 2 minutes]:} (status or wait reason; how long it has
     * waited once that is a minute or more; {@code locked to thread} when bound to a carrier), then
     * its frames, each a function line and a tab-indented {@code File.java:line} line.
     */
    public static String dumpGoroutines() {
        return Proc.dump();
    }

    /**
     * Runs a blocking call (Go's entersyscall/exitsyscall): the goroutine keeps its carrier and its
     * P stays attached to it; if the call lasts (one sysmon tick with work waiting, 10 ms at most)
     * sysmon hands the P to another carrier, and the goroutine takes a P back when the call returns
     * (its own if still there, else an idle one, else it queues for one). Rethrows what the call
     * throws, unchanged. On a plain thread it simply calls. Inside the call the goroutine may do
     * anything a goroutine does: a nested {@code syscall} or a wrapped blocking JDK call simply
     * runs, and a park ({@code Thread.sleep}, {@link #sleep}, a channel, a lock) leaves the syscall
     * while it waits and enters it again when it resumes.
     */
    public static <T> T syscall(Callable<T> blockingCall) throws Exception {
        return Proc.syscall(blockingCall);
    }

    /**
     * {@link #syscall(Callable)} for a call whose checked exceptions the compiler can see: a lambda
     * or method reference picks this overload, and {@code syscall} then throws exactly what the call
     * throws ({@code Go.syscall(() -> in.read())} throws {@code IOException}; a call that throws no
     * checked exception makes {@code syscall} throw none). A {@link Callable} still takes the
     * overload above, which throws {@code Exception}.
     */
    @SuppressWarnings("unchecked")
    public static <T, E extends Exception> T syscall(BlockingCall<T, E> blockingCall) throws E {
        try {
            return Proc.syscall(blockingCall);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw (E) e; // call() declares only E: a checked exception it throws is an E
        }
    }

    /**
     * A goroutine's body that may throw a checked exception, for {@link #go(Body)} and
     * {@link #run(Body)}: a {@code Runnable} whose {@link #run} calls {@link #call} and lets what it
     * throws escape unchanged (a checked exception too, as the JVM allows), so that it ends the
     * goroutine as a panic with that exception as the cause.
     */
    @FunctionalInterface
    public interface Body extends Runnable {
        /** The goroutine's work. */
        @Goroutine
        void call() throws Exception;

        /** Calls {@link #call}; what it throws escapes unchanged, checked or not. */
        @Goroutine
        @Override
        default void run() {
            try {
                call();
            } catch (Exception e) {
                throw Go.<RuntimeException>unchecked(e);
            }
        }
    }

    /** Throws {@code t} as it is, checked or not (the compiler takes {@code E} for unchecked). */
    @SuppressWarnings("unchecked")
    private static <E extends Throwable> E unchecked(Throwable t) throws E {
        throw (E) t;
    }

    /**
     * A blocking call for {@link #syscall(BlockingCall)}: a {@link Callable} whose {@code call} declares
     * the checked exception it may throw as a type parameter, so the compiler keeps it precise.
     *
     * @param <T> what the call returns
     * @param <E> what it may throw ({@code RuntimeException} when nothing checked)
     */
    @FunctionalInterface
    public interface BlockingCall<T, E extends Exception> extends Callable<T> {
        @Override
        T call() throws E;
    }
}
