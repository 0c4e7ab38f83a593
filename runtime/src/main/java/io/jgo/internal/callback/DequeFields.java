package io.jgo.internal.callback;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Field;
import java.util.ArrayDeque;
import java.util.PriorityQueue;

/**
 * The private fields of {@code ArrayDeque} ({@code elements}, {@code head}, {@code tail}: read only)
 * and of {@code PriorityQueue} ({@code queue}, read only; {@code modCount}, read and bumped) that
 * {@link DequeCalls} needs to run their {@code forEach} and {@code removeIf} loops as the JDK does.
 * Reached through {@code java.util}, which the agent opens to the runtime (see {@link SortedFields});
 * when it is closed {@link #OPEN} is false and the stand-ins call the JDK's methods (a suspending
 * function pins there, and the pin warning names the frame).
 *
 * <p>The handles are found once, at class initialisation, and never change.
 */
final class DequeFields {

    /** Whether every handle below was found: {@code java.util} is open to the runtime. */
    static final boolean OPEN;

    private static final MethodHandle ELEMENTS;
    private static final MethodHandle HEAD;
    private static final MethodHandle TAIL;
    private static final MethodHandle HEAP;
    private static final MethodHandle MOD_COUNT;
    private static final MethodHandle SET_MOD_COUNT;

    static {
        MethodHandle[] h = new MethodHandle[6];
        boolean open;
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            h[0] = lookup.unreflectGetter(JdkFields.accessible(ArrayDeque.class, "elements"));
            h[1] = lookup.unreflectGetter(JdkFields.accessible(ArrayDeque.class, "head"));
            h[2] = lookup.unreflectGetter(JdkFields.accessible(ArrayDeque.class, "tail"));
            h[3] = lookup.unreflectGetter(JdkFields.accessible(PriorityQueue.class, "queue"));
            Field modCount = JdkFields.accessible(PriorityQueue.class, "modCount");
            h[4] = lookup.unreflectGetter(modCount);
            h[5] = lookup.unreflectSetter(modCount);
            open = h[0].type().returnType() == Object[].class && h[1].type().returnType() == int.class
                    && h[2].type().returnType() == int.class && h[4].type().returnType() == int.class;
        } catch (ReflectiveOperationException | RuntimeException closed) { // InaccessibleObjectException, a renamed field
            open = false;
        }
        OPEN = open;
        ELEMENTS = h[0];
        HEAD = h[1];
        TAIL = h[2];
        HEAP = h[3];
        MOD_COUNT = h[4];
        SET_MOD_COUNT = h[5];
    }

    private DequeFields() {
    }

    /** The circular array of {@code deque}: its elements are the slots from {@link #head} up to, not including, {@link #tail}. */
    @SuppressWarnings("rawtypes")
    static Object[] elements(ArrayDeque deque) {
        try {
            return (Object[]) ELEMENTS.invokeExact(deque);
        } catch (Throwable t) {
            throw JdkFields.unexpected(t);
        }
    }

    @SuppressWarnings("rawtypes")
    static int head(ArrayDeque deque) {
        try {
            return (int) HEAD.invokeExact(deque);
        } catch (Throwable t) {
            throw JdkFields.unexpected(t);
        }
    }

    @SuppressWarnings("rawtypes")
    static int tail(ArrayDeque deque) {
        try {
            return (int) TAIL.invokeExact(deque);
        } catch (Throwable t) {
            throw JdkFields.unexpected(t);
        }
    }

    /** The heap array of {@code queue} (its first {@code size()} slots are the elements, in array order); read only. */
    @SuppressWarnings("rawtypes")
    static Object[] heap(PriorityQueue queue) {
        try {
            return (Object[]) HEAP.invokeExact(queue);
        } catch (Throwable t) {
            throw JdkFields.unexpected(t);
        }
    }

    /** The structural modification count of {@code queue}, which its iterators and {@code forEach} check. */
    @SuppressWarnings("rawtypes")
    static int modCount(PriorityQueue queue) {
        try {
            return (int) MOD_COUNT.invokeExact(queue);
        } catch (Throwable t) {
            throw JdkFields.unexpected(t);
        }
    }

    /** {@code ++modCount}, as the JDK's {@code removeIf} does before it calls the filter; returns the new count. */
    @SuppressWarnings("rawtypes")
    static int bumpModCount(PriorityQueue queue) {
        int next = modCount(queue) + 1;
        try {
            SET_MOD_COUNT.invokeExact(queue, next);
        } catch (Throwable t) {
            throw JdkFields.unexpected(t);
        }
        return next;
    }
}
