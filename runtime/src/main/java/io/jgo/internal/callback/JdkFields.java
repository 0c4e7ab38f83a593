package io.jgo.internal.callback;

import java.lang.reflect.Field;

/**
 * What every reader of a {@code java.util} private field in this package shares ({@link DequeFields},
 * {@link SortedFields}, {@link IteratorFields}, {@link Wrapped}): making the field accessible (which
 * works when the agent opened {@code java.util} to the runtime, and throws otherwise, so the caller
 * falls back to the JDK's own method), and turning what a field handle's {@code invokeExact} threw
 * into an unchecked exception.
 */
final class JdkFields {

    private JdkFields() {
    }

    /** {@code type}'s declared field {@code name}, made accessible. */
    static Field accessible(Class<?> type, String name) throws NoSuchFieldException {
        Field f = type.getDeclaredField(name);
        f.setAccessible(true);
        return f;
    }

    /**
     * Rethrows an unchecked {@code t} as it is; wraps anything else (a field handle declares
     * {@code Throwable} but a getter or setter throws nothing checked). Use as {@code throw unexpected(t)}.
     */
    static RuntimeException unexpected(Throwable t) {
        if (t instanceof RuntimeException) {
            throw (RuntimeException) t;
        }
        if (t instanceof Error) {
            throw (Error) t;
        }
        return new IllegalStateException("a java.util field handle threw " + t, t);
    }
}
