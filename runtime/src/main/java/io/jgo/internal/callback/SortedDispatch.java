package io.jgo.internal.callback;

import io.jgo.Goroutine;
import java.util.Collection;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Queue;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The comparing methods of {@code TreeMap}, {@code TreeSet} and {@code PriorityQueue} called through
 * a receiver declared as a supertype that other collections share ({@code Map}, {@code Set},
 * {@code Queue}, {@code Collection}, {@code AbstractMap}...): rewritten code calls these in place of
 * the interface call (the receiver first), and each checks the receiver's class once:
 * <pre>
 *   invokeinterface Map.put(K, V)       -> invokestatic SortedDispatch.put(Map, K, V)
 *   invokeinterface Collection.add(E)Z  -> invokestatic SortedDispatch.add(Collection, E)Z
 * </pre>
 * A sorted receiver ({@code SortedMap}, {@code SortedSet}: a {@code TreeMap}, a {@code TreeSet}, a
 * view of one) goes to {@link SortedCalls}, a {@code PriorityQueue} to {@link QueueCalls} (which
 * replay the JDK's own method when the comparator may suspend, and call it at once otherwise); any
 * other receiver gets its own method at once. So a {@code HashMap} or an {@code ArrayList} pays one
 * type check and a static call the JIT inlines, allocates nothing and takes no lock. The
 * {@code compute} methods go to {@link MapCalls} for a sorted map only: their function is one that
 * cannot suspend (the instrumenter sends a call whose function may to {@code MapCalls} for every
 * map), but the map's comparator may.
 *
 * <p>The overloads by receiver type ({@code Set}, {@code Queue}, {@code Collection}) keep the check
 * to the types the declared receiver can be: a {@code Set} is never a {@code PriorityQueue}, a
 * {@code Queue} never a {@code SortedSet}. Stateless.
 */
@SuppressWarnings({"rawtypes", "unchecked"})
public final class SortedDispatch {

    private SortedDispatch() {
    }

    // ---------------------------------------------------------------- Map, AbstractMap

    @Goroutine
    public static Object get(Map map, Object key) {
        return map instanceof SortedMap ? SortedCalls.get((SortedMap) map, key) : map.get(key);
    }

    @Goroutine
    public static boolean containsKey(Map map, Object key) {
        return map instanceof SortedMap ? SortedCalls.containsKey((SortedMap) map, key) : map.containsKey(key);
    }

    @Goroutine
    public static Object put(Map map, Object key, Object value) {
        return map instanceof SortedMap ? SortedCalls.put((SortedMap) map, key, value) : map.put(key, value);
    }

    @Goroutine
    public static Object remove(Map map, Object key) {
        return map instanceof SortedMap ? SortedCalls.remove((SortedMap) map, key) : map.remove(key);
    }

    @Goroutine
    public static Object putIfAbsent(Map map, Object key, Object value) {
        return map instanceof SortedMap ? SortedCalls.putIfAbsent((SortedMap) map, key, value) : map.putIfAbsent(key, value);
    }

    @Goroutine
    public static Object replace(Map map, Object key, Object value) {
        return map instanceof SortedMap ? SortedCalls.replace((SortedMap) map, key, value) : map.replace(key, value);
    }

    @Goroutine
    public static boolean replace(Map map, Object key, Object oldValue, Object newValue) {
        return map instanceof SortedMap ? SortedCalls.replace((SortedMap) map, key, oldValue, newValue)
                : map.replace(key, oldValue, newValue);
    }

    @Goroutine
    public static Object getOrDefault(Map map, Object key, Object defaultValue) {
        return map instanceof SortedMap ? SortedCalls.getOrDefault((SortedMap) map, key, defaultValue)
                : map.getOrDefault(key, defaultValue);
    }

    @Goroutine
    public static void putAll(Map map, Map from) {
        if (map instanceof SortedMap) {
            SortedCalls.putAll((SortedMap) map, from);
        } else {
            map.putAll(from);
        }
    }

    @Goroutine
    public static Object computeIfAbsent(Map map, Object key, Function mappingFunction) {
        return map instanceof SortedMap ? MapCalls.computeIfAbsent(map, key, mappingFunction)
                : map.computeIfAbsent(key, mappingFunction);
    }

    @Goroutine
    public static Object computeIfPresent(Map map, Object key, BiFunction remappingFunction) {
        return map instanceof SortedMap ? MapCalls.computeIfPresent(map, key, remappingFunction)
                : map.computeIfPresent(key, remappingFunction);
    }

    @Goroutine
    public static Object compute(Map map, Object key, BiFunction remappingFunction) {
        return map instanceof SortedMap ? MapCalls.compute(map, key, remappingFunction) : map.compute(key, remappingFunction);
    }

    @Goroutine
    public static Object merge(Map map, Object key, Object value, BiFunction remappingFunction) {
        return map instanceof SortedMap ? MapCalls.merge(map, key, value, remappingFunction)
                : map.merge(key, value, remappingFunction);
    }

    @Goroutine
    public static boolean remove(Map map, Object key, Object value) {
        return map instanceof SortedMap ? SortedCalls.remove((SortedMap) map, key, value) : map.remove(key, value);
    }

    // ---------------------------------------------------------------- Set, AbstractSet

    @Goroutine
    public static boolean add(Set set, Object e) {
        return set instanceof SortedSet ? SortedCalls.add((SortedSet) set, e) : set.add(e);
    }

    @Goroutine
    public static boolean contains(Set set, Object o) {
        return set instanceof SortedSet ? SortedCalls.contains((SortedSet) set, o) : set.contains(o);
    }

    @Goroutine
    public static boolean remove(Set set, Object o) {
        return set instanceof SortedSet ? SortedCalls.remove((SortedSet) set, o) : set.remove(o);
    }

    @Goroutine
    public static boolean addAll(Set set, Collection from) {
        return set instanceof SortedSet ? SortedCalls.addAll((SortedSet) set, from) : set.addAll(from);
    }

    @Goroutine
    public static boolean containsAll(Set set, Collection c) {
        return set instanceof SortedSet ? SortedCalls.containsAll((SortedSet) set, c) : set.containsAll(c);
    }

    @Goroutine
    public static boolean removeAll(Set set, Collection c) {
        return set instanceof SortedSet ? SortedCalls.removeAll((SortedSet) set, c) : set.removeAll(c);
    }

    @Goroutine
    public static boolean retainAll(Set set, Collection c) {
        return set instanceof SortedSet ? SortedCalls.retainAll((SortedSet) set, c) : set.retainAll(c);
    }

    // ---------------------------------------------------------------- Queue, AbstractQueue

    @Goroutine
    public static boolean add(Queue queue, Object e) {
        return queue.getClass() == PriorityQueue.class ? QueueCalls.add((PriorityQueue) queue, e) : queue.add(e);
    }

    @Goroutine
    public static boolean offer(Queue queue, Object e) {
        return queue.getClass() == PriorityQueue.class ? QueueCalls.offer((PriorityQueue) queue, e) : queue.offer(e);
    }

    @Goroutine
    public static Object poll(Queue queue) {
        return queue.getClass() == PriorityQueue.class ? QueueCalls.poll((PriorityQueue) queue) : queue.poll();
    }

    @Goroutine
    public static Object remove(Queue queue) {
        return queue.getClass() == PriorityQueue.class ? QueueCalls.remove((PriorityQueue) queue) : queue.remove();
    }

    @Goroutine
    public static boolean addAll(Queue queue, Collection from) {
        return queue.getClass() == PriorityQueue.class ? QueueCalls.addAll((PriorityQueue) queue, from) : queue.addAll(from);
    }

    @Goroutine
    public static boolean remove(Queue queue, Object o) {
        return queue.getClass() == PriorityQueue.class ? QueueCalls.remove((PriorityQueue) queue, o) : queue.remove(o);
    }

    // ---------------------------------------------------------------- Collection, AbstractCollection

    @Goroutine
    public static boolean add(Collection c, Object e) {
        return c instanceof SortedSet ? SortedCalls.add((SortedSet) c, e)
                : c.getClass() == PriorityQueue.class ? QueueCalls.add((PriorityQueue) c, e) : c.add(e);
    }

    @Goroutine
    public static boolean contains(Collection c, Object o) {
        return c instanceof SortedSet ? SortedCalls.contains((SortedSet) c, o) : c.contains(o); // a queue's contains uses equals
    }

    @Goroutine
    public static boolean remove(Collection c, Object o) {
        return c instanceof SortedSet ? SortedCalls.remove((SortedSet) c, o)
                : c.getClass() == PriorityQueue.class ? QueueCalls.remove((PriorityQueue) c, o) : c.remove(o);
    }

    @Goroutine
    public static boolean addAll(Collection c, Collection from) {
        return c instanceof SortedSet ? SortedCalls.addAll((SortedSet) c, from)
                : c.getClass() == PriorityQueue.class ? QueueCalls.addAll((PriorityQueue) c, from) : c.addAll(from);
    }

    @Goroutine
    public static boolean containsAll(Collection c, Collection other) {
        return c instanceof SortedSet ? SortedCalls.containsAll((SortedSet) c, other) : c.containsAll(other);
    }

    @Goroutine
    public static boolean removeAll(Collection c, Collection other) {
        return c instanceof SortedSet ? SortedCalls.removeAll((SortedSet) c, other) : c.removeAll(other);
    }

    @Goroutine
    public static boolean retainAll(Collection c, Collection other) {
        return c instanceof SortedSet ? SortedCalls.retainAll((SortedSet) c, other) : c.retainAll(other);
    }
}
