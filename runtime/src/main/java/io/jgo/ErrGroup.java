package io.jgo;

import java.util.concurrent.atomic.AtomicReference;

/**
 * A group of goroutines working on subtasks of one task ({@code golang.org/x/sync/errgroup}):
 * {@link #go} starts one, {@link #await} waits for all and returns the first exception any of them
 * threw (or null). With a limit ({@link #ErrGroup(int)}), {@link #go} waits while that many are
 * running, as {@code SetLimit} does. A group made by {@link #withContext} carries a context
 * ({@link #context()}) that is cancelled the first time a subtask throws an exception, and when
 * {@link #await} returns, as {@code errgroup.WithContext}'s is.
 */
public final class ErrGroup {

    /** A subtask: may suspend, may throw. */
    @FunctionalInterface
    public interface Task {
        @Goroutine
        void run() throws Exception;
    }

    private final WaitGroup wg = new WaitGroup();
    private final Semaphore limit;
    private final AtomicReference<Exception> first = new AtomicReference<>();
    /** The group's context, cancelled on the first exception and when await returns; null without {@link #withContext}. */
    private final CancelContext ctx;

    /** No limit on running subtasks. */
    public ErrGroup() {
        this.limit = null;
        this.ctx = null;
    }

    private ErrGroup(CancelContext ctx) {
        this.limit = null;
        this.ctx = ctx;
    }

    /**
     * A group whose {@link #context()} is a child of {@code parent}, cancelled the first time a
     * subtask throws an exception or when {@link #await} returns, whichever comes first (Go's
     * {@code errgroup.WithContext}). Subtasks watch it to stop early.
     */
    public static ErrGroup withContext(Context parent) {
        return new ErrGroup(Context.withCancel(parent));
    }

    /** The context of a group made by {@link #withContext}; {@link Context#background()} for any other group. */
    public Context context() {
        return ctx != null ? ctx : Context.background();
    }

    /** At most {@code limit} subtasks run at once; {@link #go} waits for a free slot. */
    public ErrGroup(int limit) {
        if (limit <= 0) {
            throw new IllegalArgumentException("limit must be positive: " + limit);
        }
        this.limit = new Semaphore(limit);
        this.ctx = null;
    }

    /** Starts {@code task} in a new goroutine, waiting first for a slot when limited. */
    @Goroutine
    public void go(Task task) {
        if (limit != null) {
            limit.acquire(1);
        }
        wg.add(1);
        Go.go(new Runner(task));
    }

    /** A subtask's goroutine body: runs the task, keeps the group's first exception, frees its slot. */
    private final class Runner implements Runnable {
        private final Task task;

        Runner(Task task) {
            this.task = task;
        }

        @Override
        @Goroutine
        public void run() {
            try {
                task.run();
            } catch (Exception e) {
                if (first.compareAndSet(null, e) && ctx != null) {
                    ctx.cancel(); // before wg.done: await returns only after the context ended
                }
            } finally {
                if (limit != null) {
                    limit.release(1);
                }
                wg.done();
            }
        }
    }

    /** Waits for every started subtask; returns the first exception thrown, or null. */
    @Goroutine
    public Exception await() {
        wg.await();
        if (ctx != null) {
            ctx.cancel();
        }
        return first.get();
    }
}
