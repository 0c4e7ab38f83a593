package io.jgo.internal.blocking;

import io.jgo.internal.Stack;
import io.jgo.internal.cont.Leaf;
import io.jgo.internal.cont.LeafPark;
import io.jgo.internal.cont.MethodIds;
import io.jgo.Goroutine;
import io.jgo.internal.sched.park.WaitReason;
import io.jgo.internal.park.Park;
import io.jgo.internal.sched.park.Parking;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * What rewritten code calls instead of {@code CompletableFuture.join()}, {@code Future.get()} and
 * {@code Future.get(timeout, unit)} (the instrumenter's {@code BlockingCalls} substitutes the call
 * site; the receiver becomes the first argument). In a goroutine, waiting for a
 * {@code CompletableFuture} or an {@link Awaitable} future parks the goroutine (its carrier runs
 * other goroutines) until a completion callback readies it (a {@link Park} whose wake is the
 * future's completion, whose deadline is a timed get's timeout and which an interrupt ends when the
 * call is interruptible); then the
 * future's own method is called on the done future, so results and exceptions are exactly the
 * JDK's: {@code ExecutionException}, {@code CompletionException}, {@code CancellationException}.
 * Interrupts and timeouts follow {@code CompletableFuture}'s rules:
 * <ul>
 *   <li>{@code get()}: an interrupt pending at the call, or arriving during the wait, throws
 *       {@code InterruptedException} and clears the status; a future done when the goroutine runs
 *       again wins over an interrupt (the status then stays set).</li>
 *   <li>{@code get(timeout, unit)}: an interrupt wins over the result, the result over the
 *       timeout ({@code TimeoutException}).</li>
 *   <li>{@code join()}: not interruptible; the status stays set.</li>
 * </ul>
 * Any other future (a {@code FutureTask}, a {@code ForkJoinTask}) is waited for in a syscall: the
 * carrier blocks and its P goes to other goroutines, as before. On a plain thread every method is
 * the future's own.
 *
 * <p>Each public method is a {@link Leaf}: it parks through its {@link LeafPark} ({@link Await}),
 * which either resumes (and takes the finished wait) or decides whether to park.
 */
public final class Futures {

    private static final int JOIN_ID = MethodIds.of("io.jgo.internal.blocking.Futures", "join",
            "(Ljava/util/concurrent/CompletableFuture;)Ljava/lang/Object;");
    private static final int GET_ID = MethodIds.of("io.jgo.internal.blocking.Futures", "get",
            "(Ljava/util/concurrent/Future;)Ljava/lang/Object;");
    private static final int TIMED_GET_ID = MethodIds.of("io.jgo.internal.blocking.Futures", "get",
            "(Ljava/util/concurrent/Future;JLjava/util/concurrent/TimeUnit;)Ljava/lang/Object;");

    /** What a leaf's park returns while its frame unwinds (the goroutine parked). */
    private static final Object UNWOUND = LeafPark.UNWOUND;
    /** {@link Await}'s timeout for an untimed wait (a timed one is clamped above it). */
    private static final long NO_TIMEOUT = Long.MIN_VALUE;

    private Futures() {
    }

    /** {@code f.join()}: parks a goroutine until {@code f} completes; not interruptible. */
    @Goroutine
    @Leaf
    public static Object join(CompletableFuture<?> f) {
        Object w = JOIN.$jgo$park(Stack.current(), f, null, null, NO_TIMEOUT);
        if (w == UNWOUND) {
            return null; // unwinding; resumed in JOIN
        }
        return w == null ? f.join() : ((CompletableFuture<?>) waited(w)).join();
    }

    /** {@code f.get()}: parks a goroutine until {@code f} completes or the goroutine is interrupted. */
    @Goroutine
    @Leaf
    public static Object get(Future<?> f) throws InterruptedException, ExecutionException {
        Object w = GET.$jgo$park(Stack.current(), f, null, null, NO_TIMEOUT);
        if (w == UNWOUND) {
            return null;
        }
        if (w == null) {
            return inSyscallIfBlocking(f) ? syscallGet(f) : f.get();
        }
        Future<?> done = waited(w);
        if (!done.isDone()) { // woken by an interrupt, which Identity put on this thread as it resumed
            Thread.interrupted();
            throw new InterruptedException();
        }
        return done.get();
    }

    /** {@code f.get(timeout, unit)}: as {@link #get(Future)}, for at most the timeout. */
    @Goroutine
    @Leaf
    public static Object get(Future<?> f, long timeout, TimeUnit unit)
            throws InterruptedException, ExecutionException, TimeoutException {
        Object w = f == null ? TIMED_GET.$jgo$park(Stack.current(), null, null, null, 0) // a resume passes no arguments
                : TIMED_GET.$jgo$park(Stack.current(), f, null, null, Math.max(unit.toNanos(timeout), NO_TIMEOUT + 1));
        if (w == UNWOUND) {
            return null;
        }
        if (w == null) {
            return inSyscallIfBlocking(f) ? syscallGet(f, timeout, unit) : f.get(timeout, unit);
        }
        Future<?> done = waited(w);
        if (Thread.interrupted()) { // checked first, as CompletableFuture.timedGet does
            throw new InterruptedException();
        }
        if (!done.isDone()) {
            throw new TimeoutException();
        }
        return done.get();
    }

    /** The future of a finished wait (the resumed leaf has no arguments: the park keeps it). */
    private static Future<?> waited(Object park) {
        return (Future<?>) ((Park) park).attachment;
    }

    private static final Await JOIN = new Await(JOIN_ID, false);
    private static final Await GET = new Await(GET_ID, true);
    private static final Await TIMED_GET = new Await(TIMED_GET_ID, true);

    /**
     * The leaves' steps, one instance per method: park if that is possible and needed; after the
     * wake, the finished wait. Arguments: the future, and the timeout in nanoseconds (or
     * {@link #NO_TIMEOUT}). Results: the finished {@link Park} (the future is its attachment); null when the caller must call
     * the future itself (a plain thread, a done future, a future of another kind, an interrupt
     * already pending for an interruptible call, a timeout not positive).
     */
    private static final class Await extends LeafPark<Stack, RuntimeException> {
        private final boolean interruptible;

        Await(int leaf, boolean interruptible) {
            super(leaf, Stack.YIELD_PARK);
            this.interruptible = interruptible;
        }

        @Override
        protected Object start(Stack s, Object future, Object b, Object c, long timeoutNanos) {
            Future<?> f = (Future<?>) future;
            if (Parking.goroutineOf(s) == null || f.isDone() || timeoutNanos != NO_TIMEOUT && timeoutNanos <= 0) {
                return null;
            }
            CompletableFuture<?> done = f instanceof CompletableFuture ? (CompletableFuture<?>) f
                    : f instanceof Awaitable ? ((Awaitable) f).completion() : null;
            if (done == null) {
                return null;
            }
            Park p = new Park(WaitReason.FUTURE, timeoutNanos == NO_TIMEOUT ? Park.NO_DEADLINE : timeoutNanos, interruptible, null);
            p.attachment = f;
            // the completion is the park's wake; a done future runs it here, before the park is prepared.
            // A timed or interrupted wait leaves it on the future (a CompletableFuture cannot drop one): it then loses the CAS.
            done.whenComplete((v, x) -> p.wake());
            if (!p.prepare(s)) {
                return null; // done or interrupted meanwhile: the future's own method answers without blocking
            }
            return PARK;
        }

        @Override
        protected Object resume(Stack s, Object future, Object b, Object c, long timeoutNanos) {
            return Park.afterPark(s);
        }
    }

    /** A goroutine about to call a future that may block it: one jgo cannot wait for, not done. */
    private static boolean inSyscallIfBlocking(Future<?> f) {
        return !f.isDone() && !(f instanceof CompletableFuture) && !(f instanceof Awaitable) && Stack.current().isGoroutine();
    }

    private static Object syscallGet(Future<?> f) throws InterruptedException, ExecutionException {
        boolean entered = Blocking.enter(f, Blocking.ALWAYS);
        try {
            return f.get();
        } finally {
            Blocking.exit(entered);
        }
    }

    private static Object syscallGet(Future<?> f, long timeout, TimeUnit unit)
            throws InterruptedException, ExecutionException, TimeoutException {
        boolean entered = Blocking.enter(f, Blocking.ALWAYS);
        try {
            return f.get(timeout, unit);
        } finally {
            Blocking.exit(entered);
        }
    }
}
