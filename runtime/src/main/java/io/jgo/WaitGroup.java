package io.jgo;

import io.jgo.internal.MethodIds;
import io.jgo.internal.Stack;
import io.jgo.internal.sched.G;
import io.jgo.internal.sched.PlainThreads;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Go's {@code sync.WaitGroup}: {@link #add} work, {@link #done} it, {@link #await} until the
 * counter is zero. {@code await} parks a goroutine (not its carrier); from a plain thread it blocks
 * the thread. A negative counter panics with Go's message.
 *
 * <p>Waiters are kept under {@link #lock}. A waiting goroutine enqueues itself and yields while
 * still holding it; the scheduler releases it once the goroutine is off its carrier, so
 * {@link #add} never readies a goroutine that is still running.
 */
public final class WaitGroup {

    private static final int AWAIT_ID = MethodIds.of("io.jgo.WaitGroup", "await", "()V");

    private final ReentrantLock lock = new ReentrantLock();
    private long counter;
    /** Gs and {@link ThreadWaiter}s; guarded by {@link #lock}. */
    private final List<Object> waiters = new ArrayList<>();

    /** Adds {@code delta} (may be negative); at zero, wakes every waiter. */
    public void add(int delta) {
        List<Object> wake = null;
        long c;
        lock.lock();
        try {
            c = counter += delta;
            if (c == 0 && !waiters.isEmpty()) {
                wake = new ArrayList<>(waiters);
                waiters.clear();
            }
        } finally {
            lock.unlock();
        }
        if (c < 0) {
            throw new PanicException("sync: negative WaitGroup counter");
        }
        if (wake != null) {
            for (Object w : wake) {
                if (w instanceof G) {
                    G g = (G) w;
                    g.runtime().ready(g);
                } else {
                    ((ThreadWaiter) w).wake();
                }
            }
        }
    }

    /** {@code add(-1)}. */
    public void done() {
        add(-1);
    }

    /** Waits until the counter is zero: parks the calling goroutine, or blocks a plain thread. */
    @Goroutine
    public void await() {
        Stack s = Stack.current();
        long via = s.takeCallSite();
        if (s.isResuming()) {
            s.resumeLeaf();
            return; // readied by add: the counter reached zero
        }
        lock.lock();
        if (counter == 0) {
            lock.unlock();
            return;
        }
        if (!(s.owner() instanceof G)) {
            ThreadWaiter w = new ThreadWaiter(Thread.currentThread());
            PlainThreads.enter(); // before a goroutine can see the waiter: no deadlock report while we wait
            waiters.add(w);
            lock.unlock();
            w.await();
            return;
        }
        G g = (G) s.owner();
        waiters.add(g);
        g.prepareParkUnlocking(lock, "sync.WaitGroup.Wait"); // the scheduler unlocks once g is parked
        if (s.suspendLeaf(via, AWAIT_ID, Stack.YIELD_PARK)) {
            return; // unwinding; resumed above
        }
        // pinned: parkPinned already waited until add readied us
    }

    /** A plain thread blocked in await. */
    private static final class ThreadWaiter {
        private final Thread thread;
        private volatile boolean woken;

        ThreadWaiter(Thread thread) {
            this.thread = thread;
        }

        void await() {
            try {
                while (!woken) { // volatile read, pairs with the write in wake
                    LockSupport.park(this);
                }
            } finally {
                PlainThreads.exit();
            }
        }

        void wake() {
            woken = true;
            LockSupport.unpark(thread);
        }
    }
}
