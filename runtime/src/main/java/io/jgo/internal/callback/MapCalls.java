package io.jgo.internal.callback;

import io.jgo.Goroutine;
import java.util.ConcurrentModificationException;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Suspendable {@code Map.forEach}, {@code computeIfAbsent}, {@code computeIfPresent},
 * {@code compute}, {@code merge} and {@code replaceAll}. The loop or the steps are taken for a
 * receiver that inherits {@code Map}'s default (its own code, step by step) and for
 * {@code HashMap}, {@code LinkedHashMap} and {@code TreeMap}, whose overrides differ from the
 * default in one observable way: a function that structurally modifies the map gets
 * {@code ConcurrentModificationException} and nothing is stored. That check is made through
 * {@link Probe}, an iterator made before the call (for an empty {@code TreeMap}, whose iterator
 * checks nothing, the map must still be empty after the call). Any other map
 * ({@code ConcurrentHashMap}, whose compute methods hold a lock around the function, {@code Hashtable},
 * {@code synchronized} throughout...) gets its own method.
 *
 * <p>A {@code TreeMap}'s {@code computeIfAbsent} runs the JDK's own method twice over one search
 * ({@link SortedCalls#searchForCompute}, then {@link SortedCalls#storeComputed}: the second replays
 * the first's compares), the function called from this frame in between, so the comparator is
 * called as often and in the order the JDK's calls it. A {@code Collections.checkedMap} hands its
 * inner map the function with the wrapper's type check of the result, as the JDK's does.
 *
 * <p>Left different: a {@code HashMap.forEach} or {@code replaceAll} whose action structurally
 * modifies the map throws at the next entry, not after the rest of them; a {@code TreeMap}'s
 * {@code compute}, {@code computeIfPresent} and {@code merge} look a key up twice (get, then put),
 * so its comparator is called more often, and a key its comparator refuses fails before the
 * function is called on an empty {@code TreeMap} (the JDK calls the function first); an empty
 * {@code TreeMap} to which the function adds a key and removes it again is not reported.
 */
public final class MapCalls {

    private static final Inherits FOR_EACH = new Inherits(Map.class, "forEach", BiConsumer.class);
    private static final Inherits COMPUTE_IF_ABSENT = new Inherits(Map.class, "computeIfAbsent", Object.class, Function.class);
    private static final Inherits COMPUTE_IF_PRESENT = new Inherits(Map.class, "computeIfPresent", Object.class, BiFunction.class);
    private static final Inherits COMPUTE = new Inherits(Map.class, "compute", Object.class, BiFunction.class);
    private static final Inherits MERGE = new Inherits(Map.class, "merge", Object.class, Object.class, BiFunction.class);
    private static final Inherits REPLACE_ALL = new Inherits(Map.class, "replaceAll", BiFunction.class);

    private MapCalls() {
    }

    @Goroutine
    @SuppressWarnings({"rawtypes", "unchecked"})
    public static void forEach(Map map, BiConsumer action) {
        Class<?> type = map.getClass();
        boolean hashMap = type == HashMap.class || type == LinkedHashMap.class;
        if (hashMap || FOR_EACH.by(type)) {
            Objects.requireNonNull(action);
            Iterator probe = hashMap && !map.isEmpty() ? map.keySet().iterator() : null;
            for (Object o : map.entrySet()) {
                Map.Entry entry = (Map.Entry) o;
                Object k = keyOf(entry);
                Object v = valueOf(entry);
                action.accept(k, v);
            }
            if (probe != null) {
                Probe.check(probe);
            }
        } else if (Wrapped.forEachDelegate(map) != null) {
            forEach(Wrapped.forEachDelegate(map), action); // Collections.unmodifiable*/checked*: the inner one's forEach
        } else {
            map.forEach(action);
        }
    }

    @Goroutine
    @SuppressWarnings({"rawtypes", "unchecked"})
    public static Object computeIfAbsent(Map map, Object key, Function mappingFunction) {
        Class<?> type = map.getClass();
        boolean hashMap = type == HashMap.class || type == LinkedHashMap.class;
        if (hashMap || COMPUTE_IF_ABSENT.by(type)) {
            Objects.requireNonNull(mappingFunction);
            Object v = map.get(key);
            if (v == null) {
                Iterator probe = hashMap ? map.keySet().iterator() : null;
                Object newValue = mappingFunction.apply(key);
                if (probe != null) {
                    Probe.check(probe);
                }
                if (newValue != null) {
                    if (hashMap) {
                        // HashMap inserts a computed key at the head of its bin (put appends): its own method stores
                        Object stored = newValue;
                        map.computeIfAbsent(key, k -> stored);
                    } else {
                        map.put(key, newValue);
                    }
                    return newValue;
                }
            }
            return v;
        }
        if (type == TreeMap.class) {
            Objects.requireNonNull(mappingFunction);
            Replay replay = SortedCalls.replayOf((TreeMap) map);
            if (replay != null) {
                // the JDK's own method twice over one logged search, the function called from this frame in between:
                // the comparator is called as the JDK's one call calls it, the entry stored where it stores it
                Object found = SortedCalls.searchForCompute((TreeMap) map, replay, key);
                if (found != SortedCalls.ABSENT) {
                    return found;
                }
                Iterator probe = treeProbe(map);
                Object newValue = mappingFunction.apply(key);
                checkTree(map, probe);
                if (newValue != null) {
                    SortedCalls.storeComputed((TreeMap) map, replay, key, newValue);
                }
                return newValue;
            }
            Object v = SortedCalls.get((SortedMap) map, key);
            if (v == null) {
                Iterator probe = treeProbe(map);
                Object newValue = mappingFunction.apply(key);
                checkTree(map, probe);
                if (newValue != null) {
                    SortedCalls.put((SortedMap) map, key, newValue);
                }
                return newValue;
            }
            return v;
        }
        Map inner = Wrapped.checkedMapDelegate(map);
        if (inner != null) { // Collections.checkedMap: the inner map's, the value type-checked
            Objects.requireNonNull(mappingFunction);
            return computeIfAbsent(inner, key, k -> {
                Object value = mappingFunction.apply(k);
                Wrapped.typeCheck(map, k, value);
                return value;
            });
        }
        return map.computeIfAbsent(key, mappingFunction);
    }

    @Goroutine
    @SuppressWarnings({"rawtypes", "unchecked"})
    public static Object computeIfPresent(Map map, Object key, BiFunction remappingFunction) {
        Class<?> type = map.getClass();
        boolean hashMap = type == HashMap.class || type == LinkedHashMap.class;
        boolean treeMap = type == TreeMap.class;
        if (hashMap || treeMap || COMPUTE_IF_PRESENT.by(type)) {
            Objects.requireNonNull(remappingFunction);
            Object oldValue = hashMap ? peek(map, key) : treeMap ? SortedCalls.get((SortedMap) map, key) : map.get(key);
            if (oldValue != null) {
                Iterator probe = hashMap ? map.keySet().iterator() : treeMap ? treeProbe(map) : null;
                Object newValue = remappingFunction.apply(key, oldValue);
                if (treeMap) {
                    checkTree(map, probe);
                } else if (probe != null) {
                    Probe.check(probe);
                }
                if (newValue != null) {
                    put(map, key, newValue, treeMap);
                    return newValue;
                } else {
                    remove(map, key, treeMap);
                    return null;
                }
            }
            return null;
        }
        Map inner = Wrapped.checkedMapDelegate(map);
        if (inner != null) {
            return computeIfPresent(inner, key, typeChecked(map, remappingFunction));
        }
        return map.computeIfPresent(key, remappingFunction);
    }

    @Goroutine
    @SuppressWarnings({"rawtypes", "unchecked"})
    public static Object compute(Map map, Object key, BiFunction remappingFunction) {
        Class<?> type = map.getClass();
        boolean hashMap = type == HashMap.class || type == LinkedHashMap.class;
        boolean treeMap = type == TreeMap.class;
        if (hashMap) {
            Objects.requireNonNull(remappingFunction);
            Object oldValue = peek(map, key);
            Iterator probe = map.keySet().iterator();
            Object newValue = remappingFunction.apply(key, oldValue);
            Probe.check(probe);
            // HashMap's own method stores (a new key goes to the head of its bin, as there)
            Object stored = newValue;
            map.compute(key, (k, old) -> stored);
            return newValue;
        } else if (treeMap || COMPUTE.by(type)) {
            // Map.compute's default, step by step (TreeMap's override differs only by its check)
            Objects.requireNonNull(remappingFunction);
            Object oldValue = treeMap ? SortedCalls.get((SortedMap) map, key) : map.get(key);
            Iterator probe = treeMap ? treeProbe(map) : null;
            Object newValue = remappingFunction.apply(key, oldValue);
            if (treeMap) {
                checkTree(map, probe);
            }
            if (newValue == null) {
                if (oldValue != null || (treeMap ? SortedCalls.containsKey((SortedMap) map, key) : map.containsKey(key))) {
                    remove(map, key, treeMap);
                    return null;
                } else {
                    return null;
                }
            } else {
                put(map, key, newValue, treeMap);
                return newValue;
            }
        }
        Map inner = Wrapped.checkedMapDelegate(map);
        if (inner != null) {
            return compute(inner, key, typeChecked(map, remappingFunction));
        }
        return map.compute(key, remappingFunction);
    }

    @Goroutine
    @SuppressWarnings({"rawtypes", "unchecked"})
    public static Object merge(Map map, Object key, Object value, BiFunction remappingFunction) {
        Class<?> type = map.getClass();
        boolean hashMap = type == HashMap.class || type == LinkedHashMap.class;
        boolean treeMap = type == TreeMap.class;
        if (hashMap) {
            if (value == null || remappingFunction == null) {
                throw new NullPointerException();
            }
            Object oldValue = peek(map, key);
            if (oldValue == null) {
                // absent, or mapped to null: HashMap stores the value without calling the function
                return map.merge(key, value, remappingFunction);
            }
            Iterator probe = map.keySet().iterator();
            Object newValue = remappingFunction.apply(oldValue, value);
            Probe.check(probe);
            Object stored = newValue;
            map.merge(key, value, (old, v) -> stored);
            return newValue;
        } else if (treeMap || MERGE.by(type)) {
            // Map.merge's default, step by step (TreeMap's override differs only by its check)
            Objects.requireNonNull(remappingFunction);
            Objects.requireNonNull(value);
            Object oldValue = treeMap ? SortedCalls.get((SortedMap) map, key) : map.get(key);
            Object newValue;
            if (oldValue == null) {
                newValue = value;
            } else {
                Iterator probe = treeMap ? treeProbe(map) : null;
                newValue = remappingFunction.apply(oldValue, value);
                if (treeMap) {
                    checkTree(map, probe);
                }
            }
            if (newValue == null) {
                remove(map, key, treeMap);
            } else {
                put(map, key, newValue, treeMap);
            }
            return newValue;
        }
        Map inner = Wrapped.checkedMapDelegate(map);
        if (inner != null) {
            Objects.requireNonNull(remappingFunction);
            Wrapped.typeCheck(map, key, value);
            return merge(inner, key, value, (v1, v2) -> {
                Object newValue = remappingFunction.apply(v1, v2);
                Wrapped.typeCheck(map, null, newValue);
                return newValue;
            });
        }
        return map.merge(key, value, remappingFunction);
    }

    @Goroutine
    @SuppressWarnings({"rawtypes", "unchecked"})
    public static void replaceAll(Map map, BiFunction function) {
        Class<?> type = map.getClass();
        boolean own = type == HashMap.class || type == LinkedHashMap.class || type == TreeMap.class;
        if (own || REPLACE_ALL.by(type)) {
            // Map.replaceAll's default, step by step; the JDK's overrides check the count as they go or at the end
            Objects.requireNonNull(function);
            Iterator probe = own && !map.isEmpty() ? map.keySet().iterator() : null;
            for (Object o : map.entrySet()) {
                Map.Entry entry = (Map.Entry) o;
                Object k = keyOf(entry);
                Object v = valueOf(entry);
                // TreeMap stores each value, then checks its count
                Iterator each = type == TreeMap.class ? map.keySet().iterator() : null;
                Object newValue = function.apply(k, v);
                try {
                    entry.setValue(newValue);
                } catch (IllegalStateException ise) {
                    throw new ConcurrentModificationException(ise);
                }
                if (each != null) {
                    Probe.check(each);
                }
            }
            if (probe != null) {
                Probe.check(probe);
            }
        } else if (Wrapped.checkedMapDelegate(map) != null) {
            replaceAll(Wrapped.checkedMapDelegate(map), typeChecked(map, function));
        } else {
            map.replaceAll(function);
        }
    }

    /** {@code CheckedMap.typeCheck(func)}: {@code function} (not null), its results type-checked against {@code checked}'s types. */
    @SuppressWarnings({"rawtypes", "unchecked"})
    private static BiFunction typeChecked(Map checked, BiFunction function) {
        Objects.requireNonNull(function);
        return (k, v) -> {
            Object newValue = function.apply(k, v);
            Wrapped.typeCheck(checked, k, newValue);
            return newValue;
        };
    }

    /** {@code map.put}, through {@link SortedCalls} for a {@code TreeMap} (whose comparator may suspend). */
    @Goroutine
    @SuppressWarnings({"rawtypes", "unchecked"})
    private static void put(Map map, Object key, Object value, boolean treeMap) {
        if (treeMap) {
            SortedCalls.put((SortedMap) map, key, value);
        } else {
            map.put(key, value);
        }
    }

    /** {@code map.remove}, through {@link SortedCalls} for a {@code TreeMap}. */
    @Goroutine
    @SuppressWarnings("rawtypes")
    private static void remove(Map map, Object key, boolean treeMap) {
        if (treeMap) {
            SortedCalls.remove((SortedMap) map, key);
        } else {
            map.remove(key);
        }
    }

    /**
     * The value {@code key} maps to in a {@code HashMap} or {@code LinkedHashMap}, null when absent
     * or mapped to null, read without touching the map: an access-ordered {@code LinkedHashMap}'s
     * {@code get} moves the entry to the end, which its own compute methods do only once the function
     * returned. Read through {@code computeIfPresent} with a function that throws before it stores.
     */
    @SuppressWarnings({"rawtypes", "unchecked"})
    private static Object peek(Map map, Object key) {
        Object[] seen = new Object[1];
        try {
            map.computeIfPresent(key, (k, v) -> {
                seen[0] = v;
                throw PEEKED;
            });
        } catch (Peeked expected) {
            // seen[0] holds the value
        }
        return seen[0];
    }

    private static final Peeked PEEKED = new Peeked();

    /** Thrown by {@link #peek}'s function to leave {@code computeIfPresent} before it changes anything; no trace. */
    private static final class Peeked extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Peeked() {
            super("peeked", null, false, false);
        }
    }

    /** An iterator that checks a {@code TreeMap}'s count when asked for its first key; null for an empty map. */
    @SuppressWarnings("rawtypes")
    private static Iterator treeProbe(Map map) {
        return map.isEmpty() ? null : map.keySet().iterator();
    }

    /** {@link Probe#check} for a {@code TreeMap}: an empty map (no probe) must have stayed empty. */
    @SuppressWarnings("rawtypes")
    private static void checkTree(Map map, Iterator probe) {
        if (probe != null) {
            Probe.check(probe);
        } else if (!map.isEmpty()) {
            throw new ConcurrentModificationException();
        }
    }

    /** An entry's key as {@code Map}'s defaults read it: an entry no longer in the map (its {@code IllegalStateException}) is a concurrent modification. */
    @SuppressWarnings("rawtypes")
    private static Object keyOf(Map.Entry entry) {
        try {
            return entry.getKey();
        } catch (IllegalStateException ise) {
            throw new ConcurrentModificationException(ise);
        }
    }

    /** An entry's value, as {@link #keyOf}. */
    @SuppressWarnings("rawtypes")
    private static Object valueOf(Map.Entry entry) {
        try {
            return entry.getValue();
        } catch (IllegalStateException ise) {
            throw new ConcurrentModificationException(ise);
        }
    }
}
