package io.jgo;

import io.jgo.internal.blocking.Blocking;
import io.jgo.internal.proc.Proc;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.RunnableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * An {@code ExecutorService} that runs each task as a new goroutine ({@link Go#executor()}): jgo's
 * counterpart of Loom's {@code Executors.newVirtualThreadPerTaskExecutor()}, so code that takes an
 * {@code Executor} ({@code CompletableFuture.supplyAsync(s, executor)}, {@code HttpClient.Builder.executor})
 * runs on goroutines.
 *
 * <ul>
 *   <li>The goroutines belong to the runtime that was current when the executor was made (the
 *       calling goroutine's, or the default runtime from a plain thread).</li>
 *   <li>{@code get()} on a returned future parks a goroutine whose code was rewritten (the
 *       instrumenter turns the call into a park), and blocks a plain thread. Exceptions are
 *       {@code FutureTask}'s: {@code ExecutionException} with the task's exception as its cause,
 *       {@code CancellationException}; {@code cancel(true)} interrupts the task's goroutine.</li>
 *   <li>{@link #shutdown} refuses new tasks; {@link #shutdownNow} also interrupts every running task's
 *       goroutine, as Loom's interrupts its threads, and returns an empty list (tasks start at
 *       once, none waits in a queue). The JDK's interruptible calls answer it as on a thread: a
 *       goroutine blocked in a JDK call that rewritten code wraps as a syscall
 *       ({@code CountDownLatch.await}, {@code BlockingQueue.take}, {@code Object.wait}, ...) has
 *       the thread blocked in that call interrupted; one parked in {@code Future.get} or
 *       {@code Thread.sleep} wakes at once with {@code InterruptedException}; {@code Go.sleep}
 *       returns early, leaving the status set; a running one sees it at its next rewritten call
 *       or loop; one parked in a jgo primitive (a channel, a {@code Mutex}: Go's operations have
 *       no interrupts) or blocked in code nobody rewrote finds its status set when it runs again
 *       (docs/api.md, "Context and executors").</li>
 *   <li>{@link #close} is JDK 19's {@code ExecutorService.close()}: shuts down and waits for every
 *       task; an interrupt while waiting turns into {@link #shutdownNow} and is kept.</li>
 *   <li>{@code invokeAll}, {@code invokeAny}, {@link #awaitTermination} and {@link #close} block a
 *       goroutine's carrier in a syscall (its P goes on to other goroutines): they are not
 *       suspension points.</li>
 * </ul>
 * A task handed over by a JDK class ({@code supplyAsync}'s) runs under that class's frames: if it
 * parks, it pins its carrier (see "pinning" in the README).
 */
public final class GoExecutorService extends AbstractExecutorService implements AutoCloseable {

    private final Proc.Handle sched;
    /** Tasks started and not yet ended; added under {@link #lock}, removed by the task's goroutine. */
    private final Set<GoFuture<?>> running = ConcurrentHashMap.newKeySet();
    /** Guards the shutdown decision against new tasks and the termination check. */
    private final Object lock = new Object();
    /** Written under {@link #lock}. */
    private volatile boolean shutdown;
    /** Completed once shut down with no task left. */
    private final CompletableFuture<Void> terminated = new CompletableFuture<>();

    GoExecutorService(Proc.Handle sched) {
        this.sched = sched;
    }

    @Override
    protected <T> RunnableFuture<T> newTaskFor(Callable<T> callable) {
        return new GoFuture<>(this, callable, null, null, false);
    }

    @Override
    protected <T> RunnableFuture<T> newTaskFor(Runnable runnable, T value) {
        return new GoFuture<>(this, null, runnable, value, false);
    }

    /** Starts {@code task} as a goroutine; an exception it throws escapes the goroutine as a thread's would. */
    @Override
    public void execute(Runnable task) {
        Objects.requireNonNull(task, "task");
        GoFuture<?> f = task instanceof GoFuture && ((GoFuture<?>) task).executor() == this ? (GoFuture<?>) task
                : new GoFuture<>(this, null, task, null, true);
        synchronized (lock) {
            if (shutdown) {
                throw new RejectedExecutionException("executor is shut down: " + task);
            }
            running.add(f);
        }
        sched.go(f);
    }

    /** The task's goroutine is done with it (ended, or cancelled before it started). */
    void ended(GoFuture<?> f) {
        running.remove(f);
        if (shutdown) {
            tryTerminate();
        }
    }

    private void tryTerminate() {
        synchronized (lock) {
            if (running.isEmpty()) {
                terminated.complete(null);
            }
        }
    }

    @Override
    public void shutdown() {
        synchronized (lock) {
            shutdown = true;
        }
        tryTerminate();
    }

    @Override
    public List<Runnable> shutdownNow() {
        shutdown();
        for (GoFuture<?> f : running) {
            f.interruptRunner();
        }
        return List.of();
    }

    @Override
    public boolean isShutdown() {
        return shutdown;
    }

    @Override
    public boolean isTerminated() {
        return terminated.isDone();
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        if (terminated.isDone()) {
            return true;
        }
        boolean entered = Blocking.enter(null, Blocking.ALWAYS);
        try {
            terminated.get(timeout, unit);
            return true;
        } catch (TimeoutException e) {
            return false;
        } catch (ExecutionException e) {
            throw new AssertionError(e); // completed only normally
        } finally {
            Blocking.exit(entered);
        }
    }

    /** Shuts down and waits until every task has ended; an interrupt meanwhile interrupts the tasks and is kept. */
    @Override
    public void close() {
        boolean done = isTerminated();
        if (!done) {
            shutdown();
            boolean interrupted = false;
            while (!done) {
                try {
                    done = awaitTermination(1L, TimeUnit.DAYS);
                } catch (InterruptedException e) {
                    if (!interrupted) {
                        shutdownNow();
                        interrupted = true;
                    }
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public <T> List<Future<T>> invokeAll(Collection<? extends Callable<T>> tasks) throws InterruptedException {
        boolean entered = Blocking.enter(null, Blocking.ALWAYS);
        try {
            return super.invokeAll(tasks);
        } finally {
            Blocking.exit(entered);
        }
    }

    @Override
    public <T> List<Future<T>> invokeAll(Collection<? extends Callable<T>> tasks, long timeout, TimeUnit unit)
            throws InterruptedException {
        boolean entered = Blocking.enter(null, Blocking.ALWAYS);
        try {
            return super.invokeAll(tasks, timeout, unit);
        } finally {
            Blocking.exit(entered);
        }
    }

    @Override
    public <T> T invokeAny(Collection<? extends Callable<T>> tasks) throws InterruptedException, ExecutionException {
        boolean entered = Blocking.enter(null, Blocking.ALWAYS);
        try {
            return super.invokeAny(tasks);
        } finally {
            Blocking.exit(entered);
        }
    }

    @Override
    public <T> T invokeAny(Collection<? extends Callable<T>> tasks, long timeout, TimeUnit unit)
            throws InterruptedException, ExecutionException, TimeoutException {
        boolean entered = Blocking.enter(null, Blocking.ALWAYS);
        try {
            return super.invokeAny(tasks, timeout, unit);
        } finally {
            Blocking.exit(entered);
        }
    }

    @Override
    public String toString() {
        return "GoExecutorService[" + sched.name() + (isTerminated() ? ", terminated" : shutdown ? ", shut down" : "")
                + ", tasks=" + running.size() + "]";
    }
}
