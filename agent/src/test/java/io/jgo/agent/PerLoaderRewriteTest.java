package io.jgo.agent;

import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.jgo.instrument.Diagnostics;
import io.jgo.instrument.Instrumenter;
import io.jgo.instrument.RewriteOptions;
import java.net.URL;
import java.net.URLClassLoader;
import org.junit.jupiter.api.Test;

/** What the rewrite learns is kept per defining loader. */
class PerLoaderRewriteTest {

    private final DefiningLoaderClassBytes classBytes = new DefiningLoaderClassBytes();
    private final PerLoaderRewrite rewrite = new PerLoaderRewrite(classBytes, Diagnostics.STDERR, false,
            RewriteOptions.fromSystemProperties());

    @Test
    void eachDefiningLoaderGetsItsOwnInstrumenter() throws Exception {
        try (URLClassLoader a = new URLClassLoader(new URL[0]); URLClassLoader b = new URLClassLoader(new URL[0])) {
            Instrumenter forA = classBytes.within(a, rewrite::current);
            Instrumenter forB = classBytes.within(b, rewrite::current);
            assertNotSame(forA, forB);
            assertSame(forA, classBytes.within(a, rewrite::current));
            assertNotSame(forA, rewrite.current(), "outside a transform: the instrumenter of no loader");
        }
    }
}
