package io.jgo.instrument;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The rewrite meets real bytecode: every class of the jars on the test class path (ASM, JUnit,
 * opentest4j, ...) and of the JDK's {@code java.util} is rewritten in stress mode — every method, every call a suspension point — and
 * the result must verify. A class may be refused with a report (a shape the rewrite does not
 * handle, a class missing from the class path); it must never come out broken, and the rewrite
 * must never fail inside.
 */
@Tag("heavy")
class ClassPathCorpusTest {

    @Test
    void everyClassOnTheClassPathIsRewrittenIntoVerifiableCodeOrCleanlyRefused() throws IOException {
        List<String> broken = new ArrayList<>();
        List<String> refused = new ArrayList<>();
        Diagnostics diagnostics = new Diagnostics() {
            @Override
            public void warning(String message) {
            }

            @Override
            public void failed(InstrumentationException e) {
                String m = e.getMessage();
                if (m.contains("does not verify") || m.contains("internal error")) {
                    broken.add(m);
                } else {
                    refused.add(m);
                }
            }
        };
        Instrumenter stress = new Instrumenter(ClassBytes.of(ClassPathCorpusTest.class.getClassLoader()), diagnostics, true, true);
        int classes = 0;
        int rewritten = 0;
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (!entry.endsWith(".jar")) {
                continue;
            }
            try (JarFile jar = new JarFile(entry)) {
                for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements();) {
                    JarEntry je = e.nextElement();
                    String name = je.getName();
                    if (!name.endsWith(".class") || name.startsWith("META-INF/") || name.endsWith("module-info.class")) {
                        continue;
                    }
                    byte[] bytes;
                    try (InputStream in = jar.getInputStream(je)) {
                        bytes = in.readAllBytes();
                    }
                    classes++;
                    if (stress.transform(bytes) != null) {
                        rewritten++;
                    }
                }
            }
        }
        // And javac's own output at scale: java.util of the running JDK.
        try (java.util.stream.Stream<java.nio.file.Path> files = java.nio.file.Files.walk(
                java.nio.file.FileSystems.getFileSystem(java.net.URI.create("jrt:/")).getPath("/modules/java.base/java/util"))) {
            for (java.nio.file.Path f : (Iterable<java.nio.file.Path>) files::iterator) {
                if (f.toString().endsWith(".class")) {
                    classes++;
                    if (stress.transform(java.nio.file.Files.readAllBytes(f)) != null) {
                        rewritten++;
                    }
                }
            }
        }
        System.err.printf("corpus: %d classes, %d rewritten, %d refused with a report, %d broken%n",
                classes, rewritten, refused.size(), broken.size());
        refused.stream().limit(5).forEach(r -> System.err.println("  refused: " + r));
        assertTrue(classes > 2_000, "expected a real corpus, found " + classes + " classes");
        assertTrue(rewritten > classes / 2, "most classes should be rewritable: " + rewritten + " of " + classes);
        assertTrue(broken.isEmpty(), broken.size() + " classes came out broken, e.g.:\n"
                + String.join("\n", broken.subList(0, Math.min(10, broken.size()))));
    }
}
