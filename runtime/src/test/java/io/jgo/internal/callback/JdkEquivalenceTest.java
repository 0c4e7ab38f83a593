package io.jgo.internal.callback;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.AbstractList;
import java.util.AbstractMap;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Hashtable;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Differential test of the suspendable helpers against the JDK methods they stand for, on plain
 * threads (the suspending side is {@code DifferentialShapesTest}'s {@code JdkCallbacks} shape): for
 * each receiver class, callback behaviour (plain, modifying the receiver, throwing, null), the same
 * callbacks in the same order, the same return value or exception class, the same final state.
 * The one difference the helpers document (an {@code ArrayList.removeIf} filter or a
 * {@code HashMap.forEach} action that structurally modifies the receiver: the JDK's CME comes after
 * the remaining elements, the helper's at the next one) is compared on outcome and state only.
 */
class JdkEquivalenceTest {

    /** One side's run: callbacks, outcome, final state. */
    private static final class Run {
        final List<String> log = new ArrayList<>();
        String outcome;
        String state;

        @Override
        public String toString() {
            return log + " -> " + outcome + " state " + state;
        }
    }

    private interface Call<R> {
        Object run(R receiver, Run run);
    }

    private int compared;

    private <R> void same(String what, Supplier<R> receiver, Call<R> jdk, Call<R> helper, boolean logToo) {
        same(what, receiver, jdk, helper, logToo, false);
    }

    /**
     * {@code afterBug}: the documented difference (a callback structurally modified an
     * {@code ArrayList}); the JDK goes on over its stale array (even failing otherwise, reading past
     * a shrunk list, or losing a write to a grown one), so only "both threw" is compared.
     */
    private <R> void same(String what, Supplier<R> receiver, Call<R> jdk, Call<R> helper, boolean logToo, boolean afterBug) {
        Run a = run(receiver, jdk);
        Run b = run(receiver, helper);
        if (afterBug) {
            assertEquals(a.outcome.startsWith("threw"), b.outcome.startsWith("threw"), what + ": " + a + " / " + b);
        } else if (logToo) {
            assertEquals(a.toString(), b.toString(), what);
        } else {
            assertEquals(a.outcome + " state " + a.state, b.outcome + " state " + b.state, what);
        }
        compared++;
    }

    private static <R> Run run(Supplier<R> receiver, Call<R> call) {
        Run run = new Run();
        R r = receiver.get();
        try {
            run.outcome = "returned " + call.run(r, run);
        } catch (RuntimeException e) {
            run.outcome = "threw " + e.getClass().getName();
        }
        run.state = String.valueOf(r instanceof Optional ? r : r == null ? null : render(r));
        return run;
    }

    private static String render(Object r) {
        return r instanceof Object[] ? Arrays.toString((Object[]) r) : r.toString();
    }

    // ------------------------------------------------------------------ receivers

    private static List<Supplier<Collection<Integer>>> collections() {
        List<Integer> five = List.of(4, 1, 3, 1, 2);
        return List.of(() -> new ArrayList<>(five), () -> new LinkedList<>(five), () -> new HashSet<>(five),
                () -> new LinkedHashSet<>(five), () -> new TreeSet<>(five), () -> new ArrayDeque<>(five),
                JdkEquivalenceTest::wrappedDeque, () -> new PriorityQueue<>(five), () -> new ArrayDeque<>(),
                () -> new PriorityQueue<>(Comparator.reverseOrder()) {
                    { addAll(five); }
                }, // a subclass: its own (the JDK's) override runs
                () -> Collections.checkedList(new ArrayList<>(five), Integer.class),
                () -> Collections.unmodifiableCollection(new ArrayDeque<>(five)),
                () -> Collections.checkedQueue(new PriorityQueue<>(five), Integer.class),
                () -> Collections.unmodifiableSet(Collections.checkedSet(new LinkedHashSet<>(five), Integer.class)),
                () -> five, () -> List.of(7), () -> Arrays.asList(4, 1, 3, 1, 2), () -> Collections.unmodifiableList(new ArrayList<>(five)),
                () -> new CopyOnWriteArrayList<>(five), () -> new UserList(five), () -> new ArrayList<>(),
                () -> new ArrayList<>(five) {
                    @Override
                    public void forEach(java.util.function.Consumer<? super Integer> action) {
                        super.forEach(action);
                        add(99); // an override of its own: must be the one called
                    }
                });
    }

    /** An {@code ArrayDeque} whose elements wrap around the end of its array (head after tail). */
    private static Collection<Integer> wrappedDeque() {
        ArrayDeque<Integer> d = new ArrayDeque<>(5);
        d.addAll(List.of(9, 9, 4, 1));
        d.poll();
        d.poll();
        d.addAll(List.of(3, 1, 2));
        return d;
    }

    private static List<Supplier<List<Integer>>> lists() {
        List<Integer> five = List.of(4, 1, 3, 1, 2);
        return List.of(() -> new ArrayList<>(five), () -> new LinkedList<>(five), () -> five, () -> Arrays.asList(4, 1, 3, 1, 2),
                () -> new CopyOnWriteArrayList<>(five), () -> new UserList(five), () -> new ArrayList<>(),
                () -> Collections.unmodifiableList(new ArrayList<>(five)),
                () -> Collections.checkedList(new ArrayList<>(five), Integer.class),
                () -> Collections.checkedList(new LinkedList<>(five), Integer.class));
    }

    private static List<Supplier<Map<String, Integer>>> maps() {
        Map<String, Integer> three = Map.of("a", 1, "b", 2, "c", 3);
        return List.of(() -> new HashMap<>(three), () -> new LinkedHashMap<>(three), () -> accessOrder(three),
                () -> new TreeMap<>(three), () -> new ConcurrentHashMap<>(three), () -> new Hashtable<>(three),
                () -> new IdentityHashMap<>(three), () -> new UserMap(three), () -> new HashMap<>(),
                () -> Collections.unmodifiableMap(new HashMap<>(three)), () -> withNulls(),
                () -> Collections.checkedMap(new LinkedHashMap<>(three), String.class, Integer.class),
                () -> Collections.unmodifiableSortedMap(new TreeMap<>(three)));
    }

    private static Map<String, Integer> accessOrder(Map<String, Integer> m) {
        Map<String, Integer> lhm = new LinkedHashMap<>(16, 0.75f, true);
        lhm.putAll(new TreeMap<>(m));
        return lhm;
    }

    private static Map<String, Integer> withNulls() {
        Map<String, Integer> m = new HashMap<>();
        m.put(null, 5);
        m.put("a", null);
        m.put("b", 2);
        return m;
    }

    // ------------------------------------------------------------------ Iterable / Collection / List

    @Test
    void forEachRemoveIfReplaceAllAndSortBehaveAsTheJdk() {
        for (Supplier<Collection<Integer>> c : collections()) {
            String name = c.get().getClass().getName();
            // ArrayList.removeIf tests the rest before its CME; the helper throws at the next element (see IterableCalls)
            boolean arrayList = c.get().getClass() == ArrayList.class
                    || name.equals("java.util.Collections$CheckedRandomAccessList"); // the ArrayList's (see Wrapped)
            // a filter that modifies an ArrayDeque: CME before anything is removed (see DequeCalls); the JDK's may not say
            boolean deque = c.get().getClass() == ArrayDeque.class && c.get().size() > 1;
            for (int mode = 0; mode < 5; mode++) {
                int m = mode;
                same(name + " forEach mode " + m, c,
                        (r, run) -> { r.forEach(each(r, run, m)); return null; },
                        (r, run) -> { IterableCalls.forEach(r, each(r, run, m)); return null; }, true);
                if (deque && (m == 1 || m == 2)) {
                    Run b = run(c, (r, run) -> IterableCalls.removeIf(r, even(r, run, m)));
                    assertEquals("threw java.util.ConcurrentModificationException", b.outcome, name + " removeIf mode " + m + ": " + b);
                } else {
                    same(name + " removeIf mode " + m, c,
                            (r, run) -> r.removeIf(even(r, run, m)),
                            (r, run) -> IterableCalls.removeIf(r, even(r, run, m)), true, arrayList && (m == 1 || m == 2));
                }
            }
        }
        for (Supplier<List<Integer>> l : lists()) {
            String name = l.get().getClass().getName();
            Class<?> r0 = l.get().getClass();
            for (int mode = 0; mode < 5; mode++) {
                int m = mode;
                same(name + " replaceAll mode " + m, l,
                        (r, run) -> { r.replaceAll(times10(r, run, m)); return null; },
                        (r, run) -> { IterableCalls.replaceAll(r, times10(r, run, m)); return null; }, true,
                        (r0 == ArrayList.class || name.equals("java.util.Collections$CheckedRandomAccessList")) && (m == 1 || m == 2));
            }
            // a checked list type-checks each result of the operator (its ClassCastException at the first)
            same(name + " replaceAll of the wrong type", l,
                    (r, run) -> { ((List) r).replaceAll(x -> logged(run, x, 0) == null ? "" : "s"); return null; },
                    (r, run) -> { IterableCalls.replaceAll(r, x -> logged(run, x, 0) == null ? "" : "s"); return null; }, true);
            List<Comparator<Integer>> orders = new ArrayList<>(Arrays.asList(null, Comparator.reverseOrder(),
                    Comparator.comparingInt(x -> x % 2)));
            for (Comparator<Integer> order : orders) {
                same(name + " sort " + order, l, (r, run) -> { r.sort(order); return null; },
                        (r, run) -> { IterableCalls.sort(r, order); return null; }, false);
                same(name + " Collections.sort " + order, l, (r, run) -> { Collections.sort(r, order); return null; },
                        (r, run) -> { IterableCalls.sort(r, order); return null; }, false);
            }
            // a comparator that modifies the list: ArrayList reports it
            same(name + " sort modifying", l,
                    (r, run) -> { r.sort((a, b) -> { r.add(0); return 0; }); return null; },
                    (r, run) -> { IterableCalls.sort(r, (a, b) -> { r.add(0); return 0; }); return null; }, false);
        }
        assertTrue(compared > 200, "compared " + compared);
    }

    @Test
    void sortIsStableAndMatchesTimSortOnLongLists() {
        java.util.Random random = new java.util.Random(42);
        for (int n : new int[] {0, 1, 2, 15, 16, 17, 33, 100, 1000}) {
            List<int[]> items = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                items.add(new int[] {random.nextInt(10), i});
            }
            Comparator<int[]> byKey = Comparator.comparingInt(a -> a[0]);
            List<int[]> jdk = new ArrayList<>(items);
            jdk.sort(byKey);
            List<int[]> ours = new ArrayList<>(items);
            IterableCalls.sort(ours, byKey);
            assertEquals(ids(jdk), ids(ours), "n=" + n);
        }
    }

    private static String ids(List<int[]> l) {
        StringBuilder b = new StringBuilder();
        l.forEach(a -> b.append(a[1]).append(','));
        return b.toString();
    }

    @Test
    void anIteratorMadeBeforeSortOrReplaceAllFailsAfterIt() {
        for (boolean sort : new boolean[] {true, false}) {
            same("iterator after " + (sort ? "sort" : "replaceAll"), () -> new ArrayList<>(List.of(3, 1, 2)),
                    (r, run) -> { var it = r.iterator(); if (sort) r.sort(null); else r.replaceAll(x -> x); return it.next(); },
                    (r, run) -> { var it = r.iterator(); if (sort) IterableCalls.sort(r, null); else IterableCalls.replaceAll(r, x -> x); return it.next(); },
                    true);
        }
    }

    private static java.util.function.Consumer<Integer> each(Collection<Integer> r, Run run, int m) {
        return m == 4 ? null : x -> act(r, run, x, m);
    }

    private static java.util.function.Predicate<Integer> even(Collection<Integer> r, Run run, int m) {
        return m == 4 ? null : x -> act(r, run, x, m) % 2 == 0;
    }

    private static java.util.function.UnaryOperator<Integer> times10(Collection<Integer> r, Run run, int m) {
        return m == 4 ? null : x -> act(r, run, x, m) * 10;
    }

    private static java.util.function.BiConsumer<String, Integer> eachEntry(Map<String, Integer> r, Run run, int m) {
        return m == 4 ? null : (k, v) -> mapAct(r, run, k, v, m);
    }

    private static Function<String, Integer> absent(Map<String, Integer> r, Run run, int m) {
        return m == 5 ? null : k -> logged(run, k, mapFn(r, k, m));
    }

    /**
     * A callback: logs {@code x}; mode 1 adds to the receiver at the second call, mode 2 removes
     * its first element there, mode 3 throws there.
     */
    private static int act(Collection<Integer> r, Run run, Integer x, int mode) {
        run.log.add(String.valueOf(x));
        if (run.log.size() == 2) {
            if (mode == 1) {
                r.add(42);
            } else if (mode == 2) {
                r.remove(r.iterator().next());
            } else if (mode == 3) {
                throw new IllegalStateException("from the callback");
            }
        }
        return x;
    }

    // ------------------------------------------------------------------ Map

    @Test
    void mapForEachAndComputeMethodsBehaveAsTheJdk() {
        for (Supplier<Map<String, Integer>> s : maps()) {
            Map<String, Integer> sample = s.get();
            String name = sample.getClass().getName();
            boolean hashMap = sample.getClass() == HashMap.class || sample.getClass() == LinkedHashMap.class
                    || name.equals("java.util.Collections$CheckedMap"); // the LinkedHashMap's forEach (see Wrapped)
            for (int mode = 0; mode < 5; mode++) {
                int m = mode;
                // mode 1 adds a key: HashMap's own forEach goes on to the end before its CME (see the class comment)
                same(name + " forEach mode " + m, s,
                        (r, run) -> { r.forEach(eachEntry(r, run, m)); return null; },
                        (r, run) -> { MapCalls.forEach(r, eachEntry(r, run, m)); return null; },
                        !(hashMap && m == 1));
            }
            for (String key : Arrays.asList("a", "b", "z", null)) {
                for (int mode = 0; mode < 6; mode++) {
                    int m = mode;
                    same(name + " computeIfAbsent " + key + " mode " + m, s,
                            (r, run) -> r.computeIfAbsent(key, absent(r, run, m)),
                            (r, run) -> MapCalls.computeIfAbsent(r, key, absent(r, run, m)), true);
                    BiFunction<Map<String, Integer>, Run, BiFunction<Object, Object, Integer>> remap =
                            (r, run) -> m == 5 ? null : (k, v) -> logged(run, k + "/" + v, mapFn(r, String.valueOf(k), m));
                    same(name + " computeIfPresent " + key + " mode " + m, s,
                            (r, run) -> r.computeIfPresent(key, (BiFunction) remap.apply(r, run)),
                            (r, run) -> MapCalls.computeIfPresent(r, key, remap.apply(r, run)), true);
                    same(name + " compute " + key + " mode " + m, s,
                            (r, run) -> r.compute(key, (BiFunction) remap.apply(r, run)),
                            (r, run) -> MapCalls.compute(r, key, remap.apply(r, run)), true);
                    for (Integer value : Arrays.asList(7, null)) {
                        same(name + " merge " + key + "," + value + " mode " + m, s,
                                (r, run) -> r.merge(key, value, (BiFunction) remap.apply(r, run)),
                                (r, run) -> MapCalls.merge(r, key, value, remap.apply(r, run)), true);
                    }
                }
            }
        }
        assertTrue(compared > 1000, "compared " + compared);
    }

    @Test
    void mapReplaceAllBehavesAsTheJdk() {
        for (Supplier<Map<String, Integer>> s : maps()) {
            Map<String, Integer> sample = s.get();
            String name = sample.getClass().getName();
            boolean hashMap = sample.getClass() == HashMap.class || sample.getClass() == LinkedHashMap.class
                    || name.equals("java.util.Collections$CheckedMap"); // the LinkedHashMap's forEach (see Wrapped)
            for (int mode = 0; mode < 6; mode++) {
                int m = mode;
                BiFunction<Map<String, Integer>, Run, BiFunction<String, Integer, Integer>> f =
                        (r, run) -> m == 5 ? null : (k, v) -> logged(run, k + "/" + v, mapFn(r, String.valueOf(k), m));
                // a function that adds or removes a key: HashMap's own goes on to the end before its CME (see MapCalls)
                same(name + " replaceAll mode " + m, s,
                        (r, run) -> { r.replaceAll(f.apply(r, run)); return null; },
                        (r, run) -> { MapCalls.replaceAll(r, f.apply(r, run)); return null; }, true,
                        hashMap && m == 2);
            }
        }
        for (int mode = 0; mode < 6; mode++) {
            int m = mode;
            Supplier<Map<String, Integer>> empty = TreeMap::new;
            same("empty TreeMap computeIfAbsent mode " + m, empty,
                    (r, run) -> r.computeIfAbsent("k", absent(r, run, m)),
                    (r, run) -> MapCalls.computeIfAbsent(r, "k", absent(r, run, m)), true);
        }
    }

    private static void mapAct(Map<String, Integer> r, Run run, String k, Integer v, int mode) {
        run.log.add(k + "=" + v);
        if (run.log.size() == 2) {
            if (mode == 1) {
                r.put("new", 0);
            } else if (mode == 2) {
                r.put(k, 100); // not structural
            } else if (mode == 3) {
                throw new IllegalStateException("from the callback");
            }
        }
    }

    /** A mapping function: mode 0 a value, 1 null, 2 adds a key to the map (HashMap: CME), 3 throws, 4 the key's length. */
    private static Integer mapFn(Object r, String k, int mode) {
        switch (mode) {
            case 0:
                return 10;
            case 1:
                return null;
            case 2:
                @SuppressWarnings("unchecked") Map<String, Integer> m = (Map<String, Integer>) r;
                m.put("added", 1);
                return 11;
            case 3:
                throw new IllegalStateException("from the function");
            default:
                return k == null ? -1 : k.length();
        }
    }

    private static Integer logged(Run run, Object what, Integer result) {
        run.log.add(String.valueOf(what));
        return result;
    }

    // ------------------------------------------------------------------ Optional

    @Test
    void optionalMethodsBehaveAsTheJdk() {
        for (Optional<Object> o : List.of(Optional.<Object>of("x"), Optional.empty())) {
            for (int mode = 0; mode < 3; mode++) {
                int m = mode;
                Function<Object, Object> f = m == 2 ? null : v -> m == 1 ? null : v + "!";
                same(o + " map " + m, () -> o, (r, run) -> r.map(f), (r, run) -> OptionalCalls.map(r, f), true);
                Function<Object, Optional<Object>> g = m == 2 ? null : v -> m == 1 ? null : Optional.of(v + "?");
                same(o + " flatMap " + m, () -> o, (r, run) -> r.flatMap(g), (r, run) -> OptionalCalls.flatMap(r, g), true);
                java.util.function.Consumer<Object> c = m == 2 ? null : v -> { };
                same(o + " ifPresent " + m, () -> o, (r, run) -> { r.ifPresent(c); return null; },
                        (r, run) -> { OptionalCalls.ifPresent(r, c); return null; }, true);
                Supplier<Object> sup = m == 2 ? null : () -> m == 1 ? null : "got";
                same(o + " orElseGet " + m, () -> o, (r, run) -> r.orElseGet(sup), (r, run) -> OptionalCalls.orElseGet(r, sup), true);
                java.util.function.Predicate<Object> p = m == 2 ? null : v -> m == 1;
                same(o + " filter " + m, () -> o, (r, run) -> r.filter(p), (r, run) -> OptionalCalls.filter(r, p), true);
                Supplier<Optional<Object>> other = m == 2 ? null : () -> m == 1 ? null : Optional.of("other");
                same(o + " or " + m, () -> o, (r, run) -> r.or(other), (r, run) -> OptionalCalls.or(r, other), true);
                Supplier<RuntimeException> error = m == 2 ? null : () -> m == 1 ? null : new IllegalStateException("none");
                same(o + " orElseThrow " + m, () -> o, (r, run) -> r.orElseThrow(error), (r, run) -> {
                    try {
                        return OptionalCalls.orElseThrow(r, error);
                    } catch (RuntimeException e) {
                        throw e;
                    } catch (Throwable t) {
                        throw new AssertionError(t);
                    }
                }, true);
            }
        }
    }

    @Test
    void iteratorForEachRemainingBehavesAsTheJdk() {
        for (Supplier<Collection<Integer>> c : collections()) {
            String name = c.get().getClass().getName();
            // an action that adds or removes: ArrayList's override stops and throws where a plain
            // iterator's hasNext() may already say "no more" (see IterableCalls.forEachRemaining)
            boolean arrayList = c.get().getClass() == ArrayList.class || c.get().getClass().getSuperclass() == ArrayList.class;
            for (int mode = 0; mode < 5; mode++) {
                int m = mode;
                same(name + " forEachRemaining mode " + m, c,
                        (r, run) -> { var it = r.iterator(); if (it.hasNext()) it.next(); it.forEachRemaining(each(r, run, m)); return null; },
                        (r, run) -> { var it = r.iterator(); if (it.hasNext()) it.next(); IterableCalls.forEachRemaining(it, each(r, run, m)); return null; },
                        !(arrayList && (m == 1 || m == 2)), arrayList && (m == 1 || m == 2));
            }
        }
    }

    /** A collection or map, and an iterator of it (or of a view or a wrapper of it) whose own {@code forEachRemaining} overrides the default. */
    private record Iterated(Supplier<Object> receiver, Function<Object, java.util.Iterator<?>> iterator) {
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static List<Iterated> overridingIterators() {
        List<Integer> five = List.of(4, 1, 3, 1, 2);
        Map<Integer, Integer> three = Map.of(1, 10, 2, 20, 3, 30);
        return List.of(new Iterated(() -> new ArrayDeque<>(five), r -> ((ArrayDeque) r).iterator()),
                new Iterated(() -> new ArrayDeque<>(five), r -> ((ArrayDeque) r).descendingIterator()),
                new Iterated(JdkEquivalenceTest::wrappedDeque, r -> ((ArrayDeque) r).iterator()),
                new Iterated(JdkEquivalenceTest::wrappedDeque, r -> ((ArrayDeque) r).descendingIterator()),
                new Iterated(ArrayDeque::new, r -> ((ArrayDeque) r).descendingIterator()),
                new Iterated(() -> new TreeSet<>(five), r -> ((TreeSet) r).descendingIterator()),
                new Iterated(() -> new TreeSet<>(five), r -> ((TreeSet) r).headSet(4).iterator()),
                new Iterated(() -> new TreeSet<>(five), r -> ((TreeSet) r).descendingSet().iterator()),
                new Iterated(() -> new TreeMap<>(three), r -> ((TreeMap) r).headMap(3, true).keySet().iterator()),
                new Iterated(() -> new TreeMap<>(three), r -> ((TreeMap) r).descendingKeySet().iterator()),
                new Iterated(() -> new ArrayList<>(five), r -> Collections.unmodifiableList((List) r).iterator()),
                new Iterated(() -> new ArrayList<>(five), r -> Collections.unmodifiableList((List) r).listIterator()),
                new Iterated(() -> new ArrayDeque<>(five), r -> Collections.unmodifiableCollection((Collection) r).iterator()),
                new Iterated(() -> new TreeSet<>(five), r -> Collections.unmodifiableSet((Set) r).iterator()),
                new Iterated(() -> new LinkedList<>(five), r -> Collections.checkedList((List) r, Integer.class).listIterator()),
                new Iterated(() -> new ArrayDeque<>(five), r -> Collections.checkedCollection((Collection) r, Integer.class).iterator()),
                new Iterated(() -> new LinkedHashMap<>(three), r -> Collections.unmodifiableMap((Map) r).entrySet().iterator()),
                new Iterated(() -> new TreeMap<>(three), r -> Collections.unmodifiableMap((Map) r).keySet().iterator()),
                new Iterated(() -> new TreeMap<>(three), r -> Collections.checkedMap((Map) r, Integer.class, Integer.class)
                        .entrySet().iterator()));
    }

    /**
     * {@code forEachRemaining} of the iterators whose class overrides it ({@code ArrayDeque}'s, a
     * {@code TreeMap} view's keys', the {@code Collections} wrappers'), after one {@code next()}: the
     * same elements (of the same class: an unmodifiable or checked entry is wrapped as the JDK wraps
     * it), the same exceptions (a callback that adds to or removes from the collection, or throws, or
     * is null), the same collection after, and the same outcome of a {@code remove()} after it.
     */
    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void forEachRemainingOfIteratorsThatOverrideItBehavesAsTheJdk() {
        int before = compared;
        for (Iterated source : overridingIterators()) {
            String name = source.iterator().apply(source.receiver().get()).getClass().getName();
            for (int mode = 0; mode < 5; mode++) {
                int m = mode;
                for (boolean removeAfter : new boolean[] {false, true}) {
                    Call<Object> jdk = (r, run) -> {
                        java.util.Iterator it = source.iterator().apply(r);
                        if (it.hasNext()) it.next();
                        it.forEachRemaining(anything(r, run, m));
                        if (removeAfter) it.remove();
                        return null;
                    };
                    Call<Object> ours = (r, run) -> {
                        java.util.Iterator it = source.iterator().apply(r);
                        if (it.hasNext()) it.next();
                        IterableCalls.forEachRemaining(it, anything(r, run, m));
                        if (removeAfter) it.remove();
                        return null;
                    };
                    same(name + " forEachRemaining mode " + m + (removeAfter ? ", then remove()" : ""), source.receiver(), jdk, ours,
                            true);
                }
            }
        }
        assertTrue(compared - before >= 190, "compared " + (compared - before));
    }

    /**
     * The guard for {@code forEachRemaining}: every iterator of the collections the rewrite lists
     * ({@code ArrayList}, {@code LinkedList}, {@code ArrayDeque}, {@code PriorityQueue},
     * {@code HashMap}, {@code LinkedHashMap}, {@code TreeMap}, {@code TreeSet}, their views, and
     * {@code Collections}' unmodifiable and checked wrappers of them), found on the running JDK, is
     * one {@link IterableCalls#forEachRemaining} runs itself (whether its class inherits the default
     * or overrides it: checked by reflection), or is named here with why it still pins. An iterator
     * class a newer JDK adds or changes fails this test until it is one or the other.
     */
    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void everyIteratorOfTheListedCollectionsRunsFromTheStandIn() throws Exception {
        Map<String, String> stillPins = Map.of("java.util.ArrayList$SubList$1",
                "an ArrayList.subList's iterator walks the array with its own checks: pins; loop with hasNext()/next()");
        List<Integer> five = List.of(4, 1, 3, 1, 2);
        Map<Integer, Integer> three = Map.of(1, 10, 2, 20, 3, 30);
        List<Collection> collections = new ArrayList<>(List.of(new ArrayList<>(five), new LinkedList<>(five), new ArrayDeque<>(five),
                new PriorityQueue<>(five), new HashSet<>(five), new LinkedHashSet<>(five), new TreeSet<>(five),
                new ArrayList<>(five).subList(1, 3), five, List.of(1), Collections.emptyList(), Collections.singleton(1)));
        for (Map<Integer, Integer> m : List.of(new HashMap<>(three), new LinkedHashMap<>(three), new TreeMap<>(three))) {
            collections.addAll(List.of(m.keySet(), m.values(), m.entrySet()));
            Map<Integer, Integer> u = Collections.unmodifiableMap(m);
            Map<Integer, Integer> c = Collections.checkedMap(m, Integer.class, Integer.class);
            collections.addAll(List.of(u.keySet(), u.values(), u.entrySet(), c.keySet(), c.values(), c.entrySet()));
        }
        TreeMap<Integer, Integer> tree = new TreeMap<>(three);
        for (java.util.NavigableMap<Integer, Integer> view : List.of(tree.headMap(3, true), tree.tailMap(1, false), tree.descendingMap(),
                tree.subMap(1, true, 3, false), tree.descendingMap().headMap(1, true))) {
            collections.addAll(List.of(view.keySet(), view.values(), view.entrySet(), view.descendingKeySet()));
        }
        TreeSet<Integer> set = new TreeSet<>(five);
        collections.addAll(List.of(set.descendingSet(), set.headSet(3), set.tailSet(2, true), set.subSet(1, 4)));
        for (Collection c : new ArrayList<>(collections)) {
            collections.add(Collections.unmodifiableCollection(c));
            collections.add(Collections.checkedCollection(c, Object.class));
            if (c instanceof List) {
                collections.add(Collections.unmodifiableList((List) c));
                collections.add(Collections.checkedList((List) c, Object.class));
            }
        }
        List<String> gaps = new ArrayList<>();
        Set<String> listedAndLeft = new java.util.TreeSet<>();
        int runs = 0;
        for (Collection c : collections) {
            List<java.util.Iterator> iterators = new ArrayList<>(List.of(c.iterator()));
            if (c instanceof List) {
                iterators.add(((List) c).listIterator());
            }
            if (c instanceof java.util.NavigableSet) {
                iterators.add(((java.util.NavigableSet) c).descendingIterator());
            }
            if (c instanceof java.util.Deque) {
                iterators.add(((java.util.Deque) c).descendingIterator());
            }
            for (java.util.Iterator it : iterators) {
                java.util.Iterator inner = it;
                while (IteratorFields.plainInner(inner) != null) {
                    inner = IteratorFields.plainInner(inner); // a wrapper's iterator runs from the stand-in when what it wraps does
                }
                String name = inner.getClass().getName();
                if (IterableCalls.runsItself(it)) {
                    runs++;
                } else if (stillPins.containsKey(name)) {
                    listedAndLeft.add(name);
                } else {
                    gaps.add(name + " (of " + c.getClass().getName() + ", forEachRemaining declared by "
                            + it.getClass().getMethod("forEachRemaining", java.util.function.Consumer.class).getDeclaringClass().getName() + ")");
                }
            }
        }
        assertEquals(List.of(), gaps, "iterators whose forEachRemaining neither runs from the stand-in nor is listed with a reason");
        assertEquals(stillPins.keySet(), listedAndLeft, "listed as still pinning, but run by the stand-in or gone");
        assertTrue(runs > 100, "iterators checked: " + runs);
    }

    /** A callback of any element: logs it with its class; mode 1 adds to the receiver at the second call, 2 removes its first element, 3 throws, 4 is null. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static java.util.function.Consumer<Object> anything(Object r, Run run, int mode) {
        return mode == 4 ? null : x -> {
            run.log.add(x.getClass().getName() + " " + x);
            if (run.log.size() == 2) {
                if (mode == 1) {
                    if (r instanceof Map) ((Map) r).put(42, 42); else ((Collection) r).add(42);
                } else if (mode == 2) {
                    Collection c = r instanceof Map ? ((Map) r).keySet() : (Collection) r;
                    c.remove(c.iterator().next());
                } else if (mode == 3) {
                    throw new IllegalStateException("from the callback");
                }
            }
        };
    }

    // ------------------------------------------------------------------ a user's collection and map

    /** A user's list: inherits every default of List, Collection and Iterable. */
    static final class UserList extends AbstractList<Integer> {
        private final List<Integer> items;

        UserList(List<Integer> items) {
            this.items = new ArrayList<>(items);
        }

        @Override
        public Integer get(int index) {
            return items.get(index);
        }

        @Override
        public Integer set(int index, Integer e) {
            return items.set(index, e);
        }

        @Override
        public void add(int index, Integer e) {
            items.add(index, e);
            modCount++;
        }

        @Override
        public Integer remove(int index) {
            modCount++;
            return items.remove(index);
        }

        @Override
        public int size() {
            return items.size();
        }
    }

    /** A user's map: inherits every default of Map. */
    static final class UserMap extends AbstractMap<String, Integer> {
        private final Map<String, Integer> items;

        UserMap(Map<String, Integer> items) {
            this.items = new LinkedHashMap<>(new TreeMap<>(items));
        }

        @Override
        public Set<Entry<String, Integer>> entrySet() {
            return items.entrySet();
        }

        @Override
        public Integer put(String key, Integer value) {
            return items.put(key, value);
        }
    }
}
