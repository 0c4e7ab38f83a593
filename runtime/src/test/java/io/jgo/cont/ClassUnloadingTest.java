package io.jgo.cont;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.cont.shapes.DeepYieldLoop;
import io.jgo.internal.coroutine.Coroutine;
import io.jgo.testing.Await;
import io.jgo.testing.Heavy;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/**
 * Rewritten classes unload with their class loader, as a web container, a plugin system or a test
 * runner expects: nothing the runtime keeps (the resumer table, the adjacency cache, frame names)
 * holds a rewritten class, its loader or its resumer once its goroutines are done.
 */
@Heavy
class ClassUnloadingTest {

    private static final int LOADS = 1_000;

    @Test
    void aLoaderThatRanGoroutinesIsCollectedOnceDropped() throws ReflectiveOperationException {
        List<WeakReference<ClassLoader>> dropped = new ArrayList<>();
        for (int i = 0; i < LOADS; i++) {
            dropped.add(new WeakReference<>(loadRunAndDrop()));
        }
        Await.until("every dropped loader is collected", () -> {
            System.gc();
            return dropped.stream().allMatch(r -> r.get() == null);
        }, () -> dropped.stream().filter(r -> r.get() != null).count() + " of " + LOADS + " loaders still reachable");
    }

    /** Loads the rewritten program in a loader of its own, runs it through suspensions and lazy resumes, and returns the loader. */
    private static ClassLoader loadRunAndDrop() throws ReflectiveOperationException {
        ClassLoader loader = new PreRewrittenLoader(ClassUnloadingTest.class.getClassLoader());
        Runnable program = (Runnable) loader.loadClass(DeepYieldLoop.class.getName()).getConstructor().newInstance();
        Coroutine c = new Coroutine(program);
        for (int round = 0; round < 3; round++) {
            assertTrue(c.resume(), "round " + round + " suspends");
        }
        assertTrue(c.reenteredAlone() > 0, "the resumer registered for the class re-entered a frame alone");
        while (c.resume()) {
            // to the end: the goroutine is done
        }
        return loader;
    }

    /** Child-first for the shape programs, defined from their rewrite, which is made once for all loaders. */
    private static final class PreRewrittenLoader extends ClassLoader {

        private static final String PREFIX = "io.jgo.cont.shapes.";
        private static final Map<String, byte[]> REWRITTEN = new ConcurrentHashMap<>();

        PreRewrittenLoader(ClassLoader parent) {
            super(parent);
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.startsWith(PREFIX)) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c == null) {
                    byte[] bytes = REWRITTEN.computeIfAbsent(name, PreRewrittenLoader::rewrite);
                    c = defineClass(name, bytes, 0, bytes.length);
                }
                return c;
            }
        }

        private static byte[] rewrite(String name) {
            try (InputStream in = PreRewrittenLoader.class.getClassLoader().getResourceAsStream(name.replace('.', '/') + ".class")) {
                byte[] original = in.readAllBytes();
                byte[] rewritten = Differential.INSTRUMENTER.mightSuspend(original) ? Differential.INSTRUMENTER.transform(original) : null;
                return rewritten == null ? original : rewritten;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
