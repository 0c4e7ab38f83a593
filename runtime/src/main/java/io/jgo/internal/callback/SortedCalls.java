package io.jgo.internal.callback;

import io.jgo.Goroutine;
import java.util.Collection;
import java.util.Comparator;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.Objects;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Suspendable stand-ins for the methods of {@code TreeMap} and {@code TreeSet} that call the
 * comparator (or the keys' {@code compareTo}): rewritten code calls them in place of a call on a
 * {@code TreeMap}, {@code NavigableMap}, {@code SortedMap}, {@code TreeSet}, {@code NavigableSet}
 * or {@code SortedSet} (the receiver first):
 * <pre>
 *   invokevirtual   TreeMap.put(K, V)        -> invokestatic SortedCalls.put(SortedMap, K, V)
 *   invokeinterface NavigableSet.floor(E)    -> invokestatic SortedCalls.floor(NavigableSet, E)
 * </pre>
 * For a receiver that is exactly a {@code TreeMap} (or a {@code TreeSet}, whose map is one) and whose
 * comparator may suspend ({@link Rewritten}), the JDK's own method runs with a {@link Replay} in the
 * map's comparator field: every {@code TreeMap} method here compares only while it searches, before
 * it changes anything, so a compare the replay has no answer for abandons the call, this class calls
 * the user's comparator from its rewritten frame (where it may suspend and unwind), logs the answer
 * and calls the JDK's method again. The user's comparator is called once per compare, in the JDK's
 * order; results, exceptions (the comparator's own, thrown from the compare that threw them, the
 * map unchanged), {@code modCount} and {@code comparator()} are the JDK's. A search of depth d
 * makes d + 1 JDK calls, each replaying the answers so far. Any other receiver (a subclass, a
 * {@code ConcurrentSkipListMap}, a view such as {@code headMap}, a map whose comparator is the JDK's)
 * and a closed {@code java.util} ({@link SortedFields#OPEN}) get the JDK's method at once.
 */
@SuppressWarnings({"rawtypes", "unchecked"})
public final class SortedCalls {

    private static final int GET = 0;
    private static final int CONTAINS_KEY = 1;
    private static final int PUT = 2;
    private static final int REMOVE = 3;
    private static final int PUT_IF_ABSENT = 4;
    private static final int REPLACE = 5;
    private static final int REPLACE_IF = 6;
    private static final int GET_OR_DEFAULT = 7;
    private static final int FLOOR_KEY = 8;
    private static final int CEILING_KEY = 9;
    private static final int HIGHER_KEY = 10;
    private static final int LOWER_KEY = 11;
    private static final int FLOOR_ENTRY = 12;
    private static final int CEILING_ENTRY = 13;
    private static final int HIGHER_ENTRY = 14;
    private static final int LOWER_ENTRY = 15;
    private static final int ADD = 16;
    private static final int CONTAINS = 17;
    private static final int SET_REMOVE = 18;
    private static final int FLOOR = 19;
    private static final int CEILING = 20;
    private static final int HIGHER = 21;
    private static final int LOWER = 22;

    private SortedCalls() {
    }

    // ---------------------------------------------------------------- SortedMap / NavigableMap

    @Goroutine
    public static Object get(SortedMap map, Object key) {
        return onMap(GET, map, key, null, null);
    }

    @Goroutine
    public static boolean containsKey(SortedMap map, Object key) {
        return (Boolean) onMap(CONTAINS_KEY, map, key, null, null);
    }

    @Goroutine
    public static Object put(SortedMap map, Object key, Object value) {
        return onMap(PUT, map, key, value, null);
    }

    @Goroutine
    public static Object remove(SortedMap map, Object key) {
        return onMap(REMOVE, map, key, null, null);
    }

    @Goroutine
    public static Object putIfAbsent(SortedMap map, Object key, Object value) {
        return onMap(PUT_IF_ABSENT, map, key, value, null);
    }

    @Goroutine
    public static Object replace(SortedMap map, Object key, Object value) {
        return onMap(REPLACE, map, key, value, null);
    }

    @Goroutine
    public static boolean replace(SortedMap map, Object key, Object oldValue, Object newValue) {
        return (Boolean) onMap(REPLACE_IF, map, key, oldValue, newValue);
    }

    @Goroutine
    public static Object getOrDefault(SortedMap map, Object key, Object defaultValue) {
        return onMap(GET_OR_DEFAULT, map, key, defaultValue, null);
    }

    @Goroutine
    public static Object floorKey(NavigableMap map, Object key) {
        return onMap(FLOOR_KEY, map, key, null, null);
    }

    @Goroutine
    public static Object ceilingKey(NavigableMap map, Object key) {
        return onMap(CEILING_KEY, map, key, null, null);
    }

    @Goroutine
    public static Object higherKey(NavigableMap map, Object key) {
        return onMap(HIGHER_KEY, map, key, null, null);
    }

    @Goroutine
    public static Object lowerKey(NavigableMap map, Object key) {
        return onMap(LOWER_KEY, map, key, null, null);
    }

    @Goroutine
    public static Map.Entry floorEntry(NavigableMap map, Object key) {
        return (Map.Entry) onMap(FLOOR_ENTRY, map, key, null, null);
    }

    @Goroutine
    public static Map.Entry ceilingEntry(NavigableMap map, Object key) {
        return (Map.Entry) onMap(CEILING_ENTRY, map, key, null, null);
    }

    @Goroutine
    public static Map.Entry higherEntry(NavigableMap map, Object key) {
        return (Map.Entry) onMap(HIGHER_ENTRY, map, key, null, null);
    }

    @Goroutine
    public static Map.Entry lowerEntry(NavigableMap map, Object key) {
        return (Map.Entry) onMap(LOWER_ENTRY, map, key, null, null);
    }

    /**
     * {@code TreeMap.putAll}: into an empty map from a sorted map of the same comparator the JDK
     * builds the tree without a compare (its own method is called); otherwise {@code AbstractMap}'s
     * loop of {@code put}s, each through {@link #put}.
     */
    @Goroutine
    public static void putAll(SortedMap map, Map from) {
        if (map.getClass() != TreeMap.class || !SortedFields.OPEN
                || map.isEmpty() && !from.isEmpty() && from instanceof SortedMap
                && Objects.equals(userComparator((TreeMap) map), ((SortedMap) from).comparator())) {
            map.putAll(from);
            return;
        }
        for (Object o : from.entrySet()) {
            Map.Entry e = (Map.Entry) o;
            put(map, e.getKey(), e.getValue());
        }
    }

    // ---------------------------------------------------------------- SortedSet / NavigableSet

    @Goroutine
    public static boolean add(SortedSet set, Object e) {
        return (Boolean) onSet(ADD, set, e);
    }

    @Goroutine
    public static boolean contains(SortedSet set, Object o) {
        return (Boolean) onSet(CONTAINS, set, o);
    }

    @Goroutine
    public static boolean remove(SortedSet set, Object o) {
        return (Boolean) onSet(SET_REMOVE, set, o);
    }

    @Goroutine
    public static Object floor(NavigableSet set, Object e) {
        return onSet(FLOOR, set, e);
    }

    @Goroutine
    public static Object ceiling(NavigableSet set, Object e) {
        return onSet(CEILING, set, e);
    }

    @Goroutine
    public static Object higher(NavigableSet set, Object e) {
        return onSet(HIGHER, set, e);
    }

    @Goroutine
    public static Object lower(NavigableSet set, Object e) {
        return onSet(LOWER, set, e);
    }

    /**
     * {@code TreeSet.addAll}: into an empty set from a sorted set of the same comparator the JDK
     * builds the tree without a compare (its own method is called); otherwise
     * {@code AbstractCollection}'s loop of {@code add}s, each through {@link #add}.
     */
    @Goroutine
    public static boolean addAll(SortedSet set, Collection from) {
        TreeMap map = treeOf(set);
        if (map == null || map.isEmpty() && !from.isEmpty() && from instanceof SortedSet
                && Objects.equals(userComparator(map), ((SortedSet) from).comparator())) {
            return set.addAll(from);
        }
        boolean modified = false;
        for (Object e : from) {
            if (add(set, e)) {
                modified = true;
            }
        }
        return modified;
    }

    // ---------------------------------------------------------------- the replay

    /** {@code op} on {@code map}: the JDK's method at once, or replayed when the map's comparator may suspend. */
    @Goroutine
    private static Object onMap(int op, Map map, Object key, Object b, Object c) {
        if (map.getClass() == TreeMap.class && SortedFields.OPEN) {
            Replay replay = replayFor((TreeMap) map, key);
            if (replay != null) {
                return replayed((TreeMap) map, replay, op, map, key, b, c);
            }
        }
        return run(op, map, key, b, c);
    }

    @Goroutine
    private static Object onSet(int op, SortedSet set, Object e) {
        TreeMap map = treeOf(set);
        if (map != null) {
            Replay replay = replayFor(map, e);
            if (replay != null) {
                return replayed(map, replay, op, set, e, null, null);
            }
        }
        return run(op, set, e, null, null);
    }

    /** The {@code TreeMap} behind {@code set} when it is exactly a {@code TreeSet} over one, else null (the JDK's method is called). */
    private static TreeMap treeOf(SortedSet set) {
        if (set.getClass() != TreeSet.class || !SortedFields.OPEN) {
            return null;
        }
        NavigableMap m = SortedFields.mapOf((TreeSet) set);
        return m.getClass() == TreeMap.class ? (TreeMap) m : null;
    }

    /** The user's comparator of {@code map} (null: the natural ordering), whatever replay another goroutine left in the field. */
    private static Comparator userComparator(TreeMap map) {
        Comparator c = SortedFields.comparatorOf(map);
        return c instanceof Replay ? ((Replay) c).user : c;
    }

    /**
     * A replay for a call on {@code map} with {@code key}, or null when no compare of the call can
     * suspend: the comparator is one nobody rewrote, or (the natural ordering) the key is null or not
     * {@code Comparable} (the JDK's method throws before it compares) or of a class nobody rewrote.
     */
    private static Replay replayFor(TreeMap map, Object key) {
        Comparator c = userComparator(map);
        boolean mayCompareSuspend = c != null ? Rewritten.mayCompareSuspend(c.getClass())
                : key instanceof Comparable && Rewritten.mayCompareSuspend(key.getClass());
        return mayCompareSuspend ? new Replay(c, true) : null;
    }

    /**
     * Runs {@code op} on {@code target} with {@code replay} in {@code map}'s comparator field until
     * the replay has answered every compare. Each JDK call either returns (or throws the JDK's own
     * exception) or, at the first compare not answered yet, throws {@link Replay.Unanswered} before
     * it changes anything; that compare is then answered here, where the user's comparator may
     * suspend. The user's comparator is back in the field whenever this frame may suspend.
     */
    @Goroutine
    private static Object replayed(TreeMap map, Replay replay, int op, Object target, Object a, Object b, Object c) {
        while (true) {
            replay.rewind();
            SortedFields.setComparator(map, replay);
            try {
                return run(op, target, a, b, c);
            } catch (Replay.Unanswered abandoned) {
                // the JDK's method stopped at a compare the replay could not answer, before any change
            } finally {
                SortedFields.setComparator(map, replay.user);
            }
            replay.answerPending();
        }
    }

    /** The JDK's method {@code op} on {@code target}; boxes a boolean result. Never suspends. */
    private static Object run(int op, Object target, Object a, Object b, Object c) {
        switch (op) {
            case GET: return ((Map) target).get(a);
            case CONTAINS_KEY: return ((Map) target).containsKey(a);
            case PUT: return ((Map) target).put(a, b);
            case REMOVE: return ((Map) target).remove(a);
            case PUT_IF_ABSENT: return ((Map) target).putIfAbsent(a, b);
            case REPLACE: return ((Map) target).replace(a, b);
            case REPLACE_IF: return ((Map) target).replace(a, b, c);
            case GET_OR_DEFAULT: return ((Map) target).getOrDefault(a, b);
            case FLOOR_KEY: return ((NavigableMap) target).floorKey(a);
            case CEILING_KEY: return ((NavigableMap) target).ceilingKey(a);
            case HIGHER_KEY: return ((NavigableMap) target).higherKey(a);
            case LOWER_KEY: return ((NavigableMap) target).lowerKey(a);
            case FLOOR_ENTRY: return ((NavigableMap) target).floorEntry(a);
            case CEILING_ENTRY: return ((NavigableMap) target).ceilingEntry(a);
            case HIGHER_ENTRY: return ((NavigableMap) target).higherEntry(a);
            case LOWER_ENTRY: return ((NavigableMap) target).lowerEntry(a);
            case ADD: return ((Collection) target).add(a);
            case CONTAINS: return ((Collection) target).contains(a);
            case SET_REMOVE: return ((Collection) target).remove(a);
            case FLOOR: return ((NavigableSet) target).floor(a);
            case CEILING: return ((NavigableSet) target).ceiling(a);
            case HIGHER: return ((NavigableSet) target).higher(a);
            case LOWER: return ((NavigableSet) target).lower(a);
            default: throw new IllegalArgumentException("no sorted-collection operation " + op);
        }
    }
}
