package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.WaitGroup;
import io.jgo.internal.sync.WaitList;
import io.jgo.testing.Await;
import java.lang.reflect.Field;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link WaitGroup}'s fast paths take no lock (Go's WaitGroup: one atomic add): with its wait list's
 * lock held by this thread, an {@code add} or {@code done} that leaves the counter non-zero, or brings
 * it to zero with nobody waiting, {@code tryAwait} and an {@code await} of a zero counter all return.
 * Had any of them taken the lock (which is not reentrant), this thread would wait on itself and the
 * test would fail by its timeout.
 */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class WaitGroupFastPathTest {

    @Test
    void addDoneTryAwaitAndAwaitOfZeroTakeNoLock() {
        WaitGroup wg = new WaitGroup();
        WaitList list = waitListOf(wg);
        list.lock();
        try {
            wg.add(2);
            wg.done();
            assertFalse(wg.tryAwait());
            wg.done(); // zero, nobody waiting
            assertTrue(wg.tryAwait());
            wg.await(); // zero: returns at once
        } finally {
            list.unlock();
        }
    }

    /** With a goroutine parked on the group, adds that leave the counter non-zero still take no lock. */
    @Test
    void addsBesideAParkedWaiterTakeNoLockUntilZero() {
        WaitGroup wg = new WaitGroup();
        WaitList list = waitListOf(wg);
        wg.add(1);
        AtomicInteger returned = new AtomicInteger();
        WaitGroup waiterDone = new WaitGroup();
        waiterDone.add(1);
        Go.go(() -> { // the default runtime
            wg.await();
            returned.incrementAndGet();
            waiterDone.done();
        });
        Pattern parked = Pattern.compile("(?m)^goroutine \\d+ \\[sync\\.WaitGroup\\.Wait\\]:$");
        Await.dumpShows("the waiter parked on the WaitGroup", d -> parked.matcher(d).find());
        list.lock(); // the waiter is parked: its park has released the lock
        try {
            wg.add(3);
            wg.done();
            wg.add(-2); // back to 1: not zero
            assertFalse(wg.tryAwait());
        } finally {
            list.unlock();
        }
        assertEquals(0, returned.get(), "the counter never reached zero");
        wg.done(); // zero with a waiter: the slow path takes the lock and readies it
        waiterDone.await();
        assertEquals(1, returned.get());
    }

    private static WaitList waitListOf(WaitGroup wg) {
        try {
            Field f = WaitGroup.class.getDeclaredField("waiters");
            f.setAccessible(true);
            return (WaitList) f.get(wg);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError("WaitGroup's wait list is the field 'waiters'", e);
        }
    }
}
