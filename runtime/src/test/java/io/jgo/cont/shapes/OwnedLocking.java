package io.jgo.cont.shapes;

import io.jgo.Goroutine;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * Suspensions while a thread-owned {@code java.util.concurrent} lock is held: each pins (its
 * carrier owns the lock, so the goroutine may not leave it), and each suspension after the last
 * release unwinds again. Also the shared counter that goroutines increment under a lock across a
 * suspension ({@link Counter}), one way of taking the lock per {@link Take}.
 */
public final class OwnedLocking {

    private OwnedLocking() {
    }

    /** {@code lock(); yield; unlock()}, then two yields that unwind. */
    public static final class HeldAcrossYield extends Program {
        private final ReentrantLock lock = new ReentrantLock();

        @Goroutine
        @Override
        public void run() {
            int x;
            lock.lock();
            try {
                x = Yield.i(1) + lock.getHoldCount();
            } finally {
                lock.unlock();
            }
            result = x + Yield.i(2) + Yield.i(3);
        }
    }

    /** The write lock, the read lock inside it, through the {@code Lock} interface. */
    public static final class ReadInsideWrite extends Program {
        private final ReentrantReadWriteLock rw = new ReentrantReadWriteLock();

        @Goroutine
        @Override
        public void run() {
            Lock w = rw.writeLock();
            Lock r = rw.readLock();
            int x;
            w.lock();
            try {
                r.lock();
                try {
                    x = Yield.i(rw.getReadHoldCount()) + Yield.i(rw.getWriteHoldCount());
                } finally {
                    r.unlock();
                }
                x += Yield.i(rw.getReadHoldCount());
            } finally {
                w.unlock();
            }
            result = x + Yield.i(10) + Yield.i(20);
        }
    }

    /** Taken in one rewritten method, suspended in a second, released in a third. */
    public static final class AcrossMethods extends Program {
        private final ReentrantLock lock = new ReentrantLock();

        @Goroutine
        @Override
        public void run() {
            take();
            int x = middle(4);
            release();
            result = x + Yield.i(5) + Yield.i(6);
        }

        @Goroutine
        void take() {
            lock.lock();
        }

        @Goroutine
        int middle(int v) {
            return Yield.i(v) * (lock.isHeldByCurrentThread() ? 2 : -1);
        }

        @Goroutine
        void release() {
            lock.unlock();
        }
    }

    /** {@code tryLock()}, {@code tryLock(time, unit)} and {@code lockInterruptibly()}. */
    public static final class TryAndInterruptibly extends Program {
        private final ReentrantLock lock = new ReentrantLock();

        @Goroutine
        @Override
        public void run() {
            int x = 0;
            if (lock.tryLock()) {
                try {
                    x += Yield.i(1);
                } finally {
                    lock.unlock();
                }
            }
            try {
                if (lock.tryLock(1, TimeUnit.DAYS)) {
                    try {
                        x += Yield.i(2);
                    } finally {
                        lock.unlock();
                    }
                }
                lock.lockInterruptibly();
                try {
                    x += Yield.i(3);
                } finally {
                    lock.unlock();
                }
            } catch (InterruptedException e) {
                x = -1;
            }
            result = x + Yield.i(4) + Yield.i(5);
        }
    }

    /** How {@link Counter} takes its lock around the suspension. */
    public enum Take { LOCK, WRITE_LOCK, READ_WRITE_MIX, LOCK_INTERRUPTIBLY, TRY_LOCK, TIMED_TRY_LOCK }

    /**
     * A counter that goroutines increment as {@code lock(); v = c; suspend; c = v + 1; unlock()};
     * readers (in {@link Take#READ_WRITE_MIX}) read it twice around a suspension under the read lock.
     * Unprotected apart from the lock: a lost increment or a torn read means two goroutines were
     * inside at once. {@link #run} is one increment, called through {@code Runnable} from goroutines
     * (so the test, outside this package, calls a class that either path rewrote); {@link #value}
     * and {@link #torn} after.
     */
    public static final class Counter implements Runnable {
        private final ReentrantLock lock = new ReentrantLock();
        private final ReentrantReadWriteLock rw = new ReentrantReadWriteLock();
        private final Take take;
        private int value;
        private int torn;

        /** {@code take} by name: the build-time path loads its own copy of {@link Take}. */
        public Counter(String take) {
            this.take = Take.valueOf(take);
        }

        public int value() {
            return value;
        }

        public int torn() {
            return torn;
        }

        /** One increment (and in the mixed mode one read): suspends while the lock is held. */
        @Goroutine
        @Override
        public void run() {
            Lock l = take == Take.WRITE_LOCK || take == Take.READ_WRITE_MIX ? rw.writeLock() : lock;
            acquire(l);
            try {
                int v = value;
                Yield.here();
                value = v + 1;
            } finally {
                l.unlock();
            }
            if (take == Take.READ_WRITE_MIX) {
                Lock r = rw.readLock();
                r.lock();
                try {
                    int before = value;
                    Yield.here();
                    if (value != before) {
                        torn++; // a writer got in while this reader held the read lock
                    }
                } finally {
                    r.unlock();
                }
            }
        }

        @Goroutine
        private void acquire(Lock l) {
            try {
                switch (take) {
                    case LOCK_INTERRUPTIBLY:
                        l.lockInterruptibly();
                        break;
                    case TRY_LOCK:
                        while (!l.tryLock()) {
                            Yield.here(); // holding nothing: this suspension unwinds
                        }
                        break;
                    case TIMED_TRY_LOCK:
                        if (!l.tryLock(1, TimeUnit.DAYS)) {
                            throw new IllegalStateException("a day went by");
                        }
                        break;
                    default:
                        l.lock();
                }
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
