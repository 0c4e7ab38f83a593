package io.jgo.internal.callback;

import io.jgo.Goroutine;
import java.util.ConcurrentModificationException;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Suspendable {@code Map.forEach}, {@code computeIfAbsent}, {@code computeIfPresent},
 * {@code compute} and {@code merge}. The loop or the steps are taken for a receiver that inherits
 * {@code Map}'s default (its own code, step by step) and for {@code HashMap} (and, for
 * {@code forEach} and {@code computeIfAbsent}, {@code LinkedHashMap}), whose overrides differ from
 * the default in one observable way: a function that structurally modifies the map gets
 * {@code ConcurrentModificationException} and nothing is stored. That check is made through
 * {@link Probe}, an iterator made before the call. Any other map ({@code TreeMap},
 * {@code ConcurrentHashMap}, whose compute methods hold a lock around the function...) gets its
 * own method.
 *
 * <p>Left different: a {@code HashMap.forEach} whose action structurally modifies the map throws
 * at the next entry, not after the rest of them.
 */
public final class MapCalls {

    private static final Inherits FOR_EACH = new Inherits(Map.class, "forEach", BiConsumer.class);
    private static final Inherits COMPUTE_IF_ABSENT = new Inherits(Map.class, "computeIfAbsent", Object.class, Function.class);
    private static final Inherits COMPUTE_IF_PRESENT = new Inherits(Map.class, "computeIfPresent", Object.class, BiFunction.class);
    private static final Inherits COMPUTE = new Inherits(Map.class, "compute", Object.class, BiFunction.class);
    private static final Inherits MERGE = new Inherits(Map.class, "merge", Object.class, Object.class, BiFunction.class);

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
                Object k;
                Object v;
                try {
                    k = entry.getKey();
                    v = entry.getValue();
                } catch (IllegalStateException ise) {
                    // this usually means the entry is no longer in the map (the default's words)
                    throw new ConcurrentModificationException(ise);
                }
                action.accept(k, v);
            }
            if (probe != null) {
                Probe.check(probe);
            }
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
        return map.computeIfAbsent(key, mappingFunction);
    }

    @Goroutine
    @SuppressWarnings({"rawtypes", "unchecked"})
    public static Object computeIfPresent(Map map, Object key, BiFunction remappingFunction) {
        Class<?> type = map.getClass();
        boolean hashMap = type == HashMap.class;
        if (hashMap || COMPUTE_IF_PRESENT.by(type)) {
            Objects.requireNonNull(remappingFunction);
            Object oldValue = map.get(key);
            if (oldValue != null) {
                Iterator probe = hashMap ? map.keySet().iterator() : null;
                Object newValue = remappingFunction.apply(key, oldValue);
                if (probe != null) {
                    Probe.check(probe);
                }
                if (newValue != null) {
                    map.put(key, newValue);
                    return newValue;
                } else {
                    map.remove(key);
                    return null;
                }
            }
            return null;
        }
        return map.computeIfPresent(key, remappingFunction);
    }

    @Goroutine
    @SuppressWarnings({"rawtypes", "unchecked"})
    public static Object compute(Map map, Object key, BiFunction remappingFunction) {
        Class<?> type = map.getClass();
        boolean hashMap = type == HashMap.class;
        if (hashMap) {
            Objects.requireNonNull(remappingFunction);
            Object oldValue = map.get(key);
            Iterator probe = map.keySet().iterator();
            Object newValue = remappingFunction.apply(key, oldValue);
            Probe.check(probe);
            // HashMap's own method stores (a new key goes to the head of its bin, as there)
            Object stored = newValue;
            map.compute(key, (k, old) -> stored);
            return newValue;
        } else if (COMPUTE.by(type)) {
            // Map.compute's default, step by step
            Objects.requireNonNull(remappingFunction);
            Object oldValue = map.get(key);
            Object newValue = remappingFunction.apply(key, oldValue);
            if (newValue == null) {
                if (oldValue != null || map.containsKey(key)) {
                    map.remove(key);
                    return null;
                } else {
                    return null;
                }
            } else {
                map.put(key, newValue);
                return newValue;
            }
        }
        return map.compute(key, remappingFunction);
    }

    @Goroutine
    @SuppressWarnings({"rawtypes", "unchecked"})
    public static Object merge(Map map, Object key, Object value, BiFunction remappingFunction) {
        Class<?> type = map.getClass();
        boolean hashMap = type == HashMap.class;
        if (hashMap) {
            if (value == null || remappingFunction == null) {
                throw new NullPointerException();
            }
            Object oldValue = map.get(key);
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
        } else if (MERGE.by(type)) {
            // Map.merge's default, step by step
            Objects.requireNonNull(remappingFunction);
            Objects.requireNonNull(value);
            Object oldValue = map.get(key);
            Object newValue = (oldValue == null) ? value : remappingFunction.apply(oldValue, value);
            if (newValue == null) {
                map.remove(key);
            } else {
                map.put(key, newValue);
            }
            return newValue;
        }
        return map.merge(key, value, remappingFunction);
    }
}
