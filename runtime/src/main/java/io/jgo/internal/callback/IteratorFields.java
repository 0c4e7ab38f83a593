package io.jgo.internal.callback;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.ListIterator;
import java.util.Map;

/**
 * The private state of the JDK iterators whose {@code forEachRemaining} overrides the interface's
 * default and that {@link IterableCalls#forEachRemaining} runs itself:
 * <ul>
 * <li>{@code ArrayDeque}'s ascending and descending iterators ({@code cursor}, {@code remaining},
 * {@code lastRet}, read and written as their own {@code forEachRemaining} does, and the deque they
 * walk), for {@link DequeCalls#forEachRemaining};
 * <li>the iterators of the {@code Collections.unmodifiable*} and {@code checked*} wrappers, whose
 * {@code forEachRemaining} hands the action to the iterator they wrap (an unmodifiable map's entry
 * set wraps each entry in an {@code UnmodifiableEntry}, a checked map's in a {@code CheckedEntry}
 * with the map's value type: made here through the JDK's own constructor and factory).
 * </ul>
 * The classes are found from sample iterators made at class initialisation (an anonymous class's
 * number is the JDK's business), each field by its type. Reached through {@code java.util}, which
 * the agent opens to the runtime; when it is closed, or a JDK lays a class out otherwise,
 * {@link #DEQUE_OPEN} or {@link #WRAPPERS_OPEN} is false and the iterator's own method runs (it pins
 * if the action suspends). The handles never change once found.
 */
final class IteratorFields {

    static final Class<?> DEQUE_ITERATOR = new ArrayDeque<>().iterator().getClass();
    static final Class<?> DEQUE_DESCENDING = new ArrayDeque<>().descendingIterator().getClass();
    /** Whether the {@code ArrayDeque} iterators' handles were found. */
    static final boolean DEQUE_OPEN;
    private static final MethodHandle CURSOR;
    private static final MethodHandle REMAINING;
    private static final MethodHandle SET_REMAINING;
    private static final MethodHandle SET_LAST_RET;
    private static final MethodHandle DEQUE;

    /** Wrapper iterators handing {@code forEachRemaining} to their inner iterator as it is. */
    private static final Class<?>[] PLAIN_WRAPPERS = {
        Collections.unmodifiableCollection(new ArrayList<>()).iterator().getClass(),
        Collections.unmodifiableList(new ArrayList<>()).listIterator().getClass(),
        Collections.checkedCollection(new ArrayList<>(), Object.class).iterator().getClass(),
        Collections.checkedList(new ArrayList<>(), Object.class).listIterator().getClass(),
    };
    static final Class<?> UNMODIFIABLE_ENTRIES = Collections.unmodifiableMap(new HashMap<>()).entrySet().iterator().getClass();
    static final Class<?> CHECKED_ENTRIES = Collections.checkedMap(new HashMap<>(), Object.class, Object.class).entrySet()
            .iterator().getClass();
    /** Whether the wrapper iterators' handles were found. */
    static final boolean WRAPPERS_OPEN;
    /** The inner iterator of each of {@link #PLAIN_WRAPPERS}, then of the two entry iterators; {@code (Object)Object}. */
    private static final MethodHandle[] INNER = new MethodHandle[PLAIN_WRAPPERS.length + 2];
    private static final MethodHandle UNMODIFIABLE_ENTRY;
    private static final MethodHandle CHECKED_ENTRY;
    private static final MethodHandle CHECKED_VALUE_TYPE;

    static {
        MethodHandle[] h = new MethodHandle[5];
        boolean open;
        try {
            Class<?> deq = DEQUE_DESCENDING.getSuperclass() == DEQUE_ITERATOR ? DEQUE_ITERATOR : null;
            h[0] = getter(deq.getDeclaredField("cursor"), int.class);
            h[1] = getter(deq.getDeclaredField("remaining"), int.class);
            h[2] = setter(deq.getDeclaredField("remaining"));
            h[3] = setter(deq.getDeclaredField("lastRet"));
            h[4] = getter(fieldOfType(deq, ArrayDeque.class), Object.class);
            open = true;
        } catch (ReflectiveOperationException | RuntimeException closed) { // InaccessibleObjectException, another layout
            open = false;
        }
        DEQUE_OPEN = open;
        CURSOR = h[0];
        REMAINING = h[1];
        SET_REMAINING = h[2];
        SET_LAST_RET = h[3];
        DEQUE = h[4];
        MethodHandle[] e = new MethodHandle[3];
        try {
            for (int i = 0; i < PLAIN_WRAPPERS.length; i++) {
                INNER[i] = getter(fieldOfType(PLAIN_WRAPPERS[i], Iterator.class, ListIterator.class), Object.class);
            }
            INNER[PLAIN_WRAPPERS.length] = getter(fieldOfType(UNMODIFIABLE_ENTRIES, Iterator.class), Object.class);
            INNER[PLAIN_WRAPPERS.length + 1] = getter(fieldOfType(CHECKED_ENTRIES, Iterator.class), Object.class);
            Class<?> entrySet = Class.forName("java.util.Collections$CheckedMap$CheckedEntrySet");
            java.lang.reflect.Constructor<?> entry = Class.forName(
                    "java.util.Collections$UnmodifiableMap$UnmodifiableEntrySet$UnmodifiableEntry").getDeclaredConstructor(Map.Entry.class);
            entry.setAccessible(true);
            e[0] = MethodHandles.lookup().unreflectConstructor(entry).asType(MethodType.methodType(Object.class, Object.class));
            java.lang.reflect.Method checked = entrySet.getDeclaredMethod("checkedEntry", Map.Entry.class, Class.class);
            checked.setAccessible(true);
            e[1] = MethodHandles.lookup().unreflect(checked).asType(MethodType.methodType(Object.class, Object.class, Object.class));
            e[2] = MethodHandles.filterReturnValue(getter(fieldOfType(CHECKED_ENTRIES, entrySet), Object.class),
                    getter(entrySet.getDeclaredField("valueType"), Object.class));
            open = true;
        } catch (ReflectiveOperationException | RuntimeException closed) {
            open = false;
        }
        WRAPPERS_OPEN = open;
        UNMODIFIABLE_ENTRY = e[0];
        CHECKED_ENTRY = e[1];
        CHECKED_VALUE_TYPE = e[2];
    }

    private IteratorFields() {
    }

    /** The one instance field of {@code type} declared as one of {@code types}; fails when there is not exactly one. */
    private static Field fieldOfType(Class<?> type, Class<?>... types) throws NoSuchFieldException {
        Field found = null;
        for (Field f : type.getDeclaredFields()) {
            if (!Modifier.isStatic(f.getModifiers()) && java.util.List.of(types).contains(f.getType())) {
                if (found != null) {
                    throw new NoSuchFieldException(type.getName() + " has two fields of " + java.util.List.of(types));
                }
                found = f;
            }
        }
        if (found == null) {
            throw new NoSuchFieldException(type.getName() + " has no field of " + java.util.List.of(types));
        }
        return found;
    }

    private static MethodHandle getter(Field f, Class<?> as) throws IllegalAccessException {
        f.setAccessible(true);
        return MethodHandles.lookup().unreflectGetter(f).asType(MethodType.methodType(as, Object.class));
    }

    private static MethodHandle setter(Field f) throws IllegalAccessException {
        f.setAccessible(true);
        return MethodHandles.lookup().unreflectSetter(f).asType(MethodType.methodType(void.class, Object.class, int.class));
    }

    // ---------------------------------------------------------------- ArrayDeque's iterators

    static int cursor(Iterator<?> it) {
        try {
            return (int) CURSOR.invokeExact((Object) it);
        } catch (Throwable t) {
            throw JdkFields.unexpected(t);
        }
    }

    static int remaining(Iterator<?> it) {
        try {
            return (int) REMAINING.invokeExact((Object) it);
        } catch (Throwable t) {
            throw JdkFields.unexpected(t);
        }
    }

    static void setRemaining(Iterator<?> it, int remaining) {
        try {
            SET_REMAINING.invokeExact((Object) it, remaining);
        } catch (Throwable t) {
            throw JdkFields.unexpected(t);
        }
    }

    static void setLastRet(Iterator<?> it, int lastRet) {
        try {
            SET_LAST_RET.invokeExact((Object) it, lastRet);
        } catch (Throwable t) {
            throw JdkFields.unexpected(t);
        }
    }

    /** The deque {@code it} walks. */
    @SuppressWarnings("rawtypes")
    static ArrayDeque deque(Iterator<?> it) {
        try {
            return (ArrayDeque) (Object) DEQUE.invokeExact((Object) it);
        } catch (Throwable t) {
            throw JdkFields.unexpected(t);
        }
    }

    // ---------------------------------------------------------------- the wrappers' iterators

    /** The iterator a plain wrapper iterator {@code it} hands {@code forEachRemaining} to, or null when {@code it} is none. */
    @SuppressWarnings("rawtypes")
    static Iterator plainInner(Iterator it) {
        if (!WRAPPERS_OPEN) {
            return null;
        }
        Class<?> type = it.getClass();
        for (int i = 0; i < PLAIN_WRAPPERS.length; i++) {
            if (type == PLAIN_WRAPPERS[i]) {
                return (Iterator) get(INNER[i], it);
            }
        }
        return null;
    }

    /** The inner iterator of an unmodifiable or checked map's entry-set iterator. */
    @SuppressWarnings("rawtypes")
    static Iterator entriesInner(Iterator it) {
        return (Iterator) get(INNER[PLAIN_WRAPPERS.length + (it.getClass() == UNMODIFIABLE_ENTRIES ? 0 : 1)], it);
    }

    /** {@code new UnmodifiableEntry<>(e)}, as the unmodifiable entry-set iterator hands the action. */
    static Object unmodifiableEntry(Object e) {
        try {
            return (Object) UNMODIFIABLE_ENTRY.invokeExact(e);
        } catch (Throwable t) {
            throw JdkFields.unexpected(t);
        }
    }

    /** {@code checkedEntry(e, valueType)} of the checked entry-set iterator {@code it}. */
    static Object checkedEntry(Iterator<?> it, Object e) {
        try {
            Object valueType = (Object) CHECKED_VALUE_TYPE.invokeExact((Object) it);
            return (Object) CHECKED_ENTRY.invokeExact(e, valueType);
        } catch (Throwable t) {
            throw JdkFields.unexpected(t);
        }
    }

    private static Object get(MethodHandle getter, Object o) {
        try {
            return (Object) getter.invokeExact(o);
        } catch (Throwable t) {
            throw JdkFields.unexpected(t);
        }
    }
}
