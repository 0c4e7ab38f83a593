package io.jgo.internal.blocking;

import io.jgo.internal.cont.WaitReason;
import io.jgo.internal.sched.G;
import io.jgo.internal.sched.Interrupts;
import io.jgo.internal.sched.ParkUnlock;
import io.jgo.internal.sched.Parking;
import io.jgo.internal.sched.timer.RuntimeTimer;
import io.jgo.internal.sched.timer.TimerFunc;
import io.jgo.internal.sched.WaitQueue;
import io.jgo.internal.sched.Waiter;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BiConsumer;

/**
 * One goroutine's wait for one future ({@link Futures}), on the parking seam: a one-waiter
 * primitive whose wakers race to end it, and the first one wins: the future's completion (a
 * {@code whenComplete} callback, on whichever thread completes it), the timeout of a timed
 * {@code get} (a runtime timer, on g0 or sysmon) or an interrupt of the goroutine
 * ({@link Interrupts}).
 *
 * <p>Who writes what: {@link #over} and the queue are guarded by {@link #lock}. The goroutine
 * takes the lock, checks {@link #over}, enqueues its waiter and parks still holding it; g0 releases
 * it once the goroutine is off its carrier ({@link #unlockAfterPark}), so a waker that takes the
 * lock either comes first (sets {@link #over}: the goroutine does not park) or finds the waiter
 * parked. The waker wakes it after unlocking, as every primitive on the seam does.
 *
 * <p>The queue is reached by anyone from the start: the deadlock check cannot see who will
 * complete a future, so it never reports a goroutine waiting for one.
 *
 * <p>A timed or interrupted wait leaves its callback on the future until the future completes (a
 * {@code CompletableFuture} offers no way to remove one); the callback then finds the wait over and
 * does nothing.
 */
final class FutureWait implements BiConsumer<Object, Throwable>, TimerFunc, Interrupts.Wait, ParkUnlock {

    /** The future waited for; read back by the goroutine after the wait (the resumed leaf has no arguments). */
    final Future<?> future;
    private final ReentrantLock lock = new ReentrantLock();
    private final WaitQueue queue = WaitQueue.reachedByAnyone();
    /** Has a waker ended the wait? Guarded by {@link #lock}. */
    private boolean over;
    /** The timeout of a timed get, or null; armed by g0 once the goroutine is parked, stopped by the goroutine after the wait. */
    private RuntimeTimer timer;
    private long timeoutNanos;

    FutureWait(Future<?> future) {
        this.future = future;
    }

    /**
     * The goroutine {@code g} prepares to park until {@code done} completes, or for at most
     * {@code timeoutNanos} (negative: no timeout), or (when {@code interruptible}) until it is
     * interrupted. Returns false when it must not park: the wait is already over, or it is
     * interrupted. On true, the park is prepared: the caller yields with {@code YIELD_PARK}.
     */
    boolean prepare(G g, CompletableFuture<?> done, boolean interruptible, long timeoutNanos) {
        done.whenComplete(this); // a done future runs accept here, on this thread, before the lock is taken
        lock.lock();
        if (over || interruptible && Interrupts.enterWait(g, this)) {
            over = true; // an interrupt found now ends it too: a later completion does nothing
            lock.unlock();
            return false;
        }
        if (timeoutNanos >= 0) {
            this.timeoutNanos = timeoutNanos;
            this.timer = g.runtime().newTimer(this);
        }
        Waiter w = Parking.waiterFor(g);
        w.elem = this;
        queue.enqueue(w);
        Parking.prepare(g, w, this, WaitReason.FUTURE);
        return true;
    }

    /** g0, the goroutine failed before it parked: the wait is over, no timeout is armed. */
    @Override
    public void cancelPark() {
        over = true;
        lock.unlock();
    }

    /** g0, once the goroutine is parked: arms the timeout, then lets wakers in. */
    @Override
    public void unlockAfterPark() {
        if (timer != null) {
            timer.reset(timeoutNanos);
        }
        lock.unlock();
    }

    /** The goroutine, running again after the park: its wait, cleaned up (timer stopped, interrupt hook gone). */
    static FutureWait afterPark(G g) {
        Waiter w = (Waiter) Parking.takeWaiting(g);
        FutureWait fw = (FutureWait) w.elem;
        w.elem = null;
        Interrupts.exitWait(g);
        if (fw.timer != null) {
            fw.timer.stop(); // off its heap now if the wait ended otherwise
        }
        return fw;
    }

    /** The future completed (any thread). */
    @Override
    public void accept(Object value, Throwable failure) {
        end();
    }

    /** The timeout (g0 or sysmon). */
    @Override
    public void fire(RuntimeTimer t) {
        end();
    }

    /** The goroutine was interrupted (any thread). */
    @Override
    public void interrupt() {
        end();
    }

    private void end() {
        Waiter w;
        lock.lock();
        try {
            if (over) {
                return;
            }
            over = true;
            w = queue.dequeue(); // null: the goroutine has not parked yet (it will see over), or its runtime stopped
        } finally {
            lock.unlock();
        }
        if (w != null) {
            w.success = true;
            w.wake();
        }
    }
}
