package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.WaitGroup;
import io.jgo.internal.sched.park.WaitReason;
import io.jgo.internal.sync.WaitList;
import io.jgo.testing.NoGoroutinePinned;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link WaitList}, the seam every sync primitive parks on (Go's {@code sema.go}), tested through its
 * protocol alone, as a new primitive uses it: lock, park (the park releases the lock once the party
 * is parked), and a waker that locks, readies and unlocks (the readied party wakes only after the
 * unlock). Goroutines at GOMAXPROCS 4, each test waiting for the parties it needs to be parked (read
 * from the goroutine dump, {@link Parked}), never for a time; no park may pin its carrier. A new
 * primitive's own test takes the same shape: park parties, check what the waker sees under the lock,
 * wake, and count who returned with what.
 */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
@ExtendWith(NoGoroutinePinned.class)
class WaitListTest {

    private static final WaitReason WHY = WaitReason.SEMAPHORE_ACQUIRE;
    private static final String PARKED = "semaphore.Acquire";

    /** A goroutine that parks on {@code list} with {@code ticket}, records what its park returned, then is done. */
    private static void parkInGoroutine(WaitList list, long ticket, boolean lifo, List<String> returned, WaitGroup wg) {
        wg.add(1);
        Go.go(() -> {
            list.lock();
            boolean outcome = list.park(WHY, ticket, lifo); // returns with the lock released
            returned.add(ticket + "=" + outcome);
            wg.done();
        });
    }

    @Test
    void parkReturnsWhatTheWakerPassed() {
        List<String> returned = new CopyOnWriteArrayList<>();
        Go.run(() -> {
            Go.maxProcs(4);
            WaitList list = new WaitList();
            WaitGroup wg = new WaitGroup();
            parkInGoroutine(list, 1, false, returned, wg);
            Parked.await(PARKED, 1);
            parkInGoroutine(list, 2, false, returned, wg);
            Parked.await(PARKED, 2);
            list.lock();
            assertFalse(list.isEmpty(), "both parties are queued");
            list.readyFirst(false); // a mutex's "woken to compete, not to own"
            list.readyFirst(true);  // a hand-off
            list.unlock();
            wg.await();
        });
        assertEquals(List.of("1=false", "2=true"), returned.stream().sorted().toList());
    }

    @Test
    void waitersAreReadiedFirstInFirstOutAndALifoParkGoesFirst() {
        List<String> returned = new CopyOnWriteArrayList<>();
        List<Long> heads = new CopyOnWriteArrayList<>();
        Go.run(() -> {
            Go.maxProcs(4);
            WaitList list = new WaitList();
            WaitGroup wg = new WaitGroup();
            for (long ticket = 1; ticket <= 3; ticket++) {
                parkInGoroutine(list, ticket, false, returned, wg);
                Parked.await(PARKED, (int) ticket); // one at a time: the queue's order is the parks' order
            }
            parkInGoroutine(list, 0, true, returned, wg); // Go's re-queue of a waiter that lost the race
            Parked.await(PARKED, 4);
            for (int i = 0; i < 4; i++) {
                list.lock();
                heads.add(list.firstTicket());
                list.readyFirst(true);
                list.unlock();
                waitUntil(returned, i + 1); // one wake-up at a time, so the returns come in the readying order
            }
            list.lock();
            heads.add(list.firstTicket());
            list.unlock();
            wg.await();
        });
        assertEquals(List.of(0L, 1L, 2L, 3L, WaitList.NO_WAITER), heads, "the head a waker sees, after each wake-up");
        assertEquals(List.of("0=true", "1=true", "2=true", "3=true"), returned);
    }

    @Test
    void readyAllReadiesEveryWaiterAndCountsThem() {
        List<String> returned = new CopyOnWriteArrayList<>();
        int[] readied = new int[1];
        Go.run(() -> {
            Go.maxProcs(4);
            WaitList list = new WaitList();
            WaitGroup wg = new WaitGroup();
            for (long ticket = 1; ticket <= 3; ticket++) {
                parkInGoroutine(list, ticket, false, returned, wg);
            }
            Parked.await(PARKED, 3);
            list.lock();
            readied[0] = list.readyAll();
            assertTrue(list.isEmpty());
            list.unlock();
            wg.await();
        });
        assertEquals(3, readied[0]);
        assertEquals(List.of("1=true", "2=true", "3=true"), returned.stream().sorted().toList());
    }

    @Test
    void aWaiterReadiedUnderTheLockWakesOnlyAfterTheUnlock() {
        List<String> returned = new CopyOnWriteArrayList<>();
        int[] stillParked = new int[1];
        Go.run(() -> {
            Go.maxProcs(4);
            WaitList list = new WaitList();
            WaitGroup wg = new WaitGroup();
            parkInGoroutine(list, 7, false, returned, wg);
            Parked.await(PARKED, 1);
            list.lock();
            list.readyFirst(true);
            stillParked[0] = Parked.count(Go.dumpGoroutines(), "[" + PARKED + "]"); // off the queue, not yet woken
            list.unlock(); // wakes it
            wg.await();
        });
        assertEquals(1, stillParked[0], "readied under the lock, the waiter stays parked until the unlock");
        assertEquals(List.of("7=true"), returned);
    }

    @Test
    void twoListsOfOnePrimitiveShareItsLock() {
        List<String> returned = new CopyOnWriteArrayList<>();
        Go.run(() -> {
            Go.maxProcs(4);
            WaitList readers = new WaitList();
            WaitList writers = new WaitList(readers); // an RWMutex's second queue
            WaitGroup wg = new WaitGroup();
            wg.add(1);
            Go.go(() -> {
                readers.lock(); // the shared lock, released by a park on the other list
                returned.add("writer=" + writers.park(WHY, 1, false));
                wg.done();
            });
            Parked.await(PARKED, 1);
            readers.lock();
            assertTrue(readers.isEmpty(), "parked on the writers' list only");
            writers.readyFirst(true);
            readers.unlock(); // the shared lock's unlock wakes what either list readied
            wg.await();
        });
        assertEquals(List.of("writer=true"), returned);
    }

    @Test
    void aPlainThreadParksAndAGoroutineReadiesIt() throws InterruptedException {
        WaitList list = new WaitList();
        AtomicBoolean outcome = new AtomicBoolean();
        Thread plain = new Thread(() -> {
            list.lock();
            outcome.set(list.park(WHY, 1, false)); // blocks this thread, not a carrier
        });
        plain.start();
        AtomicInteger readied = new AtomicInteger();
        Go.run(() -> {
            Go.maxProcs(4);
            goschedUntilQueued(list);
            list.lock();
            readied.set(list.readyAll());
            list.unlock();
        });
        plain.join();
        assertEquals(1, readied.get());
        assertTrue(outcome.get(), "readyAll's outcome");
    }

    /** Yields until {@code returned} has {@code n} entries. */
    @Goroutine
    private static void waitUntil(List<String> returned, int n) {
        while (returned.size() < n) {
            Go.gosched();
        }
    }

    /** Yields until a party is queued on {@code list} (a plain thread: the dump does not show it). */
    @Goroutine
    private static void goschedUntilQueued(WaitList list) {
        while (list.isEmpty()) {
            Go.gosched();
        }
    }
}
