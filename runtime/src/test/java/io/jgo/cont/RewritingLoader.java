package io.jgo.cont;

import io.jgo.instrument.Instrumenter;
import java.io.IOException;
import java.io.InputStream;

/**
 * Child-first loader for the shape programs ({@code io.jgo.cont.shapes.*}): defines them from their
 * original class files after running the build-time rewrite on them. Everything else is the parent's.
 */
final class RewritingLoader extends ClassLoader {

    private static final String PREFIX = "io.jgo.cont.shapes.";
    private final Instrumenter instrumenter;

    RewritingLoader(ClassLoader parent, Instrumenter instrumenter) {
        super(parent);
        this.instrumenter = instrumenter;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (!name.startsWith(PREFIX)) {
            return super.loadClass(name, resolve);
        }
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                byte[] original = originalBytes(name);
                byte[] rewritten = instrumenter.mightSuspend(original) ? instrumenter.transform(original) : null;
                byte[] bytes = rewritten == null ? original : rewritten;
                c = defineClass(name, bytes, 0, bytes.length);
            }
            return c;
        }
    }

    private byte[] originalBytes(String name) throws ClassNotFoundException {
        try (InputStream in = getParent().getResourceAsStream(name.replace('.', '/') + ".class")) {
            if (in == null) {
                throw new ClassNotFoundException(name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new ClassNotFoundException(name, e);
        }
    }
}
