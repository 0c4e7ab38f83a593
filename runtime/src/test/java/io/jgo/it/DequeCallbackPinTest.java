package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.internal.Stack;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code forEach} and {@code removeIf} of an {@code ArrayDeque} and a {@code PriorityQueue} whose
 * function suspends at every call do not pin (the runtime's {@code DequeCalls} runs them), and give
 * the JDK's results in the JDK's order (a wrapped-around deque included).
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

    @Test
    void suspendingFunctionsOfADequeAndAPriorityQueueDoNotPin() {
        String[] result = new String[1];
        long before = Stack.pinCount();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream saved = System.err;
        System.setErr(new PrintStream(err, true));
        try {
            Go.run(() -> result[0] = deques());
        } finally {
            System.setErr(saved);
        }
        assertEquals(0, Stack.pinCount() - before, err.toString());
        assertFalse(err.toString().contains("pinned"), err.toString());
        assertEquals("[deque 4, deque 1, deque 3, deque 1, deque 2, removed true [4, 2],"
                + " queue 4, queue 2, queue 3, queue 1, queue 1, removed true [4, 2, 3], none false [4, 2, 3]]", result[0]);
    }
}
