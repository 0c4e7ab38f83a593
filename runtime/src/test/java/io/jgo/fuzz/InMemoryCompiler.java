package io.jgo.fuzz;

import io.jgo.Goroutine;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.OutputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.tools.DiagnosticCollector;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Compiles generated sources with the JDK's compiler inside this JVM, to class files in memory.
 * The class path is the two places a program needs (the runtime's classes for {@code @Goroutine},
 * the test classes for {@link Trace}), found from those classes themselves, so it does not depend
 * on how the test JVM was started. One compiler serves every thread, each compilation its own file
 * manager.
 */
final class InMemoryCompiler {

    private static final JavaCompiler JAVAC = ToolProvider.getSystemJavaCompiler();
    private static final String CLASS_PATH = String.join(File.pathSeparator, location(Goroutine.class), location(Trace.class));

    private InMemoryCompiler() {
    }

    /** Class files by binary name; throws {@link CompileError} with javac's messages when a source does not compile. */
    static Map<String, byte[]> compile(Map<String, String> sourcesByClassName) {
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        StandardJavaFileManager standard = JAVAC.getStandardFileManager(diagnostics, null, null);
        Map<String, ByteArrayOutputStream> out = new HashMap<>();
        JavaFileManager files = new ForwardingJavaFileManager<>(standard) {
            @Override
            public JavaFileObject getJavaFileForOutput(Location location, String className, JavaFileObject.Kind kind,
                                                       FileObject sibling) {
                return new SimpleJavaFileObject(URI.create("mem:///" + className.replace('.', '/') + ".class"), kind) {
                    @Override
                    public OutputStream openOutputStream() {
                        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                        out.put(className, bytes);
                        return bytes;
                    }
                };
            }
        };
        List<JavaFileObject> units = new ArrayList<>();
        sourcesByClassName.forEach((name, text) -> units.add(new Source(name, text)));
        List<String> options = List.of("-g", "-proc:none", "-nowarn", "-classpath", CLASS_PATH);
        boolean ok = JAVAC.getTask(null, files, diagnostics, options, null, units).call();
        if (!ok) {
            StringBuilder message = new StringBuilder("generated program does not compile:\n");
            diagnostics.getDiagnostics().forEach(d -> message.append(d).append('\n'));
            throw new CompileError(message.toString());
        }
        Map<String, byte[]> classes = new HashMap<>();
        out.forEach((name, bytes) -> classes.put(name, bytes.toByteArray()));
        return classes;
    }

    private static String location(Class<?> c) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A generator defect, not a jgo one: the program is not valid Java. */
    static final class CompileError extends RuntimeException {
        CompileError(String message) {
            super(message);
        }
    }

    private static final class Source extends SimpleJavaFileObject {
        private final String text;

        Source(String className, String text) {
            super(URI.create("string:///" + className.replace('.', '/') + Kind.SOURCE.extension), Kind.SOURCE);
            this.text = text;
        }

        @Override
        public CharSequence getCharContent(boolean ignoreEncodingErrors) {
            return text;
        }
    }
}
