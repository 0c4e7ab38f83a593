package io.jgo.agent;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.jgo.instrument.Diagnostics;
import io.jgo.instrument.InstrumentationException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The transformer's plumbing, with a stand-in rewrite: classes whose bytes are "suspends" become "rewritten". */
class RewritingTransformerTest {

    private static final ClassLoader APP = RewritingTransformerTest.class.getClassLoader();
    private static final byte[] SUSPENDS = bytes("suspends");
    private static final byte[] REWRITTEN = bytes("rewritten");

    @TempDir
    Path dir;

    private final List<String> scanned = new ArrayList<>();
    private final List<String> reports = new ArrayList<>();
    private final ByteArrayOutputStream verbose = new ByteArrayOutputStream();
    private final DefiningLoaderClassBytes classBytes = new DefiningLoaderClassBytes();
    private final Diagnostics diagnostics = new Diagnostics() {
        @Override
        public void warning(String message) {
            reports.add("warning: " + message);
        }

        @Override
        public void failed(InstrumentationException e) {
            reports.add(e.getMessage());
        }
    };

    @Test
    void rewritesAnAcceptedClassThatMightSuspend() {
        RewritingTransformer transformer = transformer(b -> REWRITTEN, null, false);
        assertArrayEquals(REWRITTEN, transform(transformer, "com/example/Worker", SUSPENDS));
    }

    @Test
    void aClassTheScanRejectsIsNeverTransformed() {
        RewritingTransformer transformer = transformer(b -> {
            throw new AssertionError("transform must not be called");
        }, null, false);
        assertNull(transform(transformer, "com/example/Plain", bytes("plain")));
        assertEquals(List.of("plain"), scanned);
    }

    @Test
    void aFilteredClassIsNotEvenScanned() {
        RewritingTransformer transformer = transformer(b -> REWRITTEN, null, false);
        assertNull(transform(transformer, "java/util/Foo", SUSPENDS));
        assertNull(transform(transformer, "io/jgo/internal/Stack", SUSPENDS));
        assertNull(transformer.transform(null, "com/example/Worker", null, null, SUSPENDS));
        assertEquals(List.of(), scanned);
    }

    @Test
    void declinedRewriteKeepsTheClass() {
        RewritingTransformer transformer = transformer(b -> null, null, true);
        assertNull(transform(transformer, "com/example/Worker", SUSPENDS));
        assertEquals("", verbose.toString(StandardCharsets.UTF_8));
    }

    @Test
    void anExceptionFromTheRewriteIsReportedAndTheClassKept() {
        RewritingTransformer transformer = transformer(b -> {
            throw new IllegalStateException("boom");
        }, null, false);
        assertNull(transform(transformer, "com/example/Worker", SUSPENDS));
        assertEquals(1, reports.size());
        assertTrue(reports.get(0).contains("com.example.Worker"), reports.get(0));
        assertTrue(reports.get(0).contains("java.lang.IllegalStateException: boom"), reports.get(0));
    }

    @Test
    void anErrorFromTheRewriteDoesNotEscapeEither() {
        RewritingTransformer transformer = transformer(b -> {
            throw new NoClassDefFoundError("io/jgo/agent/shaded/asm/Missing");
        }, null, false);
        assertNull(transform(transformer, "com/example/Worker", SUSPENDS));
        assertTrue(reports.get(0).contains("NoClassDefFoundError"), reports.get(0));
    }

    @Test
    void dumpWritesEachRewrittenClassUnderItsInternalName() throws Exception {
        RewritingTransformer transformer = transformer(b -> REWRITTEN, dir, false);
        transform(transformer, "com/example/Worker", SUSPENDS);
        transform(transformer, "com/example/Plain", bytes("plain"));
        assertArrayEquals(REWRITTEN, Files.readAllBytes(dir.resolve("com/example/Worker.class")));
        assertFalse(Files.exists(dir.resolve("com/example/Plain.class")));
    }

    @Test
    void verboseNamesEachRewrittenClass() {
        RewritingTransformer transformer = transformer(b -> REWRITTEN, null, true);
        transform(transformer, "com/example/Worker", SUSPENDS);
        assertEquals("jgo: rewrote com.example.Worker (8 -> 9 bytes)" + System.lineSeparator(),
                verbose.toString(StandardCharsets.UTF_8));
    }

    @Test
    void lookupsDuringATransformGoThroughTheDefiningLoader() {
        ClassLoader defining = new ClassLoader(null) {
            @Override
            public InputStream getResourceAsStream(String name) {
                return name.equals("com/example/Base.class") ? new ByteArrayInputStream(bytes("base")) : null;
            }
        };
        List<byte[]> found = new ArrayList<>();
        RewritingTransformer transformer = transformer(b -> {
            found.add(classBytes.find("com/example/Base"));
            return null;
        }, null, false);
        transformer.transform(defining, "com/example/Worker", null, null, SUSPENDS);
        assertArrayEquals(bytes("base"), found.get(0));
        assertNull(classBytes.find("com/example/Base"), "outside a transform, look-ups use the system loader");
    }

    @Test
    void aTransformReenteredOnTheSameThreadIsRefused() {
        List<byte[]> inner = new ArrayList<>();
        RewritingTransformer[] self = new RewritingTransformer[1];
        self[0] = transformer(b -> {
            inner.add(transform(self[0], "com/example/Nested", SUSPENDS));
            return REWRITTEN;
        }, null, false);
        assertArrayEquals(REWRITTEN, transform(self[0], "com/example/Outer", SUSPENDS));
        assertEquals(1, inner.size());
        assertNull(inner.get(0));
        assertEquals(List.of("suspends"), scanned, "the nested class is not even scanned");
    }

    @Test
    void warmUpRunsTheRewriteWithoutDumpingOrLogging() {
        List<String> transformed = new ArrayList<>();
        RewritingTransformer transformer = transformer(b -> {
            transformed.add(new String(b, StandardCharsets.UTF_8));
            return REWRITTEN;
        }, dir, true);
        transformer.warmUp(APP, SUSPENDS);
        assertEquals(List.of("suspends"), transformed);
        assertEquals("", verbose.toString(StandardCharsets.UTF_8));
        assertEquals(0, dir.toFile().list().length);
    }

    private RewritingTransformer transformer(UnaryOperator<byte[]> transform, Path dump, boolean verboseOn) {
        Rewrite rewrite = new Rewrite() {
            @Override
            public boolean mightSuspend(byte[] classFile) {
                scanned.add(new String(classFile, StandardCharsets.UTF_8));
                return java.util.Arrays.equals(classFile, SUSPENDS);
            }

            @Override
            public byte[] transform(byte[] classFile) {
                return transform.apply(classFile);
            }
        };
        return new RewritingTransformer(new ClassFilter(ClassLoader.getPlatformClassLoader(), List.of(), List.of()),
                rewrite, classBytes, diagnostics, dump == null ? null : new ClassDumper(dump, diagnostics),
                verboseOn ? new PrintStream(verbose, true, StandardCharsets.UTF_8) : null);
    }

    private static byte[] transform(RewritingTransformer transformer, String name, byte[] classFile) {
        return transformer.transform(APP, name, null, null, classFile);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
