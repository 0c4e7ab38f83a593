package io.jgo.agent;

import java.util.List;

/**
 * Decides from a class's loader and name alone, before a byte of it is read, whether the agent
 * looks at it. Never: classes of the bootstrap and platform loaders, JDK packages, the jgo runtime
 * ({@code io/jgo/*} and {@code io/jgo/internal/**}: its primitives are hand-written) and the agent
 * itself with everything it shades ({@code io/jgo/agent/**}). Then {@code exclude=} wins over
 * {@code include=}, and an empty include list means every other class. Immutable, thread-safe.
 */
final class ClassFilter {

    private static final List<String> NEVER = List.of(
            "java/", "javax/", "jdk/", "sun/", "com/sun/", "io/jgo/internal/", "io/jgo/net/", "io/jgo/agent/");
    private static final String RUNTIME_PACKAGE = "io/jgo/";

    private final ClassLoader platformLoader;
    private final List<String> include;
    private final List<String> exclude;

    /**
     * @param include internal-name prefixes ({@code com/example/}); empty means all
     * @param exclude internal-name prefixes
     */
    ClassFilter(ClassLoader platformLoader, List<String> include, List<String> exclude) {
        this.platformLoader = platformLoader;
        this.include = List.copyOf(include);
        this.exclude = List.copyOf(exclude);
    }

    /** @param internalName as a transformer gets it ({@code com/example/Foo}) */
    boolean accepts(ClassLoader loader, String internalName) {
        if (loader == null || loader == platformLoader || internalName == null) {
            return false;
        }
        if (startsWithAny(internalName, NEVER) || isDirectlyInRuntimePackage(internalName)) {
            return false;
        }
        if (startsWithAny(internalName, exclude)) {
            return false;
        }
        return include.isEmpty() || startsWithAny(internalName, include);
    }

    private static boolean isDirectlyInRuntimePackage(String internalName) {
        return internalName.startsWith(RUNTIME_PACKAGE) && internalName.indexOf('/', RUNTIME_PACKAGE.length()) < 0;
    }

    private static boolean startsWithAny(String internalName, List<String> prefixes) {
        for (int i = 0; i < prefixes.size(); i++) {
            if (internalName.startsWith(prefixes.get(i))) {
                return true;
            }
        }
        return false;
    }
}
