package io.jgo.agent;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ClassFilterTest {

    private static final ClassLoader PLATFORM = ClassLoader.getPlatformClassLoader();
    private static final ClassLoader APP = ClassFilterTest.class.getClassLoader();

    private final ClassFilter all = new ClassFilter(PLATFORM, List.of(), List.of());

    @Test
    void acceptsApplicationClassesWhenNoIncludeIsGiven() {
        assertTrue(all.accepts(APP, "com/example/Main"));
        assertTrue(all.accepts(APP, "Main"));
    }

    @Test
    void ignoresTheBootstrapAndPlatformLoaders() {
        assertFalse(all.accepts(null, "com/example/Main"));
        assertFalse(all.accepts(PLATFORM, "com/example/Main"));
    }

    @Test
    void ignoresJdkPackagesWhateverTheLoader() {
        for (String name : List.of("java/lang/String", "javax/swing/JFrame", "jdk/internal/Foo", "sun/misc/Unsafe", "com/sun/proxy/$Proxy1")) {
            assertFalse(all.accepts(APP, name), name);
        }
    }

    @Test
    void neverRewritesTheRuntime() {
        assertFalse(all.accepts(APP, "io/jgo/Go"));
        assertFalse(all.accepts(APP, "io/jgo/Chan$Result"));
        assertFalse(all.accepts(APP, "io/jgo/internal/Stack"));
        assertFalse(all.accepts(APP, "io/jgo/internal/sched/P"));
    }

    @Test
    void neverRewritesTheAgentOrWhatItShades() {
        assertFalse(all.accepts(APP, "io/jgo/agent/Agent"));
        assertFalse(all.accepts(APP, "io/jgo/agent/shaded/bytebuddy/ByteBuddy"));
        assertFalse(all.accepts(APP, "io/jgo/agent/shaded/asm/ClassReader"));
    }

    @Test
    void rewritesOtherJgoPackagesSuchAsSamples() {
        assertTrue(all.accepts(APP, "io/jgo/samples/PingPong"));
    }

    @Test
    void includeLimitsToThePackagesAndTheirSubPackages() {
        ClassFilter filter = new ClassFilter(PLATFORM, List.of("com/example/", "org/acme/"), List.of());
        assertTrue(filter.accepts(APP, "com/example/Main"));
        assertTrue(filter.accepts(APP, "com/example/deep/Worker"));
        assertTrue(filter.accepts(APP, "org/acme/Tool"));
        assertFalse(filter.accepts(APP, "com/examples/Main"));
        assertFalse(filter.accepts(APP, "net/other/Main"));
    }

    @Test
    void excludeWinsOverInclude() {
        ClassFilter filter = new ClassFilter(PLATFORM, List.of("com/example/"), List.of("com/example/gen/"));
        assertTrue(filter.accepts(APP, "com/example/Main"));
        assertFalse(filter.accepts(APP, "com/example/gen/Parser"));
    }

    @Test
    void includeCannotBringBackTheRuntimeOrTheJdk() {
        ClassFilter filter = new ClassFilter(PLATFORM, List.of("io/jgo/", "java/"), List.of());
        assertFalse(filter.accepts(APP, "io/jgo/Go"));
        assertFalse(filter.accepts(APP, "java/util/List"));
        assertTrue(filter.accepts(APP, "io/jgo/samples/Hello"));
    }

    @Test
    void aClassWithoutANameIsIgnored() {
        assertFalse(all.accepts(APP, null));
    }
}
