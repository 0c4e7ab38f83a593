package io.jgo;

import io.jgo.internal.MethodIds;
import io.jgo.internal.Stack;
import io.jgo.internal.WaitReason;
import io.jgo.internal.sched.G;
import io.jgo.internal.sched.ParkUnlock;
import io.jgo.internal.sched.Parking;
import io.jgo.internal.sched.WaitQueue;
import io.jgo.internal.sched.Waiter;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Go's {@code sync.Once}: {@link #run} calls the function the first time only; every other call
 * waits until that first call has returned. A function that throws counts as done (as a panic does
 * in Go): later calls return without calling it. The function may suspend (call {@code @Goroutine}
 * methods); waiters park, they do not block their carriers.
 *
 * <p>{@link #done} is the fast path (a volatile read, paired with its volatile write once the
 * function has returned). Otherwise {@link #lock} guards {@link #running} and the waiters, which
 * the finishing caller wakes all at once.
 */
public final class Once {

    private static final int RUN_ID = MethodIds.of("io.jgo.Once", "run", "(Ljava/lang/Runnable;)V");
    /** Labels of run's own records: 1 = waiting for the first caller (suspendLeaf's), 2 = the function suspended. */
    private static final int LABEL_BODY = 2;
    private static final long BODY_SITE = (long) RUN_ID << 32 | LABEL_BODY | Stack.VIRTUAL_SITE;

    private volatile boolean done;
    /** True while the first caller runs the function; guarded by {@link #lock}. */
    private boolean running;
    private final ReentrantLock lock = new ReentrantLock();
    private final WaitQueue waiters = new WaitQueue();
    private final ParkUnlock unlock = lock::unlock;

    /**
     * Calls {@code f} if no call of this Once has started it yet; otherwise waits until it has
     * returned (or thrown). Hand-written resumable frame, see {@code io.jgo.Select#select}.
     */
    @Goroutine
    public void run(Runnable f) {
        Stack s = Stack.current();
        long via = s.takeCallSite();
        Object recv = s.callee; // this Once, as the caller's virtual call site left it
        if (s.isResuming()) {
            int label = s.onAttention(RUN_ID); // pops run's own record
            if (label != LABEL_BODY) {
                Parking.takeWaiting(Parking.goroutineOf(s));
                return; // woken by the first caller: done
            }
            f = (Runnable) s.restoreA(0); // a resumed call gets no arguments back
        } else {
            if (done) { // volatile read, pairs with the write in finish
                return;
            }
            G g = Parking.goroutineOf(s);
            waiters.touch(g); // see Parking, "Reach": a first caller outside makes our waiters wakeable
            lock.lock();
            if (done) {
                lock.unlock();
                return;
            }
            if (running) {
                if (g == null) {
                    Waiter w = Waiter.forThread();
                    Parking.enterThreadWait();
                    waiters.enqueue(w);
                    w.awaitAsThread(unlock);
                    return;
                }
                Waiter w = Parking.waiterFor(g);
                waiters.enqueue(w);
                Parking.prepare(g, w, unlock, WaitReason.SYNC_ONCE_DO);
                if (s.suspendLeaf(via, RUN_ID, Stack.YIELD_PARK)) {
                    return; // unwinding; resumed above
                }
                Parking.takeWaiting(g);
                return;
            }
            running = true;
            lock.unlock();
        }
        for (;;) {
            try {
                s.callSite = BODY_SITE; // f's frame may unwind straight into this one
                s.callee = f;
                f.run();
                s.callSite = 0;
            } catch (Throwable t) {
                finish();
                throw t;
            }
            if (!s.suspending) {
                finish();
                return;
            }
            s.pushFrame(RUN_ID, LABEL_BODY, 0, 1); // f suspended: save this frame and unwind, as rewritten code does
            Stack.saveA(f, s, 0);
            if (s.mayUnwind(via, RUN_ID, recv)) {
                return;
            }
            s.pinAfterSave();
            s.restoreA(0);
        }
    }

    /** The first caller's function returned or threw: done, and every waiter goes. */
    private void finish() {
        Waiter wake = null;
        lock.lock();
        try {
            done = true; // volatile write, pairs with the fast-path read
            running = false;
            for (Waiter w; (w = waiters.dequeue()) != null; ) {
                w.success = true;
                w.wakeLink = wake;
                wake = w;
            }
        } finally {
            lock.unlock();
        }
        while (wake != null) {
            Waiter w = wake;
            wake = w.wakeLink;
            w.wakeLink = null;
            w.wake();
        }
    }
}
