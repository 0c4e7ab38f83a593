package io.jgo.bench.macro;

import io.jgo.Go;
import io.jgo.WaitGroup;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadFactory;

/**
 * spawn-join: the main goroutine (thread) starts {@code tasks} trivial tasks, each of which only
 * counts itself down on one shared join counter, then waits for all of them. The figure is the
 * elapsed time divided by the number of tasks: the cost of creating, scheduling, running and
 * retiring one goroutine.
 */
final class SpawnJoin implements Workload {

    private final int tasks;
    private final int platformTasks;

    /** {@code platformTasks}: the scaled-down count for a thread per task (about 0.1 ms each). */
    SpawnJoin(int tasks, int platformTasks) {
        this.tasks = tasks;
        this.platformTasks = platformTasks;
    }

    @Override
    public String name() {
        return "spawn-join";
    }

    @Override
    public String unit() {
        return "ns/task";
    }

    @Override
    public String measures() {
        return String.format("start %,d trivial tasks from one main goroutine/thread, wait for all with one "
                + "shared join counter; elapsed / tasks", tasks);
    }

    @Override
    public Plan plan(Contender contender, int parallelism) {
        return switch (contender) {
            case JGO -> new Plan("goroutines started with Go.go from the main goroutine of Go.run; WaitGroup join",
                    () -> onJgo(tasks));
            case LOOM -> new Plan("a virtual thread per task, started from a virtual main thread; CountDownLatch join",
                    () -> ThreadRuns.inVirtualMain(() -> onThreads(ThreadRuns.VIRTUAL, tasks)));
            case PLATFORM -> new Plan(String.format("a platform thread per task (the workload's nature), scaled down to "
                    + "%,d tasks; CountDownLatch join", platformTasks),
                    () -> onThreads(ThreadRuns.PLATFORM, platformTasks));
        };
    }

    private static double onJgo(int n) {
        long[] elapsed = new long[1];
        Go.run(() -> {
            IdleConnection idle = IdleConnection.openIfAsked();
            WaitGroup join = new WaitGroup();
            join.add(n);
            Runnable task = join::done;
            long start = System.nanoTime();
            for (int i = 0; i < n; i++) {
                Go.go(task);
            }
            join.await();
            elapsed[0] = System.nanoTime() - start;
            idle.close();
        });
        ThreadRuns.check(elapsed[0] > 0, "the main goroutine did not finish");
        return (double) elapsed[0] / n;
    }

    private static double onThreads(ThreadFactory threads, int n) {
        CountDownLatch join = new CountDownLatch(n);
        Runnable task = join::countDown;
        long start = System.nanoTime();
        for (int i = 0; i < n; i++) {
            threads.newThread(task).start();
        }
        ThreadRuns.await(join);
        return (double) (System.nanoTime() - start) / n;
    }
}
