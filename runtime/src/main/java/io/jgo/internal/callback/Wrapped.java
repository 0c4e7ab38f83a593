package io.jgo.internal.callback;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Field;
import java.util.Collection;
import java.util.Map;
import java.util.Set;

/**
 * The collection or map inside the {@code Collections.unmodifiable*} and {@code Collections.checked*}
 * wrappers whose {@code forEach} (and, checked collections', {@code removeIf}) only hands the function
 * to the wrapped one: the stand-ins call themselves on the inner one, so the function runs from a
 * rewritten frame. Only the wrapper classes named here, exactly (not the entry sets of an
 * unmodifiable map, whose {@code forEach} wraps each entry, nor the empty collections that extend
 * them). An unmodifiable wrapper's {@code removeIf}, {@code replaceAll}, {@code compute*}... throw
 * {@code UnsupportedOperationException} before calling any function, and are left to the JDK; a
 * checked list's {@code replaceAll}/{@code sort} and a checked map's compute methods, {@code merge}
 * and {@code replaceAll} go to the wrapped one with the wrapper's type check ({@link #typeCheck});
 * {@code Collections.synchronized*} wrappers hold their monitor around the function and pin by
 * their nature. Reads {@code java.util}'s private fields ({@code c}, {@code m}): when the package is
 * closed {@link #OPEN} is false and the JDK's methods are called (they pin if the function suspends).
 */
final class Wrapped {

    private static final Set<String> UNMODIFIABLE_COLLECTIONS = Set.of("UnmodifiableCollection",
            "UnmodifiableSequencedCollection", "UnmodifiableSet", "UnmodifiableSequencedSet", "UnmodifiableSortedSet",
            "UnmodifiableNavigableSet", "UnmodifiableList", "UnmodifiableRandomAccessList");
    private static final Set<String> CHECKED_COLLECTIONS = Set.of("CheckedCollection", "CheckedQueue", "CheckedSet",
            "CheckedSortedSet", "CheckedNavigableSet", "CheckedList", "CheckedRandomAccessList");
    private static final Set<String> UNMODIFIABLE_MAPS = Set.of("UnmodifiableMap", "UnmodifiableSequencedMap",
            "UnmodifiableSortedMap", "UnmodifiableNavigableMap");
    private static final Set<String> CHECKED_MAPS = Set.of("CheckedMap", "CheckedSortedMap", "CheckedNavigableMap");
    private static final String PREFIX = "java.util.Collections$";

    /** Whether every handle below was found: {@code java.util} is open to the runtime. */
    static final boolean OPEN;

    private static final MethodHandle UNMODIFIABLE_C;
    private static final MethodHandle CHECKED_C;
    private static final MethodHandle UNMODIFIABLE_M;
    private static final MethodHandle CHECKED_M;
    private static final MethodHandle CHECKED_TYPE;
    private static final MethodHandle CHECKED_KEY_TYPE;
    private static final MethodHandle CHECKED_VALUE_TYPE;

    static {
        MethodHandle[] h = new MethodHandle[7];
        boolean open;
        try {
            h[0] = getter("UnmodifiableCollection", "c");
            h[1] = getter("CheckedCollection", "c");
            h[2] = getter("UnmodifiableMap", "m");
            h[3] = getter("CheckedMap", "m");
            h[4] = getter("CheckedCollection", "type");
            h[5] = getter("CheckedMap", "keyType");
            h[6] = getter("CheckedMap", "valueType");
            open = true;
        } catch (ReflectiveOperationException | RuntimeException closed) { // InaccessibleObjectException, a renamed field
            open = false;
        }
        OPEN = open;
        UNMODIFIABLE_C = h[0];
        CHECKED_C = h[1];
        UNMODIFIABLE_M = h[2];
        CHECKED_M = h[3];
        CHECKED_TYPE = h[4];
        CHECKED_KEY_TYPE = h[5];
        CHECKED_VALUE_TYPE = h[6];
    }

    private Wrapped() {
    }

    private static MethodHandle getter(String wrapper, String field) throws ReflectiveOperationException {
        Field f = JdkFields.accessible(Class.forName(PREFIX + wrapper), field);
        return MethodHandles.lookup().unreflectGetter(f).asType(java.lang.invoke.MethodType.methodType(Object.class, Object.class));
    }

    /** The collection whose {@code forEach} {@code it}'s only calls, or null when {@code it} is no such wrapper. */
    @SuppressWarnings("rawtypes")
    static Collection forEachDelegate(Iterable it) {
        String name = wrapperName(it);
        if (name == null) {
            return null;
        }
        if (UNMODIFIABLE_COLLECTIONS.contains(name)) {
            return (Collection) get(UNMODIFIABLE_C, it);
        }
        return CHECKED_COLLECTIONS.contains(name) ? (Collection) get(CHECKED_C, it) : null;
    }

    /** The collection whose {@code removeIf} {@code c}'s only calls (a checked collection's), or null. */
    @SuppressWarnings("rawtypes")
    static Collection removeIfDelegate(Collection c) {
        String name = wrapperName(c);
        return name != null && CHECKED_COLLECTIONS.contains(name) ? (Collection) get(CHECKED_C, c) : null;
    }

    /** The map whose {@code forEach} {@code map}'s only calls, or null when {@code map} is no such wrapper. */
    @SuppressWarnings("rawtypes")
    static Map forEachDelegate(Map map) {
        String name = wrapperName(map);
        if (name == null) {
            return null;
        }
        if (UNMODIFIABLE_MAPS.contains(name)) {
            return (Map) get(UNMODIFIABLE_M, map);
        }
        return CHECKED_MAPS.contains(name) ? (Map) get(CHECKED_M, map) : null;
    }

    /**
     * The list inside a {@code Collections.checkedList}, whose {@code replaceAll} hands the wrapped
     * list the operator with a type check of each result, and whose {@code sort} hands it the
     * comparator as it is; null when {@code list} is no such wrapper.
     */
    @SuppressWarnings("rawtypes")
    static java.util.List checkedListDelegate(java.util.List list) {
        String name = wrapperName(list);
        return "CheckedList".equals(name) || "CheckedRandomAccessList".equals(name)
                ? (java.util.List) get(CHECKED_C, list) : null;
    }

    /** {@code CheckedCollection.typeCheck}: {@code o}, or the JDK's {@code ClassCastException} when it is not of the element type. */
    @SuppressWarnings("rawtypes")
    static Object typeCheck(Collection checked, Object o) {
        Class<?> type = (Class<?>) get(CHECKED_TYPE, checked);
        if (o != null && !type.isInstance(o)) {
            throw new ClassCastException("Attempt to insert " + o.getClass() + " element into collection with element type " + type);
        }
        return o;
    }

    /**
     * The map inside a {@code Collections.checkedMap} (and its sorted and navigable forms), whose
     * compute methods, {@code merge} and {@code replaceAll} hand the wrapped map the function with a
     * type check of its result; null when {@code map} is no such wrapper.
     */
    @SuppressWarnings("rawtypes")
    static Map checkedMapDelegate(Map map) {
        String name = wrapperName(map);
        return name != null && CHECKED_MAPS.contains(name) ? (Map) get(CHECKED_M, map) : null;
    }

    /** {@code CheckedMap.typeCheck(key, value)}: the JDK's {@code ClassCastException} for a key or value of the wrong type. */
    @SuppressWarnings("rawtypes")
    static void typeCheck(Map checked, Object key, Object value) {
        Class<?> keyType = (Class<?>) get(CHECKED_KEY_TYPE, checked);
        if (key != null && !keyType.isInstance(key)) {
            throw new ClassCastException("Attempt to insert " + key.getClass() + " key into map with key type " + keyType);
        }
        Class<?> valueType = (Class<?>) get(CHECKED_VALUE_TYPE, checked);
        if (value != null && !valueType.isInstance(value)) {
            throw new ClassCastException("Attempt to insert " + value.getClass() + " value into map with value type " + valueType);
        }
    }

    private static String wrapperName(Object o) {
        String name = o.getClass().getName();
        return OPEN && name.startsWith(PREFIX) ? name.substring(PREFIX.length()) : null;
    }

    private static Object get(MethodHandle getter, Object wrapper) {
        try {
            return (Object) getter.invokeExact(wrapper);
        } catch (Throwable t) {
            throw JdkFields.unexpected(t);
        }
    }
}
