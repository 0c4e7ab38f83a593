package io.jgo.instrument;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.example.selfread.NotSelfReading;
import org.example.selfread.SelfReading;
import org.junit.jupiter.api.Test;

/**
 * Bad input for {@code suspendable=}: a library class that reads its own class file (a checksum of
 * itself, a check of its own bytecode) would read the rewritten bytes after a build-time rewrite.
 * It is left as it was, with a warning naming the class and the reason; the rest of its package
 * is rewritten as usual.
 */
class SelfReadingClassTest {

    private final List<String> warnings = new ArrayList<>();
    private final List<InstrumentationException> failures = new ArrayList<>();

    private Instrumenter instrumenter() {
        Diagnostics diagnostics = new Diagnostics() {
            @Override
            public void warning(String message) {
                warnings.add(message);
            }

            @Override
            public void failed(InstrumentationException e) {
                failures.add(e);
            }
        };
        RewriteOptions options = RewriteOptions.of(PreemptMode.LOOPS)
                .withSuspendable(SuspendablePackages.parse("org.example.selfread"));
        return new Instrumenter(ClassBytes.of(SelfReadingClassTest.class.getClassLoader()), diagnostics, true, options);
    }

    private static byte[] bytesOf(Class<?> c) throws IOException {
        try (InputStream in = c.getResourceAsStream(c.getSimpleName() + ".class")) {
            return in.readAllBytes();
        }
    }

    @Test
    void aClassThatReadsItsOwnClassFileIsLeftAsItWasWithTheReason() throws IOException {
        assertNull(instrumenter().transform(bytesOf(SelfReading.class)));
        assertEquals(List.of(), failures);
        assertEquals(1, warnings.size(), warnings.toString());
        String w = warnings.get(0);
        assertTrue(w.contains("org.example.selfread.SelfReading") && w.contains("reads its own class file")
                && w.contains("\"SelfReading.class\"") && w.contains("left as it was"), w);
    }

    @Test
    void theSameClassWithoutTheLookAtItselfIsRewritten() throws IOException {
        assertNotNull(instrumenter().transform(bytesOf(NotSelfReading.class)));
        assertEquals(List.of(), failures);
    }
}
