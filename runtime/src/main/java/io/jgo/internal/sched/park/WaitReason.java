package io.jgo.internal.sched.park;

/**
 * Why a goroutine is parked (Go's {@code waitReason} in {@code runtime2.go}): the scheduler records
 * one with every park, and goroutine dumps, the scheduler trace and the JFR pin event print its
 * {@link #toString() text}, which is Go's own wording where Go has the same wait.
 *
 * <p>Every parking leaf names its reason with one of these; there is no free-text reason, so a dump
 * reader can rely on the set below (Go's {@code waitReasonStrings} are fixed the same way).
 */
public enum WaitReason {
    /** A receive on a channel ({@code <-ch}). */
    CHAN_RECEIVE("chan receive"),
    /** A send on a channel ({@code ch <- v}). */
    CHAN_SEND("chan send"),
    /** A {@code select} with cases, none ready. */
    SELECT("select"),
    /** A {@code select} without cases (every channel null): parks forever. */
    SELECT_NO_CASES("select (no cases)"),
    /** {@code Go.sleep}, {@code Thread.sleep} in rewritten code. */
    SLEEP("sleep"),
    /** Waiting for a network connection to become ready (the netpoller). */
    IO_WAIT("IO wait"),
    /** {@code Mutex.lock}. */
    SYNC_MUTEX_LOCK("sync.Mutex.Lock"),
    /** {@code RWMutex.rLock}. */
    SYNC_RWMUTEX_RLOCK("sync.RWMutex.RLock"),
    /** {@code RWMutex.lock}. */
    SYNC_RWMUTEX_LOCK("sync.RWMutex.Lock"),
    /** {@code WaitGroup.await}. */
    SYNC_WAIT_GROUP_WAIT("sync.WaitGroup.Wait"),
    /** {@code Cond.await}. */
    SYNC_COND_WAIT("sync.Cond.Wait"),
    /** {@code Once.run} while the first caller runs the function (Go's Once waits on a mutex; jgo names the wait). */
    SYNC_ONCE_DO("sync.Once.Do"),
    /** {@code Latch.await} (no Go equivalent: {@code CountDownLatch.await}'s wording). */
    LATCH_AWAIT("Latch.await"),
    /** {@code Semaphore.acquire} ({@code golang.org/x/sync/semaphore}). */
    SEMAPHORE_ACQUIRE("semaphore.Acquire"),
    /** A goroutine in {@code Future.get} / {@code CompletableFuture.join} (no Go equivalent). */
    FUTURE("future"),
    /** A {@code ReentrantLock} of rewritten code (jgo's {@code ParkingReentrantLock}) held by another party. */
    LOCK("ReentrantLock.lock"),
    /** {@code Condition.await} of such a lock. */
    CONDITION_AWAIT("Condition.await");

    private final String text;

    WaitReason(String text) {
        this.text = text;
    }

    /** Go's text for the reason, as dumps print it ({@code "chan receive"}). */
    @Override
    public String toString() {
        return text;
    }
}
