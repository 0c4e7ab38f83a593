package io.jgo.internal.callback;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.util.Comparator;
import java.util.NavigableMap;
import java.util.PriorityQueue;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The private fields of the JDK's sorted collections that {@link Replay} needs: the comparator of a
 * {@code TreeMap} and of a {@code PriorityQueue} (final fields, which it replaces for the length of
 * one JDK call and puts back), the {@code TreeMap} behind a {@code TreeSet}, and a
 * {@code PriorityQueue}'s heap array (read only), and the {@code TreeMap} behind a view
 * ({@link #treeBehind}: {@code headMap}/{@code tailMap}/{@code subMap}/{@code descendingMap}, the
 * key sets, a {@code TreeSet} over one of them), whose compares go through that map's comparator
 * field too ({@code TreeMap.compare}). Reached through {@code java.util}, which the agent
 * opens to the runtime (as {@code java.lang}); without the agent the JVM needs
 * {@code --add-opens java.base/java.util=ALL-UNNAMED}. When the package is closed {@link #OPEN} is
 * false and the stand-ins call the JDK's methods as they are (a suspending comparator pins there,
 * and the pin warning names the frame).
 *
 * <p>The handles are found once, at class initialisation, and never change.
 */
final class SortedFields {

    /** Whether every handle below was found: {@code java.util} is open to the runtime. */
    static final boolean OPEN;
    /** Why not, when not {@link #OPEN} (for messages); null when open. */
    static final String CLOSED_BECAUSE;

    private static final MethodHandle TREE_MAP_COMPARATOR;
    private static final MethodHandle SET_TREE_MAP_COMPARATOR;
    private static final MethodHandle TREE_SET_MAP;
    private static final MethodHandle QUEUE_COMPARATOR;
    private static final MethodHandle SET_QUEUE_COMPARATOR;
    private static final MethodHandle QUEUE_ARRAY;
    private static final MethodHandle SUB_MAP_TREE;
    private static final MethodHandle KEY_SET_MAP;
    /** {@code TreeMap.AscendingSubMap}, {@code TreeMap.DescendingSubMap} and {@code TreeMap.KeySet} (null when closed). */
    private static final Class<?> ASCENDING_SUB_MAP;
    private static final Class<?> DESCENDING_SUB_MAP;
    private static final Class<?> KEY_SET;

    static {
        MethodHandle[] h = new MethodHandle[8];
        Class<?>[] views = new Class<?>[3];
        boolean open;
        String why = null;
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            Field mapComparator = JdkFields.accessible(TreeMap.class, "comparator");
            Field queueComparator = JdkFields.accessible(PriorityQueue.class, "comparator");
            h[0] = lookup.unreflectGetter(mapComparator);
            h[1] = lookup.unreflectSetter(mapComparator);
            h[2] = lookup.unreflectGetter(JdkFields.accessible(TreeSet.class, "m"));
            h[3] = lookup.unreflectGetter(queueComparator);
            h[4] = lookup.unreflectSetter(queueComparator);
            h[5] = lookup.unreflectGetter(JdkFields.accessible(PriorityQueue.class, "queue"));
            views[0] = Class.forName("java.util.TreeMap$AscendingSubMap");
            views[1] = Class.forName("java.util.TreeMap$DescendingSubMap");
            views[2] = Class.forName("java.util.TreeMap$KeySet");
            h[6] = lookup.unreflectGetter(JdkFields.accessible(Class.forName("java.util.TreeMap$NavigableSubMap"), "m"))
                    .asType(MethodType.methodType(TreeMap.class, Object.class));
            h[7] = lookup.unreflectGetter(JdkFields.accessible(views[2], "m")).asType(MethodType.methodType(NavigableMap.class, Object.class));
            open = true;
        } catch (ReflectiveOperationException | RuntimeException closed) { // InaccessibleObjectException, a renamed field
            open = false;
            why = closed.toString();
        }
        OPEN = open;
        CLOSED_BECAUSE = why;
        TREE_MAP_COMPARATOR = h[0];
        SET_TREE_MAP_COMPARATOR = h[1];
        TREE_SET_MAP = h[2];
        QUEUE_COMPARATOR = h[3];
        SET_QUEUE_COMPARATOR = h[4];
        QUEUE_ARRAY = h[5];
        SUB_MAP_TREE = h[6];
        KEY_SET_MAP = h[7];
        ASCENDING_SUB_MAP = views[0];
        DESCENDING_SUB_MAP = views[1];
        KEY_SET = views[2];
    }

    private SortedFields() {
    }

    /** The comparator field of {@code map} (null: natural ordering), which its {@code comparator()} returns. */
    @SuppressWarnings("rawtypes")
    static Comparator comparatorOf(TreeMap map) {
        try {
            return (Comparator) TREE_MAP_COMPARATOR.invokeExact(map);
        } catch (Throwable t) {
            throw JdkFields.unexpected(t);
        }
    }

    @SuppressWarnings("rawtypes")
    static void setComparator(TreeMap map, Comparator c) {
        try {
            SET_TREE_MAP_COMPARATOR.invokeExact(map, c);
        } catch (Throwable t) {
            throw JdkFields.unexpected(t);
        }
    }

    /** The map behind {@code set}: a {@code TreeMap} for every set made by {@code TreeSet}'s public constructors. */
    @SuppressWarnings("rawtypes")
    static NavigableMap mapOf(TreeSet set) {
        try {
            return (NavigableMap) TREE_SET_MAP.invokeExact(set);
        } catch (Throwable t) {
            throw JdkFields.unexpected(t);
        }
    }

    @SuppressWarnings("rawtypes")
    static Comparator comparatorOf(PriorityQueue queue) {
        try {
            return (Comparator) QUEUE_COMPARATOR.invokeExact(queue);
        } catch (Throwable t) {
            throw JdkFields.unexpected(t);
        }
    }

    @SuppressWarnings("rawtypes")
    static void setComparator(PriorityQueue queue, Comparator c) {
        try {
            SET_QUEUE_COMPARATOR.invokeExact(queue, c);
        } catch (Throwable t) {
            throw JdkFields.unexpected(t);
        }
    }

    /** The heap array of {@code queue} (its first {@code size()} slots are the elements, in heap order); read only. */
    @SuppressWarnings("rawtypes")
    static Object[] heapOf(PriorityQueue queue) {
        try {
            return (Object[]) QUEUE_ARRAY.invokeExact(queue);
        } catch (Throwable t) {
            throw JdkFields.unexpected(t);
        }
    }

    /**
     * The {@code TreeMap} whose comparator field every compare of {@code collection} goes through,
     * when {@code collection} is exactly a {@code TreeMap}, a {@code TreeSet}, or one of their views
     * ({@code TreeMap.AscendingSubMap}/{@code DescendingSubMap}, {@code TreeMap.KeySet}, a
     * {@code TreeSet} over one of them); null for anything else (a subclass, a
     * {@code ConcurrentSkipListMap}...) and when {@code java.util} is closed. Compares the class with
     * constants only: no allocation, no lock.
     */
    @SuppressWarnings("rawtypes")
    static TreeMap treeBehind(Object collection) {
        if (!OPEN || collection == null) {
            return null;
        }
        Class<?> type = collection.getClass();
        try {
            if (type == TreeMap.class) {
                return (TreeMap) collection;
            }
            if (type == ASCENDING_SUB_MAP || type == DESCENDING_SUB_MAP) {
                return (TreeMap) SUB_MAP_TREE.invokeExact(collection);
            }
            if (type == TreeSet.class) {
                return treeBehind(mapOf((TreeSet) collection));
            }
            if (type == KEY_SET) {
                return treeBehind((NavigableMap) KEY_SET_MAP.invokeExact(collection));
            }
        } catch (Throwable t) {
            throw JdkFields.unexpected(t);
        }
        return null;
    }
}
