package io.jgo.cont;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Goroutine;
import io.jgo.internal.callback.MapCalls;
import io.jgo.internal.callback.QueueCalls;
import io.jgo.internal.callback.SearchCalls;
import io.jgo.internal.callback.SortedCalls;
import io.jgo.internal.coroutine.Coroutine;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The runtime's sorted-collection stand-ins ({@link SortedCalls}, {@link QueueCalls}, {@link SearchCalls})
 * against the JDK, over random operation sequences (fixed seeds): each sequence runs on the JDK's
 * methods on a plain thread, on the stand-ins on a plain thread, and on the stand-ins in a coroutine
 * whose comparator (or keys' {@code compareTo}) suspends at every compare. The three must agree on
 * every result and exception, the collection after every step (a {@code PriorityQueue}'s heap
 * order included), whether an iterator made before a step fails with
 * {@code ConcurrentModificationException} after it, the comparator's calls (arguments and order:
 * once per compare, as the JDK makes them), and {@code comparator()}; the coroutine must suspend at
 * every compare and never pin. The comparator refuses one key (it throws), so exceptions from inside
 * a search or a sift are compared too.
 */
class SortedCollectionsDifferentialTest {

    /** Which collection a sequence works on, and its ordering. */
    enum Kind { TREE_MAP, TREE_MAP_NATURAL, TREE_SET, TREE_SET_NATURAL, QUEUE, QUEUE_NATURAL, SEARCHES }

    private static final int SEQUENCES = 12;
    private static final int STEPS = 50;
    private static final int REFUSED = 13;

    /** The compares of one run: logged, and suspended at when {@link #suspend}. */
    static final class Compares {
        final List<String> log = new ArrayList<>();
        boolean suspend;

        @Goroutine
        int answer(Object a, Object b, int answer) {
            log.add(a + "/" + b);
            if (suspend) {
                Coroutine.suspend();
            }
            if (a.toString().endsWith("" + REFUSED) || b.toString().endsWith("" + REFUSED)) {
                throw new IllegalArgumentException("refused " + a + "/" + b);
            }
            return answer;
        }
    }

    /** A key of the natural ordering (descending by value), whose {@code compareTo} goes through {@link #compares}. */
    @SuppressWarnings("rawtypes") // compareTo(Object) itself: a bridge to compareTo(Key) would be a frame nobody rewrote (annotated-only)
    static final class Key implements Comparable {
        static Compares compares;
        final int value;

        Key(int value) {
            this.value = value;
        }

        @Goroutine
        @Override
        public int compareTo(Object o) {
            return compares.answer(this, o, Integer.compare(((Key) o).value, value));
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key && ((Key) o).value == value;
        }

        @Override
        public int hashCode() {
            return value;
        }

        @Override
        public String toString() {
            return "k" + value;
        }
    }

    /** One run of a sequence: its steps' outcomes and its comparator's calls. */
    record Run(List<String> steps, List<String> compares, int suspensions, int pins) {
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void theStandInsBehaveAsTheJdkPlainAndSuspendingAtEveryCompare(Kind kind) {
        int compared = 0;
        for (int seed = 0; seed < SEQUENCES; seed++) {
            Run jdk = run(kind, seed, false, false);
            Run plain = run(kind, seed, true, false);
            Run suspending = run(kind, seed, true, true);
            String where = kind + " seed " + seed;
            assertEquals(jdk.steps(), plain.steps(), where + ": the stand-ins on a plain thread");
            assertEquals(jdk.compares(), plain.compares(), where + ": the comparator's calls, plain");
            assertEquals(jdk.steps(), suspending.steps(), where + ": the stand-ins suspending at every compare");
            assertEquals(jdk.compares(), suspending.compares(), where + ": the comparator's calls, suspending");
            assertEquals(0, suspending.pins(), where + ": a compare pinned instead of unwinding");
            assertEquals(jdk.compares().size(), suspending.suspensions(), where + ": one suspension per compare");
            compared += jdk.compares().size();
        }
        assertTrue(compared > SEQUENCES * STEPS / 2, kind + ": too few compares to mean anything: " + compared);
    }

    private static Run run(Kind kind, int seed, boolean ours, boolean suspend) {
        Compares compares = new Compares();
        compares.suspend = suspend;
        Key.compares = compares;
        Comparator<Object> byValueDescending = (a, b) -> compares.answer(a, b, Integer.compare((Integer) b, (Integer) a));
        List<String> steps = new ArrayList<>();
        Runnable body = () -> sequence(kind, new Random(seed), ours, compares, byValueDescending, steps);
        if (!suspend) {
            body.run();
            return new Run(steps, compares.log, 0, 0);
        }
        Coroutine c = new Coroutine(body);
        int suspensions = c.runToEnd();
        return new Run(steps, compares.log, suspensions, c.pins());
    }

    @Goroutine
    @SuppressWarnings({"rawtypes", "unchecked"})
    private static void sequence(Kind kind, Random random, boolean ours, Compares compares, Comparator<Object> comparator,
            List<String> steps) {
        boolean natural = kind == Kind.TREE_MAP_NATURAL || kind == Kind.TREE_SET_NATURAL || kind == Kind.QUEUE_NATURAL;
        Object collection;
        switch (kind) {
            case TREE_MAP: case TREE_MAP_NATURAL: collection = natural ? new TreeMap<>() : new TreeMap<>(comparator); break;
            case TREE_SET: case TREE_SET_NATURAL: collection = natural ? new TreeSet<>() : new TreeSet<>(comparator); break;
            case QUEUE: case QUEUE_NATURAL: collection = natural ? new PriorityQueue<>() : new PriorityQueue<>(comparator); break;
            default: collection = new ArrayList<>();
        }
        for (int i = 0; i < STEPS; i++) {
            Object key = key(random, natural);
            int op = random.nextInt(16);
            Iterator probe = iteratorOf(collection);
            String outcome;
            try {
                outcome = String.valueOf(kind == Kind.SEARCHES ? search(ours, (List) collection, op, key, comparator)
                        : collection instanceof Map ? onMap(ours, (TreeMap) collection, op, key, key(random, natural))
                        : collection instanceof TreeSet ? onSet(ours, (TreeSet) collection, op, key, key(random, natural))
                        : onQueue(ours, (PriorityQueue) collection, op, key));
            } catch (RuntimeException e) {
                outcome = e.getClass().getSimpleName();
            }
            steps.add(op + " " + key + " -> " + outcome + checked(probe) + " " + collection);
        }
        if (kind == Kind.SEARCHES) {
            return;
        }
        Object own = collection instanceof SortedMap ? ((SortedMap) collection).comparator()
                : collection instanceof SortedSet ? ((SortedSet) collection).comparator() : ((PriorityQueue) collection).comparator();
        assertSame(natural ? null : comparator, own, "comparator() is the user's");
    }

    private static Object key(Random random, boolean natural) {
        int v = random.nextInt(30);
        return natural ? new Key(v) : (Object) v;
    }

    @SuppressWarnings("rawtypes")
    private static Iterator iteratorOf(Object collection) {
        if (collection instanceof Map) {
            return ((Map) collection).isEmpty() ? null : ((Map) collection).keySet().iterator();
        }
        return ((Collection) collection).isEmpty() ? null : ((Collection) collection).iterator();
    }

    /** Whether an iterator made before the step fails now, as the JDK's fail-fast iterators do after a structural change. */
    @SuppressWarnings("rawtypes")
    private static String checked(Iterator probe) {
        if (probe == null) {
            return "";
        }
        try {
            probe.next();
            return "";
        } catch (java.util.ConcurrentModificationException e) {
            return " (CME)";
        }
    }

    @Goroutine
    @SuppressWarnings({"rawtypes", "unchecked"})
    private static Object onMap(boolean ours, TreeMap map, int op, Object key, Object other) {
        NavigableMap m = map;
        switch (op) {
            case 0: case 1: case 2: return ours ? SortedCalls.put(m, key, other) : m.put(key, other);
            case 3: return ours ? SortedCalls.get(m, key) : m.get(key);
            case 4: return ours ? SortedCalls.containsKey(m, key) : m.containsKey(key);
            case 5: return ours ? SortedCalls.remove(m, key) : m.remove(key);
            case 6: return ours ? SortedCalls.putIfAbsent(m, key, other) : m.putIfAbsent(key, other);
            case 7: return ours ? SortedCalls.replace(m, key, other) : m.replace(key, other);
            case 8: return ours ? SortedCalls.replace(m, key, key, other) : m.replace(key, key, other);
            case 9: return ours ? SortedCalls.getOrDefault(m, key, "none") : m.getOrDefault(key, "none");
            case 10: return ours ? SortedCalls.floorKey(m, key) + " " + SortedCalls.higherEntry(m, key)
                    : m.floorKey(key) + " " + m.higherEntry(key);
            case 11: return ours ? SortedCalls.ceilingKey(m, key) + " " + SortedCalls.lowerEntry(m, key)
                    : m.ceilingKey(key) + " " + m.lowerEntry(key);
            case 12: return ours ? SortedCalls.higherKey(m, key) + " " + SortedCalls.floorEntry(m, key)
                    : m.higherKey(key) + " " + m.floorEntry(key);
            case 13: return ours ? SortedCalls.lowerKey(m, key) + " " + SortedCalls.ceilingEntry(m, key)
                    : m.lowerKey(key) + " " + m.ceilingEntry(key);
            case 14: {
                Map from = Map.of(key, "a", other, "b");
                if (ours) {
                    SortedCalls.putAll(m, from);
                } else {
                    m.putAll(from);
                }
                return "putAll";
            }
            default: {
                // Map.remove(key, value): the value found (removed) or null (absent: containsKey too)
                Object value = ours ? SortedCalls.get(m, key) : m.get(key);
                return ours ? SortedCalls.remove(m, key, value) : m.remove(key, value);
            }
        }
    }

    @Goroutine
    @SuppressWarnings({"rawtypes", "unchecked"})
    private static Object onSet(boolean ours, TreeSet set, int op, Object e, Object other) {
        NavigableSet s = set;
        switch (op) {
            case 0: case 1: case 2: case 3: return ours ? SortedCalls.add(s, e) : s.add(e);
            case 4: case 5: return ours ? SortedCalls.contains(s, e) : s.contains(e);
            case 6: case 7: return ours ? SortedCalls.remove(s, e) : s.remove(e);
            case 8: return ours ? SortedCalls.floor(s, e) : s.floor(e);
            case 9: return ours ? SortedCalls.ceiling(s, e) : s.ceiling(e);
            case 10: return ours ? SortedCalls.higher(s, e) : s.higher(e);
            case 11: return ours ? SortedCalls.lower(s, e) : s.lower(e);
            case 12: {
                List of = Arrays.asList(e, other);
                return ours ? SortedCalls.containsAll(s, of) : s.containsAll(of);
            }
            case 13: {
                List of = Arrays.asList(e, other);
                return ours ? SortedCalls.removeAll(s, of) : s.removeAll(of);
            }
            case 14: {
                // retain what a view of the set holds: the view's contains compares (its bounds, then its search)
                NavigableSet view = ours ? SortedCalls.headSet(s, e, true) : s.headSet(e, true);
                return ours ? SortedCalls.retainAll(s, view) : s.retainAll(view);
            }
            default: {
                List from = Arrays.asList(e, other);
                return ours ? SortedCalls.addAll(s, from) : s.addAll(from);
            }
        }
    }

    @Goroutine
    @SuppressWarnings({"rawtypes", "unchecked"})
    private static Object onQueue(boolean ours, PriorityQueue queue, int op, Object e) {
        switch (op) {
            case 0: case 1: case 2: case 3: case 4: return ours ? QueueCalls.offer(queue, e) : queue.offer(e);
            case 5: case 6: return ours ? QueueCalls.add(queue, e) : queue.add(e);
            case 7: case 8: case 9: return ours ? QueueCalls.poll(queue) : queue.poll();
            case 10: case 11: return ours ? QueueCalls.remove(queue) : queue.remove();
            default: return ours ? QueueCalls.remove(queue, e) : queue.remove(e);
        }
    }

    /** Collections' searches over a list the sequence fills in the comparator's order (sorted by a comparator that logs nothing). */
    @Goroutine
    @SuppressWarnings({"rawtypes", "unchecked"})
    private static Object search(boolean ours, List list, int op, Object key, Comparator comparator) {
        if (op < 6 || list.isEmpty()) {
            list.add(key);
            list.sort(Comparator.comparing((Object k) -> -(Integer) k));
            return "added";
        }
        switch (op % 3) {
            case 0: return ours ? SearchCalls.min(list, comparator) : Collections.min(list, comparator);
            case 1: return ours ? SearchCalls.max(list, comparator) : Collections.max(list, comparator);
            default: return ours ? SearchCalls.binarySearch(list, key, comparator) : Collections.binarySearch(list, key, comparator);
        }
    }

    /** {@code binarySearch} of a long {@code LinkedList} (the JDK walks a list iterator) and {@code Arrays.sort}: the JDK's results and calls. */
    @org.junit.jupiter.api.Test
    void aLongLinkedListIsSearchedThroughItsIteratorAndArraysSortAsTheJdk() {
        List<Integer> values = new LinkedList<>();
        for (int i = 0; i < 6000; i++) {
            values.add(2 * i);
        }
        Compares compares = new Compares();
        Comparator<Object> natural = (a, b) -> compares.answer(a, b, Integer.compare((Integer) a, (Integer) b));
        // (no key ends in REFUSED's digits below: 2 * i ends in an even digit, the keys are chosen)
        for (int key : new int[] {0, 7, 4000, 11998, 12001, 6}) {
            compares.log.clear();
            int jdk = Collections.binarySearch(values, key, natural);
            List<String> jdkCalls = new ArrayList<>(compares.log);
            compares.log.clear();
            assertEquals(jdk, SearchCalls.binarySearch(values, key, natural), "binarySearch " + key);
            assertEquals(jdkCalls, compares.log, "binarySearch " + key + ": the comparator's calls");
        }
        Random random = new Random(5);
        Object[] jdkSorted = new Object[300];
        for (int i = 0; i < jdkSorted.length; i++) {
            jdkSorted[i] = 2 * random.nextInt(50) + 200; // even: no key the comparator refuses
        }
        Comparator<Object> byTens = (a, b) -> compares.answer(a, b, Integer.compare((Integer) a / 10, (Integer) b / 10));
        Object[] ourSorted = jdkSorted.clone();
        Arrays.sort(jdkSorted, byTens);
        SearchCalls.sort(ourSorted, byTens);
        assertEquals(Arrays.asList(jdkSorted), Arrays.asList(ourSorted), "Arrays.sort: stable, the JDK's order");
    }

    /**
     * {@code Map}'s compute methods on a {@code TreeMap} ({@code MapCalls}, which looks the key up
     * and stores through {@link SortedCalls}) with a comparator that suspends at every compare: the
     * JDK's results, and no pin.
     */
    @org.junit.jupiter.api.Test
    void computeMethodsOfATreeMapWhoseComparatorSuspendsDoNotPin() {
        List<String> jdk = computes(false, false).steps();
        Run suspending = computes(true, true);
        assertEquals(jdk, suspending.steps());
        assertEquals(0, suspending.pins(), "a compare pinned instead of unwinding");
        assertTrue(suspending.suspensions() > 20, "suspended " + suspending.suspensions() + " times");
    }

    /**
     * {@code computeIfAbsent} on a {@code TreeMap} ({@code MapCalls}: the JDK's own method twice over
     * one logged search) calls the comparator as the JDK's does: the same compares, in the same order,
     * plain and suspending at every compare; an empty map (the JDK's type check of the first key,
     * after the function), present keys, absent keys, a function that returns null and a key the
     * comparator refuses included.
     */
    @org.junit.jupiter.api.Test
    void computeIfAbsentOfATreeMapComparesAsTheJdk() {
        Run jdk = computeIfAbsents(false, false);
        Run plain = computeIfAbsents(true, false);
        Run suspending = computeIfAbsents(true, true);
        assertEquals(jdk.steps(), plain.steps());
        assertEquals(jdk.compares(), plain.compares(), "the comparator's calls, plain");
        assertEquals(jdk.steps(), suspending.steps());
        assertEquals(jdk.compares(), suspending.compares(), "the comparator's calls, suspending at every compare");
        assertEquals(0, suspending.pins(), "a compare pinned instead of unwinding");
        assertTrue(suspending.suspensions() > 20, "suspended " + suspending.suspensions() + " times");
    }

    private static Run computeIfAbsents(boolean ours, boolean suspend) {
        Compares compares = new Compares();
        compares.suspend = suspend;
        Comparator<Object> byValueDescending = (a, b) -> compares.answer(a, b, Integer.compare((Integer) b, (Integer) a));
        List<String> steps = new ArrayList<>();
        Runnable body = ours ? () -> computeIfAbsentSteps(new TreeMap<>(byValueDescending), steps)
                : () -> jdkComputeIfAbsentSteps(new TreeMap<>(byValueDescending), steps);
        if (!suspend) {
            body.run();
            return new Run(steps, compares.log, 0, 0);
        }
        Coroutine c = new Coroutine(body);
        int suspensions = c.runToEnd();
        return new Run(steps, compares.log, suspensions, c.pins());
    }

    /** The steps through {@code MapCalls}, as the rewrite sends a {@code computeIfAbsent} whose function may suspend. */
    @Goroutine
    @SuppressWarnings({"rawtypes", "unchecked"})
    private static void computeIfAbsentSteps(TreeMap map, List<String> steps) {
        for (int i = 0; i < 16; i++) {
            Integer k = i == 5 ? REFUSED : (i * 7) % 11;
            Object v;
            try {
                v = i % 5 == 3 ? MapCalls.computeIfAbsent(map, k, x -> null) : MapCalls.computeIfAbsent(map, k, x -> "v" + x);
            } catch (RuntimeException e) {
                v = e.toString();
            }
            steps.add(k + " -> " + v + " " + map);
        }
    }

    /** The same steps on the JDK's method, in a method the rewrite leaves alone (no suspension point of its own). */
    @SuppressWarnings({"rawtypes", "unchecked"})
    private static void jdkComputeIfAbsentSteps(TreeMap map, List<String> steps) {
        for (int i = 0; i < 16; i++) {
            Integer k = i == 5 ? REFUSED : (i * 7) % 11;
            Object v;
            try {
                v = i % 5 == 3 ? map.computeIfAbsent(k, x -> null) : map.computeIfAbsent(k, x -> "v" + x);
            } catch (RuntimeException e) {
                v = e.toString();
            }
            steps.add(k + " -> " + v + " " + map);
        }
    }

    private static Run computes(boolean ours, boolean suspend) {
        Compares compares = new Compares();
        compares.suspend = suspend;
        Comparator<Object> byValueDescending = (a, b) -> compares.answer(a, b, Integer.compare((Integer) b, (Integer) a));
        List<String> steps = new ArrayList<>();
        Runnable body = () -> computeSteps(ours, new TreeMap<>(byValueDescending), steps);
        if (!suspend) {
            body.run();
            return new Run(steps, compares.log, 0, 0);
        }
        Coroutine c = new Coroutine(body);
        int suspensions = c.runToEnd();
        return new Run(steps, compares.log, suspensions, c.pins());
    }

    @Goroutine
    @SuppressWarnings({"rawtypes", "unchecked"})
    private static void computeSteps(boolean ours, TreeMap map, List<String> steps) {
        for (int i = 0; i < 12; i++) {
            Integer k = (i * 7) % 10;
            Object v;
            switch (i % 4) {
                case 0: v = ours ? MapCalls.computeIfAbsent(map, k, x -> "v" + x) : map.computeIfAbsent(k, x -> "v" + x); break;
                case 1: v = ours ? MapCalls.merge(map, k, "m", (a, b) -> a + "" + b) : map.merge(k, "m", (a, b) -> a + "" + b); break;
                case 2: v = ours ? MapCalls.compute(map, k, (a, b) -> b == null ? "c" : null) : map.compute(k, (a, b) -> b == null ? "c" : null); break;
                default: v = ours ? MapCalls.computeIfPresent(map, k, (a, b) -> b + "p") : map.computeIfPresent(k, (a, b) -> b + "p");
            }
            steps.add(k + " -> " + v + " " + map);
        }
    }
}
