package io.jgo.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.Type;

/**
 * Every public higher-order method of the JDK types a goroutine commonly hands a lambda to (found by
 * reflection on the running JDK, not listed by hand: a method taking a {@code java.util.function}
 * type, a {@code Comparator} or a {@code Runnable}) is either redirected by the rewrite to a
 * suspendable stand-in ({@link CallbackCalls}: a suspending lambda unwinds), run by the runtime's
 * own sequential stream, or named in {@link #STILL_PINS} with the reason a suspension in its
 * function still pins (or why it never calls the function before returning). Which receivers a
 * helper runs itself, and that it behaves as the JDK does, is the runtime's
 * {@code JdkEquivalenceTest}; {@link #REDIRECTED_TO_THE_OVERRIDE} names the overrides it leaves to the JDK. A JDK method that is
 * neither — a gap, or a method a newer JDK added — fails this test; so does an entry of the list
 * that no longer names a method left to the JDK.
 */
class JdkHigherOrderMethodsTest {

    private static final List<Class<?>> TYPES = List.of(Iterable.class, java.util.Iterator.class, java.util.Collection.class,
            List.class, Map.class, java.util.HashMap.class, LinkedHashMap.class, java.util.TreeMap.class, TreeSet.class,
            ArrayList.class, java.util.LinkedList.class, java.util.ArrayDeque.class, java.util.PriorityQueue.class,
            java.util.Collections.class, java.util.Optional.class, Comparator.class, java.util.stream.Stream.class,
            java.util.stream.IntStream.class, java.util.stream.LongStream.class, java.util.stream.DoubleStream.class,
            java.util.stream.Collectors.class);

    /** {@code Stream}'s intermediate operations that the runtime's stream ({@code SequentialStream}) runs in rewritten code. */
    private static final Set<String> RUNTIME_STREAM_STAGES = Set.of("filter", "map", "flatMap", "peek", "sorted", "takeWhile",
            "dropWhile", "mapToInt", "mapToLong", "mapToDouble", "flatMapToInt", "flatMapToLong", "flatMapToDouble", "mapMulti",
            "mapMultiToInt", "mapMultiToLong", "mapMultiToDouble");
    /** The primitive streams' intermediate operations that the runtime's primitive streams ({@code SequentialIntStream}...) run. */
    private static final Set<String> RUNTIME_PRIMITIVE_STREAM_STAGES = Set.of("filter", "map", "mapToObj", "mapToInt",
            "mapToLong", "mapToDouble", "flatMap", "peek", "takeWhile", "dropWhile");
    private static final Set<Class<?>> PRIMITIVE_STREAMS = Set.of(java.util.stream.IntStream.class,
            java.util.stream.LongStream.class, java.util.stream.DoubleStream.class);

    private static final String LAZY = "stores the function and calls it later, where the result is used (that call is what"
            + " pins or not)";
    private static final String COLLECTOR = "a concurrent collector: ConcurrentMap.computeIfAbsent/merge hold the bin's lock"
            + " around the function: pins; use groupingBy/toMap (redirected) or a loop";
    private static final String GENERATOR = "an array generator, called once with the size inside the JDK: pins";

    /**
     * Redirected, but the helper runs the receiver's own override (it reproduces only the defaults and
     * the overrides it names), so a suspension in the function still pins there. None left: the
     * {@code ArrayDeque} and {@code PriorityQueue} overrides are the runtime's {@code DequeCalls} now.
     */
    static final Map<String, String> REDIRECTED_TO_THE_OVERRIDE = Map.of();

    /**
     * "Class.method" (the simple name of the type enumerated, every overload) -> why a suspension in
     * its function still pins, or why the method never calls it before returning.
     */
    static final Map<String, String> STILL_PINS = stillPins();

    private static Map<String, String> stillPins() {
        Map<String, String> m = new LinkedHashMap<>();
        for (String c : List.of("ArrayDeque", "ArrayList", "Collection", "LinkedList", "List", "PriorityQueue", "TreeSet")) {
            m.put(c + ".toArray", GENERATOR);
        }
        m.put("Collectors.groupingByConcurrent", COLLECTOR);
        m.put("Collectors.toConcurrentMap", COLLECTOR);
        for (String s : List.of("Stream", "IntStream", "LongStream", "DoubleStream")) {
            m.put(s + ".onClose", LAZY + " (at close, which the JDK's stream runs)");
        }
        return m;
    }

    @Test
    void everyJdkHigherOrderMethodIsRedirectedOrListedWithItsReason() {
        ClassInfoCache classes = new ClassInfoCache(ClassBytes.of(null), new ByteScan());
        CallbackCalls calls = new CallbackCalls(classes, new Suspendables(classes, false));
        List<String> gaps = new ArrayList<>();
        Set<String> redirected = new TreeSet<>();
        Set<String> listedAndLeft = new TreeSet<>();
        for (Class<?> type : TYPES) {
            for (Method m : type.getMethods()) {
                if (m.getDeclaringClass() == Object.class || !takesAFunction(m)) {
                    continue;
                }
                String key = type.getSimpleName() + "." + m.getName();
                boolean isStatic = Modifier.isStatic(m.getModifiers());
                // a static method is called on its declaring type; an instance one on the type enumerated
                String owner = Type.getInternalName(isStatic ? m.getDeclaringClass() : type);
                boolean covered = calls.redirects(owner, m.getName(), Type.getMethodDescriptor(m), isStatic, type.isInterface())
                        || type == java.util.stream.Stream.class && RUNTIME_STREAM_STAGES.contains(m.getName())
                        || PRIMITIVE_STREAMS.contains(type) && RUNTIME_PRIMITIVE_STREAM_STAGES.contains(m.getName());
                if (covered) {
                    redirected.add(key);
                } else if (STILL_PINS.containsKey(key)) {
                    listedAndLeft.add(key);
                } else {
                    gaps.add(key + Type.getMethodDescriptor(m));
                }
            }
        }
        assertEquals(List.of(), gaps, "JDK higher-order methods neither redirected nor listed in STILL_PINS with a reason");
        Set<String> stale = new TreeSet<>(STILL_PINS.keySet());
        stale.removeAll(listedAndLeft);
        assertEquals(Set.of(), stale, "listed as still pinning, but redirected or gone: take them off the list");
        // what the issue measured pinning with suspendable=*, now redirected
        assertTrue(redirected.containsAll(REDIRECTED_TO_THE_OVERRIDE.keySet()), "the helper is called first: " + redirected);
        assertTrue(redirected.containsAll(List.of("TreeMap.computeIfAbsent", "TreeMap.merge", "TreeMap.compute",
                "LinkedHashMap.compute", "HashMap.compute", "Map.replaceAll", "Iterator.forEachRemaining", "Optional.filter",
                "Optional.ifPresentOrElse", "Collectors.groupingBy", "Collectors.toMap", "Collectors.partitioningBy",
                "Collectors.teeing", "Collectors.reducing", "Collectors.summingInt", "Comparator.comparing",
                "Comparator.thenComparing", "Comparator.nullsFirst", "Collections.reverseOrder", "Collections.min",
                "Collections.max", "Collections.binarySearch", "ArrayDeque.forEach", "ArrayDeque.removeIf",
                "PriorityQueue.forEach", "PriorityQueue.removeIf")),
                redirected.toString());
        // the primitive streams and Stream's infinite sources (the IntStream.range(..).forEach)
        assertTrue(redirected.containsAll(List.of("IntStream.forEach", "IntStream.iterate", "IntStream.generate",
                "IntStream.reduce", "IntStream.collect", "IntStream.anyMatch", "LongStream.forEach", "DoubleStream.reduce",
                "Stream.iterate", "Stream.generate", "Stream.mapToInt", "Stream.mapMulti", "Stream.flatMapToInt")),
                redirected.toString());
    }

    /** The sorted collections whose comparator (or keys' {@code compareTo}) is called by their own methods. */
    private static final List<Class<?>> SORTED_TYPES = List.of(java.util.TreeMap.class, TreeSet.class,
            java.util.PriorityQueue.class, java.util.NavigableMap.class, java.util.NavigableSet.class, java.util.SortedMap.class,
            java.util.SortedSet.class);

    private static final String BULK = "compares inside the JDK's loop (a bulk change, or a heapify): pins; loop over add/remove";
    private static final String NO_COMPARE = "never calls the comparator";

    /**
     * "Class.method" -> why a method of a sorted collection that takes an element, a key or a
     * collection is not redirected (it compares inside the JDK's frames, or never compares).
     */
    static final Map<String, String> SORTED_LEFT = sortedLeft();

    private static Map<String, String> sortedLeft() {
        Map<String, String> m = new LinkedHashMap<>();
        for (String c : List.of("TreeMap", "NavigableMap", "SortedMap")) {
            m.put(c + ".containsValue", NO_COMPARE);
            m.put(c + ".equals", "compares keys through the other map's get (its own comparator): left to the JDK");
        }
        for (String c : List.of("TreeSet", "NavigableSet", "SortedSet")) {
            m.put(c + ".equals", "compares through the other set's contains: left to the JDK");
        }
        m.put("PriorityQueue.contains", NO_COMPARE);
        m.put("PriorityQueue.removeAll", BULK);
        m.put("PriorityQueue.retainAll", BULK);
        m.put("PriorityQueue.containsAll", NO_COMPARE);
        m.put("PriorityQueue.equals", NO_COMPARE);
        return m;
    }

    /**
     * Every public instance method of the sorted collections that takes an element, a key or a
     * collection (the methods that may call the collection's comparator) is redirected to
     * {@code SortedCalls} or {@code QueueCalls} (whatever its arguments: the comparator is the
     * receiver's), or listed in {@link #SORTED_LEFT} with its reason; and the no-argument
     * {@code PriorityQueue.poll} and {@code remove()}, whose sift compares, are redirected.
     */
    @Test
    void everyComparingMethodOfTheSortedCollectionsIsRedirectedOrListed() {
        ClassInfoCache classes = new ClassInfoCache(ClassBytes.of(null), new ByteScan());
        CallbackCalls calls = new CallbackCalls(classes, new Suspendables(classes, false));
        List<String> gaps = new ArrayList<>();
        Set<String> redirected = new TreeSet<>();
        Set<String> listedAndLeft = new TreeSet<>();
        for (Class<?> type : SORTED_TYPES) {
            for (Method m : type.getMethods()) {
                boolean takesAValue = m.getParameterCount() > 0 && !takesAFunction(m) && List.of(m.getParameterTypes()).stream()
                        .allMatch(p -> p == Object.class || p == java.util.Map.class || p == java.util.Collection.class || p == boolean.class);
                boolean pollsAHeap = type == java.util.PriorityQueue.class && m.getParameterCount() == 0
                        && (m.getName().equals("poll") || m.getName().equals("remove"));
                if (Modifier.isStatic(m.getModifiers()) || m.getDeclaringClass() == Object.class && !m.getName().equals("equals")
                        || !takesAValue && !pollsAHeap) {
                    continue;
                }
                String key = type.getSimpleName() + "." + m.getName();
                String keyWithArity = key + "(" + m.getParameterCount() + ")";
                boolean covered = calls.redirects(Type.getInternalName(type), m.getName(), Type.getMethodDescriptor(m), false,
                        type.isInterface());
                if (covered) {
                    redirected.add(key);
                } else if (SORTED_LEFT.containsKey(keyWithArity) || SORTED_LEFT.containsKey(key)) {
                    listedAndLeft.add(SORTED_LEFT.containsKey(keyWithArity) ? keyWithArity : key);
                } else {
                    gaps.add(key + Type.getMethodDescriptor(m));
                }
            }
        }
        assertEquals(List.of(), gaps, "sorted-collection methods neither redirected nor listed in SORTED_LEFT with a reason");
        Set<String> stale = new TreeSet<>(SORTED_LEFT.keySet());
        stale.removeAll(listedAndLeft);
        assertEquals(Set.of(), stale, "listed as left to the JDK, but redirected or gone: take them off the list");
        assertTrue(redirected.containsAll(List.of("TreeMap.put", "TreeMap.get", "TreeMap.containsKey", "TreeMap.remove",
                "TreeMap.floorKey", "TreeMap.ceilingEntry", "TreeMap.putAll", "TreeSet.add", "TreeSet.contains", "TreeSet.remove",
                "TreeSet.floor", "TreeSet.addAll", "NavigableMap.higherKey", "SortedSet.add", "PriorityQueue.offer",
                "PriorityQueue.add", "PriorityQueue.poll", "PriorityQueue.remove", "PriorityQueue.addAll", "TreeMap.headMap",
                "TreeMap.subMap", "NavigableMap.tailMap", "SortedMap.subMap", "TreeSet.headSet", "NavigableSet.subSet",
                "SortedSet.tailSet", "TreeSet.containsAll", "TreeSet.removeAll", "TreeSet.retainAll", "NavigableSet.removeAll",
                "SortedSet.retainAll", "SortedMap.remove", "NavigableMap.remove")), redirected.toString());
    }

    /**
     * The supertypes {@code TreeMap}, {@code TreeSet} and {@code PriorityQueue} share with other
     * collections, through which a program most often calls them ({@code Map<K, V> m = new TreeMap<>(cmp)}).
     */
    private static final List<Class<?>> SHARED_TYPES = List.of(Map.class, java.util.Set.class, java.util.Queue.class,
            java.util.Collection.class, java.util.AbstractMap.class, java.util.AbstractSet.class, java.util.AbstractQueue.class,
            java.util.AbstractCollection.class);
    /** Receivers that can never be a sorted collection: their calls are never redirected for a comparator. */
    private static final List<Class<?>> UNSORTED_TYPES = List.of(java.util.HashMap.class, LinkedHashMap.class,
            java.util.HashSet.class, List.class, ArrayList.class, java.util.Deque.class, java.util.ArrayDeque.class,
            java.util.LinkedList.class);

    /**
     * Every method of a supertype the sorted collections share with others ({@code Map}, {@code Set},
     * {@code Queue}, {@code Collection} and their abstract classes) whose {@code TreeMap},
     * {@code TreeSet} or {@code PriorityQueue} implementation is redirected for its comparator (the
     * set found above by reflection) is redirected when called through that supertype too
     * ({@code SortedDispatch}), unless {@link #SHARED_LEFT} gives the reason; and the same methods of
     * receivers that can never be sorted ({@code HashMap}, {@code List}, {@code Deque}...) are not.
     */
    @Test
    void theComparingMethodsAreRedirectedThroughTheSupertypesTheSortedCollectionsShare() {
        ClassInfoCache classes = new ClassInfoCache(ClassBytes.of(null), new ByteScan());
        CallbackCalls calls = new CallbackCalls(classes, new Suspendables(classes, false));
        List<String> gaps = new ArrayList<>();
        Set<String> redirected = new TreeSet<>();
        for (Class<?> type : SHARED_TYPES) {
            for (Method m : type.getMethods()) {
                if (Modifier.isStatic(m.getModifiers()) || m.getDeclaringClass() == Object.class || m.getName().equals("stream")) {
                    continue; // (stream(): a stream source, redirected for the runtime's stream, not for a comparator)
                }
                String desc = Type.getMethodDescriptor(m);
                boolean sortedRedirects = false;
                for (Class<?> sorted : List.of(java.util.TreeMap.class, TreeSet.class, java.util.PriorityQueue.class)) {
                    if (type.isAssignableFrom(sorted) && !takesAFunction(m)
                            && calls.redirects(Type.getInternalName(sorted), m.getName(), desc, false, false)) {
                        sortedRedirects = true;
                    }
                }
                if (!sortedRedirects) {
                    continue;
                }
                String key = type.getSimpleName() + "." + m.getName() + desc;
                if (calls.redirects(Type.getInternalName(type), m.getName(), desc, false, type.isInterface())) {
                    redirected.add(type.getSimpleName() + "." + m.getName());
                } else {
                    gaps.add(key);
                }
                for (Class<?> unsorted : UNSORTED_TYPES) {
                    boolean has;
                    try {
                        unsorted.getMethod(m.getName(), m.getParameterTypes());
                        has = true;
                    } catch (NoSuchMethodException e) {
                        has = false;
                    }
                    assertTrue(!has || !calls.redirects(Type.getInternalName(unsorted), m.getName(), desc, false,
                            unsorted.isInterface()), unsorted.getSimpleName() + "." + m.getName() + desc
                            + " is redirected, but such a receiver is never a sorted collection");
                }
            }
        }
        assertEquals(List.of(), gaps, "comparing methods of the sorted collections not redirected through a shared supertype");
        assertTrue(redirected.containsAll(List.of("Map.put", "Map.get", "Map.containsKey", "Map.remove", "Map.putIfAbsent",
                "Map.getOrDefault", "Map.replace", "Map.putAll", "Set.add", "Set.contains", "Set.remove", "Set.addAll",
                "Queue.offer", "Queue.poll", "Queue.add", "Queue.remove", "Queue.addAll", "Collection.add", "Collection.remove",
                "Collection.contains", "Collection.addAll", "AbstractMap.put", "AbstractQueue.add", "AbstractCollection.add",
                "Set.containsAll", "Set.removeAll", "Set.retainAll", "Collection.removeAll", "AbstractSet.removeAll",
                "AbstractCollection.retainAll")),
                redirected.toString());
    }

    private static boolean takesAFunction(Method m) {
        for (Class<?> p : m.getParameterTypes()) {
            if (p.getName().startsWith("java.util.function.") || p == Comparator.class || p == Runnable.class) {
                return true;
            }
        }
        return false;
    }
}
