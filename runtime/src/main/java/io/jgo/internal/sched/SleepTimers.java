package io.jgo.internal.sched;

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Sleeping goroutines, until the timers issue brings Go's per-P timer heaps checked in
 * {@code findRunnable}: one daemon timer thread per runtime readies each sleeper when its time is up
 * (a wake-up from a plain thread: global queue, then wakep). {@link #pending} counts armed sleeps so
 * the deadlock check never fires while a sleeper can still wake.
 *
 * <p>Race closed: the sleeper's lock is held from arming until g0 has parked the G (the scheduler
 * releases it, as for every park), and the timer task takes the same lock before readying, so it
 * can never see a G that is still running. The armed count is decremented only after the ready, so
 * the deadlock check sees either the pending timer or the runnable G.
 */
final class SleepTimers implements Timers {

    private final AtomicInteger armed = new AtomicInteger();
    private final ScheduledThreadPoolExecutor thread;

    SleepTimers(String runtimeName) {
        thread = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, runtimeName + "-timers");
            t.setDaemon(true);
            return t;
        });
        thread.setRemoveOnCancelPolicy(true);
    }

    @Override
    public void check(P p) {
        // Nothing to run on the P: the timer thread readies sleepers itself.
    }

    @Override
    public boolean pending() {
        return armed.get() > 0;
    }

    /**
     * Arms a wake-up of {@code g} after {@code nanos}, with {@code lock} held by the caller (the
     * sleeping goroutine, on its own thread); the scheduler unlocks it once g is parked.
     */
    void arm(Sched sched, G g, long nanos, ReentrantLock lock) {
        armed.incrementAndGet();
        thread.schedule(() -> {
            lock.lock(); // waits until g0 has parked g
            try {
                sched.ready(g);
            } finally {
                lock.unlock();
                armed.decrementAndGet();
            }
        }, nanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public Handle start(long nanos, Runnable fire) {
        Armed a = new Armed(fire);
        armed.incrementAndGet(); // before the task can run: pending() covers it from now on
        a.future = thread.schedule(a, Math.max(0, nanos), TimeUnit.NANOSECONDS);
        return a;
    }

    /**
     * One armed timer: {@code state} goes 0 -> 1 once, by whichever comes first, the run or a stop
     * (a CAS, so the armed count drops exactly once and stop reports whether it won).
     */
    private final class Armed extends java.util.concurrent.atomic.AtomicInteger implements Runnable, Handle {
        private final Runnable fire;
        volatile ScheduledFuture<?> future;

        Armed(Runnable fire) {
            this.fire = fire;
        }

        @Override
        public void run() {
            if (compareAndSet(0, 1)) {
                try {
                    fire.run();
                } finally {
                    armed.decrementAndGet(); // after the fire readied its G: the deadlock check sees one or the other
                }
            }
        }

        @Override
        public boolean stop() {
            if (!compareAndSet(0, 1)) {
                return false;
            }
            armed.decrementAndGet();
            ScheduledFuture<?> f = future;
            if (f != null) {
                f.cancel(false); // removed from the queue (remove-on-cancel policy)
            }
            return true;
        }
    }

    void shutdown() {
        thread.shutdownNow();
    }
}
