package io.jgo.cont;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Goroutine;
import io.jgo.cont.SortedCollectionsDifferentialTest.Compares;
import io.jgo.cont.SortedCollectionsDifferentialTest.Key;
import io.jgo.cont.SortedCollectionsDifferentialTest.Run;
import io.jgo.internal.coroutine.Coroutine;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.PriorityQueue;
import java.util.Queue;
import java.util.Random;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code TreeMap}, {@code TreeSet} and {@code PriorityQueue} called the way a Java programmer writes
 * them, through {@code Map}, {@code Set}, {@code Queue} and {@code Collection} receivers, and through
 * their views ({@code headMap}, {@code tailMap}, {@code descendingMap}, {@code navigableKeySet},
 * {@code headSet}, {@code subSet}, {@code descendingSet}) and bulk methods ({@code putAll},
 * {@code addAll}): random sequences (fixed seeds) run as javac wrote them (a method the agent leaves
 * alone: the JDK), as the rewrite makes them (the same calls in a {@code @Goroutine} method, which
 * the rewrite sends to {@code SortedDispatch}) on a plain thread, and so in a coroutine whose
 * comparator (or keys' {@code compareTo}) suspends at every compare. The three agree on every result
 * and exception ({@code IllegalArgumentException} of a key out of a view's range, the comparator's
 * own, {@code ClassCastException} and {@code NullPointerException} of a key the ordering refuses), on the collection after every step, on whether an iterator
 * made before a step fails with {@code ConcurrentModificationException}, and on the comparator's
 * calls; the coroutine suspends once per compare and never pins.
 */
class SortedThroughInterfacesDifferentialTest {

    /** The collection, its ordering, and the receiver type its calls go through. */
    enum Kind { MAP, MAP_NATURAL, SET, SET_NATURAL, QUEUE, QUEUE_NATURAL, COLLECTION_OF_A_SET, COLLECTION_OF_A_QUEUE }

    private static final int SEQUENCES = 10;
    private static final int STEPS = 50;

    @ParameterizedTest
    @EnumSource(Kind.class)
    void interfaceTypedCallsAndViewsBehaveAsTheJdkPlainAndSuspendingAtEveryCompare(Kind kind) {
        int compared = 0;
        for (int seed = 0; seed < SEQUENCES; seed++) {
            Run jdk = run(kind, seed, false, false);
            Run plain = run(kind, seed, true, false);
            Run suspending = run(kind, seed, true, true);
            String where = kind + " seed " + seed;
            assertEquals(jdk.steps(), plain.steps(), where + ": rewritten, on a plain thread");
            assertEquals(jdk.compares(), plain.compares(), where + ": the comparator's calls, plain");
            assertEquals(jdk.steps(), suspending.steps(), where + ": rewritten, suspending at every compare");
            assertEquals(jdk.compares(), suspending.compares(), where + ": the comparator's calls, suspending");
            assertEquals(0, suspending.pins(), where + ": a compare pinned instead of unwinding");
            assertEquals(jdk.compares().size(), suspending.suspensions(), where + ": one suspension per compare");
            compared += jdk.compares().size();
        }
        assertTrue(compared > SEQUENCES * STEPS / 2, kind + ": too few compares to mean anything: " + compared);
    }

    private static Run run(Kind kind, int seed, boolean rewritten, boolean suspend) {
        Compares compares = new Compares();
        compares.suspend = suspend;
        Key.compares = compares;
        Comparator<Object> byValueDescending = (a, b) -> compares.answer(a, b, Integer.compare((Integer) b, (Integer) a));
        List<String> steps = new ArrayList<>();
        boolean natural = kind.name().endsWith("NATURAL");
        Object collection = collectionOf(kind, natural ? null : byValueDescending);
        Random random = new Random(seed);
        Runnable body = rewritten ? () -> rewrittenSequence(kind, collection, random, natural, steps)
                : () -> jdkSequence(kind, collection, random, natural, steps);
        if (!suspend) {
            body.run();
            return new Run(steps, compares.log, 0, 0);
        }
        Coroutine c = new Coroutine(body);
        int suspensions = c.runToEnd();
        return new Run(steps, compares.log, suspensions, c.pins());
    }

    private static Object collectionOf(Kind kind, Comparator<Object> comparator) {
        switch (kind) {
            case MAP: case MAP_NATURAL: return comparator == null ? new TreeMap<>() : new TreeMap<>(comparator);
            case SET: case SET_NATURAL: case COLLECTION_OF_A_SET: return comparator == null ? new TreeSet<>() : new TreeSet<>(comparator);
            default: return comparator == null ? new PriorityQueue<>() : new PriorityQueue<>(comparator);
        }
    }

    private static Object key(Random random, boolean natural) {
        int v = random.nextInt(30);
        return natural ? new Key(v) : (Object) v;
    }

    // ---------------------------------------------------------------- as the rewrite makes them (@Goroutine)

    @Goroutine
    @SuppressWarnings({"rawtypes", "unchecked"})
    private static void rewrittenSequence(Kind kind, Object collection, Random random, boolean natural, List<String> steps) {
        for (int i = 0; i < STEPS; i++) {
            Object k = key(random, natural);
            Object o = key(random, natural);
            int op = random.nextInt(16);
            Iterator probe = iteratorOf(collection);
            String outcome;
            try {
                Object result;
                if (collection instanceof Map) {
                    Map m = (Map) collection;
                    switch (op) {
                        case 0: case 1: result = m.put(k, o); break;
                        case 2: result = m.get(k) + " " + m.containsKey(o); break;
                        case 3: result = m.remove(k); break;
                        case 4: result = m.putIfAbsent(k, o) + " " + m.getOrDefault(o, "none"); break;
                        case 5: result = m.replace(k, o) + " " + m.replace(o, o, k); break;
                        case 6: m.putAll(Map.of(k, "a", o, "b")); result = "putAll"; break;
                        case 7: result = m.get(null); break; // NullPointerException: the natural ordering's, or the comparator's
                        case 8: { Map head = ((NavigableMap) m).headMap(o, true); result = head.put(k, "h") + " " + head.get(o); break; }
                        case 9: { Map tail = ((SortedMap) m).tailMap(o); result = tail.get(k) + " " + tail.remove(k); break; }
                        case 10: { Map d = ((NavigableMap) m).descendingMap(); result = d.put(k, "d") + " " + d.containsKey(o); break; }
                        case 11: { Set keys = ((NavigableMap) m).navigableKeySet(); result = keys.contains(k) + " " + keys.remove(o); break; }
                        case 12: { Map sub = ((NavigableMap) m).subMap(k, true, o, false); result = sub.remove(o) + " " + sub.put(k, 1); break; }
                        case 13: result = m.put(natural ? List.of() : null, 1); break; // ClassCastException, NullPointerException
                        case 14: result = m.remove(k, m.get(k)) + " " + m.remove(o, null); break; // Map.remove(key, value)
                        default: result = m.put(o, k);
                    }
                } else if (collection instanceof NavigableSet && (kind == Kind.SET || kind == Kind.SET_NATURAL)) {
                    Set s = (Set) collection;
                    switch (op) {
                        case 0: case 1: case 2: result = s.add(k); break;
                        case 3: case 4: result = s.contains(k) + " " + s.contains(o); break;
                        case 5: result = s.remove(k); break;
                        case 6: result = s.addAll(Arrays.asList(k, o)); break;
                        case 7: { Set head = ((NavigableSet) s).headSet(o, true); result = head.add(k) + " " + head.contains(o); break; }
                        case 8: { Set sub = ((SortedSet) s).subSet(k, o); result = sub.remove(k) + " " + sub.contains(o); break; }
                        case 9: { Set d = ((NavigableSet) s).descendingSet(); result = d.add(k) + " " + d.remove(o); break; }
                        case 10: { Set tail = ((NavigableSet) s).tailSet(k, false); result = tail.add(o) + " " + tail.contains(k); break; }
                        case 11: result = s.add(natural ? List.of() : null); break; // ClassCastException, NullPointerException
                        case 12: result = s.containsAll(Arrays.asList(k, o)); break;
                        case 13: result = s.removeAll(Arrays.asList(k, o)); break;
                        case 14: result = s.retainAll(((NavigableSet) s).headSet(o, true)); break; // the view's contains compares
                        default: result = s.add(o);
                    }
                } else if (kind == Kind.QUEUE || kind == Kind.QUEUE_NATURAL) {
                    Queue q = (Queue) collection;
                    switch (op) {
                        case 0: case 1: case 2: case 3: result = q.offer(k); break;
                        case 4: case 5: result = q.add(k); break;
                        case 6: case 7: case 8: result = q.poll(); break;
                        case 9: result = q.remove(); break;
                        case 10: case 11: result = q.remove(k); break;
                        case 12: result = q.addAll(Arrays.asList(k, o)); break;
                        default: result = q.offer(o);
                    }
                } else {
                    Collection c = (Collection) collection;
                    switch (op) {
                        case 0: case 1: case 2: case 3: case 4: result = c.add(k); break;
                        case 5: case 6: result = c.contains(k); break;
                        case 7: case 8: case 9: result = c.remove(k); break;
                        case 10: result = c.addAll(Arrays.asList(k, o)); break;
                        case 11: result = c.containsAll(Arrays.asList(k, o)); break;
                        case 12: result = kind == Kind.COLLECTION_OF_A_SET ? c.removeAll(List.of(k)) : c.add(o); break; // a queue's heapifies
                        default: result = c.add(o);
                    }
                }
                outcome = String.valueOf(result);
            } catch (RuntimeException e) {
                outcome = e.getClass().getSimpleName();
            }
            steps.add(op + " " + k + " " + o + " -> " + outcome + checked(probe) + " " + collection);
        }
    }

    // ---------------------------------------------------------------- as javac wrote them (left alone: the JDK's methods)

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static void jdkSequence(Kind kind, Object collection, Random random, boolean natural, List<String> steps) {
        for (int i = 0; i < STEPS; i++) {
            Object k = key(random, natural);
            Object o = key(random, natural);
            int op = random.nextInt(16);
            Iterator probe = iteratorOf(collection);
            String outcome;
            try {
                Object result;
                if (collection instanceof Map) {
                    Map m = (Map) collection;
                    switch (op) {
                        case 0: case 1: result = m.put(k, o); break;
                        case 2: result = m.get(k) + " " + m.containsKey(o); break;
                        case 3: result = m.remove(k); break;
                        case 4: result = m.putIfAbsent(k, o) + " " + m.getOrDefault(o, "none"); break;
                        case 5: result = m.replace(k, o) + " " + m.replace(o, o, k); break;
                        case 6: m.putAll(Map.of(k, "a", o, "b")); result = "putAll"; break;
                        case 7: result = m.get(null); break; // NullPointerException: the natural ordering's, or the comparator's
                        case 8: { Map head = ((NavigableMap) m).headMap(o, true); result = head.put(k, "h") + " " + head.get(o); break; }
                        case 9: { Map tail = ((SortedMap) m).tailMap(o); result = tail.get(k) + " " + tail.remove(k); break; }
                        case 10: { Map d = ((NavigableMap) m).descendingMap(); result = d.put(k, "d") + " " + d.containsKey(o); break; }
                        case 11: { Set keys = ((NavigableMap) m).navigableKeySet(); result = keys.contains(k) + " " + keys.remove(o); break; }
                        case 12: { Map sub = ((NavigableMap) m).subMap(k, true, o, false); result = sub.remove(o) + " " + sub.put(k, 1); break; }
                        case 13: result = m.put(natural ? List.of() : null, 1); break; // ClassCastException, NullPointerException
                        case 14: result = m.remove(k, m.get(k)) + " " + m.remove(o, null); break; // Map.remove(key, value)
                        default: result = m.put(o, k);
                    }
                } else if (collection instanceof NavigableSet && (kind == Kind.SET || kind == Kind.SET_NATURAL)) {
                    Set s = (Set) collection;
                    switch (op) {
                        case 0: case 1: case 2: result = s.add(k); break;
                        case 3: case 4: result = s.contains(k) + " " + s.contains(o); break;
                        case 5: result = s.remove(k); break;
                        case 6: result = s.addAll(Arrays.asList(k, o)); break;
                        case 7: { Set head = ((NavigableSet) s).headSet(o, true); result = head.add(k) + " " + head.contains(o); break; }
                        case 8: { Set sub = ((SortedSet) s).subSet(k, o); result = sub.remove(k) + " " + sub.contains(o); break; }
                        case 9: { Set d = ((NavigableSet) s).descendingSet(); result = d.add(k) + " " + d.remove(o); break; }
                        case 10: { Set tail = ((NavigableSet) s).tailSet(k, false); result = tail.add(o) + " " + tail.contains(k); break; }
                        case 11: result = s.add(natural ? List.of() : null); break; // ClassCastException, NullPointerException
                        case 12: result = s.containsAll(Arrays.asList(k, o)); break;
                        case 13: result = s.removeAll(Arrays.asList(k, o)); break;
                        case 14: result = s.retainAll(((NavigableSet) s).headSet(o, true)); break; // the view's contains compares
                        default: result = s.add(o);
                    }
                } else if (kind == Kind.QUEUE || kind == Kind.QUEUE_NATURAL) {
                    Queue q = (Queue) collection;
                    switch (op) {
                        case 0: case 1: case 2: case 3: result = q.offer(k); break;
                        case 4: case 5: result = q.add(k); break;
                        case 6: case 7: case 8: result = q.poll(); break;
                        case 9: result = q.remove(); break;
                        case 10: case 11: result = q.remove(k); break;
                        case 12: result = q.addAll(Arrays.asList(k, o)); break;
                        default: result = q.offer(o);
                    }
                } else {
                    Collection c = (Collection) collection;
                    switch (op) {
                        case 0: case 1: case 2: case 3: case 4: result = c.add(k); break;
                        case 5: case 6: result = c.contains(k); break;
                        case 7: case 8: case 9: result = c.remove(k); break;
                        case 10: result = c.addAll(Arrays.asList(k, o)); break;
                        case 11: result = c.containsAll(Arrays.asList(k, o)); break;
                        case 12: result = kind == Kind.COLLECTION_OF_A_SET ? c.removeAll(List.of(k)) : c.add(o); break; // a queue's heapifies
                        default: result = c.add(o);
                    }
                }
                outcome = String.valueOf(result);
            } catch (RuntimeException e) {
                outcome = e.getClass().getSimpleName();
            }
            steps.add(op + " " + k + " " + o + " -> " + outcome + checked(probe) + " " + collection);
        }
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
        } catch (ConcurrentModificationException e) {
            return " (CME)";
        }
    }
}
