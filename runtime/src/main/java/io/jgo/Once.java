package io.jgo;

import io.jgo.internal.sched.park.WaitReason;
import io.jgo.internal.sync.WaitList;

/**
 * Go's {@code sync.Once}: {@link #run} calls the function the first time only; every other call
 * waits until that first call has returned. A function that throws counts as done (as a panic does
 * in Go): later calls return without calling it. The function may suspend (call {@code @Goroutine}
 * methods); waiters park, they do not block their carriers.
 *
 * <p>{@link #done} is the fast path (a volatile read, paired with its volatile write once the
 * function has returned). Otherwise the wait list's lock guards {@link #running} and the waiters,
 * which the finishing caller wakes all at once.
 */
public final class Once {

    private volatile boolean done;
    /** True while the first caller runs the function; guarded by {@link #waiters}' lock. */
    private boolean running;
    private final WaitList waiters = new WaitList();

    /**
     * Calls {@code f} if no call of this Once has started it yet; otherwise waits until it has
     * returned (or thrown).
     */
    @Goroutine
    public void run(Runnable f) {
        if (done) { // volatile read, pairs with the write in finish
            return;
        }
        waiters.touch();
        waiters.lock();
        if (done) {
            waiters.unlock();
            return;
        }
        if (running) {
            waiters.park(WaitReason.SYNC_ONCE_DO, 0, false); // woken by the first caller: done
            return;
        }
        running = true;
        waiters.unlock();
        try {
            f.run();
        } finally {
            finish();
        }
    }

    /** The first caller's function returned or threw: done, and every waiter goes. */
    private void finish() {
        waiters.lock();
        try {
            done = true; // volatile write, pairs with the fast-path read
            running = false;
            waiters.readyAll();
        } finally {
            waiters.unlock();
        }
    }
}
