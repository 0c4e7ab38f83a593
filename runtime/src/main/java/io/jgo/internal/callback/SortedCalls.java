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
 * For a receiver that is exactly a {@code TreeMap}, a {@code TreeSet}, or one of their views
 * ({@code headMap}, {@code tailSet}, {@code descendingMap}, {@code navigableKeySet}...: their compares
 * go through the backing map's comparator field, {@link SortedFields#treeBehind}) and whose
 * comparator may suspend ({@link Rewritten}), the JDK's own method runs with a {@link Replay} in the
 * backing map's comparator field (a view checks its range with compares before it searches, and
 * changes nothing before): every {@code TreeMap} method here compares only while it searches, before
 * it changes anything, so a compare the replay has no answer for abandons the call, this class calls
 * the user's comparator from its rewritten frame (where it may suspend and unwind), logs the answer
 * and calls the JDK's method again. The user's comparator is called once per compare, in the JDK's
 * order; results, exceptions (the comparator's own, thrown from the compare that threw them, the
 * map unchanged), {@code modCount} and {@code comparator()} are the JDK's. A search of depth d
 * makes d + 1 JDK calls, each replaying the answers so far. Any other receiver (a subclass, a
 * {@code ConcurrentSkipListMap}, a map whose comparator is the JDK's)
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
    private static final int HEAD_MAP = 23;
    private static final int HEAD_MAP_INCLUSIVE = 24;
    private static final int TAIL_MAP = 25;
    private static final int TAIL_MAP_INCLUSIVE = 26;
    private static final int SUB_MAP = 27;
    private static final int SUB_MAP_INCLUSIVE = 28;
    private static final int HEAD_SET = 29;
    private static final int HEAD_SET_INCLUSIVE = 30;
    private static final int TAIL_SET = 31;
    private static final int TAIL_SET_INCLUSIVE = 32;
    private static final int SUB_SET = 33;
    private static final int SUB_SET_INCLUSIVE = 34;
    private static final int COMPUTE_SEARCH = 35;
    private static final int COMPUTE_STORE = 36;

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
     * builds the tree without a compare (its own method is called); otherwise (a view too)
     * {@code AbstractMap}'s loop of {@code put}s, each through {@link #put}.
     */
    @Goroutine
    public static void putAll(SortedMap map, Map from) {
        TreeMap tree = SortedFields.treeBehind(map);
        if (tree == null || map == tree && map.isEmpty() && !from.isEmpty() && from instanceof SortedMap
                && Objects.equals(userComparator(tree), ((SortedMap) from).comparator())) {
            map.putAll(from);
            return;
        }
        for (Object o : from.entrySet()) {
            Map.Entry e = (Map.Entry) o;
            put(map, e.getKey(), e.getValue());
        }
    }

    /**
     * {@code Map.remove(key, value)}, which a {@code TreeMap} and its views inherit: the default's
     * steps ({@code get}, {@code containsKey} for a null value, {@code remove}), each through this
     * class, so the comparator is called as the JDK's {@code get} and {@code remove} call it. Any
     * other sorted map (a subclass, a {@code ConcurrentSkipListMap}) gets its own method.
     */
    @Goroutine
    public static boolean remove(SortedMap map, Object key, Object value) {
        if (SortedFields.treeBehind(map) == null) {
            return map.remove(key, value);
        }
        Object current = get(map, key);
        if (!Objects.equals(current, value) || current == null && !containsKey(map, key)) {
            return false;
        }
        remove(map, key);
        return true;
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
     * {@code AbstractCollection}'s loop of {@code add}s, each through {@link #add}, after the
     * {@code size()} of the set's map that {@code TreeSet.addAll} asks for first (a view's count compares,
     * inside the JDK: it pins if the comparator suspends there).
     */
    @Goroutine
    public static boolean addAll(SortedSet set, Collection from) {
        TreeMap map = SortedFields.treeBehind(set);
        boolean overTree = map != null && set.getClass() == TreeSet.class && SortedFields.mapOf((TreeSet) set) == map;
        if (map != null && set.getClass() == TreeSet.class && !overTree) {
            // TreeSet.addAll asks its map's size() first, and a view counts its entries from its lower bound, which
            // compares. Not replayed: the view caches its size before it counts, so an abandoned count would leave
            // it wrong. Called as the JDK calls it: a comparator that suspends there pins.
            SortedFields.mapOf((TreeSet) set).size();
        }
        if (map == null || overTree && map.isEmpty() && !from.isEmpty() && from instanceof SortedSet
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

    /**
     * {@code containsAll}, which a {@code TreeSet} and the key sets of a {@code TreeMap} inherit from
     * {@code AbstractCollection}: {@code contains} of each element of {@code c} in its order, through
     * {@link #contains}, until one is missing. Any other sorted set gets its own method.
     */
    @Goroutine
    public static boolean containsAll(SortedSet set, Collection c) {
        if (SortedFields.treeBehind(set) == null) {
            return set.containsAll(c);
        }
        for (Object e : c) {
            if (!contains(set, e)) {
                return false;
            }
        }
        return true;
    }

    /**
     * {@code AbstractSet.removeAll}, step by step: the set's {@code remove} of each element of
     * {@code c} when the set is the larger (through {@link #remove}), else {@code c.contains} of each
     * element of the set, removing through the set's iterator (through {@link SortedDispatch}: the
     * other collection's comparator may suspend too).
     */
    @Goroutine
    public static boolean removeAll(SortedSet set, Collection c) {
        if (SortedFields.treeBehind(set) == null) {
            return set.removeAll(c);
        }
        Objects.requireNonNull(c);
        boolean modified = false;
        if (set.size() > c.size()) {
            for (Object e : c) {
                modified |= remove(set, e);
            }
        } else {
            for (java.util.Iterator i = set.iterator(); i.hasNext(); ) {
                if (SortedDispatch.contains(c, i.next())) {
                    i.remove();
                    modified = true;
                }
            }
        }
        return modified;
    }

    /** {@code AbstractCollection.retainAll}, step by step: {@code c.contains} of each element, through {@link SortedDispatch}. */
    @Goroutine
    public static boolean retainAll(SortedSet set, Collection c) {
        if (SortedFields.treeBehind(set) == null) {
            return set.retainAll(c);
        }
        Objects.requireNonNull(c);
        boolean modified = false;
        for (java.util.Iterator i = set.iterator(); i.hasNext(); ) {
            if (!SortedDispatch.contains(c, i.next())) {
                i.remove();
                modified = true;
            }
        }
        return modified;
    }

    // ---------------------------------------------------------------- views: their bounds are compared when made

    @Goroutine
    public static SortedMap headMap(SortedMap map, Object to) {
        return (SortedMap) onView(HEAD_MAP, map, to, null, null);
    }

    @Goroutine
    public static NavigableMap headMap(NavigableMap map, Object to, boolean inclusive) {
        return (NavigableMap) onView(HEAD_MAP_INCLUSIVE, map, to, inclusive, null);
    }

    @Goroutine
    public static SortedMap tailMap(SortedMap map, Object from) {
        return (SortedMap) onView(TAIL_MAP, map, from, null, null);
    }

    @Goroutine
    public static NavigableMap tailMap(NavigableMap map, Object from, boolean inclusive) {
        return (NavigableMap) onView(TAIL_MAP_INCLUSIVE, map, from, inclusive, null);
    }

    @Goroutine
    public static SortedMap subMap(SortedMap map, Object from, Object to) {
        return (SortedMap) onView(SUB_MAP, map, from, to, null);
    }

    @Goroutine
    public static NavigableMap subMap(NavigableMap map, Object from, boolean fromInclusive, Object to, boolean toInclusive) {
        return (NavigableMap) onView(SUB_MAP_INCLUSIVE, map, from, to, (fromInclusive ? 1 : 0) | (toInclusive ? 2 : 0));
    }

    @Goroutine
    public static SortedSet headSet(SortedSet set, Object to) {
        return (SortedSet) onView(HEAD_SET, set, to, null, null);
    }

    @Goroutine
    public static NavigableSet headSet(NavigableSet set, Object to, boolean inclusive) {
        return (NavigableSet) onView(HEAD_SET_INCLUSIVE, set, to, inclusive, null);
    }

    @Goroutine
    public static SortedSet tailSet(SortedSet set, Object from) {
        return (SortedSet) onView(TAIL_SET, set, from, null, null);
    }

    @Goroutine
    public static NavigableSet tailSet(NavigableSet set, Object from, boolean inclusive) {
        return (NavigableSet) onView(TAIL_SET_INCLUSIVE, set, from, inclusive, null);
    }

    @Goroutine
    public static SortedSet subSet(SortedSet set, Object from, Object to) {
        return (SortedSet) onView(SUB_SET, set, from, to, null);
    }

    @Goroutine
    public static NavigableSet subSet(NavigableSet set, Object from, boolean fromInclusive, Object to, boolean toInclusive) {
        return (NavigableSet) onView(SUB_SET_INCLUSIVE, set, from, to, (fromInclusive ? 1 : 0) | (toInclusive ? 2 : 0));
    }

    // ---------------------------------------------------------------- TreeMap.computeIfAbsent, for MapCalls

    /** What {@link #searchForCompute} returns when the JDK would call the function (the key absent, or mapped to null). */
    static final Object ABSENT = new Object();

    /**
     * A replay that logs every compare of one {@code computeIfAbsent} on {@code map} (whatever its
     * comparator: the two JDK calls below share one search, so the comparator is called as often as
     * the JDK's one call calls it); null when {@code map} is not exactly a {@code TreeMap} or
     * {@code java.util} is closed.
     */
    static Replay replayOf(TreeMap map) {
        return SortedFields.treeBehind(map) == map ? new Replay(userComparator(map), true) : null;
    }

    /**
     * The first half of {@code TreeMap.computeIfAbsent} with a function that may suspend: the JDK's
     * own method, replayed, with a function that leaves it as soon as it is called (before any
     * change); the value found, or {@link #ABSENT}. The search's compares are then in {@code replay}.
     */
    @Goroutine
    static Object searchForCompute(TreeMap map, Replay replay, Object key) {
        return replayed(map, replay, COMPUTE_SEARCH, map, key, null, null);
    }

    /**
     * The second half: the JDK's {@code computeIfAbsent} again, with {@code value} (the user's
     * function's result) as its function's, and the same replay: its search is answered from the log,
     * and it stores where the JDK stores (an empty map's type check of the key is its one new compare,
     * made after the function, as the JDK's).
     */
    @Goroutine
    static void storeComputed(TreeMap map, Replay replay, Object key, Object value) {
        replayed(map, replay, COMPUTE_STORE, map, key, value, null);
    }

    /** Thrown by the search's function to leave the JDK's {@code computeIfAbsent} before it changes anything; no trace. */
    private static final class Leave extends RuntimeException {
        private static final long serialVersionUID = 1L;
        static final Leave LEAVE = new Leave();

        private Leave() {
            super("the function was called: the key is absent", null, false, false);
        }
    }

    private static Object leave(Object key) {
        throw Leave.LEAVE;
    }

    // ---------------------------------------------------------------- the replay

    /** {@code op} on {@code map}: the JDK's method at once, or replayed when the map's comparator may suspend. */
    @Goroutine
    private static Object onMap(int op, Map map, Object key, Object b, Object c) {
        TreeMap tree = SortedFields.treeBehind(map);
        if (tree != null) {
            Replay replay = replayFor(tree, key);
            if (replay != null) {
                return replayed(tree, replay, op, map, key, b, c);
            }
        }
        return run(op, map, key, b, c);
    }

    /**
     * {@code op} making a view of {@code collection} with bound {@code a} (and {@code b}; {@code c}:
     * the inclusive flags of a four-argument {@code subMap}/{@code subSet}): the JDK's method, replayed
     * when the comparator may suspend. Making a view compares its bounds (with each other, or each
     * with itself as a type check, or with the bounds of the view it is made from) and changes nothing.
     */
    @Goroutine
    private static Object onView(int op, Object collection, Object a, Object b, Object c) {
        TreeMap map = SortedFields.treeBehind(collection);
        if (map != null) {
            Replay replay = replayFor(map, a);
            if (replay != null) {
                return replayed(map, replay, op, collection, a, b, c);
            }
        }
        return run(op, collection, a, b, c);
    }

    @Goroutine
    private static Object onSet(int op, SortedSet set, Object e) {
        TreeMap map = SortedFields.treeBehind(set);
        if (map != null) {
            Replay replay = replayFor(map, e);
            if (replay != null) {
                return replayed(map, replay, op, set, e, null, null);
            }
        }
        return run(op, set, e, null, null);
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
            case HEAD_MAP: return ((SortedMap) target).headMap(a);
            case HEAD_MAP_INCLUSIVE: return ((NavigableMap) target).headMap(a, (Boolean) b);
            case TAIL_MAP: return ((SortedMap) target).tailMap(a);
            case TAIL_MAP_INCLUSIVE: return ((NavigableMap) target).tailMap(a, (Boolean) b);
            case SUB_MAP: return ((SortedMap) target).subMap(a, b);
            case SUB_MAP_INCLUSIVE: return ((NavigableMap) target).subMap(a, ((Integer) c & 1) != 0, b, ((Integer) c & 2) != 0);
            case HEAD_SET: return ((SortedSet) target).headSet(a);
            case HEAD_SET_INCLUSIVE: return ((NavigableSet) target).headSet(a, (Boolean) b);
            case TAIL_SET: return ((SortedSet) target).tailSet(a);
            case TAIL_SET_INCLUSIVE: return ((NavigableSet) target).tailSet(a, (Boolean) b);
            case SUB_SET: return ((SortedSet) target).subSet(a, b);
            case SUB_SET_INCLUSIVE: return ((NavigableSet) target).subSet(a, ((Integer) c & 1) != 0, b, ((Integer) c & 2) != 0);
            case COMPUTE_SEARCH:
                try {
                    return ((Map) target).computeIfAbsent(a, SortedCalls::leave);
                } catch (Leave absent) {
                    return ABSENT;
                }
            case COMPUTE_STORE: return ((Map) target).computeIfAbsent(a, k -> b);
            default: throw new IllegalArgumentException("no sorted-collection operation " + op);
        }
    }
}
