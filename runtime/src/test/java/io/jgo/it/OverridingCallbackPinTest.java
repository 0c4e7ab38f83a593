package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jgo.Go;
import io.jgo.Goroutine;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Suspending functions handed to the JDK methods whose classes override the interface's default
 * with a loop of their own: {@code forEachRemaining} of an {@code ArrayDeque}'s iterators (a
 * wrapped-around deque, ascending and descending, and {@code remove()} after it), of a
 * {@code TreeSet}'s descending and view iterators, of the {@code Collections.unmodifiable*} and
 * {@code checked*} wrappers' iterators (entry sets too); a checked list's {@code replaceAll} and
 * {@code sort}, a checked map's compute methods, {@code merge} and {@code replaceAll}. None pins
 * (the runtime's stand-ins run them), and each gives the JDK's result: the expected strings are
 * what the same code prints on a plain JDK with a function that does not yield.
 */
@Timeout(60)
class OverridingCallbackPinTest {

    @Goroutine
    static int yielding(int x) {
        Go.gosched();
        return x;
    }

    @Goroutine
    static String iterators() {
        List<String> out = new ArrayList<>();
        ArrayDeque<Integer> deque = new ArrayDeque<>(5);
        deque.addAll(List.of(9, 9, 4, 1));
        deque.poll();
        deque.poll();
        deque.addAll(List.of(3, 1, 2)); // wraps around the array's end
        Iterator<Integer> it = deque.iterator();
        it.next();
        it.forEachRemaining(x -> out.add("deque " + yielding(x)));
        it.remove();
        deque.descendingIterator().forEachRemaining(x -> out.add("descending " + yielding(x)));
        TreeSet<Integer> set = new TreeSet<>(List.of(5, 2, 8, 1));
        set.descendingIterator().forEachRemaining(x -> out.add("set down " + yielding(x)));
        set.headSet(6).iterator().forEachRemaining(x -> out.add("head " + yielding(x)));
        Collections.unmodifiableList(new ArrayList<>(List.of(1, 2))).iterator().forEachRemaining(x -> out.add("unmodifiable " + yielding(x)));
        Collections.checkedList(new LinkedList<>(List.of(3, 4)), Integer.class).listIterator()
                .forEachRemaining(x -> out.add("checked " + yielding(x)));
        Map<String, Integer> map = new TreeMap<>(Map.of("a", 1, "b", 2));
        Collections.unmodifiableMap(map).entrySet().iterator().forEachRemaining(e -> out.add("entry " + e.getKey() + yielding(e.getValue())));
        Collections.checkedMap(map, String.class, Integer.class).entrySet().iterator()
                .forEachRemaining(e -> out.add("checked entry " + e.getKey() + yielding(e.getValue())));
        return out + " " + deque;
    }
    @Goroutine
    static String wrappers() {
        List<String> out = new ArrayList<>();
        List<Integer> list = Collections.checkedList(new ArrayList<>(List.of(3, 1, 2)), Integer.class);
        list.replaceAll(x -> yielding(x) * 10);
        list.sort((a, b) -> Integer.compare(yielding(b), a));
        out.add("list " + list);
        Map<String, Integer> map = Collections.checkedMap(new TreeMap<>(Map.of("a", 1)), String.class, Integer.class);
        out.add("absent " + map.computeIfAbsent("b", k -> yielding(k.length())));
        out.add("present " + map.computeIfPresent("a", (k, v) -> yielding(v + 10)));
        out.add("compute " + map.compute("c", (k, v) -> yielding(v == null ? 7 : v)));
        out.add("merge " + map.merge("a", 5, (a, b) -> yielding(a * b)));
        map.replaceAll((k, v) -> yielding(v + 1));
        out.add("map " + map);
        return out.toString();
    }
    private static String unpinned(Supplier<String> program) {
        return Unpinned.run(program);
    }

    @Test
    void forEachRemainingOfIteratorsThatOverrideItDoesNotPin() {
        assertEquals("[deque 1, deque 3, deque 1, deque 2, descending 1, descending 3, descending 1, descending 4, set down 8,"
                + " set down 5, set down 2, set down 1, head 1, head 2, head 5, unmodifiable 1, unmodifiable 2, checked 3, checked 4,"
                + " entry a1, entry b2, checked entry a1, checked entry b2] [4, 1, 3, 1]", unpinned(() -> iterators()));
    }

    @Test
    void functionsHandedThroughCheckedWrappersDoNotPin() {
        assertEquals("[list [30, 20, 10], absent 1, present 11, compute 7, merge 55, map {a=56, b=2, c=8}]",
                unpinned(() -> wrappers()));
    }
}
