package io.jgo.internal.sched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Single-threaded behaviour of {@link GlobalRunQueue}: order, exact size, the batch formula. */
class GlobalRunQueueTest {

    private final GlobalRunQueue<Integer> global = new GlobalRunQueue<>();

    @Test
    void putAndPollInFifoOrder() {
        assertNull(global.poll());
        for (int i = 0; i < 1000; i++) { // several chunks of the unbounded queue
            global.put(i);
        }
        assertEquals(1000, global.size());
        for (int i = 0; i < 1000; i++) {
            assertEquals(i, global.poll());
        }
        assertNull(global.poll());
        assertTrue(global.isEmpty());
    }

    @Test
    void putBatchKeepsOrderAfterEarlierPuts() {
        global.put(1);
        global.putBatch(List.of(2, 3, 4));
        global.putBatch(List.of());
        global.put(5);
        assertEquals(5, global.size());
        assertEquals(List.of(1, 2, 3, 4, 5), pollAll());
    }

    /** min(size/gomaxprocs + 1, size, max), as in Go's globrunqget. */
    @ParameterizedTest(name = "size {0}, gomaxprocs {1}, max {2}: {3}")
    @CsvSource({
        "1, 1, 128, 1",
        "1, 8, 128, 1",
        "2, 1, 128, 2",     // size/1 + 1 = 3, capped by size
        "10, 1, 128, 10",
        "10, 2, 128, 6",
        "10, 4, 128, 3",
        "10, 16, 128, 1",
        "100, 3, 128, 34",
        "1000, 1, 128, 128", // capped by max
        "1000, 4, 128, 128",
        "1000, 8, 128, 126",
        "1000, 8, 100, 100",
        "7, 2, 2, 2",
    })
    void batchSizeFollowsGoFormula(int size, int gomaxprocs, int max, int expected) {
        assertEquals(expected, GlobalRunQueue.batchSize(size, gomaxprocs, max));
    }

    @ParameterizedTest(name = "size {0}, gomaxprocs {1}, max {2}: {3}")
    @CsvSource({"10, 2, 128, 6", "10, 1, 128, 10", "300, 1, 128, 128", "300, 2, 128, 128", "300, 4, 128, 76",
                "9, 4, 2, 2", "1, 4, 128, 1"})
    void pollBatchReturnsFirstAndQueuesTheRestLocally(int size, int gomaxprocs, int max, int expected) {
        for (int i = 0; i < size; i++) {
            global.put(i);
        }
        LocalRunQueue<Integer> local = new LocalRunQueue<>();
        assertEquals(0, global.pollBatch(local, gomaxprocs, max));
        assertEquals(expected, local.lastGlobalBatch());
        assertEquals(expected - 1, local.size());
        assertEquals(size - expected, global.size());
        for (int i = 1; i < expected; i++) {
            assertEquals(i, local.get());
        }
        assertNull(local.get());
        // The global queue continues where the batch ended.
        assertEquals(expected < size ? Integer.valueOf(expected) : null, global.poll());
    }

    @Test
    void pollBatchOnEmptyQueueReturnsNull() {
        LocalRunQueue<Integer> local = new LocalRunQueue<>(4);
        assertNull(global.pollBatch(local, 4, 128));
        assertEquals(0, local.lastGlobalBatch());
        assertTrue(local.isEmpty());
    }

    @Test
    void pollBatchIntoASmallRingSpillsBackToTheTail() {
        for (int i = 0; i < 10; i++) {
            global.put(i);
        }
        LocalRunQueue<Integer> local = new LocalRunQueue<>(4);
        // Batch of 10: 0 is returned, 1..4 fill the ring; 5 overflows (1, 2 and 5 go back to the
        // tail), 6 and 7 fill the ring again, 8 overflows (3, 4 and 8), 9 is queued.
        assertEquals(0, global.pollBatch(local, 1, 128));
        assertEquals(6, global.size());
        List<Integer> seen = new ArrayList<>();
        for (Integer g; (g = local.get()) != null; ) {
            seen.add(g);
        }
        seen.addAll(pollAll());
        assertEquals(List.of(6, 7, 9, 1, 2, 5, 3, 4, 8), seen);
    }

    @Test
    void pollBatchRejectsNonPositiveArguments() {
        LocalRunQueue<Integer> local = new LocalRunQueue<>(4);
        assertThrows(IllegalArgumentException.class, () -> global.pollBatch(local, 0, 128));
        assertThrows(IllegalArgumentException.class, () -> global.pollBatch(local, 1, 0));
    }

    @Test
    void nullsAreRejected() {
        assertThrows(NullPointerException.class, () -> global.put(null));
        List<Integer> withNull = new ArrayList<>();
        withNull.add(null);
        assertThrows(NullPointerException.class, () -> global.putBatch(withNull));
    }

    private List<Integer> pollAll() {
        List<Integer> out = new ArrayList<>();
        for (Integer g; (g = global.poll()) != null; ) {
            out.add(g);
        }
        return out;
    }
}
