package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jgo.Go;
import io.jgo.Goroutine;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code forEach} and {@code removeIf} of an {@code ArrayDeque} and a {@code PriorityQueue} whose
 * function suspends at every call do not pin (the runtime's {@code DequeCalls} runs them), and give
 * the JDK's results in the JDK's order (a wrapped-around deque included); nor do those handed through
 * the {@code Collections.unmodifiable*} and {@code checked*} wrappers to the collection they wrap. A
 * {@code Collections.synchronized*} wrapper holds its monitor around the function, so there it pins,
 * and the warning names the wrapper's method and the fix.
 */
@Timeout(60)
class DequeCallbackPinTest {

    @Goroutine
    static int yielding(int x) {
        Go.gosched();
        return x;
    }

    @Goroutine
    static String deques() {
        List<String> out = new ArrayList<>();
        ArrayDeque<Integer> deque = new ArrayDeque<>(5);
        deque.addAll(List.of(9, 9, 4, 1));
        deque.poll();
        deque.poll();
        deque.addAll(List.of(3, 1, 2)); // wraps around the array's end
        deque.forEach(x -> out.add("deque " + yielding(x)));
        out.add("removed " + deque.removeIf(x -> yielding(x) % 2 == 1) + " " + deque);
        PriorityQueue<Integer> queue = new PriorityQueue<>(Comparator.reverseOrder());
        queue.addAll(List.of(4, 1, 3, 1, 2));
        queue.forEach(x -> out.add("queue " + yielding(x)));
        out.add("removed " + queue.removeIf(x -> yielding(x) == 1) + " " + queue);
        out.add("none " + queue.removeIf(x -> yielding(x) > 10) + " " + queue);
        return out.toString();
    }

    /** {@code Collections.unmodifiable*} and {@code checked*} wrappers hand the function to the wrapped collection. */
    @Goroutine
    static String wrappers() {
        List<String> out = new ArrayList<>();
        Collections.unmodifiableList(new ArrayList<>(List.of(1, 2))).forEach(x -> out.add("list " + yielding(x)));
        Collections.unmodifiableCollection(new ArrayDeque<>(List.of(3, 4))).forEach(x -> out.add("deque " + yielding(x)));
        List<Integer> checked = Collections.checkedList(new ArrayList<>(List.of(5, 6, 7)), Integer.class);
        out.add("removed " + checked.removeIf(x -> yielding(x) == 6) + " " + checked);
        Map<String, Integer> map = new LinkedHashMap<>(Map.of("a", 1));
        map.put("b", 2);
        Collections.unmodifiableMap(map).forEach((k, v) -> out.add(k + yielding(v)));
        Collections.checkedMap(map, String.class, Integer.class).forEach((k, v) -> out.add("checked " + k + yielding(v)));
        return out.toString();
    }

    @Test
    void suspendingFunctionsHandedThroughCollectionsWrappersDoNotPin() {
        String result = Unpinned.run(DequeCallbackPinTest::wrappers);
        assertEquals("[list 1, list 2, deque 3, deque 4, removed true [5, 7], a1, b2, checked a1, checked b2]", result);
    }

    @Goroutine
    static String synchronizedWrapper() {
        List<String> out = new ArrayList<>();
        Collections.synchronizedList(new ArrayList<>(List.of(1, 2))).forEach(x -> out.add("sync " + yielding(x)));
        return out.toString();
    }

    /** A synchronized wrapper holds its monitor around the callback: it pins, and the warning names the wrapper and the fix. */
    @Test
    void aSynchronizedWrappersCallbackPinsAndTheWarningNamesTheWrapper() {
        Unpinned.Captured run = Unpinned.capture(DequeCallbackPinTest::synchronizedWrapper);
        assertEquals("[sync 1, sync 2]", run.result());
        String warning = run.err();
        org.junit.jupiter.api.Assertions.assertTrue(warning.contains("java.util.Collections$SynchronizedCollection.forEach")
                && warning.contains("io.jgo.Mutex"), warning);
    }

    @Test
    void suspendingFunctionsOfADequeAndAPriorityQueueDoNotPin() {
        String result = Unpinned.run(DequeCallbackPinTest::deques);
        assertEquals("[deque 4, deque 1, deque 3, deque 1, deque 2, removed true [4, 2],"
                + " queue 4, queue 2, queue 3, queue 1, queue 1, removed true [4, 2, 3], none false [4, 2, 3]]", result);
    }
}
