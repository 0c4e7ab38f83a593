package io.jgo.internal.callback;

import java.lang.reflect.Method;

/**
 * Whether a class inherits one interface's default method rather than overriding it (its own
 * class or a superclass or superinterface declaring it again). Such a receiver behaves exactly like
 * the default, which the helpers of this package reproduce. Answers are cached per class
 * ({@link ClassValue}: computed once, read without a lock; a race computes it twice, same answer).
 */
final class Inherits extends ClassValue<Boolean> {

    private final Class<?> declaring;
    private final String name;
    private final Class<?>[] parameters;

    Inherits(Class<?> declaring, String name, Class<?>... parameters) {
        this.declaring = declaring;
        this.name = name;
        this.parameters = parameters;
    }

    boolean by(Class<?> type) {
        return get(type);
    }

    @Override
    protected Boolean computeValue(Class<?> type) {
        try {
            Method m = type.getMethod(name, parameters);
            return m.getDeclaringClass() == declaring && m.isDefault();
        } catch (NoSuchMethodException | SecurityException e) {
            return false;
        }
    }
}
