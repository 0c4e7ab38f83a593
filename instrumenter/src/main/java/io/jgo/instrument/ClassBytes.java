package io.jgo.instrument;

/**
 * Where the instrumenter reads other classes' bytes from, by internal name ({@code java/lang/String}),
 * to learn which methods are suspendable and to compute common super classes. Returns null when the
 * class cannot be found. Implementations must be thread-safe.
 */
@FunctionalInterface
public interface ClassBytes {

    byte[] find(String internalName);

    /** Reads class files as resources of {@code loader} (the system loader when null). */
    static ClassBytes of(ClassLoader loader) {
        return internalName -> {
            String resource = internalName + ".class";
            try (java.io.InputStream in = loader == null
                    ? ClassLoader.getSystemResourceAsStream(resource)
                    : loader.getResourceAsStream(resource)) {
                return in == null ? null : in.readAllBytes();
            } catch (java.io.IOException e) {
                return null;
            }
        };
    }
}
