package io.jgo.agent;

import io.jgo.instrument.ClassBytes;
import io.jgo.instrument.Diagnostics;
import io.jgo.instrument.Instrumenter;
import io.jgo.instrument.RewriteOptions;
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
            return byLoader.computeIfAbsent(loader, l -> new Instrumenter(weakly(l), diagnostics, verify, options));
        }
    }

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
