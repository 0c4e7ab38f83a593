package io.jgo.fuzz;

import io.jgo.instrument.ClassBytes;
import io.jgo.instrument.Diagnostics;
import io.jgo.instrument.InstrumentationException;
import io.jgo.instrument.Instrumenter;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Defines one compiled program's classes, one loader per program and path. Serves their original
 * class files as resources too, because the rewrite (the agent's or the build-time one) reads the
 * classes a class calls to learn which methods are suspendable.
 *
 * <p>Three uses: the pristine package as it is (the agent is told to exclude it: the plain run);
 * the rewritten package as it is (the agent rewrites each class as it is defined: the agent path);
 * the pristine package through {@link #buildTime} (an {@link Instrumenter} rewrites each class
 * before it is defined, as the build-time CLI would: the build-time path).
 */
final class ProgramLoader extends ClassLoader {

    private final Map<String, byte[]> classes;
    private final Instrumenter instrumenter;
    /** What the build-time rewrite reported: warnings are allowed, failures are findings. */
    final List<String> failures = new ArrayList<>();
    final List<String> warnings = new ArrayList<>();

    private ProgramLoader(Map<String, byte[]> classes, boolean rewrite) {
        super(ProgramLoader.class.getClassLoader());
        this.classes = classes;
        this.instrumenter = rewrite ? new Instrumenter(this::originalOrParent, new Collecting(), true) : null;
    }

    /** Defines the classes as compiled (the agent, where it is not told to exclude them, rewrites them). */
    static ProgramLoader asIs(Map<String, byte[]> classes) {
        return new ProgramLoader(classes, false);
    }

    /** Rewrites each class with a fresh build-time {@link Instrumenter} before defining it. */
    static ProgramLoader buildTime(Map<String, byte[]> classes) {
        return new ProgramLoader(classes, true);
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        byte[] original = classes.get(name);
        if (original == null) {
            throw new ClassNotFoundException(name);
        }
        byte[] bytes = original;
        if (instrumenter != null && instrumenter.mightSuspend(original)) {
            byte[] rewritten = instrumenter.transform(original);
            if (rewritten != null) {
                bytes = rewritten;
            }
        }
        return defineClass(name, bytes, 0, bytes.length);
    }

    @Override
    public InputStream getResourceAsStream(String name) {
        if (name.endsWith(".class")) {
            byte[] bytes = classes.get(name.substring(0, name.length() - ".class".length()).replace('/', '.'));
            if (bytes != null) {
                return new ByteArrayInputStream(bytes);
            }
        }
        return super.getResourceAsStream(name);
    }

    private byte[] originalOrParent(String internalName) {
        byte[] own = classes.get(internalName.replace('/', '.'));
        return own != null ? own : ClassBytes.of(getParent()).find(internalName);
    }

    private final class Collecting implements Diagnostics {
        @Override
        public void warning(String message) {
            synchronized (warnings) {
                warnings.add(message);
            }
        }

        @Override
        public void failed(InstrumentationException e) {
            synchronized (failures) {
                failures.add(e.getMessage());
            }
        }
    }
}
