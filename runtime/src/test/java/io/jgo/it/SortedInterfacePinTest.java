package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jgo.Go;
import io.jgo.Goroutine;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.PriorityQueue;
import java.util.Queue;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What a Java programmer writes, {@code Map<K, V> m = new TreeMap<>(cmp)}, {@code Set},
 * {@code Queue} and {@code Collection} receivers of a {@code TreeSet} or a {@code PriorityQueue}, and
 * their views, with a comparator that yields at every compare: 0 pins, and the JDK's results (the
 * rewrite sends these calls to {@code SortedDispatch}). And the same calls on a {@code HashMap}, an
 * {@code ArrayList}, a {@code HashSet} and an {@code ArrayDeque} through the same interfaces give
 * their results, without a pin.
 */
@Timeout(60)
class SortedInterfacePinTest {

    @Goroutine
    static int yielding(int x) {
        Go.gosched();
        return x;
    }

    /** By length, then alphabetically; yields at every compare. */
    static final Comparator<String> BY_LENGTH = (a, b) -> {
        int c = Integer.compare(yielding(a.length()), b.length());
        return c != 0 ? c : a.compareTo(b);
    };

    @Goroutine
    static String newcomer() {
        List<String> out = new ArrayList<>();
        Map<String, Integer> m = new TreeMap<>(BY_LENGTH);
        m.put("banana", 1);
        m.put("fig", 2);
        m.put("cherry", 3);
        m.putIfAbsent("kiwi", 4);
        m.merge("fig", 10, Integer::sum);
        m.computeIfAbsent("apple", k -> k.length());
        out.add(m + " " + m.get("kiwi") + " " + m.containsKey("plum") + " " + m.getOrDefault("plum", 0) + " " + m.remove("banana"));
        NavigableMap<String, Integer> nm = (NavigableMap<String, Integer>) m;
        Map<String, Integer> head = nm.headMap("kiwi", true);
        head.put("pea", 7);
        SortedMap<String, Integer> tail = nm.tailMap("apple");
        Map<String, Integer> down = nm.descendingMap();
        down.put("date", 8);
        Set<String> keys = nm.navigableKeySet();
        // (not printed: iterating a bounded view compares its bound inside the JDK, which pins)
        out.add(m + " " + head.get("pea") + " " + tail.get("cherry") + " " + keys.contains("date") + " " + keys.remove("pea") + " " + down);
        Set<String> s = new TreeSet<>(BY_LENGTH);
        s.add("pear");
        s.addAll(List.of("melon", "yam", "lime"));
        NavigableSet<String> ns = (NavigableSet<String>) s;
        Set<String> upTo = ns.headSet("lime", false);
        out.add(s + " " + s.contains("yam") + " " + s.remove("pear") + " " + upTo.contains("yam") + " " + ns.descendingSet());
        Queue<String> q = new PriorityQueue<>(BY_LENGTH);
        q.offer("grape");
        q.add("nut");
        q.addAll(List.of("lemon", "orange", "ugli"));
        out.add(q.poll() + " " + q.remove() + " " + q.remove("orange") + " " + q.size());
        Collection<String> c = new TreeSet<>(BY_LENGTH);
        c.add("quince");
        c.add("olive");
        out.add(c + " " + c.contains("olive") + " " + c.remove("quince") + " " + c);
        return out.toString();
    }

    @Goroutine
    static String unsorted() {
        List<String> out = new ArrayList<>();
        Map<String, Integer> m = new HashMap<>();
        m.put("a", yielding(1));
        m.merge("a", 2, Integer::sum);
        m.computeIfAbsent("b", k -> 3);
        out.add(m.get("a") + " " + m.containsKey("b") + " " + m.remove("b") + " " + m);
        Map<String, Integer> linked = new LinkedHashMap<>();
        linked.put("z", 1);
        linked.put("y", 2);
        out.add(linked.toString());
        List<Integer> list = new ArrayList<>();
        list.add(yielding(3));
        list.add(1);
        list.remove((Integer) 3);
        out.add(list + " " + list.contains(1));
        Set<Integer> set = new HashSet<>();
        set.add(yielding(5));
        out.add(set.contains(5) + " " + set.remove(6));
        Queue<Integer> deque = new ArrayDeque<>();
        deque.offer(yielding(9));
        deque.add(8);
        out.add(deque.poll() + " " + deque);
        Collection<Integer> col = new ArrayList<>(List.of(1, 2));
        col.add(yielding(3));
        out.add(col.toString());
        return out.toString();
    }

    @Test
    void interfaceTypedSortedCollectionsAndTheirViewsWithAYieldingComparatorDoNotPin() {
        assertEquals("[{fig=12, kiwi=4, apple=5, banana=1, cherry=3} 4 false 0 1,"
                + " {fig=12, pea=7, date=8, kiwi=4, apple=5, cherry=3} 7 3 true true {cherry=3, apple=5, kiwi=4, date=8, fig=12},"
                + " [yam, lime, pear, melon] true true true [melon, lime, yam], nut ugli true 2,"
                + " [olive, quince] true true [olive]]", runWithoutPins(true));
    }

    @Test
    void hashMapsListsSetsAndDequesThroughTheSameInterfacesAreUnaffected() {
        assertEquals("[3 true 3 {a=3}, {z=1, y=2}, [1] true, true false, 9 [8], [1, 2, 3]]",
                runWithoutPins(false));
    }

    private static String runWithoutPins(boolean sorted) {
        return Unpinned.run(() -> sorted ? newcomer() : unsorted());
    }
}
