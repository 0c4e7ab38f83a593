package io.jgo;

import io.jgo.internal.cont.Continuation;
import io.jgo.internal.blocking.Awaitable;
import io.jgo.internal.blocking.Blocking;
import io.jgo.internal.proc.Proc;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RunnableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One task of a {@link GoExecutorService} and its future, as {@code FutureTask} is for a thread
 * pool: {@link #run} is the body of the task's goroutine, {@code get} reports the outcome with
 * {@code FutureTask}'s exceptions, {@code cancel(true)} interrupts the goroutine.
 *
 * <p>{@link #run} is ordinary {@code @Goroutine} code, rewritten by the build like {@code ErrGroup}'s
 * runner (a library frame between the goroutine's entry and the task would pin a task that parks).
 *
 * <h2>Threads</h2>
 * The outcome is the value of {@link #completion}, completed once by whichever comes first, the
 * task's end or a cancel. {@link #runner} is the goroutine running the task, written and read
 * under {@link #lock}: the goroutine clears it before it ends, and {@code cancel(true)} interrupts
 * it under the same lock, so an interrupt never reaches a G reused by another goroutine.
 */
final class GoFuture<T> implements RunnableFuture<T>, Awaitable {

    /** The outcome of a cancelled future. */
    private static final Object CANCELLED = new Object();

    private final GoExecutorService executor;
    /** The task: a callable, or a runnable and the result to give. */
    private final Callable<T> callable;
    private final Runnable runnable;
    private final T result;
    /** A task of {@code execute}: its exception escapes the goroutine too (a panic), as a thread's reaches its handler. */
    private final boolean rethrow;
    /** Completed once, normally, with the outcome: the value, a {@link Failure}, or {@link #CANCELLED}. */
    private final CompletableFuture<Object> completion = new CompletableFuture<>();
    private final Object lock = new Object();
    /** The goroutine running the task, or null; guarded by {@link #lock}. */
    private Continuation.Owner runner;

    GoFuture(GoExecutorService executor, Callable<T> callable, Runnable runnable, T result, boolean rethrow) {
        this.executor = executor;
        this.callable = callable;
        this.runnable = runnable;
        this.result = result;
        this.rethrow = rethrow;
    }

    GoExecutorService executor() {
        return executor;
    }

    /** A task that threw. */
    private static final class Failure {
        final Throwable cause;

        Failure(Throwable cause) {
            this.cause = cause;
        }
    }

    @Override
    @Goroutine
    public void run() {
        if (!start()) {
            executor.ended(this); // cancelled before it started
            return;
        }
        Object value;
        try {
            if (callable != null) {
                value = callable.call();
            } else {
                runnable.run();
                value = result;
            }
        } catch (Throwable t) {
            finish(new Failure(t));
            if (rethrow) {
                throw GoFuture.<RuntimeException>sneaky(t);
            }
            return;
        }
        finish(value);
    }

    /** The goroutine takes the task: false when it was cancelled first. */
    private boolean start() {
        synchronized (lock) {
            if (completion.isDone()) {
                return false;
            }
            runner = Proc.currentGoroutine(); // null when a plain thread calls run() itself
            return true;
        }
    }

    private void finish(Object outcome) {
        synchronized (lock) {
            runner = null; // before the goroutine ends: no interrupt after this (class comment)
        }
        completion.complete(outcome); // loses to an earlier cancel
        executor.ended(this);
    }

    @SuppressWarnings("unchecked")
    private static <E extends Throwable> E sneaky(Throwable t) throws E {
        throw (E) t;
    }

    /** Interrupts the task's goroutine if it is running ({@code shutdownNow}, {@code cancel(true)}). */
    void interruptRunner() {
        synchronized (lock) {
            if (runner != null) {
                Proc.interrupt(runner);
            }
        }
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        if (!completion.complete(CANCELLED)) {
            return false;
        }
        if (mayInterruptIfRunning) {
            interruptRunner();
        }
        return true;
    }

    @Override
    public boolean isCancelled() {
        return completion.getNow(null) == CANCELLED;
    }

    @Override
    public boolean isDone() {
        return completion.isDone();
    }

    /**
     * Waits for the outcome. Rewritten goroutine code does not come here while the task runs (its
     * {@code get} parks in {@code io.jgo.internal.blocking.Futures}); code nobody rewrote does, and then waits
     * in a syscall: the carrier blocks, its P goes to other goroutines.
     */
    @Override
    public T get() throws InterruptedException, ExecutionException {
        if (!completion.isDone()) {
            boolean entered = Blocking.enter(null, Blocking.ALWAYS);
            try {
                completion.get();
            } finally {
                Blocking.exit(entered);
            }
        }
        return report();
    }

    @Override
    public T get(long timeout, TimeUnit unit) throws InterruptedException, ExecutionException, TimeoutException {
        if (!completion.isDone()) {
            boolean entered = Blocking.enter(null, Blocking.ALWAYS);
            try {
                completion.get(timeout, unit);
            } finally {
                Blocking.exit(entered);
            }
        }
        return report();
    }

    /** The outcome of the done future, as {@code FutureTask} reports it. */
    @SuppressWarnings("unchecked")
    private T report() throws ExecutionException {
        Object o = completion.join();
        if (o == CANCELLED) {
            throw new CancellationException();
        }
        if (o instanceof Failure) {
            throw new ExecutionException(((Failure) o).cause);
        }
        return (T) o;
    }

    @Override
    public CompletableFuture<?> completion() {
        return completion;
    }

    @Override
    public String toString() {
        Object o = completion.getNow(null);
        String state = o == null ? "Not completed" : o == CANCELLED ? "Cancelled"
                : o instanceof Failure ? "Completed exceptionally: " + ((Failure) o).cause : "Completed normally";
        return super.toString() + "[" + state + ", task = " + (callable != null ? callable : runnable) + "]";
    }
}
