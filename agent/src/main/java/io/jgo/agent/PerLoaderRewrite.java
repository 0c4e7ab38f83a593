package io.jgo.agent;

import io.jgo.instrument.ClassBytes;
import io.jgo.instrument.Diagnostics;
import io.jgo.instrument.Instrumenter;
import io.jgo.instrument.RewriteOptions;
import io.jgo.instrument.SuspendablePackages;
import java.lang.ref.WeakReference;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * One {@link Instrumenter} per defining class loader. What the rewrite learns about other classes
 * (hierarchy, which methods are {@code @Goroutine}, misses included) is only true within one
 * loader's view: two loaders may each define a different class under the same name (application
 * servers, plugin systems), and a class-info cache shared between them would compute frames from
 * the wrong hierarchy. Loaders are held weakly, so an undeployed application's cache goes with it.
 * Trade-off: the byte scan of one loader knows only the declaring classes that loader's rewrite has
 * read; a class that calls a parent loader's {@code @Goroutine} method without naming {@code io/jgo/}
 * at all may then be left alone, and its suspensions pin (safely, with a warning).
 *
 * <p>A loader that cannot see jgo's runtime gets the rewrite narrowed to {@code @Goroutine} methods
 * ({@link SuspendablePackages#NONE}): under the default whole-application rule its classes would
 * otherwise be rewritten to call a runtime it cannot load ({@code NoClassDefFoundError}), and no
 * goroutine can run its code anyway. So a program (or a loader within one) that does not use jgo
 * costs the agent a byte scan per class, as before the default changed.
 * Thread-safe: the map is guarded by its own lock; each instrumenter is thread-safe.
 */
final class PerLoaderRewrite implements Rewrite {

    private final DefiningLoaderClassBytes definingLoader;
    private final Diagnostics diagnostics;
    private final boolean verify;
    private final RewriteOptions options;
    private final Instrumenter outsideTransform;
    private final Map<ClassLoader, Instrumenter> byLoader = new WeakHashMap<>();

    PerLoaderRewrite(DefiningLoaderClassBytes definingLoader, Diagnostics diagnostics, boolean verify,
            RewriteOptions options) {
        this.definingLoader = definingLoader;
        this.diagnostics = diagnostics;
        this.verify = verify;
        this.options = options;
        this.outsideTransform = new Instrumenter(ClassBytes.of(null), diagnostics, verify, options);
    }

    /** The instrumenter of the loader defining the current class (see {@link DefiningLoaderClassBytes#within}). */
    Instrumenter current() {
        ClassLoader loader = definingLoader.currentLoader();
        if (loader == null) {
            return outsideTransform;
        }
        synchronized (byLoader) {
            return byLoader.computeIfAbsent(loader, l -> new Instrumenter(weakly(l), diagnostics, verify,
                    options.suspendable().isEmpty() || seesRuntime(l) ? options : options.withSuspendable(SuspendablePackages.NONE)));
        }
    }

    /** Can classes of {@code loader} link to jgo's runtime (the class every rewritten method calls)? */
    private static boolean seesRuntime(ClassLoader loader) {
        try {
            return loader.getResource(RUNTIME_STACK) != null;
        } catch (RuntimeException e) {
            return false; // a loader that fails to look up resources: keep its classes as written
        }
    }

    private static final String RUNTIME_STACK = "io/jgo/internal/Stack.class";

    /** Reads through {@code loader} without keeping it alive (the map's value must not hold its key). */
    private static ClassBytes weakly(ClassLoader loader) {
        WeakReference<ClassLoader> ref = new WeakReference<>(loader);
        return name -> {
            ClassLoader l = ref.get();
            return l == null ? null : ClassBytes.of(l).find(name);
        };
    }

    @Override
    public boolean mightSuspend(byte[] classFile) {
        return current().mightSuspend(classFile);
    }

    @Override
    public byte[] transform(byte[] classFile) {
        return current().transform(classFile);
    }
}
