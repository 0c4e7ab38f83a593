package io.jgo.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.Go;
import io.jgo.Goroutine;
import io.jgo.internal.coroutine.Coroutine;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A frame that saved its record asks whether its caller is a rewritten call site, and the runtime
 * reflects on the caller's class to know ({@code Class.getDeclaredMethods}), which loads every class
 * the class's method signatures name if none was loaded yet: through the class's own loader, on the
 * goroutine's thread, in the middle of the unwind. Under the whole-application rule an application's
 * loader is rewritten code (the fuzzer's {@code ProgramLoader}, with ASM under it): its call sites
 * read the goroutine's unwind as their own, saved and pinned themselves (which ended the goroutine's
 * unwind, so its caller went on with the dummy value) and, re-entering, abandoned the goroutine's
 * records. The fuzzer's {@code StaleHandshakeClassLoad} found it; here the loader's {@code findClass}
 * is {@code @Goroutine}, so the test shows it in the annotated-only execution too. The loader must
 * run on a stack of its own, and the goroutine compute what plain Java computes.
 */
@Timeout(60)
class ClassLoadedMidUnwindTest {

    /**
     * Defined by {@link ChildFirstLoader}, so the classes it names are loaded through that loader's
     * {@code findClass}. One class per test: the verdict on a call site is cached by the caller's
     * method id, which would be the same for the same class in another loader.
     */
    public static final class CoroutineCaller implements Runnable {
        private final int[] out;

        public CoroutineCaller(int[] out) {
            this.out = out;
        }

        @Goroutine
        @Override
        public void run() {
            out[0] = Callee.twice(21);
            out[1] = Callee.thrice(5);
        }

        /** Never called: its signature alone names {@link Named}, which nothing loads before a suspension looks at this class. */
        static int unused(Named n) {
            return n.value;
        }
    }

    /** As {@link CoroutineCaller}, for the goroutine. */
    public static final class GoroutineCaller implements Runnable {
        private final int[] out;

        public GoroutineCaller(int[] out) {
            this.out = out;
        }

        @Goroutine
        @Override
        public void run() {
            out[0] = Callee.twice(21);
            out[1] = Callee.thrice(5);
        }

        static int unused(Named n) {
            return n.value;
        }
    }

    /** Loaded only when a caller's methods are listed. */
    public static final class Named {
        int value;
    }

    /** The parent's: the frames that suspend below the callers. */
    public static final class Callee {
        @Goroutine
        public static int twice(int x) {
            Coroutine.suspend(); // a goroutine's or coroutine's yield
            return 2 * x;
        }

        @Goroutine
        public static int thrice(int x) {
            Coroutine.suspend();
            return 3 * x;
        }
    }

    /**
     * Defines the callers and {@link Named} itself, from their class files; the rest is the
     * parent's. Its {@code findClass} is rewritten (annotated) and makes a rewritten call, as an
     * application's loader does under the whole-application rule.
     */
    private static final class ChildFirstLoader extends ClassLoader {
        final AtomicInteger defined = new AtomicInteger();

        ChildFirstLoader() {
            super(ClassLoadedMidUnwindTest.class.getClassLoader());
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.equals(CoroutineCaller.class.getName()) && !name.equals(GoroutineCaller.class.getName())
                    && !name.equals(Named.class.getName())) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                return c != null ? c : findClass(name);
            }
        }

        @Goroutine
        @Override
        protected Class<?> findClass(String name) throws ClassNotFoundException {
            byte[] bytes = classFile(name);
            defined.incrementAndGet();
            return defineClass(name, bytes, 0, bytes.length);
        }

        @Goroutine
        private byte[] classFile(String name) throws ClassNotFoundException {
            try (InputStream in = getParent().getResourceAsStream(name.replace('.', '/') + ".class")) {
                if (in == null) {
                    Go.gosched(); // never taken: makes this method suspendable, so findClass's call of it a rewritten site
                    throw new ClassNotFoundException(name);
                }
                return in.readAllBytes();
            } catch (IOException e) {
                throw new ClassNotFoundException(name, e);
            }
        }
    }

    private static Runnable freshCaller(Class<?> type, ChildFirstLoader loader, int[] out) throws ReflectiveOperationException {
        Class<?> caller = Class.forName(type.getName(), true, loader);
        assertEquals(loader, caller.getClassLoader());
        return (Runnable) caller.getConstructor(int[].class).newInstance((Object) out);
    }

    @Test
    void aCoroutineWhoseCallerClassLoadsAClassWhileItUnwindsComputesWhatJavaComputes() throws Exception {
        ChildFirstLoader loader = new ChildFirstLoader();
        int[] out = new int[2];
        Coroutine co = new Coroutine(freshCaller(CoroutineCaller.class, loader, out));
        int steps = 0;
        while (co.resume()) {
            assertTrue(++steps < 10, "the coroutine does not end");
        }
        assertEquals(2, loader.defined.get(), "the caller and Named were defined by the loader");
        assertEquals(42, out[0]);
        assertEquals(15, out[1]);
        assertEquals(2, steps, "each yield unwound to the stepping loop");
    }

    @Test
    void aGoroutineWhoseCallerClassLoadsAClassWhileItUnwindsComputesWhatJavaComputes() throws Exception {
        ChildFirstLoader loader = new ChildFirstLoader();
        int[] out = new int[2];
        Go.run(freshCaller(GoroutineCaller.class, loader, out)); // the main goroutine
        assertEquals(2, loader.defined.get(), "the caller and Named were defined by the loader");
        assertEquals(42, out[0]);
        assertEquals(15, out[1]);
    }
}
