package io.jgo;

import io.jgo.internal.MethodIds;
import io.jgo.internal.Stack;
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

    private static final int GO_ID = MethodIds.of("io.jgo.ErrGroup", "go", "(Lio/jgo/ErrGroup$Task;)V");
    private static final int AWAIT_ID = MethodIds.of("io.jgo.ErrGroup", "await", "()Ljava/lang/Exception;");
    /** Record labels of go and await while the semaphore or the WaitGroup they call is parked. */
    private static final int LABEL_CALL = 2;
    private static final long GO_SITE = (long) GO_ID << 32 | LABEL_CALL | Stack.VIRTUAL_SITE;
    private static final int RUN_ID = MethodIds.of("io.jgo.ErrGroup$Runner", "run", "()V");
    private static final long RUN_SITE = (long) RUN_ID << 32 | LABEL_CALL | Stack.VIRTUAL_SITE;
    private static final long AWAIT_SITE = (long) AWAIT_ID << 32 | LABEL_CALL | Stack.VIRTUAL_SITE;

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

    /**
     * Starts {@code task} in a new goroutine (waiting first for a slot when limited). Hand-written
     * resumable frame: while it waits for a slot it saves the task in its own record.
     */
    @Goroutine
    public void go(Task task) {
        Stack s = Stack.current();
        long via = s.takeCallSite();
        Object recv = s.callee; // this group, as the caller's virtual call site left it
        if (s.isResuming()) {
            s.onAttention(GO_ID); // pops go's own record: it holds the task (a resumed call gets no arguments)
            task = (Task) s.restoreA(0);
        }
        if (limit != null) {
            for (;;) {
                s.callSite = GO_SITE;
                s.callee = limit;
                limit.acquire(1);
                s.callSite = 0;
                if (!s.suspending) {
                    break;
                }
                s.pushFrame(GO_ID, LABEL_CALL, 0, 1);
                Stack.saveA(task, s, 0);
                if (s.mayUnwind(via, GO_ID, recv)) {
                    return;
                }
                s.pinAfterSave();
                s.restoreA(0);
            }
        }
        wg.add(1);
        Go.go(new Runner(task));
    }

    /**
     * A subtask's goroutine body. Hand-written resumable frame (a lambda here would be library code
     * between the goroutine's entry and the task, and a suspending task would pin): the task lives
     * in the receiver, which the entry hands back on every resume.
     */
    private final class Runner implements Runnable {
        private final Task task;

        Runner(Task task) {
            this.task = task;
        }

        @Override
        @Goroutine
        public void run() {
            Stack s = Stack.current();
            long via = s.takeCallSite();
            Object recv = s.callee; // this Runner, as the goroutine entry left it
            if (s.isResuming()) {
                s.onAttention(RUN_ID); // pops run's own (empty) record
            }
            for (;;) {
                try {
                    s.callSite = RUN_SITE;
                    s.callee = task;
                    task.run();
                    s.callSite = 0;
                } catch (Exception e) {
                    if (first.compareAndSet(null, e) && ctx != null) {
                        ctx.cancel(); // before finish: await returns only after the context ended
                    }
                    finish();
                    return;
                } catch (Throwable t) {
                    finish();
                    throw t;
                }
                if (!s.suspending) {
                    finish();
                    return;
                }
                s.pushFrame(RUN_ID, LABEL_CALL, 0, 0);
                if (s.mayUnwind(via, RUN_ID, recv)) {
                    return;
                }
                s.pinAfterSave();
            }
        }

        private void finish() {
            if (limit != null) {
                limit.release(1);
            }
            wg.done();
        }
    }

    /** Waits for every started subtask; returns the first exception thrown, or null. */
    @Goroutine
    public Exception await() {
        Stack s = Stack.current();
        long via = s.takeCallSite();
        Object recv = s.callee; // this group, as the caller's virtual call site left it
        if (s.isResuming()) {
            s.onAttention(AWAIT_ID); // pops await's own record
        }
        for (;;) {
            s.callSite = AWAIT_SITE;
            s.callee = wg;
            wg.await();
            s.callSite = 0;
            if (!s.suspending) {
                if (ctx != null) {
                    ctx.cancel();
                }
                return first.get();
            }
            s.pushFrame(AWAIT_ID, LABEL_CALL, 0, 0);
            if (s.mayUnwind(via, AWAIT_ID, recv)) {
                return null;
            }
            s.pinAfterSave();
        }
    }
}
