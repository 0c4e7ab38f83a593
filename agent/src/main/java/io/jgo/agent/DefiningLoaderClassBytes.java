package io.jgo.agent;

import io.jgo.instrument.ClassBytes;

import java.util.function.Supplier;

/**
 * Which loader is defining the class being rewritten on the calling thread (set by {@link #within}
 * for the length of one transform): {@link PerLoaderRewrite} picks that loader's instrumenter by it.
 * As a {@link ClassBytes} it reads through that loader, and through the system loader outside a
 * transform. Thread-safe: the loader is per thread.
 */
final class DefiningLoaderClassBytes implements ClassBytes {

    private final ThreadLocal<ClassBytes> current = new ThreadLocal<>();
    private final ThreadLocal<ClassLoader> currentLoader = new ThreadLocal<>();
    private final ClassBytes outsideTransform = ClassBytes.of(null);

    /** Runs {@code action} with look-ups going through {@code loader}; restores the previous one after. */
    <T> T within(ClassLoader loader, Supplier<T> action) {
        ClassBytes previous = current.get();
        ClassLoader previousLoader = currentLoader.get();
        current.set(ClassBytes.of(loader));
        currentLoader.set(loader);
        try {
            return action.get();
        } finally {
            if (previous == null) {
                current.remove();
                currentLoader.remove();
            } else {
                current.set(previous);
                currentLoader.set(previousLoader);
            }
        }
    }

    /** The defining loader of the class being rewritten on this thread, or null outside a transform. */
    ClassLoader currentLoader() {
        return currentLoader.get();
    }

    @Override
    public byte[] find(String internalName) {
        ClassBytes loader = current.get();
        return (loader != null ? loader : outsideTransform).find(internalName);
    }
}
